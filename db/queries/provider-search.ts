/**
 * Text search over the directory (decision 015): what a person typed
 * → FTS5 expression → one page of provider ids, counted and ordered inside
 * the index (only active providers are in it).
 *
 * 1. parseSearch (src/lib/search/) normalizes the text, maps Roman Urdu and
 *    Urdu words to the directory's vocabulary and takes a city named in the
 *    text as the city filter. Each remaining group must match (AND); a group
 *    matches any of its words as a prefix, or its dictionary categories.
 * 2. When fewer than TYPO_THRESHOLD providers match, words of 5+ letters not
 *    from the dictionary also match index words one edit away (two for 9+
 *    letters, search-vocab.ts), and those matches come after the exact ones.
 * 3. Up to RANK_LIMIT matches are ranked by bm25 (a name match weighs ten
 *    times a body match); a broader search lists the providers matching in
 *    the name first, then the rest, each in index order: the same name-first
 *    order, without scoring every row.
 */
import { sql, type SQL } from "drizzle-orm";
import { closestCategory, parseSearch, type QueryGroup } from "../../src/lib/search/parse-query.ts";
import { DICTIONARY } from "../../src/lib/search/dictionary.ts";
import { isLatinWord } from "../../src/lib/search/normalize.ts";
import type { Db } from "../client.ts";
import { categoryKey, cityKey } from "./search-index.ts";
import { editLimit, osaDistance, typoCandidates } from "./search-vocab.ts";

/**
 * Above this many matches a search is not ranked with bm25: scoring costs
 * about 2 µs a row, 170 ms for a word every provider has (scripts/bench-worst-case.ts).
 */
export const RANK_LIMIT = 5000;

/** Below this many exact matches, close spellings are searched too (ranked after them). */
export const TYPO_THRESHOLD = 5;

/** Most FTS words in one search, expansions and corrections included (each is a posting list). */
const MAX_FTS_WORDS = 32;

/** One group as FTS5 syntax: its words (and corrections) as prefixes, or its categories. */
function groupExpr(g: QueryGroup, cols: "any" | "name", corrections: readonly string[]) {
  const words = [...g.anyOf.map((w) => `"${w}"*`), ...corrections.map((w) => `"${w}"`)];
  const text = words.length
    ? `${cols === "any" ? "{name body}" : "name"} : (${words.join(" OR ")})`
    : null;
  // A category only makes a provider match anywhere, never "in the name".
  const cats =
    cols === "any" ? g.categoryIds.map((id) => `category_keys : ${categoryKey(id)}`) : [];
  const parts = [...(text ? [text] : []), ...cats];
  if (parts.length === 0) return null;
  return parts.length === 1 ? parts[0]! : `(${parts.join(" OR ")})`;
}

interface Plan {
  groups: QueryGroup[];
  corrections: Map<string, string[]>;
}

function expr(plan: Plan, cols: "any" | "name"): string | null {
  const parts = plan.groups.map((g) => groupExpr(g, cols, plan.corrections.get(g.typed) ?? []));
  if (parts.some((p) => p === null)) return null;
  return parts.length ? parts.join(" AND ") : null;
}

/** Keeps the typed words and as many expansions as fit MAX_FTS_WORDS, in order. */
function capWords(groups: QueryGroup[]): QueryGroup[] {
  let budget = MAX_FTS_WORDS - groups.length;
  return groups.map((g) => {
    const [first, ...rest] = g.anyOf;
    const extra = rest.slice(0, Math.max(0, budget));
    budget -= extra.length;
    return { ...g, anyOf: first === undefined ? [] : [first, ...extra] };
  });
}

/** Rows of the index a MATCH expression selects (filters only, or text too). */
export async function countMatches(db: Db, match: string): Promise<number> {
  const [row] = await db.all<{ n: number }>(
    sql`SELECT count(*) AS n FROM provider_search WHERE provider_search MATCH ${match}`,
  );
  return row?.n ?? 0;
}

async function matchIds(db: Db, match: string, order: SQL, take: number, skip: number) {
  if (take <= 0) return [];
  const rows = await db.all<{ id: string }>(
    sql`SELECT provider_id AS id FROM provider_search WHERE provider_search MATCH ${match}
        ORDER BY ${order} LIMIT ${take} OFFSET ${skip}`,
  );
  return rows.map((r) => r.id);
}

/** A run of results with its own order; a page may span several. */
interface Segment {
  match: string;
  n: number;
  order: SQL;
}

const and = (...parts: (string | null | undefined)[]) =>
  parts.filter((p): p is string => Boolean(p)).join(" AND ");

/**
 * The segments of `all` (optionally without what `not` matches): ranked when
 * small enough, else its name matches and then the rest, each in index order.
 */
async function segmentsOf(
  db: Db,
  plan: Plan,
  filters: string,
  rankLimit: number,
  not?: string,
): Promise<Segment[]> {
  const any = expr(plan, "any")!;
  const without = (m: string) => (not ? `(${m}) NOT (${not})` : m);
  const all = without(and(any, filters));
  const n = await countMatches(db, all);
  if (n <= rankLimit) return [{ match: all, n, order: sql`rank, rowid` }];
  const name = expr(plan, "name");
  if (!name) return [{ match: all, n, order: sql`rowid` }];
  const inName = without(and(name, filters));
  const named = await countMatches(db, inName);
  return [
    { match: inName, n: named, order: sql`rowid` },
    { match: `(${all}) NOT (${name})`, n: n - named, order: sql`rowid` },
  ];
}

async function pageOf(db: Db, segments: Segment[], take: number, skip: number) {
  const ids: string[] = [];
  for (const s of segments) {
    if (ids.length >= take) break;
    if (skip >= s.n) {
      skip -= s.n;
      continue;
    }
    ids.push(...(await matchIds(db, s.match, s.order, take - ids.length, skip)));
    skip = 0;
  }
  return ids;
}

export interface TextSearch {
  search: string;
  /** The city filter given with the search, if any. */
  city?: string | undefined;
  categoryId?: string | undefined;
}

/** The parsed search, or null when nothing searchable is left (then it is a plain listing). */
export function planSearch(q: TextSearch) {
  const parsed = parseSearch(q.search, { cityGiven: Boolean(q.city) });
  const city = q.city ?? parsed.city ?? undefined;
  const groups = capWords(parsed.groups);
  return { parsed, city, groups };
}

function filtersOf(city: string | undefined, categoryId: string | undefined): string {
  return and(
    city ? `city_key : ${cityKey(city)}` : null,
    categoryId ? `category_keys : ${categoryKey(categoryId)}` : null,
  );
}

/** Words a typo search may correct: typed in Latin letters, not a dictionary word, long enough. */
function correctable(g: QueryGroup): boolean {
  return !g.fromDictionary && isLatinWord(g.typed) && editLimit(g.typed) > 0;
}

/**
 * One page of a text search: ids in order and how many match in all. `groups`
 * empty means the text held nothing searchable: the caller lists instead.
 */
export async function searchProviderIds(
  db: Db,
  groups: QueryGroup[],
  filters: { city?: string | undefined; categoryId?: string | undefined },
  take: number,
  skip: number,
  rankLimit = RANK_LIMIT,
): Promise<{ ids: string[]; total: number }> {
  const f = filtersOf(filters.city, filters.categoryId);
  const exact: Plan = { groups, corrections: new Map() };
  if (!expr(exact, "any")) return { ids: [], total: 0 };
  const exactSegments = await segmentsOf(db, exact, f, rankLimit);
  const exactTotal = exactSegments.reduce((n, s) => n + s.n, 0);
  if (exactTotal >= TYPO_THRESHOLD) {
    return { ids: await pageOf(db, exactSegments, take, skip), total: exactTotal };
  }

  const fuzzy = await withCorrections(db, groups);
  if (!fuzzy) return { ids: await pageOf(db, exactSegments, take, skip), total: exactTotal };
  // Close spellings after every exact match: the exact ones, then the rest.
  const rest = await segmentsOf(db, fuzzy, f, rankLimit, and(expr(exact, "any"), f));
  const segments = [...exactSegments, ...rest];
  const total = segments.reduce((n, s) => n + s.n, 0);
  return { ids: await pageOf(db, segments, take, skip), total };
}

/** The groups with the index words one or two edits from their typed word, or null when none. */
async function withCorrections(db: Db, groups: QueryGroup[]): Promise<Plan | null> {
  const words = [...new Set(groups.filter(correctable).map((g) => g.typed))];
  if (words.length === 0) return null;
  const found = await typoCandidates(db, words);
  const corrections = new Map<string, string[]>();
  for (const [word, list] of found) {
    if (list.length)
      corrections.set(
        word,
        list.map((c) => c.term),
      );
  }
  return corrections.size ? { groups, corrections } : null;
}

/** What to offer when a search found nothing (GET /api/search/suggestions). */
export interface Suggestions {
  spelling: { search: string; total: number } | null;
  withoutCity: { search: string; total: number } | null;
  category: { id: string; total: number } | null;
}

/**
 * The three ways out of an empty result: the text with each misspelt word
 * replaced by its most common close spelling; the search without its city
 * (named in the text or given as the filter); the category the words point
 * at, in the same city. Each only when it would show a provider.
 */
export async function searchSuggestions(
  db: Db,
  q: TextSearch,
  categories: readonly { id: string; name: string }[],
): Promise<Suggestions> {
  const { parsed, city, groups } = planSearch(q);
  const out: Suggestions = { spelling: null, withoutCity: null, category: null };

  // The search itself already tried the index's close spellings (and found
  // nothing); what it could not try is a misspelt Roman Urdu word ("drazi"),
  // which is not in the index: its spelling comes from the dictionary.
  const best = new Map<string, string>();
  for (const g of groups.filter(correctable)) {
    const spelling = closestDictionarySpelling(g.typed);
    if (spelling) best.set(g.typed, spelling);
  }
  if (best.size) {
    const text = q.search
      .split(/(\s+)/)
      .map((w) => best.get(w.toLowerCase()) ?? w)
      .join("");
    const total = await countText(db, text, q);
    if (total > 0) out.spelling = { search: text.trim(), total };
  }

  if (city && groups.length) {
    const text = parsed.city ? parsed.textWithoutCity : q.search;
    const everywhere = { city: undefined, categoryId: q.categoryId };
    const { total } = await searchProviderIds(db, groups, everywhere, 0, 0);
    if (total > 0) out.withoutCity = { search: text.trim(), total };
  }

  for (const id of closestCategory(groups, categories)) {
    if (id === q.categoryId) continue;
    // Active providers of the category in the city (or everywhere), counted inside the index.
    const total = await countMatches(db, filtersOf(city, id));
    if (total > 0) {
      out.category = { id, total };
      break;
    }
  }
  return out;
}

/** How many providers `text` finds with the same filters (parsed afresh: a city may be in it). */
async function countText(db: Db, text: string, q: TextSearch): Promise<number> {
  const plan = planSearch({ search: text, city: q.city });
  if (plan.groups.length === 0) return 0;
  const filters = { city: plan.city, categoryId: q.categoryId };
  return (await searchProviderIds(db, plan.groups, filters, 0, 0)).total;
}

/** Every single-word Roman spelling the dictionary knows (its phrases are matched whole). */
const DICTIONARY_SPELLINGS = [
  ...new Set(DICTIONARY.flatMap((e) => e.latin).filter((w) => /^[a-z]+$/.test(w))),
];

/** The dictionary spelling within the word's edit limit, nearest first; null when none. */
export function closestDictionarySpelling(word: string): string | null {
  const limit = editLimit(word);
  let best: { w: string; d: number } | null = null;
  for (const w of DICTIONARY_SPELLINGS) {
    if (Math.abs(w.length - word.length) > limit) continue;
    const d = osaDistance(word, w);
    if (d >= 1 && d <= limit && (!best || d < best.d)) best = { w, d };
  }
  return best?.w ?? null;
}
