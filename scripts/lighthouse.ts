/**
 * `npm run lighthouse`: Lighthouse (mobile emulation, its default) on the five page kinds an
 * anonymous visitor lands on: `/`, `/pk`, `/pk/karachi`, a Karachi category page and a provider
 * page (both picked from the sitemap), and the Urdu home and provider page (decision 022). Three runs per page; the table shows the median run (by
 * performance score, then TBT) and the range of the three scores.
 *
 *   npm run lighthouse                                   # own server, throwaway data under .lighthouse/
 *   npm run lighthouse -- --url http://127.0.0.1:4321   # an already running server
 *   npm run lighthouse -- --runs 5
 *   npm run lighthouse -- --url … --write-docs          # also write the table into the docs
 *
 * Holds every page to its targets (scripts/lighthouse-targets.ts: every category 100, LCP,
 * CLS and TBT in Core Web Vitals' "good", at most 50 KB of JavaScript and no API call before
 * interaction, decisions 012 and 031) and exits 1 when the median run of a page misses one.
 * Writes its table into docs/performance.md between the lighthouse markers (on its own
 * server's demo site; `--write-docs` for a server given by --url), so the doc's figures are
 * always the script's. Not part of `npm test`. It runs offline: Chromium resolves no host but
 * the one measured, and Lighthouse itself fetches nothing (no PSI, no fonts). Writes every
 * run's figures to .lighthouse/report.json.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdir, open, readFile, rm, writeFile } from "node:fs/promises";
import { cpus, loadavg } from "node:os";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { launch } from "chrome-launcher";
import lighthouse, { type Flags, type Result } from "lighthouse";
import { format as prettierFormat, resolveConfig } from "prettier";
import { missedTargets, replaceGenerated, TARGETS } from "./lighthouse-targets.ts";

const OUT_DIR = resolve(".lighthouse");
const DOC = resolve("docs/performance.md");
const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

const { values: args } = parseArgs({
  options: {
    url: { type: "string" },
    runs: { type: "string", default: "3" },
    "write-docs": { type: "boolean", default: false },
  },
});
const RUNS = Math.max(1, Number(args.runs) || 3);

type Run = {
  perf: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  tbtMs: number;
  lcpMs: number;
  cls: number;
  fcpMs: number;
  /** Every script's body gzipped (level 6, as the Node server's CompressionStream does). */
  jsGzipBytes: number;
  /** What the browser took off the wire for scripts (headers included, any encoding). */
  jsTransferBytes: number;
  jsFiles: number;
  /** Web fonts taken off the wire (the Urdu pages' subset Naskh; none on English pages). */
  fontTransferBytes: number;
  /** Inline `<script>`s of the HTML (not JSON-LD or other data), gzipped together. */
  inlineJsGzipBytes: number;
  api: { path: string; status: number }[];
  /** Requests to any other origin (none expected: nothing outside is reachable). */
  external: string[];
  /** Best-practices audits that did not pass (e.g. errors-in-console). */
  failedBestPractices: string[];
  /** Accessibility and SEO audits that did not pass. */
  failedAccessibility: string[];
  failedSeo: string[];
  warnings: string[];
};

function log(msg: string) {
  console.log(`[lighthouse] ${msg}`);
}

async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.once("error", fail);
    s.listen(0, "127.0.0.1", () => {
      const addr = s.address();
      const port = typeof addr === "object" && addr ? addr.port : 0;
      s.close(() => ok(port));
    });
  });
}

async function waitForHealth(base: string, timeoutMs: number, server?: ChildProcess) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (server && server.exitCode !== null)
      throw new Error(`the server exited (${server.exitCode})`);
    try {
      const res = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(5_000) });
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${base}/api/health did not answer within ${timeoutMs / 1000} s`);
}

/** `node functions/node.ts` on a free port with its own database and site, in its own process group. */
async function startServer(dir: string) {
  const port = await freePort();
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const logFile = await open(resolve(dir, "server.log"), "w");
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: resolve(dir, "data"),
    SITE_DIR: resolve(dir, "dist"),
  };
  // The throwaway local file with the demo data, never a configured database or origin.
  delete env.DATABASE_URL;
  delete env.DATABASE_AUTH_TOKEN;
  delete env.PUBLIC_SITE_URL;
  const server = spawn(process.execPath, ["functions/node.ts"], {
    env,
    stdio: ["ignore", logFile.fd, logFile.fd],
    detached: true,
  });
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (server.pid && server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((r) => server.once("exit", r));
      try {
        process.kill(-server.pid, "SIGTERM");
      } catch {
        // already gone
      }
      const killed = await Promise.race([
        exited.then(() => true),
        new Promise((r) => setTimeout(() => r(false), 10_000)),
      ]);
      if (!killed)
        try {
          process.kill(-server.pid, "SIGKILL");
        } catch {
          // already gone
        }
    }
    await logFile.close();
  };
  log(
    `starting the server at ${base} (migrate, seed the demo data, build; log: ${dir}/server.log)…`,
  );
  const t0 = performance.now();
  try {
    await waitForHealth(base, 600_000, server);
  } catch (e) {
    await stop();
    throw e;
  }
  log(`server up in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  return { base, stop };
}

/** The five page kinds; the category and provider pages come from the sitemap. */
async function pickPages(base: string): Promise<{ kind: string; path: string }[]> {
  const res = await fetch(`${base}/sitemap.xml`);
  if (!res.ok) throw new Error(`GET /sitemap.xml answered ${res.status}`);
  let xml = await res.text();
  // A sitemap index (past 50,000 URLs): its first sitemap is enough to pick from.
  if (xml.includes("<sitemapindex")) {
    const first = /<loc>([^<]+)<\/loc>/.exec(xml)?.[1];
    if (!first) throw new Error("empty sitemap index");
    xml = await (await fetch(new URL(new URL(first).pathname, base))).text();
  }
  const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  const depth = (p: string) => p.split("/").filter(Boolean).length;
  const categories = paths.filter((p) => p.startsWith("/pk/karachi/") && depth(p) === 3);
  const category = categories.find((p) => p === "/pk/karachi/textiles-garments") ?? categories[0];
  if (!category) throw new Error("no /pk/karachi/{category} page in the sitemap");
  const providers = paths.filter((p) => p.startsWith("/pk/") && depth(p) === 4);
  const provider = providers.find((p) => p.startsWith(`${category}/`)) ?? providers[0];
  if (!provider) throw new Error("no provider page in the sitemap");
  return [
    { kind: "home", path: "/" },
    { kind: "country", path: "/pk" },
    { kind: "city", path: "/pk/karachi" },
    { kind: "city × category", path: category },
    { kind: "provider", path: provider },
    { kind: "home (ur)", path: "/ur" },
    { kind: "provider (ur)", path: `/ur${provider}` },
  ];
}

type NetworkItem = {
  url: string;
  resourceType?: string;
  transferSize?: number;
  resourceSize?: number;
  statusCode?: number;
};

const gzipCache = new Map<string, number>();
async function gzipSize(url: string): Promise<number> {
  let size = gzipCache.get(url);
  if (size === undefined) {
    const body = new Uint8Array(await (await fetch(url)).arrayBuffer());
    size = gzipSync(body, { level: 6 }).length;
    gzipCache.set(url, size);
  }
  return size;
}

/** The page's inline scripts (executable ones: no type, or a JavaScript/module type). */
async function inlineScriptsGzip(pageUrl: string): Promise<number> {
  const html = await (await fetch(pageUrl)).text();
  const code = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attrs]) => {
      if (/\bsrc\s*=/i.test(attrs!)) return false;
      const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attrs!)?.[1]?.toLowerCase();
      return !type || type === "module" || type.includes("javascript");
    })
    .map(([, , body]) => body)
    .join("\n");
  return code.trim() ? gzipSync(code, { level: 6 }).length : 0;
}

async function runOnce(url: string, host: string): Promise<Run> {
  const chrome = await launch({
    chromePath: CHROMIUM,
    logLevel: "silent",
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      // Offline: any host but the measured one fails at once instead of waiting on a network.
      `--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE ${host}`,
    ],
  });
  try {
    const flags: Flags = {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
      // Not in any category, so it has to be asked for.
      onlyAudits: ["network-requests"],
    };
    const result = await lighthouse(url, flags);
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    return await summarize(result.lhr, url);
  } finally {
    chrome.kill();
  }
}

async function summarize(lhr: Result, pageUrl: string): Promise<Run> {
  if (lhr.runtimeError) throw new Error(`${pageUrl}: ${lhr.runtimeError.message}`);
  const audit = (id: string) => lhr.audits[id];
  const num = (id: string) => audit(id)?.numericValue ?? NaN;
  const details = audit("network-requests")?.details;
  const items = (details && "items" in details ? details.items : []) as NetworkItem[];
  const origin = new URL(pageUrl).origin;
  let jsGzipBytes = 0;
  let jsTransferBytes = 0;
  let jsFiles = 0;
  let fontTransferBytes = 0;
  const api: Run["api"] = [];
  const external: string[] = [];
  for (const item of items) {
    if (!/^https?:/.test(item.url)) continue;
    const u = new URL(item.url);
    if (u.origin !== origin) external.push(item.url);
    if (u.origin === origin && u.pathname.startsWith("/api/"))
      api.push({ path: u.pathname + u.search, status: item.statusCode ?? 0 });
    if (item.resourceType === "Font") fontTransferBytes += item.transferSize ?? 0;
    if (item.resourceType === "Script") {
      jsFiles++;
      jsTransferBytes += item.transferSize ?? 0;
      jsGzipBytes += u.origin === origin ? await gzipSize(item.url) : (item.transferSize ?? 0);
    }
  }
  const inlineJsGzipBytes = await inlineScriptsGzip(pageUrl);
  const failed = (category: string) =>
    (lhr.categories[category]?.auditRefs ?? [])
      .filter((r) => r.weight > 0)
      .map((r) => audit(r.id))
      .filter((a) => a && a.score !== null && a.score < 1)
      .map((a) => a!.id);
  const score = (category: string) => Math.round((lhr.categories[category]?.score ?? NaN) * 100);
  return {
    perf: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    tbtMs: num("total-blocking-time"),
    lcpMs: num("largest-contentful-paint"),
    cls: num("cumulative-layout-shift"),
    fcpMs: num("first-contentful-paint"),
    jsGzipBytes,
    jsTransferBytes,
    jsFiles,
    fontTransferBytes,
    inlineJsGzipBytes,
    api,
    external,
    failedBestPractices: failed("best-practices"),
    failedAccessibility: failed("accessibility"),
    failedSeo: failed("seo"),
    warnings: lhr.runWarnings,
  };
}

/** The middle run by performance score (ties: by TBT), so its figures belong together. */
function medianRun(runs: Run[]): Run {
  const sorted = [...runs].sort((a, b) => a.perf - b.perf || b.tbtMs - a.tbtMs);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

/** KB of 1,024 bytes; one decimal below 10 KB, so a small script does not read as 0. */
const kb = (bytes: number) => `${(bytes / 1024).toFixed(bytes < 10_240 ? 1 : 0)} KB`;
const ms = (v: number) => `${Math.round(v)} ms`;
const s = (v: number) => `${(v / 1000).toFixed(2)} s`;

function apiCell(run: Run): string {
  if (!run.api.length) return "none";
  return run.api
    .map(({ path, status }) => {
      // `/api/providers/5f0c…` reads better as `/api/providers/{id}` in a table of page kinds.
      const shown = path.replace(/^\/api\/providers\/[^/?]+/, "/api/providers/{id}");
      return `\`${shown}\`${status && status >= 400 ? ` (${status})` : ""}`;
    })
    .join(", ");
}

async function main() {
  await mkdir(OUT_DIR, { recursive: true });
  const serverDir = resolve(OUT_DIR, `server-${process.pid}`);
  const own = args.url ? null : await startServer(serverDir);
  const stopOnSignal = () => {
    void (own?.stop() ?? Promise.resolve()).finally(() => process.exit(130));
  };
  process.once("SIGINT", stopOnSignal);
  process.once("SIGTERM", stopOnSignal);
  const base = (args.url ?? own!.base).replace(/\/$/, "");
  let failed = false;
  try {
    if (args.url) await waitForHealth(base, 30_000);
    const host = new URL(base).hostname;
    const pages = await pickPages(base);
    const results: { kind: string; path: string; runs: Run[]; median: Run }[] = [];
    for (const page of pages) {
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i++) {
        const run = await runOnce(base + page.path, host);
        log(
          `${page.path} run ${i + 1}/${RUNS}: perf ${run.perf}, TBT ${ms(run.tbtMs)}, LCP ${s(run.lcpMs)}, ` +
            `JS ${kb(run.jsGzipBytes)} in ${run.jsFiles}, API ${run.api.length}`,
        );
        runs.push(run);
      }
      results.push({ ...page, runs, median: medianRun(runs) });
    }

    const chromium = await new Promise<string>((ok) => {
      const p = spawn(CHROMIUM, ["--version"], { stdio: ["ignore", "pipe", "ignore"] });
      let out = "";
      p.stdout.on("data", (d) => (out += d));
      p.on("close", () => ok(out.trim()));
      p.on("error", () => ok("unknown"));
    });
    const report = {
      date: new Date().toISOString(),
      url: base,
      lighthouse: (createRequire(import.meta.url)("lighthouse/package.json") as { version: string })
        .version,
      chromium,
      node: process.version,
      runsPerPage: RUNS,
      note: "Mobile emulation with simulated throttling (Lighthouse defaults). Table figures are the median run by performance score (ties: by TBT). jsGzipBytes: each script body gzipped at level 6; jsTransferBytes: bytes on the wire including headers; inlineJsGzipBytes: the HTML's inline executable scripts gzipped together.",
      pages: results,
    };
    await writeFile(resolve(OUT_DIR, "report.json"), JSON.stringify(report, null, 2) + "\n");

    const misses = results.map((r) => ({ ...r, missed: missedTargets(r.kind, r.median) }));
    const withAudits = (score: number, audits: string[]) =>
      String(score) + (audits.length ? ` (${audits.join(", ")})` : "");
    const rows = misses.map(({ path, kind, runs, median: m, missed }) => {
      const scores = runs.map((r) => r.perf).sort((a, b) => a - b);
      const range = runs.length > 1 ? ` (${scores[0]}–${scores.at(-1)})` : "";
      const js = `${kb(m.jsGzipBytes)}, ${m.jsFiles}${m.inlineJsGzipBytes ? ` (+ ${kb(m.inlineJsGzipBytes)} inline)` : ""}`;
      const page = `\`${path.replace(/(-[0-9a-f]{8})-[0-9a-f-]{27}$/, "$1-…")}\`${kind.startsWith("provider") ? " (provider)" : ""}`;
      return `| ${page} | ${m.perf}${range} | ${withAudits(m.accessibility, m.failedAccessibility)} | ${withAudits(m.bestPractices, m.failedBestPractices)} | ${withAudits(m.seo, m.failedSeo)} | ${js} | ${m.fontTransferBytes ? kb(m.fontTransferBytes) : "none"} | ${apiCell(m)} | ${ms(m.tbtMs)} | ${s(m.lcpMs)} | ${m.cls.toFixed(3)} | ${missed.length ? `**missed**: ${missed.join("; ")}` : "met"} |`;
    });
    const machine = `${cpus().length} cores, load average ${loadavg()[0]!.toFixed(1)} at the end`;
    const table = `Measured ${report.date.slice(0, 10)} by \`npm run lighthouse\` on ${args.url ? base : "its own server with the demo data"}: Lighthouse ${report.lighthouse}, ${chromium}, mobile emulation (simulated slow 4G, 4× CPU slowdown), ${RUNS} run${RUNS > 1 ? "s" : ""} per page, the median run shown (by performance score, then TBT; the range of the performance scores in brackets); ${machine}. Targets (\`scripts/lighthouse-targets.ts\`): every category ${TARGETS.perf}, LCP ≤ 2.5 s, CLS ≤ ${TARGETS.cls}, TBT ≤ ${TARGETS.tbtMs} ms, at most 50 KB of JavaScript and no API call before interaction (a provider page: its counting beacon).

| page | perf | accessibility | best practices | SEO | JS (gzip, files) | fonts | API calls on an anonymous view | TBT | LCP | CLS | targets |
|---|---|---|---|---|---|---|---|---|---|---|---|
${rows.join("\n")}
`;
    console.log(`\n${table}`);
    if (!args.url || args["write-docs"]) {
      const doc = replaceGenerated(await readFile(DOC, "utf8"), table);
      const config = (await resolveConfig(DOC)) ?? {};
      await writeFile(DOC, await prettierFormat(doc, { ...config, filepath: DOC }));
      log(`wrote the table into ${DOC}`);
    }
    for (const { path, missed } of misses) {
      if (missed.length) {
        log(`${path} misses its targets: ${missed.join("; ")}`);
        process.exitCode = 1;
      }
    }
    const external = [...new Set(results.flatMap((r) => r.runs.flatMap((x) => x.external)))];
    if (external.length)
      log(`requests to other origins (blocked here, no network): ${external.join(", ")}`);
    const warnings = [...new Set(results.flatMap((r) => r.runs.flatMap((x) => x.warnings)))];
    for (const w of warnings) log(`Lighthouse warning: ${w}`);
    log(`every run: ${resolve(OUT_DIR, "report.json")}`);
  } catch (e) {
    failed = true;
    throw e;
  } finally {
    await own?.stop();
    // The throwaway database and site go; a failed start keeps its server.log to read.
    if (own && !failed) await rm(serverDir, { recursive: true, force: true });
  }
}

await main();
