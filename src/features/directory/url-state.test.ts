import { describe, expect, it } from "vitest";
import { filtersToSearch, hasFilters, parseFilters, sameQuery } from "./url-state.ts";

const known = {
  citySlugs: new Set(["lahore", "dera-ghazi-khan"]),
  categorySlugs: new Set(["cnc-machining"]),
};

describe("directory URL state", () => {
  it("round-trips the query", () => {
    const f = { q: "steel racks", city: "dera-ghazi-khan", category: "cnc-machining" };
    expect(parseFilters(filtersToSearch(f), known)).toEqual(f);
  });

  it("leaves out empty values", () => {
    expect(filtersToSearch({ q: "  ", city: "", category: "" })).toBe("");
    expect(filtersToSearch({ q: "", city: "lahore", category: "" })).toBe("?city=lahore");
  });

  it("drops unknown city and category slugs instead of failing", () => {
    expect(parseFilters("?city=atlantis&category=magic&q=x", known)).toEqual({
      q: "x",
      city: "",
      category: "",
    });
  });

  it("treats trailing spaces as the same search", () => {
    const a = { q: "cnc ", city: "", category: "" };
    expect(sameQuery(a, { ...a, q: "cnc" })).toBe(true);
    expect(hasFilters({ q: " ", city: "", category: "" })).toBe(false);
  });
});
