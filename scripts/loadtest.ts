/**
 * `npm run loadtest` — not part of the tests. A realistic mix from many
 * simulated users against the real Node server (functions/node.ts) with
 * 10,000 generated providers, at a fixed arrival rate (open model, see
 * scripts/loadtest-run.ts):
 *   80 % anonymous page views (pre-rendered city, city × category and provider
 *        pages, some rendered on demand when the build left them out),
 *   12 % searches and listings (scripts/search-workload.ts),
 *    5 % signed-in reads (favorites, dashboard data, services, gallery, session),
 *    3 % writes (favorites, profile and price edits, suggestions), each of which
 *        must succeed (scripts/loadtest-mix.ts).
 * Phase 1: LOADTEST_RATE (200) req/s for LOADTEST_DURATION seconds (300). Targets:
 *   0 errors (non-2xx/3xx, 429 included, timeouts, socket errors), p99 ≤ 250 ms,
 *   server RSS not growing over the last 4 minutes (the slope of a least-squares
 *   line through the 5-second samples at most +1 MiB/min, over the 4 minutes and
 *   over the last 2; a falling RSS is no leak). Exits 1 when one is missed.
 * Phase 2: the highest rate that still has 0 errors and p99 ≤ 250 ms: steps of
 *   +200 req/s from phase 1's rate (or below it, when phase 1 missed), each
 *   LOADTEST_STEP_DURATION (45) s, then bisection to 50 req/s.
 *   LOADTEST_MAX_RATE=0 skips it.
 * Prints tables ready for the README and writes .bench-load/result.json.
 * Work happens in .bench-load/ (LOADTEST_DIR; kept for a look afterwards), the
 * server listens on LOADTEST_PORT (4495). LOADTEST_REUSE=1 (while developing) reuses
 * the last run's database and build instead of setting up anew; its figures then
 * include the pages the last run's writes left to render on demand.
 * docs/loadtest.md: method and figures.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import { cpus, loadavg } from "node:os";
import { createInterface } from "node:readline";
import { resolve } from "node:path";
import { requestMix, MIX, VISITORS } from "./loadtest-mix.ts";
import { runOpenModel, type ClassFigures, type RunFigures } from "./loadtest-run.ts";
import { setUpWorld } from "./loadtest-setup.ts";

const env = process.env;
const num = (v: string | undefined, fallback: number) =>
  v && Number(v) >= 0 ? Number(v) : fallback;
const DIR = resolve(env.LOADTEST_DIR || ".bench-load");
const PORT = num(env.LOADTEST_PORT, 4495);
const PROVIDERS = num(env.LOADTEST_PROVIDERS, 10_000);
const RATE = num(env.LOADTEST_RATE, 200);
const DURATION_S = num(env.LOADTEST_DURATION, 300);
const STEP_S = num(env.LOADTEST_STEP_DURATION, 45);
const MAX_RATE = num(env.LOADTEST_MAX_RATE, 4000);
/** 0: no write that changes a public page (see requestMix's pageWrites). */
const PAGE_WRITES = env.LOADTEST_PAGE_WRITES !== "0";
const CUSTOMERS = 2000;
const PROVIDER_ACCOUNTS = 1000;
const P99_TARGET_MS = 250;
/** "Flat": the RSS trend over the last 4 minutes at most +1 MiB per minute (no growth). */
const FLAT_WINDOW_S = 240;
const FLAT_SLOPE_MIB_MIN = 1;
const RSS_EVERY_MS = 5000;
const TIMEOUT_MS = 10_000;
const SITE_URL = "https://karkhana.example";
const HOST = "127.0.0.1";

const log = (msg: string) => console.log(`[loadtest] ${msg}`);
const fmt = (n: number, digits = 0) =>
  Number.isFinite(n)
    ? n.toLocaleString("en", { maximumFractionDigits: digits, minimumFractionDigits: digits })
    : "–";

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

async function stopGroup(child: ChildProcess) {
  if (!child.pid || child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((ok) => child.once("exit", ok));
  process.kill(-child.pid, "SIGTERM");
  await Promise.race([gone, new Promise((ok) => setTimeout(ok, 10_000))]);
}

/** The server's resident memory from /proc: all of it, and its anonymous and file-backed parts. */
async function memoryOf(pid: number) {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  const kib = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
  return {
    mib: kib("VmRSS") / 1024,
    anonMiB: kib("RssAnon") / 1024,
    fileMiB: kib("RssFile") / 1024,
  };
}

/** What the server says of itself on SIGUSR2 (functions/node.ts): V8's heap and the page cache. */
interface ServerStats {
  heapUsedMiB: number;
  externalMiB: number;
  arrayBuffersMiB?: number;
  /** The search threads' own V8 heaps (absent from heapUsedMiB). */
  searchThreadsHeapMiB?: number;
  pageCache: { pages: number; MiB: number; hits: number; misses: number; shared: number };
  /** Entries of each structure the server keeps in memory. */
  held?: Record<string, number>;
}
let serverStats: ServerStats | null = null;

interface RssSample {
  s: number;
  mib: number;
  anonMiB: number;
  fileMiB: number;
  /** The server's last answer to SIGUSR2 (at most one interval old). */
  stats: ServerStats | null;
}

/** Samples the server's memory every RSS_EVERY_MS until stopped. */
function rssSampler(pid: number) {
  const samples: RssSample[] = [];
  const t0 = performance.now();
  const take = async () => {
    samples.push({
      s: (performance.now() - t0) / 1000,
      ...(await memoryOf(pid)),
      stats: serverStats,
    });
    process.kill(pid, "SIGUSR2");
  };
  void take();
  const timer = setInterval(() => void take().catch(() => undefined), RSS_EVERY_MS);
  return {
    samples,
    stop: async () => {
      clearInterval(timer);
      await take().catch(() => undefined);
      return samples;
    },
  };
}

/** Least-squares slope of the samples in the last `windowS` seconds, in MiB per minute. */
function rssTrend(samples: { s: number; mib: number }[], windowS: number) {
  const end = samples.at(-1)?.s ?? 0;
  const w = samples.filter((x) => x.s >= end - windowS);
  const n = w.length;
  const mx = w.reduce((a, x) => a + x.s, 0) / n;
  const my = w.reduce((a, x) => a + x.mib, 0) / n;
  const sxy = w.reduce((a, x) => a + (x.s - mx) * (x.mib - my), 0);
  const sxx = w.reduce((a, x) => a + (x.s - mx) ** 2, 0);
  const slope = sxx > 0 ? (sxy / sxx) * 60 : 0;
  const all = samples.map((x) => x.mib);
  const inWindow = w.map((x) => x.mib);
  return {
    samples: n,
    slopeMiBPerMin: slope,
    minMiB: Math.min(...inWindow),
    maxMiB: Math.max(...inWindow),
    startMiB: all[0] ?? NaN,
    endMiB: all.at(-1) ?? NaN,
    peakMiB: Math.max(...all),
  };
}

/** Share of the answered page views that were rendered anew (not a built file, not the page cache). */
const renderedShare = (r: RunFigures) =>
  (100 * (r.bySource["page: rendered"]?.requests ?? 0)) /
  Object.entries(r.bySource)
    .filter(([k]) => k.startsWith("page:"))
    .reduce((a, [, c]) => a + c.requests, 0);

const passes = (r: RunFigures) =>
  r.errors.total === 0 && r.overall.p99 <= P99_TARGET_MS && !r.abandoned;

function describe(r: RunFigures): string {
  const o = r.overall;
  return (
    `${fmt(r.rate)} req/s asked, ${fmt(r.completedRate)} answered/s, p50/p95/p99 ${fmt(o.p50, 1)}/${fmt(o.p95, 1)}/${fmt(o.p99, 1)} ms, ` +
    `${r.errors.total} errors (${r.errors.timeouts} timeouts, ${r.errors.status429} × 429, ${r.errors.socket} socket, ${r.unfinished} unanswered), ` +
    `server CPU ${fmt(r.serverCpu)} %, generator CPU ${fmt(r.generatorCpu)} % (late by ${fmt(r.generatorLag.mean, 1)} ms on average, ${fmt(r.generatorLag.max)} at most), load ${fmt(r.loadAvg, 2)}` +
    (r.abandoned ? ", ABANDONED (queue too long)" : "")
  );
}

// ---------------------------------------------------------------------------

log(`setting up ${fmt(PROVIDERS)} providers in ${DIR}…`);
const world = await setUpWorld({
  dir: DIR,
  providers: PROVIDERS,
  customers: CUSTOMERS,
  providerAccounts: PROVIDER_ACCOUNTS,
  siteUrl: SITE_URL,
  reuse: env.LOADTEST_REUSE === "1",
  log,
});
log(
  `pages: ${world.pages.city.length} city, ${world.pages.cityCategory.length} city × category, ` +
    `${world.pages.provider.length} provider pre-rendered, ${world.onDemand.length} provider pages on demand`,
);

const server = spawn(process.execPath, ["functions/node.ts"], {
  env: {
    ...env,
    DATA_DIR: world.dataDir,
    SITE_DIR: world.outDir,
    // The origin the site was built for, so the server serves that build as it is.
    PUBLIC_SITE_URL: SITE_URL,
    PORT: String(PORT),
    HOST,
    // Every simulated user's address arrives as X-Forwarded-For, as behind a proxy.
    TRUST_PROXY: "1",
  },
  // Its log is read for the SIGUSR2 figures only (one line per security event otherwise).
  stdio: ["ignore", "pipe", "inherit"],
  detached: true,
});
const serverPid = server.pid!;
createInterface({ input: server.stdout }).on("line", (line) => {
  const stats = /^\[karkhana\] stats (.*)$/.exec(line)?.[1];
  if (stats) serverStats = JSON.parse(stats) as ServerStats;
});
let exitCode = 0;
const result: Record<string, unknown> = {
  date: new Date().toISOString(),
  machine: { cpus: cpus().length, model: cpus()[0]?.model, node: process.version },
  providers: PROVIDERS,
  setup: {
    ...world.timings,
    customers: world.customers.length,
    providerAccounts: world.providerAccounts.length,
    visitors: VISITORS,
    pages: {
      city: world.pages.city.length,
      cityCategory: world.pages.cityCategory.length,
      provider: world.pages.provider.length,
      onDemand: world.onDemand.length,
    },
  },
  mix: MIX,
  pageWrites: PAGE_WRITES,
  criteria: {
    p99Ms: P99_TARGET_MS,
    errors: 0,
    rssFlat: `least-squares slope of VmRSS over the last ${FLAT_WINDOW_S} s and over its second half each at most +${FLAT_SLOPE_MIB_MIN} MiB/min (no growth)`,
  },
};
try {
  await waitForHealth(`http://${HOST}:${PORT}/api/health`, 180_000);
  let seed = 1;
  const run = (rate: number, seconds: number) =>
    runOpenModel({
      host: HOST,
      port: PORT,
      rate,
      seconds,
      serverPid,
      timeoutMs: TIMEOUT_MS,
      // Past this the server is not keeping up at all; waiting longer tells nothing more.
      maxOutstanding: Math.max(2000, rate * 5),
      maxSockets: 256,
      next: requestMix({
        world,
        seed: seed++,
        sessionCookie: "__Host-karkhana_session",
        origin: SITE_URL,
        pageWrites: PAGE_WRITES,
      }),
    });

  // JIT, module loading and the first on-demand renders: not what a running server costs.
  const warm = await run(RATE, 15);
  log(`warm-up (discarded): ${describe(warm)}`);

  log(`phase 1: ${RATE} req/s for ${DURATION_S} s…`);
  const rss = rssSampler(serverPid);
  const loadBefore = loadavg();
  const phase1 = await run(RATE, DURATION_S);
  const samples = await rss.stop();
  const trend = rssTrend(samples, Math.min(FLAT_WINDOW_S, DURATION_S));
  const loadAfter = loadavg();
  // Both halves: a drop early in the window (memory handed back once) would
  // otherwise hide a steady climb after it.
  const late = rssTrend(samples, Math.min(FLAT_WINDOW_S, DURATION_S) / 2);
  const flat = Math.max(trend.slopeMiBPerMin, late.slopeMiBPerMin) <= FLAT_SLOPE_MIB_MIN;
  const met = {
    errors: phase1.errors.total === 0,
    p99: phase1.overall.p99 <= P99_TARGET_MS,
    rssFlat: flat,
  };
  log(`phase 1: ${describe(phase1)}`);
  log(
    `phase 1 RSS: ${fmt(trend.startMiB)} → ${fmt(trend.endMiB)} MiB (peak ${fmt(trend.peakMiB)}); last ${FLAT_WINDOW_S} s: ` +
      `min ${fmt(trend.minMiB)}, max ${fmt(trend.maxMiB)}, slope ${fmt(trend.slopeMiBPerMin, 2)} MiB/min, over the last ${FLAT_WINDOW_S / 2} s ${fmt(late.slopeMiBPerMin, 2)} (${flat ? "flat" : "GROWING"})`,
  );
  // What grew: the same slope over the window for each part the samples hold.
  const windowS = Math.min(FLAT_WINDOW_S, DURATION_S);
  const partSlope = (pick: (x: RssSample) => number | undefined) => {
    const points = samples.flatMap((x) => {
      const v = pick(x);
      return v === undefined || !Number.isFinite(v) ? [] : [{ s: x.s, mib: v }];
    });
    return points.length > 2 ? rssTrend(points, windowS).slopeMiBPerMin : NaN;
  };
  const parts = {
    anon: partSlope((x) => x.anonMiB),
    file: partSlope((x) => x.fileMiB),
    heapUsed: partSlope((x) => x.stats?.heapUsedMiB),
    external: partSlope((x) => x.stats?.externalMiB),
    pageCache: partSlope((x) => x.stats?.pageCache.MiB),
    searchThreadsHeap: partSlope((x) => x.stats?.searchThreadsHeapMiB),
  };
  // Entries of what the server holds, at the start and the end of the window.
  const inWindow = samples.filter((x) => x.stats && x.s >= (samples.at(-1)?.s ?? 0) - windowS);
  const heldFrom = inWindow[0]?.stats?.held ?? {};
  const heldTo = inWindow.at(-1)?.stats?.held ?? {};
  const held = Object.keys(heldTo)
    .map((k) => `${k} ${fmt(heldFrom[k] ?? NaN)} → ${fmt(heldTo[k]!)}`)
    .join(", ");
  const lastStats = samples.at(-1)?.stats;
  log(
    `phase 1 memory slopes over the last ${windowS} s (MiB/min): anonymous ${fmt(parts.anon, 2)}, file-backed ${fmt(parts.file, 2)}, ` +
      `V8 heap used ${fmt(parts.heapUsed, 2)}, external ${fmt(parts.external, 2)}, page cache ${fmt(parts.pageCache, 2)}, ` +
      `search threads' heaps ${fmt(parts.searchThreadsHeap, 2)}` +
      (held ? `; entries held over the window: ${held}` : "") +
      (lastStats
        ? `; at the end: heap ${fmt(lastStats.heapUsedMiB)} MiB, page cache ${fmt(lastStats.pageCache.pages)} pages in ${fmt(lastStats.pageCache.MiB)} MiB`
        : ""),
  );
  if (phase1.errors.total > 0) log(`phase 1 errors: ${JSON.stringify(phase1.errors.byKind)}`);
  if (!met.errors || !met.p99 || !met.rssFlat) exitCode = 1;
  result.phase1 = {
    ...phase1,
    rss: {
      ...trend,
      lateSlopeMiBPerMin: late.slopeMiBPerMin,
      partSlopesMiBPerMin: parts,
      everyMs: RSS_EVERY_MS,
      samples,
    },
    loadBefore,
    loadAfter,
    met,
  };

  const steps: RunFigures[] = [];
  if (MAX_RATE > 0) {
    const step = async (rate: number) => {
      // A pause, so the previous step's queue and the kernel's sockets have drained.
      await new Promise((r) => setTimeout(r, 5000));
      const r = await run(rate, STEP_S);
      steps.push(r);
      log(`phase 2: ${passes(r) ? "pass" : "FAIL"} ${describe(r)}`);
      if (r.errors.total > 0) log(`  errors: ${JSON.stringify(r.errors.byKind)}`);
      return passes(r);
    };
    // Upwards in steps of 200 from the phase 1 rate when it passed; between 0 and it when not.
    let good = passes(phase1) ? RATE : 0;
    let bad = passes(phase1) ? 0 : RATE;
    for (let rate = RATE + 200; !bad && rate <= MAX_RATE; rate += 200) {
      if (await step(rate)) good = rate;
      else bad = rate;
    }
    while (bad && bad - good > 50) {
      const mid = Math.round((good + bad) / 2 / 25) * 25;
      if (await step(mid)) good = mid;
      else bad = mid;
    }
    result.phase2 = { steps, maxRate: good, firstFailing: bad || null, stepSeconds: STEP_S };
    log(
      `phase 2: highest rate meeting the targets: ${fmt(good)} req/s${bad ? ` (${fmt(bad)} did not)` : ""}`,
    );
  }

  // ------------------------------------------------------------------------
  const classRow = (name: string, c: ClassFigures) =>
    `| ${name} | ${fmt(c.requests)} | ${fmt(c.p50, 1)} | ${fmt(c.p95, 1)} | ${fmt(c.p99, 1)} | ${fmt(c.max)} | ${c.errors} |`;
  const table1 = [
    `Phase 1: ${RATE} req/s for ${DURATION_S} s, ${fmt(PROVIDERS)} providers (${new Date().toISOString().slice(0, 10)}, ${cpus().length} cores, load average ${fmt(loadBefore[0]!, 2)} → ${fmt(loadAfter[0]!, 2)}):`,
    "",
    "| class | requests | p50 ms | p95 ms | p99 ms | max ms | errors |",
    "| --- | --- | --- | --- | --- | --- | --- |",
    ...Object.entries(phase1.byClass).map(([k, c]) => classRow(k, c)),
    classRow("**all**", phase1.overall),
    "",
    "| served as | answers | p50 ms | p95 ms | p99 ms | max ms |",
    "| --- | --- | --- | --- | --- | --- |",
    ...Object.entries(phase1.bySource).map(([k, c]) => classRow(k, c).replace(/ \| \d+ \|$/, " |")),
    "",
    `Answered ${fmt(phase1.completedRate, 1)} req/s; server CPU ${fmt(phase1.serverCpu)} % of a core, load generator ${fmt(phase1.generatorCpu)} %. ` +
      `RSS over the last ${Math.min(FLAT_WINDOW_S, DURATION_S)} s: ${fmt(trend.minMiB)}-${fmt(trend.maxMiB)} MiB, slope ${fmt(trend.slopeMiBPerMin, 2)} MiB/min, over its second half ${fmt(late.slopeMiBPerMin, 2)} MiB/min (${flat ? "flat" : "growing"}; criterion: both at most +${FLAT_SLOPE_MIB_MIN} MiB/min). ` +
      `Targets: 0 errors ${met.errors ? "met" : "MISSED"}, p99 ≤ ${P99_TARGET_MS} ms ${met.p99 ? "met" : "MISSED"}, memory flat ${met.rssFlat ? "met" : "MISSED"}.`,
  ];
  const table2 = steps.length
    ? [
        "",
        `Phase 2: ${STEP_S} s per step, target p99 ≤ ${P99_TARGET_MS} ms and 0 errors:`,
        "",
        "| asked req/s | answered req/s | p50 ms | p95 ms | p99 ms | errors | pages rendered | server CPU | generator CPU | load avg | |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
        ...[...steps]
          .sort((a, b) => a.rate - b.rate)
          .map(
            (r) =>
              `| ${fmt(r.rate)} | ${fmt(r.completedRate)} | ${fmt(r.overall.p50, 1)} | ${fmt(r.overall.p95, 1)} | ${fmt(r.overall.p99, 1)} | ${r.errors.total} | ${fmt(renderedShare(r), 1)} % | ${fmt(r.serverCpu)} % | ${fmt(r.generatorCpu)} % | ${fmt(r.loadAvg, 2)} | ${passes(r) ? "pass" : "fail"} |`,
          ),
        "",
        `Highest rate meeting the targets: **${fmt((result.phase2 as { maxRate: number }).maxRate)} req/s**.`,
      ]
    : [];
  const summary = [...table1, ...table2].join("\n");
  console.log(`\n${summary}\n`);
  result.summaryMarkdown = summary;
  await writeFile(resolve(DIR, "result.json"), JSON.stringify(result, null, 2));
  log(`wrote ${resolve(DIR, "result.json")}`);
} catch (err) {
  console.error(err);
  exitCode = 1;
} finally {
  await stopGroup(server);
}
process.exitCode = exitCode;
