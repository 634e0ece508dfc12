import { afterEach, describe, expect, it } from "vitest";
import { setServerLocaleSource } from "../../i18n/index.ts";
import { favoriteTabs } from "./page-model.ts";

const cat = (id: string, name: string) => ({ category: { id, name, slug: id } });
const provider = (id: string, ...categories: ReturnType<typeof cat>[]) => ({
  id,
  services: categories,
});

const cnc = cat("cnc", "CNC Machining");
const moulds = cat("moulds", "Moulds & Dies");
const printing = cat("print", "Printing");

describe("favoriteTabs", () => {
  it("has no tabs for one category or none", () => {
    expect(favoriteTabs([])).toEqual([]);
    expect(favoriteTabs([provider("a", cnc), provider("b", cnc, cnc)])).toEqual([]);
    expect(favoriteTabs([provider("a")])).toEqual([]);
  });

  it("counts a provider in every category it has, All first, bigger categories next", () => {
    const items = [
      provider("a", cnc, moulds),
      provider("b", printing),
      provider("c", moulds, moulds),
      provider("d"),
    ];
    const tabs = favoriteTabs(items);
    expect(tabs.map((t) => [t.label, t.count])).toEqual([
      ["All", 4],
      ["Moulds & Dies", 2],
      ["CNC Machining", 1],
      ["Printing", 1],
    ]);
    expect(tabs[1]!.providers.map((p) => p.id)).toEqual(["a", "c"]);
    expect(tabs[0]!.providers.map((p) => p.id)).toEqual(["a", "b", "c", "d"]);
  });

  describe("on an Urdu page", () => {
    afterEach(() => setServerLocaleSource(() => undefined));

    it("names the tabs in Urdu, English where a category has no Urdu name", () => {
      setServerLocaleSource(() => "ur");
      const textiles = {
        category: { id: "tex", name: "Textiles", nameUr: "ٹیکسٹائل", slug: "tex" },
      };
      const tabs = favoriteTabs([provider("a", textiles), provider("b", printing)]);
      expect(tabs.map((t) => t.label)).toEqual(["سب", "ٹیکسٹائل", "Printing"]);
    });
  });
});
