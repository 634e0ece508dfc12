import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listPublicProviders } from "../../db/queries/providers.ts";
import { providerListQuerySchema } from "../../src/lib/schemas.ts";
import {
  makeWorkload,
  readVocabulary,
  buildWorkload,
  type Vocabulary,
  type Workload,
  type WorkloadRequest,
} from "../../scripts/search-workload.ts";
import { makeTestApp, type TestApp } from "../helpers/app.ts";

const SIZE = 2000;

let t: TestApp;
let vocab: Vocabulary;
let w: Workload;

beforeAll(async () => {
  t = await makeTestApp({ providers: 300 });
  vocab = await readVocabulary(t.db);
  w = await makeWorkload(t.db, { size: SIZE, seed: 5 });
}, 60_000);

afterAll(async () => {
  await t?.close();
});

const isText = (r: WorkloadRequest) => r.query.search !== undefined && r.query.page === 1;
const share = (list: WorkloadRequest[], test: (r: WorkloadRequest) => boolean) =>
  list.filter(test).length / list.length;

describe("the search workload", () => {
  it("has 2,000 distinct text queries and no request twice", () => {
    const text = w.distinct.filter(isText);
    expect(text.length).toBe(SIZE);
    expect(new Set(w.distinct.map((r) => r.path)).size).toBe(w.distinct.length);
  });

  it("gives typos 15 %, Roman Urdu or Urdu 10 % and nothing-to-find 5 % of the text queries", () => {
    const text = w.distinct.filter(isText);
    expect(share(text, (r) => r.kind === "typo")).toBeCloseTo(0.15, 2);
    expect(share(text, (r) => r.kind === "roman-urdu" || r.kind === "urdu")).toBeCloseTo(0.1, 2);
    expect(share(text, (r) => r.kind === "urdu")).toBeGreaterThan(0.03);
    expect(share(text, (r) => r.kind === "none")).toBeCloseTo(0.05, 2);
    expect(share(text, (r) => r.kind === "english")).toBeCloseTo(0.7, 2);
  });

  it("mixes in filter-only listings (city, category, both) and pages 2 to 5", () => {
    const listings = w.distinct.filter((r) => r.query.search === undefined);
    expect(listings.every((r) => r.kind === "listing")).toBe(true);
    expect(listings.filter((r) => r.query.page === 1).length).toBeGreaterThanOrEqual(SIZE * 0.1);
    expect(listings.some((r) => r.query.city && !r.query.categoryId)).toBe(true);
    expect(listings.some((r) => !r.query.city && r.query.categoryId)).toBe(true);
    expect(listings.some((r) => r.query.city && r.query.categoryId)).toBe(true);
    const pages = new Set(w.distinct.map((r) => r.query.page));
    expect([...pages].sort()).toEqual([1, 2, 3, 4, 5]);
    expect(share(w.distinct, (r) => r.query.page > 1)).toBeGreaterThanOrEqual(0.05);
  });

  it("uses the city and category filters as well as text", () => {
    const text = w.distinct.filter(isText);
    expect(share(text, (r) => r.query.city !== undefined)).toBeGreaterThan(0.1);
    expect(share(text, (r) => r.query.categoryId !== undefined)).toBeGreaterThan(0.01);
  });

  it("builds English queries from the data's own words", () => {
    const english = w.distinct.filter((r) => isText(r) && r.kind === "english");
    const unknown = english.filter((r) =>
      (r.query.search!.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).some(
        (word) => word !== "in" && !vocab.tokens.has(word),
      ),
    );
    expect(unknown.map((r) => r.query.search)).toEqual([]);
  });

  it("misspells a word in every typo query", () => {
    const typos = w.distinct.filter((r) => r.kind === "typo");
    const clean = typos.filter((r) =>
      (r.query.search!.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).every(
        (word) => vocab.tokens.has(word) || word === "in",
      ),
    );
    expect(clean.map((r) => r.query.search)).toEqual([]);
  });

  it("finds nothing for the queries meant to match nothing", async () => {
    const none = w.distinct.filter((r) => r.kind === "none");
    const found: string[] = [];
    for (const r of none) {
      const page = await listPublicProviders(t.db, providerListQuerySchema.parse(r.query));
      if (page.total > 0) found.push(r.query.search ?? "");
    }
    expect(found).toEqual([]);
  });

  it("sends only requests the API accepts", async () => {
    const refused = w.distinct.filter((r) => {
      const params = Object.fromEntries(new URL(r.path, "http://x").searchParams);
      return !providerListQuerySchema.safeParse(params).success;
    });
    expect(refused.map((r) => r.path)).toEqual([]);
    for (const [i, r] of w.distinct.slice(0, 40).entries()) {
      const res = await t.app.request(r.path, { headers: { "x-test-ip": `10.0.0.${i}` } });
      expect(res.status, r.path).toBe(200);
    }
  });

  it("draws with a Zipf distribution that keeps each kind's share", () => {
    const draws = w.sequence(60_000, 11);
    const first = draws.filter((r) => r === w.distinct[0]).length / draws.length;
    expect(first).toBeGreaterThan(w.probabilities[0]! * 0.9);
    expect(first).toBeLessThan(w.probabilities[0]! * 1.1);
    const tenth = draws.filter((r) => r === w.distinct[9]).length / draws.length;
    expect(tenth / first).toBeGreaterThan(0.07);
    expect(tenth / first).toBeLessThan(0.13);
    expect(new Set(draws).size).toBeGreaterThan(1000);

    const text = draws.filter(isText);
    expect(share(text, (r) => r.kind === "typo")).toBeGreaterThan(0.13);
    expect(share(text, (r) => r.kind === "typo")).toBeLessThan(0.17);
    const urdu = share(text, (r) => r.kind === "roman-urdu" || r.kind === "urdu");
    expect(urdu).toBeGreaterThan(0.08);
    expect(urdu).toBeLessThan(0.12);
    expect(share(text, (r) => r.kind === "none")).toBeGreaterThan(0.035);
    expect(share(text, (r) => r.kind === "none")).toBeLessThan(0.065);
    expect(share(draws, (r) => r.query.search === undefined)).toBeGreaterThan(0.08);
  });

  it("is the same for the same seed and differs for another", () => {
    const again = buildWorkload(vocab, { size: SIZE, seed: 5 });
    expect(again.distinct.map((r) => r.path)).toEqual(w.distinct.map((r) => r.path));
    expect(again.sequence(500, 3)).toEqual(w.sequence(500, 3));
    const other = buildWorkload(vocab, { size: SIZE, seed: 6 });
    expect(other.distinct.map((r) => r.path)).not.toEqual(w.distinct.map((r) => r.path));
  });
});
