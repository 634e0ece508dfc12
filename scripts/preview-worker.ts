/**
 * `npm run preview:worker` — the production shape on this machine: the site
 * built into PREVIEW_DIR/dist, served by `wrangler dev` (workerd) with the
 * Worker entry, static assets and a locally simulated R2 bucket, against a
 * database reached over libSQL's HTTP protocol. No libSQL server can be
 * installed here, so that endpoint is the test fixture in tests/fixtures over
 * the database file PREVIEW_DIR/karkhana.db; production talks to Turso.
 * Mail goes to a local sink that writes PREVIEW_DIR/outbox, like `npm start`;
 * the Cron Trigger's deploy hook (`curl <site>/cdn-cgi/local/scheduled` runs
 * it) to one that writes PREVIEW_DIR/deploy-hooks.
 *
 * For the fault tests (tests/worker/faults.spec.ts) it also listens on a
 * loopback-only control port, named with its token in
 * PREVIEW_DIR/preview-control.json: `POST /database/down` stops the database
 * endpoint (connections to it are refused, as when Turso is out of reach),
 * `POST /database/up` starts it again at the same address; `POST /media/down`
 * makes the simulated R2 bucket fail every write (its blob folder under
 * PREVIEW_DIR/state is replaced by a file, so workerd cannot store a byte, as
 * when R2 answers 503), `POST /media/up` puts it back. Nothing in the Worker or
 * `npm start` knows about it.
 */
import { spawn } from "node:child_process";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { migrateDb, openDb } from "../db/client.ts";
import { seedIfEmpty } from "../db/seed/index.ts";
import { buildSite, clientDir, serverEntry } from "../functions/node/publish.ts";
import { siteAtStartIn } from "../functions/node/site-at-start.ts";
import { startHranaServer, type HranaServer } from "../tests/fixtures/hrana-server.ts";
import { startJsonSink } from "../tests/fixtures/json-sink.ts";

const root = fileURLToPath(new URL("../", import.meta.url));
const dir = resolve(process.env.PREVIEW_DIR || ".worker-preview");
const port = Number(process.env.PORT || 8787);
const host = process.env.HOST || "127.0.0.1";
const siteUrl = `http://${host}:${port}`;
const log = (msg: string) => console.log(`[preview:worker] ${msg}`);

await mkdir(dir, { recursive: true });
const dbFile = join(dir, "karkhana.db");
const db = await openDb({ url: `file:${dbFile}` });
await migrateDb(db);
if (await seedIfEmpty(db)) log("seeded the demo data");

const siteDir = join(dir, "dist");
// Like npm start, never reuse a build of another database or origin (here: another port).
const start = await siteAtStartIn(db, siteDir, siteUrl);
if (process.env.PREVIEW_REBUILD === "1" || start.action !== "serve") {
  log("building the site…");
  await rm(siteDir, { recursive: true, force: true });
  const info = await buildSite(db, {
    outDir: siteDir,
    env: { DATA_DIR: dir, PUBLIC_SITE_URL: siteUrl },
  });
  log(`built ${info.pages} pages in ${info.seconds} s`);
}
db.$client.close();

// A fresh token per run: the Worker must send it, like a Turso token.
const token = crypto.randomUUID();
let hrana: HranaServer | null = await startHranaServer({ file: dbFile, token });
const hranaUrl = hrana.url;
const mailKey = crypto.randomUUID();
const mail = await startJsonSink({ dir: join(dir, "outbox"), token: mailKey, path: "/emails" });
const hookToken = crypto.randomUUID();
const hook = await startJsonSink({
  dir: join(dir, "deploy-hooks"),
  token: hookToken,
  path: "/dispatches",
});
log(
  `libSQL HTTP endpoint (test fixture) at ${hranaUrl}; mail sink at ${mail.url}; deploy hook at ${hook.url}`,
);

const vars: Record<string, string> = {
  DATABASE_URL: hranaUrl,
  DATABASE_AUTH_TOKEN: token,
  PUBLIC_SITE_URL: siteUrl,
  MAIL_API_URL: mail.url,
  MAIL_API_KEY: mailKey,
  DEPLOY_HOOK_URL: hook.url,
  DEPLOY_HOOK_TOKEN: hookToken,
  ...(process.env.GOOGLE_CLIENT_ID ? { GOOGLE_CLIENT_ID: process.env.GOOGLE_CLIENT_ID } : {}),
  ...(process.env.GOOGLE_CLIENT_SECRET
    ? { GOOGLE_CLIENT_SECRET: process.env.GOOGLE_CLIENT_SECRET }
    : {}),
};
/**
 * wrangler.toml with this preview's build in place of dist/ (its `main` and
 * the `karkhana:pages` alias, which `--alias` cannot override), written
 * beside the build.
 */
async function previewConfig(): Promise<string> {
  const base = await readFile(join(root, "wrangler.toml"), "utf8");
  const config = base
    .replace(/^main = ".*"$/m, `main = ${JSON.stringify(join(root, "functions/worker-main.ts"))}`)
    .replace(
      /^"karkhana:pages" = ".*"$/m,
      `"karkhana:pages" = ${JSON.stringify(serverEntry(siteDir))}`,
    )
    .replace(/^directory = ".*"$/m, `directory = ${JSON.stringify(clientDir(siteDir))}`);
  const file = join(dir, "wrangler.toml");
  await writeFile(file, config);
  return file;
}

const wrangler = spawn(
  process.execPath,
  [
    join(root, "node_modules/wrangler/bin/wrangler.js"),
    "dev",
    "--local",
    "--ip",
    host,
    "--port",
    String(port),
    "--config",
    await previewConfig(),
    "--persist-to",
    join(dir, "state"),
    "--show-interactive-dev-session=false",
    "--log-level",
    process.env.WRANGLER_LOG || "warn",
    ...Object.entries(vars).flatMap(([k, v]) => ["--var", `${k}:${v}`]),
  ],
  {
    cwd: root,
    stdio: "inherit",
    env: {
      ...process.env,
      // Nothing here may reach the internet: no metrics, no update check, no Request.cf download.
      WRANGLER_SEND_METRICS: "false",
      WRANGLER_HIDE_BANNER: "true",
      CLOUDFLARE_CF_FETCH_ENABLED: "false",
    },
  },
);
log(`serving ${siteUrl} from workerd`);

/**
 * Where workerd keeps the local R2 bucket's object bytes: the `blobs` folder
 * of the bucket under `--persist-to` (found, not assumed: its layout is
 * Miniflare's). Made by the first object stored.
 */
async function r2BlobFolder(): Promise<string> {
  const r2 = join(dir, "state", "v3", "r2");
  for (const entry of await readdir(r2, { recursive: true, withFileTypes: true })) {
    if (entry.name === "blobs" && entry.isDirectory()) return join(entry.parentPath, "blobs");
  }
  throw new Error(`no R2 blob folder under ${r2}: store an object first`);
}

/** The R2 blob folder while it is moved aside (`/media/down`), else null. */
let mediaDown: string | null = null;
const controlToken = crypto.randomUUID();
const control = createServer((req, res) => {
  const failed = (err: unknown) => {
    log(`control request failed: ${err instanceof Error ? err.message : String(err)}`);
    if (!res.headersSent) res.writeHead(500).end(String(err));
  };
  void (async () => {
    const path = new URL(req.url ?? "/", "http://localhost").pathname;
    if (req.headers.authorization !== `Bearer ${controlToken}`) {
      res.writeHead(401).end();
      return;
    }
    if (req.method === "POST" && path === "/database/down") {
      await hrana?.close();
      hrana = null;
      log("database endpoint stopped (fault test)");
    } else if (req.method === "POST" && path === "/media/down") {
      if (!mediaDown) {
        const blobs = await r2BlobFolder();
        await rename(blobs, `${blobs}.down`);
        await writeFile(blobs, "R2 is down (fault test)\n");
        mediaDown = blobs;
      }
      log("R2 writes fail from now on (fault test)");
    } else if (req.method === "POST" && path === "/media/up") {
      if (mediaDown) {
        await rm(mediaDown, { force: true });
        await rename(`${mediaDown}.down`, mediaDown);
        mediaDown = null;
      }
      log("R2 writes work again (fault test)");
    } else if (req.method === "POST" && path === "/database/up") {
      hrana ??= await startHranaServer({
        file: dbFile,
        token,
        port: Number(new URL(hranaUrl).port),
      });
      log("database endpoint started again (fault test)");
    } else {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ up: !!hrana }));
  })().catch(failed);
});
await new Promise<void>((r) => control.listen(0, "127.0.0.1", r));
await writeFile(
  join(dir, "preview-control.json"),
  JSON.stringify({
    url: `http://127.0.0.1:${(control.address() as AddressInfo).port}`,
    token: controlToken,
  }),
);

let stopping = false;
const stop = async (code: number) => {
  if (stopping) return;
  stopping = true;
  wrangler.kill("SIGTERM");
  control.close();
  await Promise.allSettled([hrana?.close(), mail.close(), hook.close()]);
  process.exit(code);
};
process.on("SIGINT", () => void stop(0));
process.on("SIGTERM", () => void stop(0));
wrangler.on("exit", (code) => void stop(code ?? 1));
