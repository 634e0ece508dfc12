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
      },
    });
  });

  it("accepts a name alone", () => {
    expect(check({ ...EMPTY_CATEGORY, name: "Textiles" })).toEqual({
      ok: true,
      payload: { name: "Textiles", description: "", icon: "" },
    });
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
  ])("rejects %j", (patch, errors) => {
    const r = check({ ...VALID, ...patch });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors).toEqual(errors);
  });

  it("accepts names in Urdu", () => {
    expect(check({ ...EMPTY_CATEGORY, name: "چمڑا" }).ok).toBe(true);
  });

  it("focuses the first wrong field", () => {
    const r = check({ name: "", description: "d".repeat(501), icon: "" });
    expect(r).toMatchObject({ ok: false, first: "name" });
    const r2 = check({ name: "Ok", description: "", icon: "i".repeat(61) });
    expect(r2).toMatchObject({ ok: false, first: "icon" });
  });
});

describe("sameCategory", () => {
  const c = categoryValuesFrom({ name: "Textiles", description: "Mills", icon: "icon-shirt" });
  it("ignores surrounding spaces", () => {
    expect(sameCategory({ ...c, name: " Textiles " }, c)).toBe(true);
  });
  it("notices a change", () => {
    expect(sameCategory({ ...c, icon: "icon-factory" }, c)).toBe(false);
  });
});
