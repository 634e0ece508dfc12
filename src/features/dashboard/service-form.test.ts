import { describe, expect, it } from "vitest";
import { installErrorTable, localizeError } from "../../i18n/errors.ts";
import { translateError } from "../../i18n/error-table.ts";
import { checkService, EMPTY_SERVICE, type ServiceValues } from "./service-form.ts";

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

  it("accepts a price of 0 and an empty description", () => {
    const r = checkService({ ...VALID, pricePkr: "0", description: "" });
    expect(r.ok && r.input).toMatchObject({ pricePkr: 0, description: "" });
  });

  it.each<[Partial<ServiceValues>, Partial<Record<keyof ServiceValues, string>>]>([
    [{ categoryId: "" }, { categoryId: "Category is required" }],
    [{ name: " " }, { name: "Name is required" }],
    [{ pricePkr: "" }, { pricePkr: "Price is required" }],
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
    expect(r.errors.pricePkr).toBe(localizeError("Price is required", "ur"));
  });

  it("lists every problem of an empty form, the category first", () => {
    const r = checkService(EMPTY_SERVICE);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.first).toBe("categoryId");
    expect(Object.keys(r.errors).sort()).toEqual(["categoryId", "name", "pricePkr"]);
  });
});
