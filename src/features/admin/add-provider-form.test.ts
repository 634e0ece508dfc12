import { describe, expect, it } from "vitest";
import {
  addProviderPayload,
  checkAddProvider,
  EMPTY_ADD_PROVIDER,
  MISSING_FIELDS_TOAST,
  type AddProviderValues,
} from "./add-provider-form.ts";

const CAT_A = "0b8f2c1e-3c4d-4e5f-8a9b-0c1d2e3f4a5b";
const CAT_B = "1c9a3d2f-4d5e-4f60-9bac-1d2e3f4a5b6c";

const VALID: AddProviderValues = {
  ...EMPTY_ADD_PROVIDER,
  companyName: "  Sialkot Surgical Steel ",
  city: "Sialkot",
  address: " Kashmir Road ",
};

describe("the Missing fields rule", () => {
  it("uses the product's words", () => {
    expect(MISSING_FIELDS_TOAST).toEqual({
      title: "Missing fields",
      description: "Company name and location are required",
    });
  });

  it.each([
    ["an empty form", EMPTY_ADD_PROVIDER, ["companyName", "city"], "companyName"],
    ["no company name", { ...VALID, companyName: "   " }, ["companyName"], "companyName"],
    ["no city", { ...VALID, city: "" }, ["city"], "city"],
    ["an address but no city", { ...VALID, city: "", address: "Kashmir Road" }, ["city"], "city"],
  ])("refuses %s before anything else", (_name, values, fields, first) => {
    const r = checkAddProvider(values);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.missing).toBe(true);
    expect(Object.keys(r.errors).sort()).toEqual([...fields].sort());
    expect(r.first).toBe(first);
  });

  it("reports missing fields even when other fields are also wrong", () => {
    const r = checkAddProvider({ ...EMPTY_ADD_PROVIDER, email: "not-an-email" });
    expect(!r.ok && r.missing).toBe(true);
  });
});

describe("addProviderPayload", () => {
  it("joins city and address into `City — address`, trims, leaves out empty fields", () => {
    expect(addProviderPayload(VALID)).toEqual({
      companyName: "Sialkot Surgical Steel",
      location: "Sialkot — Kashmir Road",
      categoryIds: [],
    });
  });

  it("stores the city alone when there is no address", () => {
    expect(addProviderPayload({ ...VALID, address: " " }).location).toBe("Sialkot");
  });

  it("sends every optional field that was filled, and each category once", () => {
    expect(
      addProviderPayload({
        ...VALID,
        email: " sales@sss.pk ",
        phone: "0300 1234567",
        website: "www.sss.pk",
        description: " Forceps and scissors. ",
        ownerEmail: "owner@sss.pk",
        categoryIds: [CAT_A, CAT_B, CAT_A],
      }),
    ).toEqual({
      companyName: "Sialkot Surgical Steel",
      location: "Sialkot — Kashmir Road",
      email: "sales@sss.pk",
      phone: "0300 1234567",
      website: "www.sss.pk",
      description: "Forceps and scissors.",
      ownerEmail: "owner@sss.pk",
      categoryIds: [CAT_A, CAT_B],
    });
  });
});

describe("checkAddProvider", () => {
  it("accepts a valid form with the payload to send", () => {
    const r = checkAddProvider({ ...VALID, categoryIds: [CAT_A] });
    expect(r).toEqual({
      ok: true,
      payload: {
        companyName: "Sialkot Surgical Steel",
        location: "Sialkot — Kashmir Road",
        categoryIds: [CAT_A],
      },
    });
  });

  it("shows the schema's messages by their inputs, first one first", () => {
    const r = checkAddProvider({
      ...VALID,
      email: "sales at sss",
      phone: "call me",
      ownerEmail: "owner@",
    });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.missing).toBe(false);
    expect(r.errors).toEqual({
      email: "Email must be a valid email address",
      phone: "Phone may only contain digits, spaces, + ( ) and -",
      ownerEmail: "Email must be a valid email address",
    });
    expect(r.first).toBe("email");
  });

  it("puts a too-long location next to the address", () => {
    const r = checkAddProvider({ ...VALID, address: "x".repeat(320) });
    expect(!r.ok && r.errors.address).toBe("Location must be at most 300 characters");
  });

  it("refuses a website that is not a web address", () => {
    const r = checkAddProvider({ ...VALID, website: "ftp://files.sss.pk" });
    expect(!r.ok && r.errors.website).toMatch(/web address/);
  });
});
