import { describe, expect, it } from "vitest";
import {
  filtersToSearch,
  hasFilters,
  parseFilters,
  sameQuery,
  shownOfCapped,
} from "./url-state.ts";

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

describe("shownOfCapped", () => {
  const items = (n: number) => Array.from({ length: n }, (_, i) => i);
  it.each([
    [
      "all 1,000 shown of 5,000",
      { status: "ready", items: items(1000), total: 5000, hasMore: false },
      1000,
    ],
    ["more pages to load", { status: "ready", items: items(48), total: 5000, hasMore: true }, null],
    [
      "every match shown",
      { status: "ready", items: items(1000), total: 1000, hasMore: false },
      null,
    ],
    ["a short list", { status: "ready", items: items(3), total: 3, hasMore: false }, null],
    ["still loading", { status: "loading", items: items(1000), total: 5000, hasMore: false }, null],
  ])("%s", (_name, r, expected) => {
    expect(shownOfCapped(r, 1000)).toBe(expected);
  });
});
