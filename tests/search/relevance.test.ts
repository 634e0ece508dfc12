import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findCity } from "../../src/lib/cities.ts";
import {
  buildRelevanceDb,
  describeQuery,
  expectedIds,
  firstRank,
  formatReport,
  runRelevance,
  score,
  searchFirstPage,
  type RelevanceDb,
} from "./relevance.ts";
import { QUERY_KINDS, RELEVANCE_QUERIES } from "./relevance-set.ts";

/** Search must put an expected provider in the top 5 for 90 % of the set. */
const MIN_HIT_AT_5 = 0.9;

/** Optimal string alignment distance (Damerau–Levenshtein without moves of substrings). */
function editDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  const at = (i: number, j: number) => d[i]![j]!;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        v = Math.min(v, at(i - 2, j - 2) + 1);
      }
      d[i]![j] = v;
    }
  }
  return at(a.length, b.length);
}

let rel: RelevanceDb;

beforeAll(async () => {
  rel = await buildRelevanceDb();
}, 60_000);

afterAll(async () => {
  await rel?.close();
});

describe("the relevance set", () => {
  it("has at least 80 distinct queries, ten or more of each kind", () => {
    expect(RELEVANCE_QUERIES.length).toBeGreaterThanOrEqual(80);
    const keys = RELEVANCE_QUERIES.map(describeQuery);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
    for (const kind of QUERY_KINDS) {
      expect(RELEVANCE_QUERIES.filter((q) => q.kind === kind).length, kind).toBeGreaterThanOrEqual(
        10,
      );
    }
  });

  it("names only known cities in its filters", () => {
    const unknown = RELEVANCE_QUERIES.filter((q) => q.city && findCity(q.city) !== q.city);
    expect(unknown.map(describeQuery)).toEqual([]);
  });

  it("expects at least one active provider of the dataset for every query", () => {
    const unanswerable = RELEVANCE_QUERIES.filter((q) => expectedIds(q, rel.dataset).size === 0);
    expect(unanswerable.map(describeQuery)).toEqual([]);
  });

  it("expects a minority of the dataset for every query, so a hit says something", () => {
    const active = rel.dataset.filter((p) => p.isActive).length;
    const broad = RELEVANCE_QUERIES.filter((q) => expectedIds(q, rel.dataset).size > active / 4);
    expect(broad.map(describeQuery)).toEqual([]);
  });

  it("has typos one edit from the word meant, at most two in words of nine letters or more", () => {
    const typos = RELEVANCE_QUERIES.filter((q) => q.kind === "typo");
    const wrong = typos.filter((q) => {
      if (!q.typo) return true;
      const [typed, meant] = q.typo;
      const distance = editDistance(typed, meant);
      const allowed = meant.length >= 9 ? 2 : 1;
      return !q.query.includes(typed) || meant.length < 5 || distance < 1 || distance > allowed;
    });
    expect(wrong.map(describeQuery)).toEqual([]);
  });

  it("measures what GET /api/providers answers: the API's top 5 is the function's", async () => {
    const differ: string[] = [];
    for (const entry of RELEVANCE_QUERIES) {
      const viaFunction = await searchFirstPage(rel, entry, "function");
      const viaApi = await searchFirstPage(rel, entry, "api");
      const top = (p: { items: { id: string }[] }) => p.items.slice(0, 5).map((x) => x.id);
      if (top(viaFunction).join() !== top(viaApi).join()) differ.push(describeQuery(entry));
    }
    expect(
      differ,
      "run the harness with via: 'api' if the route does more than the function",
    ).toEqual([]);
  }, 30_000);

  it("scores the rank of the first expected result: hit in the top 5, 1/rank, 0 past the 25", () => {
    const expected = new Set(["b", "z"]);
    expect(firstRank(["a", "b", "c"], expected)).toBe(2);
    expect(firstRank(["a", "c"], expected)).toBeNull();
    const s = score([
      { hit: true, reciprocalRank: 1 },
      { hit: true, reciprocalRank: 1 / 4 },
      { hit: false, reciprocalRank: 1 / 8 },
      { hit: false, reciprocalRank: 0 },
    ]);
    expect(s).toEqual({ queries: 4, hits: 2, hitAt5: 0.5, mrr: (1 + 0.25 + 0.125) / 4 });
  });
});

describe("search relevance", () => {
  it(`puts an expected provider in the top 5 for at least ${MIN_HIT_AT_5 * 100} % of the queries`, async () => {
    const report = await runRelevance(rel);
    const table = formatReport(report);
    expect(
      report.overall.hitAt5,
      `hit@5 ${report.overall.hitAt5.toFixed(3)} is under ${MIN_HIT_AT_5}\n\n${table}\n`,
    ).toBeGreaterThanOrEqual(MIN_HIT_AT_5);
  }, 30_000);
});
