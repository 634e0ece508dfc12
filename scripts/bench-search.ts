/**
 * `npm run bench:search` — not part of the tests. The search figures (decision 015):
 *
 *   node scripts/bench-search.ts
 *       the relevance set (tests/search/relevance-set.ts) on its fixed dataset:
 *       hit@5 and MRR per kind and overall, every miss with what came first
 *   node scripts/bench-search.ts --latency [--providers 100000] [--size 2000] [--seed 1]
 *       also the one-client time of the search workload (scripts/search-workload.ts):
 *       each distinct request once, in-process against listPublicProviders on a
 *       database of N generated providers (seeded into .bench-search/N/, removed
 *       after unless --keep), p50/p95/p99 per kind, the slowest requests
 *   --data-dir DIR    time against a database already seeded there (DATA_DIR layout)
 *   --keep            keep .bench-search/N/ (seeding 100,000 takes a minute or two)
 *   --no-relevance    skip the relevance set
 *   --api             ask the relevance set through GET /api/providers of the real app
 *                     instead of calling listPublicProviders
 *
 * "Uncached": every distinct request runs once, after a warm-up on requests of
 * another workload seed that are not in the timed list, so a result cache in
 * listPublicProviders has not seen any timed request before. The time is
 * listPublicProviders' own (schema parsing included; no HTTP, rate limit or
 * JSON): wall time, and the process's CPU time beside it, which on a shared
 * machine is the steadier of the two (libSQL runs a file database in-process;
 * CPU time counts all its threads, so it can exceed the wall time).
 */
import { access, mkdir, rm } from "node:fs/promises";
import { join, resolve } from "node:path";
import { dbConfigFromEnv, migrateDb, openDb, type Db } from "../db/client.ts";
import { listPublicProviders } from "../db/queries/providers.ts";
import { deleteAllProviders, seedCategories, seedProviders } from "../db/seed/index.ts";
import { providerListQuerySchema } from "../src/lib/schemas.ts";
import {
  buildRelevanceDb,
  formatReport,
  missesByFeature,
  runRelevance,
} from "../tests/search/relevance.ts";
import {
  buildWorkload,
  readVocabulary,
  type Vocabulary,
  type WorkloadKind,
  type WorkloadRequest,
} from "./search-workload.ts";

export interface Timed {
  request: WorkloadRequest;
  wallMs: number;
  cpuMs: number;
  total: number;
}

export interface LatencySummary {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  cpuP95: number;
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export function summarize(rows: readonly Timed[]): LatencySummary {
  const wall = rows.map((r) => r.wallMs).sort((a, b) => a - b);
  const cpu = rows.map((r) => r.cpuMs).sort((a, b) => a - b);
  return {
    count: rows.length,
    p50: percentile(wall, 50),
    p95: percentile(wall, 95),
    p99: percentile(wall, 99),
    max: wall.at(-1) ?? NaN,
    cpuP95: percentile(cpu, 95),
  };
}

/** Times each request once, one at a time, as the API would run it. */
export async function timeRequests(db: Db, requests: readonly WorkloadRequest[]): Promise<Timed[]> {
  const out: Timed[] = [];
  for (const request of requests) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const page = await listPublicProviders(db, providerListQuerySchema.parse(request.query));
    const wallMs = performance.now() - t0;
    const c = process.cpuUsage(c0);
    out.push({ request, wallMs, cpuMs: (c.user + c.system) / 1000, total: page.total });
  }
  return out;
}

/**
 * The workload's distinct requests (seed `seed`), each timed once after a
 * warm-up on other requests. Returns every timing and the summaries.
 */
export async function benchWorkloadLatency(
  db: Db,
  opts: { size?: number; seed?: number; vocab?: Vocabulary } = {},
): Promise<{ rows: Timed[]; overall: LatencySummary; text: LatencySummary; table: string }> {
  const vocab = opts.vocab ?? (await readVocabulary(db));
  const workload = buildWorkload(vocab, { size: opts.size ?? 2000, seed: opts.seed ?? 1 });
  const timedPaths = new Set(workload.distinct.map((r) => r.path));
  const warmup = buildWorkload(vocab, { size: 400, seed: (opts.seed ?? 1) + 1000 })
    .distinct.filter((r) => !timedPaths.has(r.path))
    .slice(0, 200);
  await timeRequests(db, warmup);
  const rows = await timeRequests(db, workload.distinct);
  const isText = (r: Timed) => r.request.query.search !== undefined;
  const groups: [string, Timed[]][] = [
    ["all requests", rows],
    ["text searches (page 1-5)", rows.filter(isText)],
    ...(["english", "typo", "roman-urdu", "urdu", "none"] as WorkloadKind[]).map(
      (k) => [`  ${k}`, rows.filter((r) => isText(r) && r.request.kind === k)] as [string, Timed[]],
    ),
    ["listings, no text", rows.filter((r) => !isText(r))],
    ["pages 2-5", rows.filter((r) => r.request.query.page > 1)],
  ];
  const ms = (n: number) => n.toFixed(1);
  const lines = [
    "| requests | count | p50 | p95 | p99 | max | CPU p95 |",
    "|---|---|---|---|---|---|---|",
    ...groups.map(([name, g]) => {
      const s = summarize(g);
      return `| ${name} | ${s.count} | ${ms(s.p50)} | ${ms(s.p95)} | ${ms(s.p99)} | ${ms(s.max)} | ${ms(s.cpuP95)} |`;
    }),
    "",
    "Slowest:",
    ...[...rows]
      .sort((a, b) => b.wallMs - a.wallMs)
      .slice(0, 10)
      .map(
        (r) =>
          `- ${ms(r.wallMs)} ms (CPU ${ms(r.cpuMs)}) ${r.request.kind} ${decodeURIComponent(r.request.path)} → ${r.total} found`,
      ),
  ];
  return {
    rows,
    overall: summarize(rows),
    text: summarize(rows.filter(isText)),
    table: lines.join("\n"),
  };
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}

if (import.meta.main) {
  const args = process.argv.slice(2);
  const flag = (name: string) => args.includes(name);
  const value = (name: string, fallback: number) => {
    const i = args.indexOf(name);
    const n = i >= 0 ? Number(args[i + 1]) : NaN;
    return Number.isFinite(n) && n > 0 ? n : fallback;
  };
  const dataDirAt = args.indexOf("--data-dir");
  const dataDir = dataDirAt >= 0 ? args[dataDirAt + 1] : undefined;

  if (!flag("--no-relevance")) {
    const t0 = performance.now();
    const rel = await buildRelevanceDb();
    try {
      const report = await runRelevance(rel, { via: flag("--api") ? "api" : "function" });
      const active = rel.dataset.filter((p) => p.isActive).length;
      console.log(
        `\nSearch relevance: ${report.overall.queries} queries over ${rel.dataset.length.toLocaleString("en-US")} providers ` +
          `(${active.toLocaleString("en-US")} active), top 25 each (${((performance.now() - t0) / 1000).toFixed(1)} s)\n`,
      );
      console.log(formatReport(report));
      const byFeature = missesByFeature(report);
      if (byFeature.size) {
        console.log("\nMisses by the feature they need:");
        for (const [feature, queries] of byFeature) {
          console.log(`- ${feature} (${queries.length}): ${queries.join(", ")}`);
        }
      }
    } finally {
      await rel.close();
    }
  }

  if (flag("--latency")) {
    const providers = value("--providers", 100_000);
    const dir = dataDir ? resolve(dataDir) : resolve(".bench-search", String(providers));
    const env = { DATA_DIR: dir };
    const reuse = dataDir !== undefined || (flag("--keep") && (await exists(join(dir, "seeded"))));
    await mkdir(dir, { recursive: true });
    const db = await openDb(dbConfigFromEnv(env));
    try {
      await migrateDb(db);
      if (!reuse) {
        console.log(`\nseeding ${providers.toLocaleString("en-US")} providers into ${dir} …`);
        const t0 = performance.now();
        await seedCategories(db);
        await deleteAllProviders(db);
        await seedProviders(db, providers);
        await mkdir(join(dir, "seeded"), { recursive: true });
        console.log(`seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
      }
      const t0 = performance.now();
      const r = await benchWorkloadLatency(db, {
        size: value("--size", 2000),
        seed: value("--seed", 1),
      });
      console.log(
        `\nOne client, each distinct workload request once (uncached), listPublicProviders in-process, ms ` +
          `(${((performance.now() - t0) / 1000).toFixed(1)} s):\n`,
      );
      console.log(r.table);
      console.log(
        `\nTarget: p95 ≤ 20 ms. All requests p95 ${r.overall.p95.toFixed(1)} ms ` +
          `(CPU ${r.overall.cpuP95.toFixed(1)} ms), text searches p95 ${r.text.p95.toFixed(1)} ms ` +
          `(CPU ${r.text.cpuP95.toFixed(1)} ms)`,
      );
    } finally {
      db.$client.close();
      if (!dataDir && !flag("--keep")) await rm(dir, { recursive: true, force: true });
    }
  }
}
