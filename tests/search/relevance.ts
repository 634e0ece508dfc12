/**
 * The relevance harness (decision 015): builds the fixed dataset of
 * relevance-set.ts in a throwaway libSQL file, runs every query through a
 * public entry point (`listPublicProviders` with the query as
 * `providerListQuerySchema` parses it, or GET /api/providers of the real app;
 * 25 results), and scores it:
 *
 * - hit@5: the share of queries with at least one expected provider in the top 5;
 * - MRR: the mean of 1 / rank of the first expected provider (0 when none is in the 25).
 *
 * Used by tests/search/relevance.test.ts and `npm run bench:search`.
 */
import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { listPublicProviders } from "../../db/queries/providers.ts";
import { providers, serviceCategories, services } from "../../db/schema.ts";
import { createProvider } from "../../db/seed/factories.ts";
import { seedProviders } from "../../db/seed/index.ts";
import { providerListQuerySchema } from "../../src/lib/schemas.ts";
import type { ProviderPublic } from "../../src/lib/types.ts";
import { makeTestApp, type TestApp } from "../helpers/app.ts";
import {
  DATASET_PROVIDERS,
  DATASET_SEED,
  HANDWRITTEN_PROVIDERS,
  QUERY_KINDS,
  RELEVANCE_QUERIES,
  type DatasetProvider,
  type QueryKind,
  type RelevanceQuery,
  type SearchFeature,
} from "./relevance-set.ts";

/** Results asked for per query; MRR looks this deep. */
export const RESULTS_PER_QUERY = 25;
/** A query is a hit when an expected provider is among this many. */
export const HIT_DEPTH = 5;

export interface RelevanceDb {
  db: Db;
  /** The real app over the same database, for asking GET /api/providers. */
  app: TestApp["app"];
  dataset: DatasetProvider[];
  dir: string;
  close(): Promise<void>;
}

/**
 * Seeds the relevance dataset into a throwaway libSQL file (the app of
 * tests/helpers/app.ts, migrated, with the categories): the hand-written
 * providers, then the generated ones. seedProviders rebuilds the search
 * index last, so anything built alongside the index sees every provider.
 */
export async function buildRelevanceDb(): Promise<RelevanceDb> {
  const t = await makeTestApp();
  for (const p of HANDWRITTEN_PROVIDERS) await createProvider(t.db, p);
  await seedProviders(t.db, DATASET_PROVIDERS, DATASET_SEED);
  const dataset = await loadDataset(t.db);
  return { db: t.db, app: t.app, dataset, dir: t.dir, close: () => t.close() };
}

/** Every provider (active or not) with its services, as the rules see them. */
export async function loadDataset(db: Db): Promise<DatasetProvider[]> {
  const rows = await db
    .select({
      id: providers.id,
      companyName: providers.companyName,
      description: providers.description,
      location: providers.location,
      city: providers.city,
      isActive: providers.isActive,
      isVerified: providers.isVerified,
    })
    .from(providers)
    .orderBy(asc(providers.id));
  const byId = new Map<string, DatasetProvider>(rows.map((r) => [r.id, { ...r, services: [] }]));
  const svc = await db
    .select({
      providerId: services.providerId,
      name: services.name,
      description: services.description,
      categoryId: services.categoryId,
      categoryName: serviceCategories.name,
      isActive: services.isActive,
    })
    .from(services)
    .innerJoin(serviceCategories, eq(serviceCategories.id, services.categoryId))
    .orderBy(asc(services.providerId), asc(services.createdAt));
  for (const { providerId, ...s } of svc) byId.get(providerId)?.services.push(s);
  return [...byId.values()];
}

/** Ids of the active providers a query expects. */
export function expectedIds(
  entry: RelevanceQuery,
  dataset: readonly DatasetProvider[],
): Set<string> {
  return new Set(dataset.filter((p) => p.isActive && entry.expect(p)).map((p) => p.id));
}

export interface QueryOutcome {
  entry: RelevanceQuery;
  /** Active providers the rule accepts. */
  expected: number;
  /** 1-based rank of the first expected result among the first 25, or null. */
  rank: number | null;
  hit: boolean;
  /** 1 / rank, 0 without one. */
  reciprocalRank: number;
  /** Matches the search reported (its `total`). */
  total: number;
  /** The first five results, for reading a miss. */
  top: { companyName: string; city: string | null; expected: boolean }[];
  ms: number;
}

export interface Score {
  queries: number;
  hits: number;
  hitAt5: number;
  mrr: number;
}

export interface RelevanceReport {
  overall: Score;
  byKind: Record<QueryKind, Score>;
  outcomes: QueryOutcome[];
  misses: QueryOutcome[];
}

/** Rank (1-based) of the first id in `expected`, or null. */
export function firstRank(ids: readonly string[], expected: ReadonlySet<string>): number | null {
  const i = ids.findIndex((id) => expected.has(id));
  return i < 0 ? null : i + 1;
}

export function score(outcomes: readonly Pick<QueryOutcome, "hit" | "reciprocalRank">[]): Score {
  const n = outcomes.length;
  const hits = outcomes.filter((o) => o.hit).length;
  const rr = outcomes.reduce((sum, o) => sum + o.reciprocalRank, 0);
  return { queries: n, hits, hitAt5: n ? hits / n : 0, mrr: n ? rr / n : 0 };
}

/**
 * Where the queries go: `listPublicProviders` (default), or GET /api/providers
 * of the real app, which adds the route's own work (rate limit, parsing).
 */
export type Via = "function" | "api";

let apiCalls = 0;

/** The first page of 25 for a query, from the function or the API. */
export async function searchFirstPage(
  rel: Pick<RelevanceDb, "db" | "app">,
  entry: RelevanceQuery,
  via: Via = "function",
): Promise<{ items: ProviderPublic[]; total: number }> {
  const input = {
    search: entry.query,
    city: entry.city,
    categoryId: entry.categoryId,
    page: 1,
    limit: RESULTS_PER_QUERY,
  };
  if (via === "function") {
    return listPublicProviders(rel.db, providerListQuerySchema.parse(input));
  }
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(input)) if (v !== undefined) params.set(k, String(v));
  // One client address per request: the per-IP search limit is not what is measured.
  const n = apiCalls++;
  const res = await rel.app.request(`/api/providers?${params}`, {
    headers: { "x-test-ip": `10.13.${(n >> 8) & 255}.${n & 255}` },
  });
  if (res.status !== 200) {
    throw new Error(`GET /api/providers?${params} answered ${res.status}: ${await res.text()}`);
  }
  return {
    items: (await res.json()) as ProviderPublic[],
    total: Number(res.headers.get("X-Total-Count") ?? 0),
  };
}

/** Runs one query, first page of 25, and scores it. */
export async function runQuery(
  rel: Pick<RelevanceDb, "db" | "app">,
  entry: RelevanceQuery,
  dataset: readonly DatasetProvider[],
  via: Via = "function",
): Promise<QueryOutcome> {
  const expected = expectedIds(entry, dataset);
  const t0 = performance.now();
  const page = await searchFirstPage(rel, entry, via);
  const ms = performance.now() - t0;
  const ids = page.items.map((p) => p.id);
  const rank = firstRank(ids, expected);
  return {
    entry,
    expected: expected.size,
    rank,
    hit: rank !== null && rank <= HIT_DEPTH,
    reciprocalRank: rank === null ? 0 : 1 / rank,
    total: page.total,
    top: page.items.slice(0, HIT_DEPTH).map((p) => ({
      companyName: p.companyName,
      city: p.city,
      expected: expected.has(p.id),
    })),
    ms,
  };
}

export async function runRelevance(
  rel: Pick<RelevanceDb, "db" | "app" | "dataset">,
  opts: { queries?: readonly RelevanceQuery[]; via?: Via } = {},
): Promise<RelevanceReport> {
  const outcomes: QueryOutcome[] = [];
  for (const entry of opts.queries ?? RELEVANCE_QUERIES) {
    outcomes.push(await runQuery(rel, entry, rel.dataset, opts.via));
  }
  const byKind = Object.fromEntries(
    QUERY_KINDS.map((k) => [k, score(outcomes.filter((o) => o.entry.kind === k))]),
  ) as Record<QueryKind, Score>;
  return { overall: score(outcomes), byKind, outcomes, misses: outcomes.filter((o) => !o.hit) };
}

/** How a query reads in a report: `"welding" [city=Lahore]`. */
export function describeQuery(entry: RelevanceQuery): string {
  const filters = [
    entry.city ? `city=${entry.city}` : "",
    entry.categoryId ? `categoryId=${entry.categoryId.slice(0, 8)}…` : "",
  ].filter(Boolean);
  return `"${entry.query}"${filters.length ? ` [${filters.join(", ")}]` : ""}`;
}

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

/** The per-kind table, then every miss with what came back instead. */
export function formatReport(report: RelevanceReport): string {
  const lines = [
    "| kind | queries | hit@5 | MRR |",
    "|---|---|---|---|",
    ...QUERY_KINDS.map((k) => {
      const s = report.byKind[k];
      return `| ${k} | ${s.queries} | ${pct(s.hitAt5)} (${s.hits}) | ${s.mrr.toFixed(3)} |`;
    }),
    `| **all** | ${report.overall.queries} | ${pct(report.overall.hitAt5)} (${report.overall.hits}) | ${report.overall.mrr.toFixed(3)} |`,
  ];
  if (report.misses.length) {
    lines.push("", `Misses (${report.misses.length}):`);
    for (const m of report.misses) {
      const where = m.rank === null ? "none in the first 25" : `first expected at ${m.rank}`;
      const top = m.top.length
        ? m.top.map((t) => `${t.companyName} (${t.city ?? "?"})`).join("; ")
        : "no results";
      const needs = m.entry.needs?.length ? ` needs ${m.entry.needs.join("+")};` : "";
      lines.push(
        `- ${m.entry.kind} ${describeQuery(m.entry)}:${needs} ${m.expected} expected, ${m.total} found, ${where}. Top: ${top}`,
      );
    }
  }
  return lines.join("\n");
}

/** Misses grouped by the feature they need ("none" when the query should pass today). */
export function missesByFeature(report: RelevanceReport): Map<SearchFeature | "none", string[]> {
  const out = new Map<SearchFeature | "none", string[]>();
  for (const m of report.misses) {
    for (const f of m.entry.needs?.length ? m.entry.needs : (["none"] as const)) {
      out.set(f, [...(out.get(f) ?? []), describeQuery(m.entry)]);
    }
  }
  return out;
}
