/**
 * `npm run bench` — not part of the tests. For each size (default 10,000 and
 * 100,000 generated providers) it prints:
 *   - seeding time,
 *   - pages pre-rendered, build time, pages per second, peak memory of the build,
 *   - GET /api/providers?search=… latency p50/p95/p99 and requests per second over
 *     loopback at a concurrency of 50 (autocannon), against the real Node server,
 *   - the worst-case anonymous queries, timed against the query functions
 *     (scripts/bench-worst-case.ts; exits 1 when one is over its 100 ms budget),
 *   - files in the build (its budget: ASSET_FILE_LIMIT, default 20,000), and the
 *     time of a provider page rendered on demand, cache miss and hit
 *     (scripts/bench-pages.ts).
 * Then, build only (seed, build, files): 1,000,000 providers.
 * First of all, what an upload's WebP and JPEG copies cost (scripts/bench-images.ts).
 * Sizes: `npm run bench -- 10000 100000 --build-only 1000000` (`--build-only 0`: none).
 * Work happens in .bench/ (removed after).
 */
import autocannon from "autocannon";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdir, readFile, rm } from "node:fs/promises";
import { join, resolve } from "node:path";
import { dbConfigFromEnv, migrateDb, openDb } from "../db/client.ts";
import { deleteAllProviders, seedCategories, seedProviders } from "../db/seed/index.ts";
import { buildSite, clientDir, countFiles } from "../functions/node/publish.ts";
import { benchImages } from "./bench-images.ts";
import { benchOnDemand, onDemandPaths } from "./bench-pages.ts";
import { benchStatic } from "./bench-static.ts";
import { benchWorstCase } from "./bench-worst-case.ts";

const args = process.argv.slice(2);
const buildOnlyAt = args.indexOf("--build-only");
const buildOnlyArgs = buildOnlyAt >= 0 ? args.splice(buildOnlyAt, 2).slice(1) : [];
const sizes = args.map(Number).filter((n) => n > 0);
const SIZES = sizes.length ? sizes : [10_000, 100_000];
const BUILD_ONLY = buildOnlyAt >= 0 ? buildOnlyArgs.map(Number).filter((n) => n > 0) : [1_000_000];
const PORT = 4491;
const QUERIES = [
  "cnc",
  "surgical",
  "textile lahore",
  "solar",
  "print",
  "leather sialkot",
  "furn",
  "steel",
];
const DURATION_S = 15;

function peakRssWatcher() {
  let peak = 0;
  let timer: NodeJS.Timeout | undefined;
  return {
    watch(child: ChildProcess | null) {
      clearInterval(timer);
      if (!child?.pid) return;
      const pid = child.pid;
      timer = setInterval(async () => {
        try {
          const status = await readFile(`/proc/${pid}/status`, "utf8");
          const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
          peak = Math.max(peak, kb * 1024);
        } catch {
          // the process ended between ticks
        }
      }, 250);
    },
    get peak() {
      return peak;
    },
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

async function loadTest(base: string) {
  const latencies: number[] = [];
  let non2xx = 0;
  let i = 0;
  let instance!: autocannon.Instance;
  const result = await new Promise<autocannon.Result>((ok, fail) => {
    instance = autocannon(
      {
        url: base,
        connections: 50,
        duration: DURATION_S,
        requests: [
          {
            setupRequest: (req) => {
              const n = i++;
              const q = QUERIES[n % QUERIES.length]!;
              return {
                ...req,
                path: `/api/providers?search=${encodeURIComponent(q)}`,
                // Many clients, as in production: one loopback IP would meet the
                // per-IP search limit (LIMITS.searchIp) within a second.
                headers: { ...req.headers, "x-forwarded-for": `10.9.${(n >> 8) & 255}.${n & 255}` },
              };
            },
          },
        ],
      },
      (err, res) => (err ? fail(err) : ok(res)),
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
    errors: result.errors + non2xx,
  };
}

const images = await benchImages();

const root = resolve(".bench");
const rows: string[] = [];
const buildRows: string[] = [];
let overBudget = false;
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
  let t0 = performance.now();
  await seedProviders(db, n);
  const seedS = (performance.now() - t0) / 1000;
  console.log(`[bench] ${n}: seeded in ${seedS.toFixed(1)} s; building…`);

  const rss = peakRssWatcher();
  const out = join(dir, "dist");
  t0 = performance.now();
  const info = await buildSite(db, {
    outDir: out,
    env: {
      ...env,
      PUBLIC_SITE_URL: "https://karkhana.example",
    },
    onChild: (c) => rss.watch(c),
    quiet: true,
  });
  const buildS = (performance.now() - t0) / 1000;
  const files = await countFiles(clientDir(out));
  console.log(`[bench] ${n}: built ${info.pages} pages (${files} files) in ${buildS.toFixed(1)} s`);
  buildRows.push(
    `| ${fmt(n)} | ${seedS.toFixed(1)} s | ${fmt(info.pages)} | ${fmt(files)} | ${buildS.toFixed(1)} s | ${Math.round(info.pages / buildS)} | ${(rss.peak / 2 ** 20).toFixed(0)} MiB |`,
  );
  if (!full) {
    db.$client.close();
    await rm(dir, { recursive: true, force: true });
    continue;
  }
  const paths = await onDemandPaths(db, clientDir(out), 201);
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
  try {
    await waitForHealth(`http://127.0.0.1:${PORT}/api/health`, 120_000);
    const pages = await benchOnDemand(`http://127.0.0.1:${PORT}`, paths);
    console.log(
      `[bench] ${n}: ${pages.pages} provider pages on demand, miss p50 ${pages.missP50.toFixed(1)} ms, hit p50 ${pages.hitP50.toFixed(1)} ms`,
    );
    const warm = await loadTest(`http://127.0.0.1:${PORT}`); // warm-up run, discarded
    console.log(`[bench] ${n}: warm-up ${warm.requests} requests, ${warm.errors} errors`);
    const r = await loadTest(`http://127.0.0.1:${PORT}`);
    const onDemand =
      pages.pages === 0
        ? "none: all pre-rendered | –"
        : `${pages.missP50.toFixed(1)} / ${pages.missP95.toFixed(1)} ms | ${pages.hitP50.toFixed(1)} / ${pages.hitP95.toFixed(1)} ms`;
    rows.push(
      `| ${fmt(n)} | ${onDemand} | ${r.p50.toFixed(0)} / ${r.p95.toFixed(0)} / ${r.p99.toFixed(0)} ms | ${r.rps} | ${r.errors} |`,
    );
  } finally {
    if (server.pid) process.kill(-server.pid, "SIGTERM");
  }
  const again = await openDb(dbConfigFromEnv(env));
  if (!(await benchWorstCase(again))) overBudget = true;
  again.$client.close();
  await rm(dir, { recursive: true, force: true });
}

console.log(`
${images}

| providers | seed | pages pre-rendered | files | build | pages/s | build peak RSS |
|---|---|---|---|---|---|---|
${buildRows.join("\n")}

| providers | provider page on demand, miss p50 / p95 | from the page cache p50 / p95 | search p50 / p95 / p99 | req/s (c=50) | errors |
|---|---|---|---|---|---|
${rows.join("\n")}`);
if (overBudget) process.exitCode = 1;
