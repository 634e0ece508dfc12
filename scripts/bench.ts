/**
 * `npm run bench` — not part of the tests. For each size (default 10,000 and
 * 100,000 generated providers) it prints:
 *   - seeding time,
 *   - the build (`node scripts/build.ts`, as `npm run build` runs it, within its file
 *     budget ASSET_FILE_LIMIT, default 20,000): its time, the peak resident memory of
 *     its whole process tree, and its files by kind (build-info.json); the bench
 *     fails when the build fails, holds more files than the budget, or its memory
 *     goes above 4 GiB (decision 031),
 *   - the search workload (scripts/search-workload.ts: 2,000+ distinct queries from
 *     the data's vocabulary, typos, Roman Urdu and Urdu, nothing-to-find, listings,
 *     pages 2-5, drawn with a Zipf distribution) against GET /api/providers over
 *     loopback at a concurrency of 50 (autocannon), on the real Node server:
 *     requests per second, latency p50/p95/p99, errors and timeouts apart; then
 *     a bare Hono hello-world (scripts/bench-hello.ts) with the same settings,
 *     and the ratio of the two,
 *   - the workload's one-client time, each distinct request once (uncached), in-process
 *     against listPublicProviders before the server starts (scripts/bench-search.ts),
 *   - the worst-case anonymous queries, timed against the query functions
 *     (scripts/bench-worst-case.ts; exits 1 when one is over its 100 ms budget),
 *   - claims and suggested edits (scripts/bench-ownership.ts): the claim page, the admin
 *     Claims and Edits tabs, a closed listing's 410 page (budget 100 ms) and the two
 *     write transactions,
 *   - the time of a provider page rendered on demand, cache miss and hit, and
 *     whether the pages the build left out (providers, listings, in both
 *     languages) are served and listed in the sitemap (scripts/bench-pages.ts).
 * Then, build only (seed, build, files, memory): 1,000,000 providers.
 * First of all, what an upload's WebP and JPEG copies cost (scripts/bench-images.ts).
 * Sizes: `npm run bench -- 10000 100000 --build-only 1000000` (`--build-only 0`: none).
 * Work happens in .bench/ (BENCH_DIR to move it; removed after). The server listens on
 * BENCH_PORT (default 4491), the hello-world on the next port.
 */
import autocannon from "autocannon";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdir, rm } from "node:fs/promises";
import { join, resolve } from "node:path";
import { dbConfigFromEnv, migrateDb, openDb } from "../db/client.ts";
import { deleteAllProviders, seedCategories, seedProviders } from "../db/seed/index.ts";
import { clientDir, readBuildInfo, type BuildInfo } from "../functions/node/publish.ts";
import { assetFileLimit, BUDGET_ORDER, type BudgetKind } from "../src/lib/file-budget.ts";
import { benchImages } from "./bench-images.ts";
import { benchOnDemand, checkLeftOut, onDemandPaths } from "./bench-pages.ts";
import { benchStatic } from "./bench-static.ts";
import { benchWorstCase } from "./bench-worst-case.ts";
import { benchOwnership } from "./bench-ownership.ts";
import { benchWorkloadLatency } from "./bench-search.ts";
import { buildWorkload, readVocabulary, type Workload } from "./search-workload.ts";
import { watchTreeMemory } from "./tree-memory.ts";

const args = process.argv.slice(2);
const buildOnlyAt = args.indexOf("--build-only");
const buildOnlyArgs = buildOnlyAt >= 0 ? args.splice(buildOnlyAt, 2).slice(1) : [];
const sizes = args.map(Number).filter((n) => n > 0);
const SIZES = sizes.length ? sizes : [10_000, 100_000];
const BUILD_ONLY = buildOnlyAt >= 0 ? buildOnlyArgs.map(Number).filter((n) => n > 0) : [1_000_000];
const PORT = Number(process.env.BENCH_PORT) || 4491;
const HELLO_PORT = PORT + 1;
/** Distinct text queries of the search workload, and its seed. */
const WORKLOAD_SIZE = 2000;
const WORKLOAD_SEED = 1;
const DURATION_S = 15;
/** autocannon's per-request timeout, seconds (its default, stated). */
const TIMEOUT_S = 10;

/** The build's memory budget: its whole process tree at its peak (decision 031). */
const BUILD_MEMORY_BUDGET = 4 * 2 ** 30;
/** The file budget the build plans within and is held to (Workers static assets). */
const FILE_LIMIT = assetFileLimit(process.env.ASSET_FILE_LIMIT);

/**
 * `npm run build`'s own script on the bench's data, its whole process tree's
 * memory sampled meanwhile; the build fails (exit 1) over the file budget.
 */
async function runBuild(env: Record<string, string>, out: string) {
  const t0 = performance.now();
  const child = spawn(process.execPath, ["scripts/build.ts"], {
    env: {
      ...process.env,
      ...env,
      SITE_DIR: out,
      ASSET_FILE_LIMIT: String(FILE_LIMIT),
      PUBLIC_SITE_URL: "https://karkhana.example",
    },
    // Astro names every page it writes: only the errors are worth seeing.
    stdio: ["ignore", "ignore", "inherit"],
  });
  const memory = watchTreeMemory(child.pid!);
  const exit = await new Promise<number | string>((ok) =>
    child.on("exit", (code, signal) => ok(code ?? signal ?? "?")),
  );
  const { peak, cpuSeconds } = memory.stop();
  const seconds = (performance.now() - t0) / 1000;
  const info = exit === 0 ? await readBuildInfo(out) : null;
  return { exit, seconds, cpuSeconds, peak, info };
}

const KIND_LABEL: Record<BudgetKind, string> = {
  sitemaps: "sitemaps",
  cities: "city pages",
  cityCategories: "city × category pages",
  providers: "provider pages",
  emptyCities: "empty-city pages",
};

/** Files by kind, and the pages (both languages) left to be rendered on demand. */
function filesByKind(info: BuildInfo) {
  const b = info.budget!;
  const fixed = (info.files ?? 0) - (b.files - b.reserved);
  const left = BUDGET_ORDER.map((k) => ({ kind: k, left: b.kinds[k].left })).filter(
    (k) => k.left > 0,
  );
  return {
    fixed,
    cells: BUDGET_ORDER.map((k) => fmt(b.kinds[k].files)),
    left: left.length
      ? left.map((k) => `${fmt(k.left)} ${KIND_LABEL[k.kind]}`).join(", ")
      : "nothing",
  };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function waitForHealth(url: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not answer ${url}`);
}

/**
 * 50 connections for DURATION_S against `base`, each request the workload's
 * next Zipf draw (the same stream for every server, by `drawSeed`).
 */
async function loadTest(base: string, workload: Workload, drawSeed: number) {
  const latencies: number[] = [];
  let non2xx = 0;
  let i = 0;
  const next = workload.drawer(drawSeed);
  let instance!: autocannon.Instance;
  const result = await new Promise<autocannon.Result>((ok, fail) => {
    instance = autocannon(
      {
        url: base,
        connections: 50,
        duration: DURATION_S,
        timeout: TIMEOUT_S,
        requests: [
          {
            setupRequest: (req) => {
              const n = i++;
              return {
                ...req,
                path: next().path,
                // Many clients, as in production: one loopback IP would meet the
                // per-IP search limit (LIMITS.searchIp) within a second.
                headers: {
                  ...req.headers,
                  "x-forwarded-for": `10.9.${(n >> 8) & 255}.${n & 255}`,
                  // As every browser sends it.
                  "accept-encoding": "gzip, deflate, br",
                },
              };
            },
          },
        ],
      },
      (err: Error | null, res) => (err ? fail(err) : ok(res)),
    );
    instance.on("response", (_client, status, _bytes, ms) => {
      latencies.push(ms);
      if (status < 200 || status >= 300) non2xx++;
    });
  });
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    rps: Math.round(latencies.length / DURATION_S),
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    // autocannon counts a timeout as an error too; here they are apart.
    errors: result.errors - result.timeouts + non2xx,
    timeouts: result.timeouts,
  };
}

type LoadFigures = Awaited<ReturnType<typeof loadTest>>;

/** Stops a detached child's process group and waits until it has gone (10 s at most). */
async function stopGroup(child: ChildProcess) {
  if (!child.pid || child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((ok) => child.once("exit", ok));
  process.kill(-child.pid, "SIGTERM");
  await Promise.race([gone, new Promise((ok) => setTimeout(ok, 10_000))]);
}

/** The hello-world yardstick, loaded exactly as the search API is. */
async function helloLoad(workload: Workload) {
  const hello = spawn(process.execPath, ["scripts/bench-hello.ts"], {
    env: { ...process.env, PORT: String(HELLO_PORT), HOST: "127.0.0.1" },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  try {
    await waitForHealth(`http://127.0.0.1:${HELLO_PORT}/`, 30_000);
    await loadTest(`http://127.0.0.1:${HELLO_PORT}`, workload, 1); // warm-up, discarded
    return await loadTest(`http://127.0.0.1:${HELLO_PORT}`, workload, 2);
  } finally {
    await stopGroup(hello);
  }
}

const images = await benchImages();

const root = resolve(process.env.BENCH_DIR || ".bench");
const rows: string[] = [];
const searchRows: string[] = [];
const buildRows: string[] = [];
let overBudget = false;
/** What makes the bench fail besides the query budgets: the build's files and memory. */
const failures: string[] = [];
const fmt = (n: number) => n.toLocaleString("en");
for (const n of [...SIZES, ...BUILD_ONLY]) {
  const full = SIZES.includes(n);
  const dir = join(root, String(n));
  await rm(dir, { recursive: true, force: true });
  await mkdir(join(dir, "data"), { recursive: true });
  const env = { DATA_DIR: join(dir, "data") };
  const db = await openDb(dbConfigFromEnv(env));
  await migrateDb(db);
  await seedCategories(db);
  await deleteAllProviders(db);
  const t0 = performance.now();
  await seedProviders(db, n);
  const seedS = (performance.now() - t0) / 1000;
  console.log(`[bench] ${n}: seeded in ${seedS.toFixed(1)} s; building…`);

  const out = join(dir, "dist");
  const build = await runBuild(env, out);
  const mib = (build.peak / 2 ** 20).toFixed(0);
  if (build.exit !== 0 || !build.info?.budget) {
    failures.push(`${fmt(n)}: the build failed (exit ${build.exit})`);
    buildRows.push(`| ${fmt(n)} | ${seedS.toFixed(1)} s | failed | ${mib} MiB | – | – |`);
    db.$client.close();
    await rm(dir, { recursive: true, force: true });
    continue;
  }
  const info = build.info;
  const files = info.files ?? 0;
  const kinds = filesByKind(info);
  console.log(
    `[bench] ${n}: built ${fmt(info.pages)} pages (${fmt(files)} files, limit ${fmt(FILE_LIMIT)}) in ${build.seconds.toFixed(1)} s (CPU ${build.cpuSeconds.toFixed(0)} s), peak ${mib} MiB`,
  );
  if (files > FILE_LIMIT)
    failures.push(`${fmt(n)}: ${fmt(files)} files, over the limit of ${fmt(FILE_LIMIT)}`);
  if (build.peak > BUILD_MEMORY_BUDGET)
    failures.push(
      `${fmt(n)}: the build's memory peaked at ${mib} MiB, over ${BUILD_MEMORY_BUDGET / 2 ** 20} MiB`,
    );
  buildRows.push(
    `| ${fmt(n)} | ${seedS.toFixed(1)} s | ${build.seconds.toFixed(1)} s (CPU ${build.cpuSeconds.toFixed(0)} s) | ${mib} MiB | ${fmt(files)} | ${fmt(kinds.fixed)} | ${kinds.cells.join(" | ")} | ${kinds.left} |`,
  );
  if (!full) {
    db.$client.close();
    await rm(dir, { recursive: true, force: true });
    continue;
  }
  const paths = await onDemandPaths(db, clientDir(out), 201);
  const leftOut = await checkLeftOut(db, clientDir(out));
  // Before the server has seen any of it: nothing is cached yet, wherever a cache lives.
  const vocab = await readVocabulary(db);
  const workload = buildWorkload(vocab, { size: WORKLOAD_SIZE, seed: WORKLOAD_SEED });
  const oneClient = await benchWorkloadLatency(db, {
    size: WORKLOAD_SIZE,
    seed: WORKLOAD_SEED,
    vocab,
  });
  console.log(
    `[bench] ${n}: search workload of ${fmt(workload.distinct.length)} distinct requests; one client, uncached (ms):\n${oneClient.table}`,
  );
  db.$client.close();
  await benchStatic(clientDir(out), `${fmt(n)} providers`);

  const server = spawn(process.execPath, ["functions/node.ts"], {
    env: {
      ...process.env,
      ...env,
      SITE_DIR: out,
      // The origin the bench built for: the server then serves that build as it is.
      PUBLIC_SITE_URL: "https://karkhana.example",
      PORT: String(PORT),
      HOST: "127.0.0.1",
      TRUST_PROXY: "1",
    },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  let search!: LoadFigures;
  try {
    await waitForHealth(`http://127.0.0.1:${PORT}/api/health`, 120_000);
    const pages = await benchOnDemand(`http://127.0.0.1:${PORT}`, paths);
    const served = await leftOut.check(`http://127.0.0.1:${PORT}`);
    console.log(`[bench] ${n}: ${served.summary}`);
    failures.push(...served.failures.map((f) => `${fmt(n)}: ${f}`));
    console.log(
      `[bench] ${n}: ${pages.pages} provider pages on demand, miss p50 ${pages.missP50.toFixed(1)} ms, hit p50 ${pages.hitP50.toFixed(1)} ms`,
    );
    // The warm-up draws another stream of the same workload, so the measured run's
    // first requests are not all answered from whatever the warm-up cached.
    const warm = await loadTest(`http://127.0.0.1:${PORT}`, workload, 1);
    console.log(
      `[bench] ${n}: warm-up ${warm.requests} requests, ${warm.errors} errors, ${warm.timeouts} timeouts`,
    );
    search = await loadTest(`http://127.0.0.1:${PORT}`, workload, 2);
    console.log(
      `[bench] ${n}: search ${search.rps} req/s, p50/p95/p99 ${search.p50.toFixed(0)}/${search.p95.toFixed(0)}/${search.p99.toFixed(0)} ms, ${search.errors} errors, ${search.timeouts} timeouts`,
    );
    const onDemand =
      pages.pages === 0
        ? "none: all pre-rendered | –"
        : `${pages.missP50.toFixed(1)} / ${pages.missP95.toFixed(1)} ms | ${pages.hitP50.toFixed(1)} / ${pages.hitP95.toFixed(1)} ms`;
    rows.push(`| ${fmt(n)} | ${onDemand} |`);
  } finally {
    await stopGroup(server);
  }
  const hello = await helloLoad(workload);
  console.log(`[bench] ${n}: hello-world ${hello.rps} req/s, ${hello.errors} errors`);
  searchRows.push(
    `| ${fmt(n)} | ${search.rps} | ${search.p50.toFixed(0)} / ${search.p95.toFixed(0)} / ${search.p99.toFixed(0)} ms | ${search.errors} | ${search.timeouts} | ${hello.rps} | ${((100 * search.rps) / hello.rps).toFixed(1)} % | ${oneClient.overall.p95.toFixed(1)} ms (CPU ${oneClient.overall.cpuP95.toFixed(1)}) |`,
  );
  const again = await openDb(dbConfigFromEnv(env));
  if (!(await benchWorstCase(again))) overBudget = true;
  // Last: it adds claims and proposals and closes a listing.
  if (!(await benchOwnership(again))) overBudget = true;
  again.$client.close();
  await rm(dir, { recursive: true, force: true });
}

console.log(`
${images}

Build within ${fmt(FILE_LIMIT)} files (ASSET_FILE_LIMIT), files by kind (each directory page in English and Urdu):

| providers | seed | build (CPU of its processes) | peak RSS, process tree | files | fixed | ${BUDGET_ORDER.map((k) => KIND_LABEL[k]).join(" | ")} | left to render on demand |
|---|---|---|---|---|---|${BUDGET_ORDER.map(() => "---|").join("")}---|
${buildRows.join("\n")}

| providers | provider page on demand, miss p50 / p95 | from the page cache p50 / p95 |
|---|---|---|
${rows.join("\n")}

Search workload (${fmt(WORKLOAD_SIZE)} distinct text queries + listings and pages 2-5, Zipf draws), 50 connections, ${DURATION_S} s, timeout ${TIMEOUT_S} s:

| providers | req/s | p50 / p95 / p99 | errors | timeouts | hello-world req/s | ratio | one client p95, uncached |
|---|---|---|---|---|---|---|---|
${searchRows.join("\n")}`);
if (failures.length)
  console.error(`\n[bench] FAILED:\n${failures.map((f) => `  ${f}`).join("\n")}`);
if (overBudget || failures.length) process.exitCode = 1;
