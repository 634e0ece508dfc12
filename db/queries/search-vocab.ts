/**
 * Typo candidates for search words (decision 015): "one edit (insert, delete,
 * substitute, swap) for words of 5 letters or more, two for 9 or more".
 *
 * SymSpell-style symmetric deletes (https://github.com/wolfgarbe/SymSpell),
 * kept in the database (migration 0010_search_terms.sql), not in process
 * memory: the Worker runs in many isolates against Turso, and a change to any
 * provider shows in the very next search only if the vocabulary is written in
 * the write's own transaction. Two strings within `k` edits (optimal string
 * alignment: a swap of neighbours counts one) share a string reachable from
 * each by at most `k` deletions, so storing each term's deletes and looking up
 * a word's deletes finds every term within reach, which the distance then
 * confirms.
 *
 * - `search_terms(term)`: the vocabulary, words of the index's `name` and
 *   `body` columns that {@link isVocabTerm} accepts.
 * - `search_term_deletes(del, term)`: each term's deletes, the term itself
 *   included (so one lookup also finds a term one insertion away).
 * - `provider_search_vocab`: an fts5vocab table ('col') over `provider_search`,
 *   read for document frequencies and to rebuild the vocabulary.
 *
 * Terms are only ever added by a write: a word that leaves every provider
 * stays in the vocabulary, matches no document and is dropped by
 * {@link typoCandidates} (its frequency is read from the index itself).
 * {@link rebuildSearchVocab} starts afresh.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../client.ts";

/** What `typoCandidates` suggests for a word. */
export interface Candidate {
  term: string;
  distance: 1 | 2;
  /** Active providers with the term in their name or body (the larger of the two counts). */
  docs: number;
}

type Reader = Pick<Db, "all">;
type Writer = Pick<Db, "all" | "run">;

/** Shortest word that gets typo candidates (shorter ones have too many neighbours). */
export const MIN_TYPO_WORD_LENGTH = 5;
/** From this length a word may be two edits away (decision 015). */
export const TWO_EDIT_WORD_LENGTH = 9;
/** Shortest vocabulary term: a 5-letter word one edit away may be 4 letters long. */
export const MIN_VOCAB_TERM_LENGTH = 4;
/** From this length a term keeps its deletes up to two: a 9-letter word two edits away. */
const TWO_DELETE_TERM_LENGTH = TWO_EDIT_WORD_LENGTH - 2;
/**
 * Longest vocabulary term. Deletes grow with the square of the length (a
 * 24-letter term has 301); nobody misspells a longer word expecting a
 * correction, and a category key ("c" + 32 hex digits) stays out.
 */
export const MAX_VOCAB_TERM_LENGTH = 24;
/** Most candidates kept per word. */
export const MAX_CANDIDATES = 5;
/** Rows per insert statement (one JSON argument each), far below any request size limit. */
const INSERT_BATCH = 5_000;

/**
 * Combining marks that FTS5's unicode61 tokenizer with `remove_diacritics 2`
 * folds away; any other combining mark separates tokens there. The bitmask is
 * SQLite's own (`sqlite3Fts5UnicodeIsdiacritic`, ext/fts5/fts5_unicode2.c).
 */
function isFtsDiacritic(code: number): boolean {
  if (code < 768 || code > 817) return false;
  return code < 800
    ? ((0x08029fdf >>> (code - 768)) & 1) === 1
    : ((0x000361f8 >>> (code - 800)) & 1) === 1;
}

/**
 * The distinct terms FTS5 (`unicode61 remove_diacritics 2`) makes of a text,
 * in order of first appearance: lower case, letters decomposed and their
 * diacritics dropped (`Café` → `cafe`), split at anything but a letter, a
 * number or a private-use character. Differs from SQLite on a few rare
 * letters (`ſ`, `ǡ`) and in non-Latin scripts, whose words never enter the
 * vocabulary ({@link isVocabTerm}).
 */
export function termsOf(text: string): string[] {
  const folded = text
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u0331]/g, (mark) => (isFtsDiacritic(mark.charCodeAt(0)) ? "" : mark));
  return [...new Set(folded.split(/[^\p{L}\p{N}\p{Co}]+/u).filter(Boolean))];
}

/**
 * Whether a term belongs in the typo vocabulary: 4 to 24 characters of a–z and
 * 0–9 (Latin letters once their diacritics are gone), at least one a letter.
 * Numbers (prices, phone numbers, years) and other scripts stay out.
 * Migration 0010 and {@link VOCAB_FILL_SQL} apply the same rule in SQL.
 */
export function isVocabTerm(term: string): boolean {
  return (
    term.length >= MIN_VOCAB_TERM_LENGTH &&
    term.length <= MAX_VOCAB_TERM_LENGTH &&
    /^[a-z0-9]+$/.test(term) &&
    /[a-z]/.test(term)
  );
}

/** How many edits a search word may be from a candidate: 0, 1 or 2. */
export function editLimit(word: string): 0 | 1 | 2 {
  const n = [...word].length;
  if (n >= TWO_EDIT_WORD_LENGTH) return 2;
  return n >= MIN_TYPO_WORD_LENGTH ? 1 : 0;
}

/**
 * How many deletions a vocabulary term keeps: a word of 5–8 letters may be
 * one edit from a term of 4–9, a word of 9 or more two edits from one of 7 or
 * more. Terms outside the vocabulary keep none.
 */
export function termDeleteDistance(term: string): 0 | 1 | 2 {
  if (!isVocabTerm(term)) return 0;
  return term.length >= TWO_DELETE_TERM_LENGTH ? 2 : 1;
}

/** Every string made by deleting up to `maxDeletes` characters, the word itself first. */
export function deletesOf(word: string, maxDeletes: number): string[] {
  const seen = new Set([word]);
  let frontier = [word];
  for (let d = 0; d < maxDeletes; d++) {
    const next: string[] = [];
    for (const w of frontier) {
      const chars = [...w];
      for (let i = 0; i < chars.length; i++) {
        const del = chars.slice(0, i).join("") + chars.slice(i + 1).join("");
        if (!seen.has(del)) {
          seen.add(del);
          next.push(del);
        }
      }
    }
    frontier = next;
  }
  return [...seen];
}

/** The rows a vocabulary term stores in `search_term_deletes` (none outside the vocabulary). */
export function termDeletes(term: string): string[] {
  const distance = termDeleteDistance(term);
  return distance ? deletesOf(term, distance) : [];
}

/**
 * Optimal string alignment distance: the fewest insertions, deletions,
 * substitutions and swaps of two neighbouring characters turning `a` into
 * `b`, no character edited twice (Damerau–Levenshtein as spell checkers use it).
 */
export function osaDistance(a: string, b: string): number {
  const s = [...a];
  const t = [...b];
  if (!s.length) return t.length;
  if (!t.length) return s.length;
  let before = new Array<number>(t.length + 1).fill(0);
  let prev = Array.from({ length: t.length + 1 }, (_, j) => j);
  let row = new Array<number>(t.length + 1).fill(0);
  for (let i = 1; i <= s.length; i++) {
    row[0] = i;
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) {
        d = Math.min(d, before[j - 2]! + 1);
      }
      row[j] = d;
    }
    [before, prev, row] = [prev, row, before];
  }
  return prev[t.length]!;
}

/** Inserts the terms' `(del, term)` rows, `INSERT_BATCH` to a statement. */
async function insertDeletes(tx: Writer, terms: readonly string[]): Promise<void> {
  let rows: [string, string][] = [];
  const flush = async () => {
    if (!rows.length) return;
    await tx.run(
      sql`INSERT OR IGNORE INTO search_term_deletes (del, term)
          SELECT value ->> 0, value ->> 1 FROM json_each(${JSON.stringify(rows)})`,
    );
    rows = [];
  };
  for (const term of terms) {
    for (const del of termDeletes(term)) rows.push([del, term]);
    if (rows.length >= INSERT_BATCH) await flush();
  }
  await flush();
}

/**
 * Adds the vocabulary terms of a text that are not there yet, with their
 * deletes. Call inside the write's transaction (reindexProvider does), so the
 * next search sees them and a rollback takes them back. The common case, no
 * new word, costs one statement that writes nothing.
 */
export async function addTerms(tx: Writer, text: string): Promise<void> {
  const terms = termsOf(text).filter(isVocabTerm);
  if (!terms.length) return;
  // RETURNING lists only the rows really inserted, not those ignored.
  const added = await tx.all<{ term: string }>(
    sql`INSERT OR IGNORE INTO search_terms (term)
        SELECT value FROM json_each(${JSON.stringify(terms)}) RETURNING term`,
  );
  await insertDeletes(
    tx,
    added.map((r) => r.term),
  );
}

/**
 * The whole vocabulary from the index in SQL (what migration 0010 runs for
 * existing data): the terms of `name` and `body` that {@link isVocabTerm}
 * accepts, then their deletes (one and, from 7 letters, two), the term itself
 * included, exactly as {@link termDeletes} makes them. SQLite's `length` and
 * `substr` count characters, and vocabulary terms are ASCII anyway.
 */
export const VOCAB_FILL_SQL = [
  `INSERT OR IGNORE INTO search_terms (term)
SELECT DISTINCT term FROM provider_search_vocab
WHERE col IN ('name', 'body') AND length(term) BETWEEN ${MIN_VOCAB_TERM_LENGTH} AND ${MAX_VOCAB_TERM_LENGTH}
  AND term NOT GLOB '*[^a-z0-9]*' AND term GLOB '*[a-z]*'`,
  `WITH RECURSIVE
  pos(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM pos WHERE i < ${MAX_VOCAB_TERM_LENGTH}),
  d1(del, term) AS (
    SELECT substr(t.term, 1, pos.i - 1) || substr(t.term, pos.i + 1), t.term
    FROM search_terms t JOIN pos ON pos.i <= length(t.term)
  )
INSERT OR IGNORE INTO search_term_deletes (del, term)
SELECT term, term FROM search_terms
UNION ALL
SELECT del, term FROM d1
UNION ALL
SELECT substr(d1.del, 1, pos.i - 1) || substr(d1.del, pos.i + 1), d1.term
FROM d1 JOIN pos ON pos.i <= length(d1.del)
WHERE length(d1.term) >= ${TWO_DELETE_TERM_LENGTH}`,
] as const;

/**
 * Replaces the vocabulary with the index's current words (after
 * rebuildSearchIndex, in its transaction): this also drops words no provider
 * has any more. Runs entirely inside the database, so on Turso no row
 * crosses the network; as fast locally as computing the deletes in JS (0.4 s
 * at 100,000 generated providers, 2.2 s at 1,000,000, nearly all of it
 * reading the index's vocabulary).
 */
export async function rebuildSearchVocab(tx: Writer): Promise<void> {
  await tx.run(sql`DELETE FROM search_term_deletes`);
  await tx.run(sql`DELETE FROM search_terms`);
  for (const statement of VOCAB_FILL_SQL) await tx.run(sql.raw(statement));
}

/**
 * Typo candidates for search words, the very next read after any write: for
 * each word of 5 or more letters (9 or more: up to two edits) the vocabulary
 * terms within its edit limit, without the word itself and the terms it
 * begins (its prefix search finds those), nor terms no active provider has
 * any more; nearest first, then the most frequent, at most 5 a word. Two
 * queries for all the words: the deletes, then the frequencies of the
 * confirmed terms.
 *
 * Words are folded like the index folds them (`Wéldng` → `weldng`); a word
 * that folds to anything but one vocabulary-like term (other scripts, `a-b`)
 * gets none. Every word given is a key of the result.
 */
export async function typoCandidates(
  db: Reader,
  words: readonly string[],
): Promise<Map<string, Candidate[]>> {
  const result = new Map<string, Candidate[]>();
  const wanted: { key: string; word: string; limit: 1 | 2 }[] = [];
  const dels = new Set<string>();
  for (const key of words) {
    if (result.has(key)) continue;
    result.set(key, []);
    const [word, ...more] = termsOf(key);
    if (!word || more.length || !/^[a-z0-9]+$/.test(word)) continue;
    const limit = editLimit(word);
    if (limit === 0 || word.length > MAX_VOCAB_TERM_LENGTH + limit) continue;
    wanted.push({ key, word, limit });
    for (const del of deletesOf(word, limit)) dels.add(del);
  }
  if (!wanted.length) return result;

  const found = await db.all<{ term: string }>(
    sql`SELECT DISTINCT term FROM search_term_deletes
        WHERE del IN (SELECT value FROM json_each(${JSON.stringify([...dels])}))`,
  );
  const confirmed = new Map<string, { term: string; distance: 1 | 2 }[]>();
  for (const { key, word, limit } of wanted) {
    const near: { term: string; distance: 1 | 2 }[] = [];
    for (const { term } of found) {
      if (Math.abs(term.length - word.length) > limit || term.startsWith(word)) continue;
      const distance = osaDistance(word, term);
      if (distance >= 1 && distance <= limit) near.push({ term, distance: distance as 1 | 2 });
    }
    confirmed.set(key, near);
  }
  const terms = [...new Set([...confirmed.values()].flat().map((c) => c.term))];
  if (!terms.length) return result;

  // fts5vocab walks each term's whole posting list (about 1 ms for a term
  // 20,000 providers have, 9 ms for 200,000): only confirmed terms.
  const freq = await db.all<{ term: string; docs: number }>(
    sql`SELECT term, max(doc) AS docs FROM provider_search_vocab
        WHERE term IN (SELECT value FROM json_each(${JSON.stringify(terms)}))
          AND col IN ('name', 'body')
        GROUP BY term`,
  );
  const docsOf = new Map(freq.map((r) => [r.term, Number(r.docs)]));
  for (const [key, near] of confirmed) {
    const ranked = near
      .map((c) => ({ ...c, docs: docsOf.get(c.term) ?? 0 }))
      .filter((c) => c.docs > 0)
      .sort((a, b) => a.distance - b.distance || b.docs - a.docs || (a.term < b.term ? -1 : 1));
    result.set(key, ranked.slice(0, MAX_CANDIDATES));
  }
  return result;
}
