import { describe, expect, it } from "vitest";
import {
  categoryValuesFrom,
  checkCategoryCreate,
  checkCategoryUpdate,
  EMPTY_CATEGORY,
  sameCategory,
  type CategoryValues,
} from "./categories.ts";

const VALID: CategoryValues = {
  name: "  Leather Goods ",
  description: " Tanneries and leather workshops. ",
  icon: " icon-briefcase ",
  nameUr: " چمڑے کی مصنوعات ",
  descriptionUr: " ٹینریاں اور چمڑے کی ورکشاپس۔ ",
};

describe.each([
  ["checkCategoryCreate", checkCategoryCreate],
  ["checkCategoryUpdate", checkCategoryUpdate],
])("%s", (_, check) => {
  it("trims every field", () => {
    expect(check(VALID)).toEqual({
      ok: true,
      payload: {
        name: "Leather Goods",
        description: "Tanneries and leather workshops.",
        icon: "icon-briefcase",
        nameUr: "چمڑے کی مصنوعات",
        descriptionUr: "ٹینریاں اور چمڑے کی ورکشاپس۔",
      },
    });
  });

  it("accepts a name alone", () => {
    expect(check({ ...EMPTY_CATEGORY, name: "Textiles" })).toEqual({
      ok: true,
      payload: { name: "Textiles", description: "", icon: "", nameUr: null, descriptionUr: "" },
    });
  });

  it("sends no Urdu name (null) for a blank one", () => {
    const r = check({ ...VALID, nameUr: "   " });
    expect(r.ok && r.payload.nameUr).toBeNull();
  });

  it.each<[Partial<CategoryValues>, Partial<CategoryValues>]>([
    [{ name: "" }, { name: "Name is required" }],
    [{ name: "   " }, { name: "Name is required" }],
    [{ name: "!!!" }, { name: "Name must contain a letter or digit" }],
    [{ name: "x".repeat(81) }, { name: "Name must be at most 80 characters" }],
    [
      { description: "d".repeat(501) },
      { description: "Description must be at most 500 characters" },
    ],
    [{ icon: "i".repeat(61) }, { icon: "Icon must be at most 60 characters" }],
    [{ nameUr: "ن".repeat(81) }, { nameUr: "Urdu name must be at most 80 characters" }],
    [
      { descriptionUr: "ن".repeat(501) },
      { descriptionUr: "Urdu description must be at most 500 characters" },
    ],
  ])("rejects %j", (patch, errors) => {
    const r = check({ ...VALID, ...patch });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors).toEqual(errors);
  });

  it("accepts names in Urdu", () => {
    expect(check({ ...EMPTY_CATEGORY, name: "چمڑا" }).ok).toBe(true);
  });

  it("focuses the first wrong field", () => {
    const r = check({ ...EMPTY_CATEGORY, name: "", description: "d".repeat(501) });
    expect(r).toMatchObject({ ok: false, first: "name" });
    const r2 = check({ ...EMPTY_CATEGORY, name: "Ok", icon: "i".repeat(61) });
    expect(r2).toMatchObject({ ok: false, first: "icon" });
    const r3 = check({ ...EMPTY_CATEGORY, name: "Ok", descriptionUr: "ن".repeat(501) });
    expect(r3).toMatchObject({ ok: false, first: "descriptionUr" });
  });
});

describe("sameCategory", () => {
  const c = categoryValuesFrom({ name: "Textiles", description: "Mills", icon: "icon-shirt" });
  it("ignores surrounding spaces", () => {
    expect(sameCategory({ ...c, name: " Textiles " }, c)).toBe(true);
  });
  it("notices a change", () => {
    expect(sameCategory({ ...c, icon: "icon-factory" }, c)).toBe(false);
    expect(sameCategory({ ...c, nameUr: "ٹیکسٹائل" }, c)).toBe(false);
  });
  it("takes a cleared Urdu name (null) for the empty one", () => {
    expect(sameCategory({ ...c, nameUr: null }, c)).toBe(true);
  });
});
