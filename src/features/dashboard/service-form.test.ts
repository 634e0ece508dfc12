import { describe, expect, it } from "vitest";
import { installErrorTable, localizeError } from "../../i18n/errors.ts";
import { translateError } from "../../i18n/error-table.ts";
import {
  checkService,
  EMPTY_SERVICE,
  serviceValuesFrom,
  type ServiceValues,
} from "./service-form.ts";

// As an Urdu page does once it has loaded (src/i18n/index.ts).
installErrorTable(translateError);

const CATEGORY = "6a0b5b7e-2f1c-4d3e-9a8b-7c6d5e4f3a2b";
const VALID: ServiceValues = {
  categoryId: CATEGORY,
  name: "  CNC turning ",
  pricePkr: "12500",
  description: " Per batch of 100 parts. ",
};

describe("checkService", () => {
  it("trims and turns the price into whole rupees", () => {
    expect(checkService(VALID)).toEqual({
      ok: true,
      input: {
        categoryId: CATEGORY,
        name: "CNC turning",
        description: "Per batch of 100 parts.",
        pricePkr: 12500,
      },
    });
  });

  it("accepts a price of 0 (free) and an empty description", () => {
    const r = checkService({ ...VALID, pricePkr: "0", description: "" });
    expect(r.ok && r.input).toMatchObject({ pricePkr: 0, description: "" });
  });

  it("takes an empty price as not priced (null), never 0", () => {
    for (const pricePkr of ["", "  "]) {
      const r = checkService({ ...VALID, pricePkr });
      expect(r.ok && r.input.pricePkr, JSON.stringify(pricePkr)).toBeNull();
    }
  });

  it("shows a service without a price as an empty field, and 0 as 0", () => {
    const service = {
      id: "s1",
      providerId: "p1",
      categoryId: CATEGORY,
      name: "CNC turning",
      description: "",
      isActive: true,
      category: { id: CATEGORY, name: "CNC Machining", nameUr: null, slug: "cnc-machining" },
    };
    expect(serviceValuesFrom({ ...service, pricePkr: null }).pricePkr).toBe("");
    expect(serviceValuesFrom({ ...service, pricePkr: 0 }).pricePkr).toBe("0");
  });

  it.each<[Partial<ServiceValues>, Partial<Record<keyof ServiceValues, string>>]>([
    [{ categoryId: "" }, { categoryId: "Category is required" }],
    [{ name: " " }, { name: "Name is required" }],
    [{ pricePkr: "-5" }, { pricePkr: "Price cannot be negative" }],
    [{ pricePkr: "99.5" }, { pricePkr: "Price must be whole rupees" }],
    [{ pricePkr: "abc" }, { pricePkr: "Price must be a number" }],
  ])("rejects %j", (patch, errors) => {
    const r = checkService({ ...VALID, ...patch });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors).toEqual(errors);
  });

  it("words its messages in the page's language", () => {
    const r = checkService(EMPTY_SERVICE, "ur");
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.categoryId).toBe(localizeError("Category is required", "ur"));
    expect(r.errors.categoryId).not.toBe("Category is required");
  });

  it("lists every problem of an empty form, the category first", () => {
    const r = checkService(EMPTY_SERVICE);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.first).toBe("categoryId");
    expect(Object.keys(r.errors).sort()).toEqual(["categoryId", "name"]);
  });
});
