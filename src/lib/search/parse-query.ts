/**
 * Query understanding for GET /api/providers?search= (decision 015): turns what a
 * person typed ("darzi", "bijli wala lahore", "جوتے", "welding in Lahore")
 * into groups of FTS words to AND together, plus the city it names.
 *
 * Pure and server-side only (it carries the dictionary and the city list, a
 * few tens of kilobytes): do not import it from a browser island.
 * How it works and how to extend it: docs/search-dictionary.md.
 */
import { MAX_SEARCH_TERMS, MIN_TERM_LENGTH } from "../limits.ts";
import { CITIES } from "../cities.ts";
import { AMBIGUOUS_CITY_SPELLINGS, CITY_SPELLINGS } from "./cities-ur.ts";
import { CATEGORY, DICTIONARY, type DictionaryEntry } from "./dictionary.ts";
import { isLatinWord, looseKey, tokenize } from "./normalize.ts";

export interface QueryGroup {
  /** The word (or phrase) as typed, normalized. */
  typed: string;
  /**
   * FTS words any of which satisfies this group: the typed word itself (a
   * single word, Latin or Urdu script: the index holds the providers' and
   * categories' Urdu names too), plus dictionary expansions. Lower case, no
   * FTS syntax.
   */
  anyOf: string[];
  /** Category ids the dictionary associates with it (for ranking and the "closest category" suggestion). */
  categoryIds: string[];
  /** True when the typed word came from the dictionary (it was Roman Urdu or Urdu), so a typo search should not alter it. */
  fromDictionary: boolean;
}

export interface ParsedSearch {
  /** Each thing the person asked for, in order; every group must match (AND). */
  groups: QueryGroup[];
  /** A known city named in the text (canonical name from src/lib/cities.ts), when opts.cityGiven is false; its words are not in groups. */
  city: string | null;
  /** The text with the city (and a connecting "in"/"mein"/"میں"/"ka"…) taken out, for "search without the city" suggestions. */
  textWithoutCity: string;
}

export interface ParseOptions {
  /** True when the request already filters by city: city names in the text then stay words to search for. */
  cityGiven: boolean;
}

/**
 * Words that carry no meaning for a directory search and would only narrow it
 * by chance (every group must match): connectors and postpositions, "near me",
 * the -wala suffix people add to a trade ("darzi wala"), "shop"/"dukan" (in
 * the data only as part of an address, "Shop 12"), and praise ("best",
 * "sasta"). A word in the dictionary (`bijli wala`, `bijli ka kaam`) is
 * matched as a phrase before these are dropped. When nothing but stop words
 * was typed they are kept, so a search for "shop" still searches.
 */
export const STOP_WORDS: readonly string[] = Object.freeze([
  // English connectors and fillers
  ...["an", "and", "at", "by", "for", "from", "in", "near", "nearby", "of", "on", "or", "the"],
  ...["to", "with", "me", "my", "best", "top", "good", "cheap", "shop", "shops", "need", "want"],
  // Roman Urdu postpositions, conjunctions and fillers
  ...["mein", "main", "mai", "mei", "ka", "ki", "ke", "kay", "ko", "se", "sy", "par", "pe", "aur"],
  ...["ya", "wala", "wali", "wale", "walay", "walon", "waala", "waali", "waale", "dukan", "dukaan"],
  ...["dokan", "chahiye", "chahye", "chaiye", "chahie", "kaam", "kam", "paas", "pas", "nazdeek"],
  ...["nazdik", "qareeb", "kareeb", "sasta", "sasti", "saste", "sastay", "acha", "achha", "achi"],
  ...["achhi", "ache", "achay", "achhe", "behtareen", "behtarin"],
  // Urdu script
  ...[
    "میں",
    "کا",
    "کی",
    "کے",
    "کو",
    "سے",
    "پر",
    "پہ",
    "اور",
    "یا",
    "والا",
    "والی",
    "والے",
    "والوں",
  ],
  ...["دکان", "چاہیے", "چاہئے", "کام", "پاس", "قریب", "نزدیک", "سستا", "سستی", "سستے", "اچھا"],
  ...["اچھی", "اچھے", "بہترین"],
]);

/** Connectors before a city ("welding in lahore"), taken out with it. */
const CITY_PREFIXES: ReadonlySet<string> = new Set(["in", "at", "near", "from"]);
/** Urdu postpositions after a city ("lahore mein", "لاہور میں", "lahore ka darzi"), taken out with it. */
const CITY_SUFFIXES: ReadonlySet<string> = new Set(
  ["mein", "main", "mai", "mei", "me", "ka", "ki", "ke", "kay", "se", "say", "sy"]
    .concat(["میں", "کا", "کی", "کے", "سے"])
    .map(looseKey),
);
/** The locative ones, which alone make an ambiguous city name a city ("tank mein", not "tank ki safai"). */
const LOCATIVE_SUFFIXES: ReadonlySet<string> = new Set(
  ["mein", "main", "mai", "mei", "me", "میں"].map(looseKey),
);

const STOP_KEYS: ReadonlySet<string> = new Set(STOP_WORDS.map(looseKey));

// ---------------------------------------------------------------------------
// Compiled lookups (built once at module load, a few hundred keys each)
// ---------------------------------------------------------------------------

/** Key of a run of words: each word folded (looseKey), joined without spaces, so "bijli wala" = "bijliwala". */
function phraseKey(tokens: readonly string[]): string {
  return tokens.map(looseKey).join("");
}

/**
 * Key of a run of words for city lookups: Latin letters as typed (a city's
 * index key, `cityKey` in db/queries/search-index.ts, drops only spaces,
 * hyphens and apostrophes), Urdu words folded.
 */
function cityPhraseKey(tokens: readonly string[]): string {
  return tokens.map((t) => (isLatinWord(t) ? t : looseKey(t))).join("");
}

interface CompiledEntry {
  readonly words: readonly string[];
  readonly categoryIds: readonly string[];
}

interface CityForm {
  readonly city: string;
  /** The words of the English name, for a city that stays text. */
  readonly nameWords: readonly string[];
  /** Tokens of the English name, joined by spaces: a span spelled this way is ordinary text. */
  readonly spelled: string;
  readonly ambiguous: boolean;
}

function compileDictionary(entries: readonly DictionaryEntry[]) {
  const index = new Map<string, CompiledEntry>();
  let longest = 1;
  for (const entry of entries) {
    const compiled: CompiledEntry = {
      words: entry.words,
      categoryIds: entry.categories.map((name) => CATEGORY[name]),
    };
    for (const spelling of [...entry.latin, ...entry.urdu]) {
      const tokens = tokenize(spelling);
      if (tokens.length === 0) continue;
      const key = phraseKey(tokens);
      // First entry wins; dictionary.test.ts fails on any key two entries share.
      if (!index.has(key)) index.set(key, compiled);
      longest = Math.max(longest, tokens.length);
    }
  }
  return { index, longest };
}

function compileCities() {
  const ambiguous = new Set(AMBIGUOUS_CITY_SPELLINGS.map((s) => cityPhraseKey(tokenize(s))));
  const index = new Map<string, CityForm>();
  let longest = 1;
  const add = (spelling: string, city: string) => {
    const tokens = tokenize(spelling);
    const key = cityPhraseKey(tokens);
    if (tokens.length === 0 || index.has(key)) return;
    const nameWords = tokenize(city);
    index.set(key, {
      city,
      nameWords,
      spelled: nameWords.join(" "),
      ambiguous: ambiguous.has(key),
    });
    longest = Math.max(longest, tokens.length);
  };
  for (const city of CITIES) add(city, city);
  for (const spelling of CITY_SPELLINGS) {
    if (!CITIES.includes(spelling.city)) continue;
    for (const form of [...spelling.urdu, ...(spelling.latin ?? [])]) add(form, spelling.city);
  }
  // Two more tokens than the longest spelling, so letters typed apart still join up ("d g khan" = "dg khan").
  return { index, longest: longest + 2 };
}

const DICT = compileDictionary(DICTIONARY);
const CITY = compileCities();

// ---------------------------------------------------------------------------
// Parsing
// ---------------------------------------------------------------------------

interface Span {
  start: number;
  end: number;
}

/** Longest dictionary phrase starting at `start` (at least `minTokens` words), or null. */
function dictionaryAt(
  tokens: readonly string[],
  start: number,
  minTokens: number,
): { entry: CompiledEntry; end: number } | null {
  for (let end = Math.min(tokens.length, start + DICT.longest); end - start >= minTokens; end--) {
    const entry = DICT.index.get(phraseKey(tokens.slice(start, end)));
    if (entry) return { entry, end };
  }
  return null;
}

/** Longest city spelling starting at `start`, or null. */
function cityAt(tokens: readonly string[], start: number): { form: CityForm; end: number } | null {
  for (let end = Math.min(tokens.length, start + CITY.longest); end > start; end--) {
    const form = CITY.index.get(cityPhraseKey(tokens.slice(start, end)));
    if (form) return { form, end };
  }
  return null;
}

/** Multi-word dictionary phrases, left to right, longest first ("sui dhaga" is thread, not the town of Sui). */
function phraseSpans(tokens: readonly string[]): boolean[] {
  const covered = tokens.map(() => false);
  for (let i = 0; i < tokens.length;) {
    const hit = dictionaryAt(tokens, i, 2);
    if (!hit) {
      i++;
      continue;
    }
    for (let j = i; j < hit.end; j++) covered[j] = true;
    i = hit.end;
  }
  return covered;
}

function isLocativeBefore(tokens: readonly string[], start: number): boolean {
  const before = tokens[start - 1];
  return before !== undefined && CITY_PREFIXES.has(before);
}

function isLocativeAfter(tokens: readonly string[], end: number): boolean {
  const after = tokens[end];
  return after !== undefined && LOCATIVE_SUFFIXES.has(looseKey(after));
}

/** The first city named in the text (leftmost, longest spelling), with its connectors. */
function findCity(tokens: readonly string[]): { city: string; cut: Span } | null {
  const protectedTokens = phraseSpans(tokens);
  for (let start = 0; start < tokens.length; start++) {
    const hit = cityAt(tokens, start);
    if (!hit) continue;
    if (protectedTokens.slice(start, hit.end).some(Boolean)) continue;
    const { form, end } = hit;
    if (form.ambiguous && !isLocativeBefore(tokens, start) && !isLocativeAfter(tokens, end)) {
      continue;
    }
    const cut: Span = { start, end };
    if (isLocativeBefore(tokens, start)) cut.start--;
    const after = tokens[end];
    if (after !== undefined && CITY_SUFFIXES.has(looseKey(after))) cut.end++;
    return { city: form.city, cut };
  }
  return null;
}

function plainGroup(word: string): QueryGroup {
  return {
    typed: word,
    anyOf: [word],
    categoryIds: [],
    fromDictionary: false,
  };
}

function dictionaryGroup(span: readonly string[], entry: CompiledEntry): QueryGroup {
  const [only] = span;
  const own = span.length === 1 && only !== undefined ? [only] : [];
  return {
    typed: span.join(" "),
    anyOf: [...new Set([...own, ...entry.words])],
    categoryIds: [...entry.categoryIds],
    fromDictionary: true,
  };
}

/** Groups for the words of a city's English name, when its Urdu or abbreviated spelling stays text. */
function cityWordGroups(form: CityForm): QueryGroup[] {
  return form.nameWords
    .filter((w) => [...w].length >= MIN_TERM_LENGTH)
    .map((w) => ({ typed: w, anyOf: [w], categoryIds: [], fromDictionary: true }));
}

function buildGroups(tokens: readonly string[]): QueryGroup[] {
  const groups: QueryGroup[] = [];
  const stopGroups: QueryGroup[] = [];
  for (let i = 0; i < tokens.length;) {
    const phrase = dictionaryAt(tokens, i, 1);
    if (phrase) {
      groups.push(dictionaryGroup(tokens.slice(i, phrase.end), phrase.entry));
      i = phrase.end;
      continue;
    }
    const place = cityAt(tokens, i);
    if (place && !place.form.ambiguous) {
      const span = tokens.slice(i, place.end);
      // Spelled like the English name: ordinary words. Urdu or an abbreviation: the name's words.
      if (span.join(" ") !== place.form.spelled) {
        groups.push(...cityWordGroups(place.form));
        i = place.end;
        continue;
      }
    }
    const word = tokens[i++] ?? "";
    if ([...word].length < MIN_TERM_LENGTH) continue;
    (STOP_KEYS.has(looseKey(word)) ? stopGroups : groups).push(plainGroup(word));
  }
  const seen = new Set<string>();
  return (groups.length ? groups : stopGroups)
    .filter((g) => !seen.has(g.typed) && seen.add(g.typed))
    .slice(0, MAX_SEARCH_TERMS);
}

/**
 * Understands a search text: normalizes and tokenizes it, takes out the first
 * city it names (unless `opts.cityGiven`), matches dictionary words and
 * phrases longest-first, drops stop words and words shorter than
 * MIN_TERM_LENGTH, and keeps at most MAX_SEARCH_TERMS groups.
 */
export function parseSearch(text: string, opts: ParseOptions): ParsedSearch {
  const tokens = tokenize(text);
  const found = opts.cityGiven ? null : findCity(tokens);
  const rest = found
    ? [...tokens.slice(0, found.cut.start), ...tokens.slice(found.cut.end)]
    : tokens;
  return {
    groups: buildGroups(rest),
    city: found?.city ?? null,
    textWithoutCity: rest.join(" "),
  };
}

// ---------------------------------------------------------------------------
// Closest category
// ---------------------------------------------------------------------------

/** A category as the caller has it (the database's list: admins can rename or add categories). */
export interface CategoryRef {
  id: string;
  name: string;
}

/**
 * Words of category names that say nothing about which category is meant
 * ("repair" is in Electronics Assembly & Repair, but "shoe repair" is not electronics).
 */
const GENERIC_CATEGORY_WORDS: ReadonlySet<string> = new Set([
  ...["and", "assembly", "contract", "contractors", "control", "design", "fit", "goods", "home"],
  ...["industrial", "installation", "manufacturing", "out", "parts", "repair", "services", "work"],
  ...["works"],
]);

/** Shortest shared beginning that ties a typed word to a name word ("plumber" ~ "plumbing", not "foot" ~ "footwear"). */
const MIN_SHARED_STEM = 5;

/** How closely a typed word matches a category-name word: 0 for no match, Infinity for the word itself or its plural. */
function nameWordMatch(typed: string, nameWord: string): number {
  if (nameWord === typed || nameWord === `${typed}s` || nameWord === `${typed}es`) return Infinity;
  let shared = 0;
  while (shared < typed.length && typed[shared] === nameWord[shared]) shared++;
  return shared >= MIN_SHARED_STEM ? shared : 0;
}

/**
 * The categories a search points at, best first: the dictionary's categories
 * of each group (the first one listed counts most), plus the categories whose
 * name has a typed English word, its plural, or a word sharing its first
 * MIN_SHARED_STEM letters or more ("welding", "surgical", "plumber" ~
 * Plumbing; a word in several names counts for each in part). For ranking and a "did you mean this
 * category" suggestion; empty when nothing points anywhere.
 */
export function closestCategory(
  groups: readonly QueryGroup[],
  categories: readonly CategoryRef[] = [],
): string[] {
  const scores = new Map<string, number>();
  const add = (id: string, points: number) => scores.set(id, (scores.get(id) ?? 0) + points);
  const nameWords = categories.map((c) => ({
    id: c.id,
    words: tokenize(c.name).filter((w) => !GENERIC_CATEGORY_WORDS.has(w)),
  }));
  for (const group of groups) {
    group.categoryIds.forEach((id, i) => add(id, i === 0 ? 2 : 1));
    if (group.fromDictionary || !isLatinWord(group.typed)) continue;
    const matched = nameWords.map((c) => ({
      id: c.id,
      match: Math.max(0, ...c.words.map((w) => nameWordMatch(group.typed, w))),
    }));
    // Only the closest names count: "electrician" is Electrical (8 letters shared), not Electronics (6).
    const best = Math.max(0, ...matched.map((m) => m.match));
    const hits = best > 0 ? matched.filter((m) => m.match === best) : [];
    for (const hit of hits) add(hit.id, 1 / hits.length);
  }
  // Map keeps insertion order and sort is stable: ties stay in the order the query named them.
  return [...scores].sort((a, b) => b[1] - a[1]).map(([id]) => id);
}
