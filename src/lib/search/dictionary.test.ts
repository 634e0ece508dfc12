import { describe, expect, it } from "vitest";
import { MIN_TERM_LENGTH } from "../limits.ts";
import { SEED_CATEGORIES } from "../../../db/seed/categories.ts";
import { generateProviders } from "../../../db/seed/demo.ts";
import { CITIES, FEATURED_CITIES } from "../cities.ts";
import { AMBIGUOUS_CITY_SPELLINGS, CITY_SPELLINGS } from "./cities-ur.ts";
import { CATEGORY, DICTIONARY, type DictionaryEntry } from "./dictionary.ts";
import { isLatinWord, looseKey, tokenize } from "./normalize.ts";
import { STOP_WORDS, parseSearch } from "./parse-query.ts";

/**
 * The words the search index holds for the demo data: what selectSearchRows
 * (db/queries/search-index.ts) indexes, i.e. company name, description,
 * location (city and address), and each service's name and category name.
 * Service descriptions are not indexed, so they are not counted.
 */
function indexVocabulary(count: number): Set<string> {
  const categoryName = new Map(SEED_CATEGORIES.map((c) => [c.id, c.name]));
  const words = new Set<string>();
  const add = (text: string) => tokenize(text).forEach((w) => words.add(w));
  for (const p of generateProviders(count)) {
    [p.companyName, p.description, p.city, p.address].forEach(add);
    for (const s of p.services) [s.name, categoryName.get(s.categoryId) ?? ""].forEach(add);
  }
  SEED_CATEGORIES.forEach((c) => add(c.name));
  return words;
}

const VOCABULARY = indexVocabulary(4000);

/** The lookup key parse-query.ts uses for a spelling: folded words joined without spaces. */
const keyOf = (spelling: string) => tokenize(spelling).map(looseKey).join("");
const cityKeyOf = (spelling: string) =>
  tokenize(spelling)
    .map((t) => (isLatinWord(t) ? t : looseKey(t)))
    .join("");

const spellingsOf = (e: DictionaryEntry) => [...e.latin, ...e.urdu];
const describeEntry = (e: DictionaryEntry) => `${e.gloss} (${spellingsOf(e)[0] ?? "?"})`;

describe("the search dictionary", () => {
  it("has at least 150 entries", () => {
    expect(DICTIONARY.length).toBeGreaterThanOrEqual(150);
  });

  it("gives every entry a spelling, an expansion and a gloss", () => {
    for (const entry of DICTIONARY) {
      expect(spellingsOf(entry).length, describeEntry(entry)).toBeGreaterThan(0);
      expect(entry.words.length, describeEntry(entry)).toBeGreaterThan(0);
      expect(entry.words.length, describeEntry(entry)).toBeLessThanOrEqual(6);
      expect(entry.gloss.trim(), describeEntry(entry)).not.toBe("");
    }
  });

  it("writes Latin spellings in lower-case Latin and Urdu spellings in Urdu script", () => {
    for (const entry of DICTIONARY) {
      for (const s of entry.latin)
        expect(s, describeEntry(entry)).toMatch(/^[a-z0-9]+( [a-z0-9]+)*$/);
      for (const s of entry.urdu) {
        expect(s, describeEntry(entry)).toMatch(/^[\u0600-\u06FF]+( [\u0600-\u06FF]+)*$/u);
      }
    }
  });

  it("spells every single word at least MIN_TERM_LENGTH long", () => {
    for (const entry of DICTIONARY) {
      for (const s of spellingsOf(entry)) {
        const tokens = tokenize(s);
        if (tokens.length === 1) expect([...s].length, s).toBeGreaterThanOrEqual(MIN_TERM_LENGTH);
      }
    }
  });

  it("never gives one spelling (after the lookup folds) two entries", () => {
    const owner = new Map<string, DictionaryEntry>();
    const clashes: string[] = [];
    for (const entry of DICTIONARY) {
      for (const s of spellingsOf(entry)) {
        const key = keyOf(s);
        const other = owner.get(key);
        if (other && other !== entry)
          clashes.push(`${s}: ${describeEntry(other)} / ${describeEntry(entry)}`);
        owner.set(key, entry);
      }
    }
    expect(clashes).toEqual([]);
  });

  it("refers only to categories that exist, and names them as db/seed/categories.ts does", () => {
    const seedIds = new Set(SEED_CATEGORIES.map((c) => c.id));
    for (const id of Object.values(CATEGORY)) expect(seedIds.has(id), id).toBe(true);
    expect(new Set(Object.values(CATEGORY)).size).toBe(SEED_CATEGORIES.length);
    for (const entry of DICTIONARY) {
      for (const name of entry.categories)
        expect(CATEGORY[name], describeEntry(entry)).toBeDefined();
    }
  });

  it("has an Urdu-script word for every category", () => {
    const withUrdu = new Set<string>(
      DICTIONARY.filter((e) => e.urdu.length > 0).flatMap((e) =>
        e.categories.map((n) => CATEGORY[n]),
      ),
    );
    const missing = SEED_CATEGORIES.filter((c) => !withUrdu.has(c.id)).map((c) => c.name);
    expect(missing).toEqual([]);
  });

  it("expands only to words the index holds for the generated providers", () => {
    const unknown = DICTIONARY.flatMap((e) =>
      e.words.filter((w) => !VOCABULARY.has(w)).map((w) => `${w} (${describeEntry(e)})`),
    );
    expect(unknown).toEqual([]);
  });

  it("expands to plain lower-case words an FTS term can hold", () => {
    for (const entry of DICTIONARY) {
      for (const w of entry.words) {
        expect(w, describeEntry(entry)).toMatch(/^[a-z0-9]+$/);
        expect(w.length, w).toBeGreaterThanOrEqual(MIN_TERM_LENGTH);
      }
    }
  });

  it("folds no English word of the data into an entry it does not belong to", () => {
    const byKey = new Map(
      DICTIONARY.flatMap((e) => spellingsOf(e).map((s) => [keyOf(s), e] as const)),
    );
    const captured: string[] = [];
    for (const word of VOCABULARY) {
      const entry = byKey.get(looseKey(word));
      if (entry && !entry.latin.includes(word) && !entry.words.includes(word)) {
        captured.push(`${word} → ${describeEntry(entry)}`);
      }
    }
    expect(captured).toEqual([]);
  });

  it("uses no stop word and no city name as a spelling", () => {
    const stop = new Set(STOP_WORDS.map(looseKey));
    const cityKeys = new Set([
      ...CITIES.map(cityKeyOf),
      ...CITY_SPELLINGS.flatMap((c) => [...c.urdu, ...(c.latin ?? [])].map(cityKeyOf)),
    ]);
    for (const entry of DICTIONARY) {
      for (const s of spellingsOf(entry)) {
        expect(stop.has(keyOf(s)), `${s} is a stop word`).toBe(false);
        expect(cityKeys.has(cityKeyOf(s)), `${s} is a city`).toBe(false);
      }
    }
  });

  it("finds every entry by each of its spellings, with or without a city filter", () => {
    for (const entry of DICTIONARY) {
      for (const s of spellingsOf(entry)) {
        for (const cityGiven of [false, true]) {
          const parsed = parseSearch(s, { cityGiven });
          expect(parsed.city, s).toBeNull();
          expect(parsed.groups, s).toHaveLength(1);
          expect(parsed.groups[0]?.fromDictionary, s).toBe(true);
          expect(parsed.groups[0]?.anyOf, s).toEqual(expect.arrayContaining([...entry.words]));
        }
      }
    }
  });
});

describe("the Urdu and Roman city spellings", () => {
  it("spell cities of src/lib/cities.ts, each once", () => {
    const names = CITY_SPELLINGS.map((c) => c.city);
    for (const name of names) expect(CITIES, name).toContain(name);
    expect(new Set(names).size).toBe(names.length);
  });

  it("cover every featured city and every other city", () => {
    const spelled = new Set(CITY_SPELLINGS.filter((c) => c.urdu.length > 0).map((c) => c.city));
    for (const city of FEATURED_CITIES) expect(spelled.has(city), city).toBe(true);
    expect(spelled.size).toBeGreaterThanOrEqual(60);
    expect(CITIES.filter((c) => !spelled.has(c))).toEqual([]);
  });

  it("use the standard spellings of the largest cities", () => {
    const urduOf = (city: string) => CITY_SPELLINGS.find((c) => c.city === city)?.urdu;
    expect(urduOf("Lahore")).toContain("لاہور");
    expect(urduOf("Karachi")).toContain("کراچی");
    expect(urduOf("Islamabad")).toContain("اسلام آباد");
    expect(urduOf("Rawalpindi")).toContain("راولپنڈی");
    expect(urduOf("Faisalabad")).toContain("فیصل آباد");
    expect(urduOf("Multan")).toContain("ملتان");
    expect(urduOf("Peshawar")).toContain("پشاور");
    expect(urduOf("Quetta")).toContain("کوئٹہ");
    expect(urduOf("Sialkot")).toContain("سیالکوٹ");
    expect(urduOf("Gujranwala")).toContain("گوجرانوالہ");
    expect(urduOf("Hyderabad")).toContain("حیدرآباد");
  });

  it("write Urdu in Urdu script and Roman forms in lower-case Latin", () => {
    for (const c of CITY_SPELLINGS) {
      for (const s of c.urdu) expect(s, c.city).toMatch(/^[\u0600-\u06FF]+( [\u0600-\u06FF]+)*$/u);
      for (const s of c.latin ?? []) expect(s, c.city).toMatch(/^[a-z]+( [a-z]+)*$/);
    }
  });

  it("never give one spelling (after the lookup folds) two cities", () => {
    const owner = new Map<string, string>();
    const clashes: string[] = [];
    const claim = (spelling: string, city: string) => {
      const key = cityKeyOf(spelling);
      const other = owner.get(key);
      if (other && other !== city) clashes.push(`${spelling}: ${other} / ${city}`);
      owner.set(key, city);
    };
    for (const city of CITIES) claim(city, city);
    for (const c of CITY_SPELLINGS)
      [...c.urdu, ...(c.latin ?? [])].forEach((s) => claim(s, c.city));
    expect(clashes).toEqual([]);
  });

  it("resolve every Urdu and Roman spelling to its city", () => {
    for (const c of CITY_SPELLINGS) {
      for (const s of [...c.urdu, ...(c.latin ?? [])]) {
        const ambiguous = AMBIGUOUS_CITY_SPELLINGS.includes(s);
        expect(parseSearch(ambiguous ? `in ${s}` : s, { cityGiven: false }).city, s).toBe(c.city);
      }
    }
  });

  it("mark as ambiguous only spellings of known cities", () => {
    const known = new Set([
      ...CITIES.map(cityKeyOf),
      ...CITY_SPELLINGS.flatMap((c) => [...c.urdu, ...(c.latin ?? [])].map(cityKeyOf)),
    ]);
    for (const s of AMBIGUOUS_CITY_SPELLINGS) expect(known.has(cityKeyOf(s)), s).toBe(true);
  });
});
