/**
 * Static-file figures for `npm run bench`: requests per second
 * for one pre-rendered listing page of the build, served the way the Node
 * server does now (its precompressed brotli twin, and a 304 to a revalidation)
 * and the way it did before (the plain file gzipped on every request by
 * hono/compress). Each server runs in a child process (this file with
 * `--serve`), so autocannon's own work does not share its event loop.
 *
 * Alone: `node scripts/bench-static.ts <client dir>`.
 */
import autocannon from "autocannon";
import { serve } from "@hono/node-server";
import { spawn } from "node:child_process";
import { copyFile, mkdir, mkdtemp, readdir, rm, stat } from "node:fs/promises";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { Hono } from "hono";
import { compress } from "hono/compress";
import { precompressDir } from "../functions/node/precompress.ts";
import { staticSiteHandler } from "../functions/node/static-site.ts";

const DURATION_S = 5;
const CONNECTIONS = 10;
const SELF = fileURLToPath(import.meta.url);

type Mode = "precompressed" | "per-request";

/** The child: serves `dir` in `mode` on a free port and prints the port. */
async function serveMode(dir: string, mode: Mode) {
  const fromSite = staticSiteHandler(dir);
  const app = new Hono();
  // As the Node server was before build-time compression: every static answer
  // through the compress middleware.
  if (mode === "per-request") app.use(compress());
  app.all("*", async (c) => (await fromSite(c.req.raw)) ?? c.notFound());
  const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info) => {
    console.log(String(info.port));
  });
  process.on("SIGTERM", () => server.close(() => process.exit(0)));
}

/** The biggest /pk/{city} page of the build: listings are the most visited kind after the home page. */
async function samplePage(clientDir: string): Promise<string> {
  const pk = join(clientDir, "pk");
  let best = { path: "/", size: -1 };
  for (const entry of await readdir(pk, { withFileTypes: true }).catch(() => [])) {
    if (!entry.isDirectory()) continue;
    const info = await stat(join(pk, entry.name, "index.html")).catch(() => null);
    if (info?.isFile() && info.size > best.size)
      best = { path: `/pk/${entry.name}`, size: info.size };
  }
  return best.path;
}

async function startServer(dir: string, mode: Mode) {
  const child = spawn(process.execPath, [SELF, "--serve", dir, mode], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const port = await new Promise<number>((ok, fail) => {
    child.stdout.once("data", (d: Buffer) => ok(Number(d.toString().trim())));
    child.once("exit", (code) => fail(new Error(`static bench server exited (${code})`)));
  });
  return { port, stop: () => child.kill("SIGTERM") };
}

async function load(port: number, path: string, headers: Record<string, string>) {
  const run = (duration: number) =>
    new Promise<autocannon.Result>((ok, fail) => {
      autocannon(
        { url: `http://127.0.0.1:${port}${path}`, connections: CONNECTIONS, duration, headers },
        (err: Error | null, res) => (err ? fail(err) : ok(res)),
      );
    });
  await run(1); // warm-up: file hashes, JIT
  const r = await run(DURATION_S);
  return {
    rps: Math.round(r.requests.average),
    bytes: r.requests.total ? Math.round(r.throughput.total / r.requests.total) : 0,
    p50: r.latency.p50,
    // A 304 is the answer wanted here, not a failure.
    errors: r.errors + r["4xx"] + r["5xx"],
  };
}

/**
 * Serves one page copied out of `clientDir` (with and without twins) and
 * prints a table of requests/s; returns its lines. `label` names the run.
 */
export async function benchStatic(clientDir: string, label = ""): Promise<string> {
  const path = await samplePage(clientDir);
  const rel = path === "/" ? "index.html" : join(path.slice(1), "index.html");
  await mkdir(resolve(".bench"), { recursive: true });
  const work = await mkdtemp(join(resolve(".bench"), "static-"));
  try {
    const dirs = { plain: join(work, "plain"), pre: join(work, "pre") };
    for (const dir of Object.values(dirs)) {
      await mkdir(join(dir, rel, ".."), { recursive: true });
      await copyFile(join(clientDir, rel), join(dir, rel));
    }
    await precompressDir(dirs.pre, { assetsIgnore: false });
    const size = (await stat(join(dirs.plain, rel))).size;

    const rows: string[] = [];
    const accept = { "Accept-Encoding": "gzip, deflate, br" };
    const measure = async (name: string, dir: string, mode: Mode, revalidate = false) => {
      const server = await startServer(dir, mode);
      try {
        const headers: Record<string, string> = { ...accept };
        if (revalidate) {
          const url = `http://127.0.0.1:${server.port}${path}`;
          headers["If-None-Match"] = (await fetch(url, { headers })).headers.get("ETag") ?? "";
        }
        const r = await load(server.port, path, headers);
        rows.push(
          `| ${name} | ${r.rps.toLocaleString("en")} | ${r.p50} ms | ${r.bytes.toLocaleString("en")} | ${r.errors} |`,
        );
      } finally {
        server.stop();
      }
    };
    await measure("gzip per request (before)", dirs.plain, "per-request");
    await measure("precompressed br twin", dirs.pre, "precompressed");
    await measure("304 to If-None-Match", dirs.pre, "precompressed", true);
    const table = [
      `static file ${path} (${size.toLocaleString("en")} bytes)${label ? `, ${label}` : ""}, c=${CONNECTIONS}, ${DURATION_S} s:`,
      "| served as | req/s | p50 | bytes/answer (with headers) | errors |",
      "|---|---|---|---|---|",
      ...rows,
    ].join("\n");
    console.log(`[bench] ${table}`);
    return table;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

if (process.argv[1] === SELF) {
  const [flag, dir, mode] = process.argv.slice(2);
  if (flag === "--serve" && dir && (mode === "precompressed" || mode === "per-request"))
    await serveMode(dir, mode);
  else if (flag) await benchStatic(resolve(flag));
  else {
    console.error("usage: node scripts/bench-static.ts <client dir>");
    process.exitCode = 2;
  }
}
