/**
 * The local runtime (`npm start`): one Node process that migrates and seeds
 * the libSQL file, builds the site when there is none of this database and
 * origin, and serves the pre-rendered pages, /api, /media, and the pages the
 * build left out or a change overtook, rendered on demand (decision 014).
 * With DATABASE_URL, or a PUBLIC_SITE_URL that is not a local one, it seeds no
 * demo data (see demoSeedRefusal).
 */
import "./node/production-mode.ts";
import { serve } from "@hono/node-server";
import { mkdir, realpath } from "node:fs/promises";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { dbConfigFromEnv, migrateDb, openDb } from "../db/client.ts";
import { demoAccountsPresent, demoSeedRefusal, seedOnStart } from "../db/seed/index.ts";
import { createApp } from "./app.ts";
import { googleConfigFromEnv } from "./auth/google.ts";
import { parseEnv, siteUrl } from "./config.ts";
import { startSearchPool } from "./node/search-pool.ts";
import { nodeDeps } from "./node/deps.ts";
import { startHousekeeping } from "./node/housekeeping.ts";
import { PageCache } from "./node/page-cache.ts";
import { PageFreshness } from "./pages/freshness.ts";
import { astroPageRenderer, type AstroPagesApp } from "./pages/renderer.ts";
import { clientDir, LocalPublisher, readBuildInfo, serverEntry } from "./node/publish.ts";
import { nodeHandler } from "./node/server.ts";
import { hashedFiles } from "./node/static-site.ts";
import { countThrottleKeys } from "./lib/counter-rules.ts";
import { siteAtStartIn } from "./node/site-at-start.ts";
import { SiteRoot } from "./node/static-site.ts";

const log = (msg: string) => console.log(`[karkhana] ${msg}`);

async function main() {
  const env = parseEnv(process.env);
  const google = googleConfigFromEnv(env);
  const dataDir = resolve(env.DATA_DIR);
  const siteDir = resolve(process.env.SITE_DIR || "dist");
  await mkdir(join(dataDir, "media"), { recursive: true });
  await mkdir(join(dataDir, "outbox"), { recursive: true });

  const dbConfig = dbConfigFromEnv({ ...process.env, DATA_DIR: dataDir });
  const db = await openDb(dbConfig);
  await migrateDb(db);
  const seeded = await seedOnStart(db, process.env);
  if (seeded === "demo") log("seeded the demo data");
  if (seeded === "no-demo") {
    log(demoSeedRefusal(process.env) ?? "no demo data is seeded");
    if (await demoAccountsPresent(db))
      console.warn(
        "[karkhana] WARNING: this database holds the demo accounts, whose passwords are in the " +
          "README (seeded by an earlier local run): delete them before anyone else can reach it",
      );
  }

  const site = new SiteRoot(clientDir(siteDir));
  const publisher = new LocalPublisher({
    db,
    site,
    siteDir,
    env: { DATA_DIR: dataDir, PUBLIC_SITE_URL: siteUrl(env) },
    debounceMs: env.PUBLISH_DEBOUNCE_MS,
    minIntervalMs: env.PUBLISH_MIN_INTERVAL_MS,
  });
  const start = await siteAtStartIn(db, siteDir, siteUrl(env));
  if (start.action === "build-first") {
    log(`building the site first (${start.reason})…`);
    await publisher.publishNow();
    // The publisher keeps the old site live when a build fails; here that site is the wrong one.
    if (site.dir === clientDir(resolve(siteDir)))
      throw new Error("the site could not be built (see above)");
  } else {
    site.swap(clientDir(await realpath(siteDir)));
    if (start.action === "serve-while-rebuilding")
      log(`${start.reason}: what changed since is rendered on demand`);
  }

  // The live build's Astro App renders what its files do not hold, or hold out of date.
  const root = resolve(site.dir, "..");
  const built = await readBuildInfo(root);
  const astro = (await import(pathToFileURL(serverEntry(root)).href)) as { app: AstroPagesApp };
  const cache = new PageCache();
  const freshness = new PageFreshness(db, built?.dataVersion ?? 0, (tags) => {
    cache.invalidate(tags);
  });
  const pages = astroPageRenderer(() => astro.app, cache);
  // A change re-renders only the pages it touched, on their next request: no rebuild.
  const onChange = { markDirty: () => freshness.refresh() };

  // Turso is asked over HTTP and blocks nothing; the embedded file is read in threads.
  const searchPool = dbConfig.url.startsWith("file:") ? startSearchPool(dbConfig) : null;
  const deps = nodeDeps(env, {
    db,
    site,
    publisher: onChange,
    pages,
    dataDir,
    google,
    ...(searchPool ? { searchRunner: searchPool.run } : {}),
  });
  const app = createApp(deps);
  const { fetch } = nodeHandler(site, app, {
    siteUrl: process.env.PUBLIC_SITE_URL,
    isStale: (path) => freshness.isStale(path),
  });

  const server = serve({ fetch, port: env.PORT, hostname: env.HOST }, (info) => {
    log(`serving http://${info.address}:${info.port} (data in ${dataDir})`);
  });

  // Node's default (5 s) would make the server the side that closes an idle
  // keep-alive connection while a proxy in front of it (nginx and most load
  // balancers keep them 60 s) may be sending a request on it: that request is
  // reset. Outlasting the proxy leaves the closing to it.
  if ("keepAliveTimeout" in server) {
    server.keepAliveTimeout = 65_000;
    server.headersTimeout = 66_000;
  }

  // `kill -USR2 <pid>`: memory and page-cache figures in the log, for an
  // operator or the load test (SIGUSR1 belongs to Node's inspector): what
  // each part that lives in memory holds, so a growth can be traced to it.
  process.on("SIGUSR2", () => {
    const m = process.memoryUsage();
    const mib = (n: number) => Math.round((n / 2 ** 20) * 10) / 10;
    void (searchPool?.heapUsed() ?? Promise.resolve([])).then((threads) =>
      log(
        `stats ${JSON.stringify({
          rssMiB: mib(m.rss),
          heapUsedMiB: mib(m.heapUsed),
          heapTotalMiB: mib(m.heapTotal),
          externalMiB: mib(m.external),
          arrayBuffersMiB: mib(m.arrayBuffers),
          searchThreadsHeapMiB: mib(threads.reduce((a, b) => a + b, 0)),
          pageCache: {
            pages: cache.size,
            MiB: mib(cache.bytes),
            hits: cache.hits,
            misses: cache.misses,
            shared: cache.shared,
          },
          held: {
            countThrottleKeys: countThrottleKeys(deps),
            searchThrottleKeys: deps.searchRateLimiter.size,
            fileHashes: hashedFiles(),
            changedTags: freshness.size,
            invalidatedTags: cache.trackedTags,
          },
        })}`,
      ),
    );
  });

  const stopHousekeeping = startHousekeeping(deps);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: stopping`);
    stopHousekeeping();
    await deps.counter.close();
    await searchPool?.close();
    await publisher.stop();
    server.close(() => {
      db.$client.close();
      process.exit(0);
    });
    // Keep-alive connections would hold close() open; stop waiting for them.
    setTimeout(() => process.exit(0), 3000).unref();
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

main().catch((err: unknown) => {
  console.error("[karkhana] failed to start:", err instanceof Error ? err.message : err);
  process.exit(1);
});
