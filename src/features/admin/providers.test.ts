import { describe, expect, it } from "vitest";
import type { AdminProvider } from "../../lib/admin-schemas.ts";
import type { Category } from "../../lib/types.ts";
import { searchOf } from "../../lib/api-client.ts";
import {
  addableCategories,
  checkDetails,
  detailsValuesFrom,
  flagSentence,
  groupServices,
  providersQuery,
  replaceProvider,
  type DetailsValues,
} from "./providers.ts";

const provider = (over: Partial<AdminProvider> = {}): AdminProvider => ({
  id: "p1",
  companyName: "Indus Precision Works",
  companyNameUr: "انڈس پریسیژن ورکس",
  slug: "indus-precision-works",
  location: "Sialkot — Small Industrial Estate",
  city: "Sialkot",
  description: "CNC turning.",
  descriptionUr: "",
  email: "sales@indus.pk",
  emailSource: "admin",
  emailProvesClaim: true,
  phone: "+923001234567",
  phoneOnWhatsapp: true,
  website: "https://indus.pk",
  pricePkr: 12500,
  isActive: true,
  isVerified: false,
  isSuggested: false,
  userId: null,
  ownerEmail: null,
  services: [],
  path: "/providers/indus-precision-works-p1",
  createdAt: "2026-11-01T00:00:00.000Z",
  updatedAt: "2026-11-01T00:00:00.000Z",
  ...over,
});

const category = (id: string, name: string): Category => ({
  id,
  name,
  nameUr: null,
  slug: name.toLowerCase(),
  description: "",
  descriptionUr: "",
  icon: "",
});

describe("providersQuery", () => {
  it("asks for the newest 20 of every status by default", () => {
    expect(searchOf(providersQuery({ q: "", filter: "all", page: 1 }))).toBe("?limit=20");
  });

  it("sends the search, the status and the page", () => {
    expect(searchOf(providersQuery({ q: " steel ", filter: "unverified", page: 3 }))).toBe(
      "?q=steel&status=unverified&page=3&limit=20",
    );
  });
});

describe("addableCategories", () => {
  it("lists only categories the provider does not offer, ignoring id case", () => {
    const all = [category("A1", "CNC"), category("b2", "Casting"), category("c3", "Textiles")];
    const p = provider({
      services: [
        {
          id: "s1",
          categoryId: "a1",
          categoryName: "CNC",
          name: "CNC",
          pricePkr: 0,
          isActive: true,
        },
      ],
    });
    expect(addableCategories(p, all).map((c) => c.name)).toEqual(["Casting", "Textiles"]);
  });
});

describe("replaceProvider", () => {
  it("swaps one provider in place", () => {
    const items = [provider({ id: "a" }), provider({ id: "b" })];
    expect(replaceProvider(items, provider({ id: "b", isVerified: true }))[1]!.isVerified).toBe(
      true,
    );
    expect(replaceProvider(items, provider({ id: "b" }))[0]).toBe(items[0]);
  });
});

describe("flagSentence", () => {
  it.each([
    ["isActive", true, "X is active and will be listed after the next publish."],
    ["isActive", false, "X is hidden from the directory."],
    ["isVerified", true, "X is verified."],
    ["isVerified", false, "X is no longer verified."],
  ] as const)("%s = %s", (flag, on, text) => {
    expect(flagSentence("X", flag, on)).toBe(text);
  });
});

describe("detailsValuesFrom", () => {
  it("splits the stored location back into city and address", () => {
    expect(detailsValuesFrom(provider())).toEqual({
      companyName: "Indus Precision Works",
      companyNameUr: "انڈس پریسیژن ورکس",
      city: "Sialkot",
      address: "Small Industrial Estate",
      email: "sales@indus.pk",
      phone: "0300 1234567",
      phoneOnWhatsapp: true,
      website: "https://indus.pk",
      description: "CNC turning.",
      descriptionUr: "",
      pricePkr: "12500",
    });
  });

  it("keeps an unknown place in the address and empty fields as ''", () => {
    const v = detailsValuesFrom(
      provider({
        location: "Chak 42 near the canal",
        companyNameUr: null,
        email: null,
        phone: null,
        website: null,
        description: null,
        pricePkr: null,
      }),
    );
    expect(v).toMatchObject({
      companyNameUr: "",
      city: "",
      address: "Chak 42 near the canal",
      email: "",
      pricePkr: "",
    });
  });
});

describe("checkDetails", () => {
  const values: DetailsValues = detailsValuesFrom(provider());

  it("sends every field, the location joined and the price as a number", () => {
    expect(checkDetails({ ...values, address: " Plot 7 ", pricePkr: " 9000 " })).toEqual({
      ok: true,
      payload: {
        companyName: "Indus Precision Works",
        companyNameUr: "انڈس پریسیژن ورکس",
        location: "Sialkot — Plot 7",
        email: "sales@indus.pk",
        phone: "0300 1234567",
        phoneOnWhatsapp: true,
        website: "https://indus.pk",
        description: "CNC turning.",
        descriptionUr: "",
        pricePkr: 9000,
      },
    });
  });

  it("clears optional fields with '' and the price with null", () => {
    const r = checkDetails({ ...values, email: " ", website: "", pricePkr: "" });
    expect(r.ok && r.payload).toMatchObject({ email: "", website: "", pricePkr: null });
  });

  it.each([
    [{ companyName: " " }, "companyName", "Company name is required"],
    [{ city: "", address: "" }, "city", "Location is required"],
    [{ email: "sales@" }, "email", "Email must be a valid email address"],
    [{ pricePkr: "-5" }, "pricePkr", "Price cannot be negative"],
    [{ pricePkr: "12.5" }, "pricePkr", "Price must be whole rupees"],
    [
      { companyNameUr: "ن".repeat(201) },
      "companyNameUr",
      "Urdu company name must be at most 200 characters",
    ],
  ] as const)("refuses %o with a message by %s", (change, field, message) => {
    const r = checkDetails({ ...values, ...change });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors[field]).toBe(message);
    expect(r.first).toBe(field);
  });
});

describe("groupServices", () => {
  const svc = (id: string, categoryId: string, categoryName: string, name = categoryName) => ({
    id,
    categoryId,
    categoryName,
    name,
    pricePkr: 0,
    isActive: true,
  });

  it("groups services by category in the order categories first appear", () => {
    const groups = groupServices([
      svc("s1", "c2", "Textiles", "Towels"),
      svc("s2", "c1", "CNC"),
      svc("s3", "C2", "Textiles", "Bedsheets"),
    ]);
    expect(groups.map((g) => [g.categoryName, g.services.map((s) => s.id)])).toEqual([
      ["Textiles", ["s1", "s3"]],
      ["CNC", ["s2"]],
    ]);
  });

  it("has no groups without services", () => {
    expect(groupServices([])).toEqual([]);
  });
});
