import { describe, expect, it } from "vitest";
import { MAX_SEARCH_TERMS } from "../limits.ts";
import { SEED_CATEGORIES } from "../../../db/seed/categories.ts";
import { CATEGORY } from "./dictionary.ts";
import { closestCategory, parseSearch, type QueryGroup } from "./parse-query.ts";

const free = { cityGiven: false };
const filtered = { cityGiven: true };

/** The group a one-thing search makes, or a failure. */
function onlyGroup(text: string): QueryGroup {
  const { groups } = parseSearch(text, free);
  expect(groups, text).toHaveLength(1);
  const [group] = groups;
  if (!group) throw new Error(`no group for ${text}`);
  return group;
}

const typedOf = (text: string, opts = free) => parseSearch(text, opts).groups.map((g) => g.typed);

describe("parseSearch: Roman Urdu and Urdu words", () => {
  it.each([
    ["darzi", "stitching", CATEGORY.textiles],
    ["bijli wala", "electrician", CATEGORY.electrical],
    ["bijliwala", "electrician", CATEGORY.electrical],
    ["Bijli Walay", "electrician", CATEGORY.electrical],
    ["بجلی والا", "electrician", CATEGORY.electrical],
    ["bijli", "electric", CATEGORY.electrical],
    ["mistri", "construction", CATEGORY.construction],
    ["raj mistri", "construction", CATEGORY.construction],
    ["karigar", "artisans", CATEGORY.handicrafts],
    ["lohar", "forging", CATEGORY.casting],
    ["joote", "shoes", CATEGORY.footwear],
    ["jootay", "shoes", CATEGORY.footwear],
    ["jooty", "shoes", CATEGORY.footwear],
    ["juti", "shoes", CATEGORY.footwear],
    ["جوتے", "shoes", CATEGORY.footwear],
    ["جوتا", "shoes", CATEGORY.footwear],
    ["kapra", "textiles", CATEGORY.textiles],
    ["کپڑا", "fabric", CATEGORY.textiles],
    ["chamra", "leather", CATEGORY.leather],
    ["چمڑا", "leather", CATEGORY.leather],
    ["sui dhaga", "thread", CATEGORY.textiles],
    ["qaleen", "carpets", CATEGORY.carpets],
    ["kaleen", "carpets", CATEGORY.carpets],
    ["قالین", "carpets", CATEGORY.carpets],
    ["tailor", "stitching", CATEGORY.textiles],
  ])("%j → %j, category %s", (text, word, categoryId) => {
    const group = onlyGroup(text);
    expect(group.fromDictionary).toBe(true);
    expect(group.anyOf).toContain(word);
    expect(group.categoryIds[0]).toBe(categoryId);
  });

  it("keeps a single typed word itself as the first FTS word (the index holds Urdu names too)", () => {
    expect(onlyGroup("darzi").anyOf[0]).toBe("darzi");
    expect(onlyGroup("درزی").anyOf[0]).toBe("درزی");
    expect(onlyGroup("bijli wala").anyOf).not.toContain("bijli wala");
  });

  it("reads Urdu typed on an Arabic keyboard (ك ي ه)", () => {
    expect(onlyGroup("كهانا").anyOf).toContain("food");
    expect(onlyGroup("جوتي").anyOf).toContain("shoes");
  });

  it("matches phrases longest first", () => {
    expect(typedOf("bijli wala")).toEqual(["bijli wala"]);
    expect(typedOf("bijli mistri kapra")).toEqual(["bijli mistri", "kapra"]);
    expect(typedOf("shalwar kameez")).toEqual(["shalwar kameez"]);
  });

  it("leaves an English word, category-name words included, as itself", () => {
    expect(onlyGroup("welding")).toEqual({
      typed: "welding",
      anyOf: ["welding"],
      categoryIds: [],
      fromDictionary: false,
    });
    expect(onlyGroup("Surgical").anyOf).toEqual(["surgical"]);
  });

  it("searches an Urdu word the dictionary does not know as itself", () => {
    expect(onlyGroup("خوبصورت")).toEqual({
      typed: "خوبصورت",
      anyOf: ["خوبصورت"],
      categoryIds: [],
      fromDictionary: false,
    });
  });
});

describe("parseSearch: a city in the text", () => {
  it.each([
    ["welding lahore", "Lahore", "welding"],
    ["welding in lahore", "Lahore", "welding"],
    ["lahore welding", "Lahore", "welding"],
    ["Welding in LAHORE", "Lahore", "welding"],
    ["lahore mein welding", "Lahore", "welding"],
    ["welding lahore mein", "Lahore", "welding"],
    ["lahore ka darzi", "Lahore", "darzi"],
    ["لاہور میں ویلڈنگ", "Lahore", "ویلڈنگ"],
    ["لاہور", "Lahore", ""],
    ["lhr welding", "Lahore", "welding"],
    ["dera ghazi khan welding", "Dera Ghazi Khan", "welding"],
    ["welding in Dera Ghazi Khan", "Dera Ghazi Khan", "welding"],
    ["D.G. Khan welding", "Dera Ghazi Khan", "welding"],
    ["dg khan welding", "Dera Ghazi Khan", "welding"],
    ["deraghazikhan welding", "Dera Ghazi Khan", "welding"],
    ["dera-ghazi-khan welding", "Dera Ghazi Khan", "welding"],
    ["ڈیرہ غازی خان welding", "Dera Ghazi Khan", "welding"],
    ["rice rahim yar khan", "Rahim Yar Khan", "rice"],
    ["rice ryk", "Rahim Yar Khan", "rice"],
    ["فیصل آباد کپڑا", "Faisalabad", "کپڑا"],
    ["فیصلآباد کپڑا", "Faisalabad", "کپڑا"],
    ["pindi welding", "Rawalpindi", "welding"],
    ["pindi bhattian rice", "Pindi Bhattian", "rice"],
    ["takht-i-bahi welding", "Takht-i-Bahi", "welding"],
    ["toba tek singh cotton", "Toba Tek Singh", "cotton"],
  ])("%j → city %j, text %j", (text, city, rest) => {
    const parsed = parseSearch(text, free);
    expect(parsed.city).toBe(city);
    expect(parsed.textWithoutCity).toBe(rest);
    expect(parsed.groups.map((g) => g.typed)).toEqual(rest ? rest.split(" ") : []);
  });

  it("takes the first city as the filter and leaves a later one as text", () => {
    const parsed = parseSearch("lahore karachi welding", free);
    expect(parsed.city).toBe("Lahore");
    expect(parsed.groups.map((g) => g.typed)).toEqual(["karachi", "welding"]);
  });

  it.each([
    ["water tank cleaning", ["water", "tank", "cleaning"]],
    ["tank ki safai", ["tank", "safai"]],
    ["sui dhaga", ["sui dhaga"]],
    ["sui gas", ["sui gas"]],
    ["topi", ["topi"]],
    ["ziarat marble", ["ziarat", "marble"]],
  ])("does not read the everyday word in %j as a town", (text, typed) => {
    const parsed = parseSearch(text, free);
    expect(parsed.city).toBeNull();
    expect(parsed.groups.map((g) => g.typed)).toEqual(typed);
  });

  it.each([
    ["welding in tank", "Tank", "welding"],
    ["tank mein welding", "Tank", "welding"],
    ["marble from ziarat", "Ziarat", "marble"],
  ])("reads an everyday word as a town after a locative connector: %j", (text, city, rest) => {
    const parsed = parseSearch(text, free);
    expect(parsed.city).toBe(city);
    expect(parsed.textWithoutCity).toBe(rest);
  });

  it("leaves city words as text when the request already filters by city", () => {
    expect(parseSearch("welding lahore", filtered)).toEqual({
      groups: [
        { typed: "welding", anyOf: ["welding"], categoryIds: [], fromDictionary: false },
        { typed: "lahore", anyOf: ["lahore"], categoryIds: [], fromDictionary: false },
      ],
      city: null,
      textWithoutCity: "welding lahore",
    });
    expect(typedOf("welding in lahore", filtered)).toEqual(["welding", "lahore"]);
  });

  it("searches a city written in Urdu or abbreviated by its English words when the city is given", () => {
    const parsed = parseSearch("جوتے لاہور", filtered);
    expect(parsed.city).toBeNull();
    expect(parsed.groups[1]).toEqual({
      typed: "lahore",
      anyOf: ["lahore"],
      categoryIds: [],
      fromDictionary: true,
    });
    expect(typedOf("dg khan welding", filtered)).toEqual(["dera", "ghazi", "khan", "welding"]);
  });
});

describe("parseSearch: limits and stop words", () => {
  it(`keeps at most MAX_SEARCH_TERMS (${MAX_SEARCH_TERMS}) groups, the first ones`, () => {
    const words = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];
    expect(typedOf(words.join(" "))).toEqual(words.slice(0, MAX_SEARCH_TERMS));
  });

  it("drops words shorter than MIN_TERM_LENGTH", () => {
    expect(typedOf("a cnc b")).toEqual(["cnc"]);
  });

  it("counts a repeated word once", () => {
    expect(typedOf("welding Welding WELDING")).toEqual(["welding"]);
  });

  it.each([
    ["plumber near me", ["plumber"]],
    ["darzi wala", ["darzi"]],
    ["best welding shop", ["welding"]],
    ["lakri ka kaam", ["lakri"]],
    ["darzi chahiye", ["darzi"]],
    ["درزی کی دکان", ["درزی"]],
    ["marble and granite", ["marble", "granite"]],
  ])("drops stop words: %j", (text, typed) => {
    expect(typedOf(text)).toEqual(typed);
  });

  it("keeps stop words when nothing else was typed", () => {
    expect(typedOf("shop")).toEqual(["shop"]);
  });

  it("keeps stop words in the text without the city", () => {
    expect(parseSearch("best darzi in lahore", free).textWithoutCity).toBe("best darzi");
  });

  it("answers an empty search with nothing", () => {
    expect(parseSearch("  ", free)).toEqual({ groups: [], city: null, textWithoutCity: "" });
  });
});

describe("closestCategory", () => {
  const nameOf = (id: string) => SEED_CATEGORIES.find((c) => c.id === id)?.name;
  const closest = (text: string) =>
    closestCategory(parseSearch(text, free).groups, SEED_CATEGORIES).map(nameOf);

  it.each([
    ["welding", "Metal Fabrication & Welding"],
    ["surgical", "Surgical Instruments"],
    ["plumber", "Plumbing & Sanitary"],
    ["darzi", "Textiles & Garments"],
    ["جوتے", "Footwear"],
    ["bijli wala lahore", "Electrical Contractors"],
    ["leather goods", "Leather Goods & Tanneries"],
  ])("%j points first at %j", (text, name) => {
    expect(closest(text)[0]).toBe(name);
  });

  it("ranks a dictionary word above an English name word", () => {
    expect(closest("darzi welding").slice(0, 2)).toEqual([
      "Textiles & Garments",
      "Metal Fabrication & Welding",
    ]);
  });

  it("ignores generic name words", () => {
    expect(closest("repair services")).toEqual([]);
  });

  it("uses only the dictionary when no categories are passed", () => {
    const groups = parseSearch("darzi welding", free).groups;
    expect(closestCategory(groups)).toEqual([CATEGORY.textiles]);
  });

  it("points nowhere for words no category has", () => {
    expect(closest("blue")).toEqual([]);
  });
});
