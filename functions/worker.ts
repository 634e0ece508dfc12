/**
 * The production runtime: a Cloudflare Worker. Static pages are Workers static
 * assets, served by Cloudflare before this code runs (with the headers of
 * dist/_headers); everything else — /api, /media, the provider and listing
 * fallbacks, the 404 page — comes here, to the same Hono app the Node server
 * mounts, with ports for Turso (HTTP), R2, the HTTP mailer and the assets.
 */
import type { Db } from "../db/client.ts";
import { ensureForeignKeys, ForeignKeysOff } from "../db/foreign-keys.ts";
import { openRemoteDb } from "../db/remote.ts";
import { createApp } from "./app.ts";
import type { AppDeps } from "./ports/app-env.ts";
import { googleConfigFromEnv } from "./auth/google.ts";
import { clientIpKey } from "./lib/client-ip.ts";
import { isDatabaseUnavailable } from "./lib/db-errors.ts";
import { httpMailer } from "./lib/http-mailer.ts";
import {
  cacheControlFor,
  SECURITY_HEADERS,
  STRICT_TRANSPORT_SECURITY,
} from "./lib/security-headers.ts";
import { recomputeReplyTimes } from "../db/queries/reply-times.ts";
import {
  DAILY_CRON,
  describeDrain,
  describeReplyTimes,
  pruneExpiredRows,
} from "./lib/housekeeping.ts";
import { directCounter } from "./lib/counter.ts";
import { mailQueue, type QueuedMailer } from "./lib/queued-mailer.ts";
import { describeSweep, sweepOrphanUploads } from "./lib/media-sweep.ts";
import { isPageStale } from "./pages/freshness.ts";
import { FORM_PAGES } from "../src/lib/auth-paths.ts";
import { EXTRA_TAGS_HEADER, KEPT_STATUSES, pageTags } from "./pages/page-tags.ts";
import { astroPageRenderer, type AstroPagesApp } from "./pages/renderer.ts";
import type { Mailer } from "./ports/types.ts";
import { workerAssets, type AssetsBinding } from "./worker/assets.ts";
import { parseWorkerEnv, type WorkerVars } from "./worker/env.ts";
import { checkPublish } from "./worker/publish.ts";
import { r2Blobs, type R2BucketLike } from "./worker/r2-blobs.ts";

export interface WorkerBindings extends Record<string, unknown> {
  ASSETS: AssetsBinding;
  MEDIA: R2BucketLike;
}

interface ExecutionContextLike {
  waitUntil(promise: Promise<unknown>): void;
}

/** The slice of the Workers Cache API (`caches.default`) the pages use. */
interface EdgeCache {
  match(request: Request): Promise<Response | undefined>;
  put(request: Request, response: Response): Promise<void>;
}

/**
 * How long a directory page is kept at the edge: the longest a change can
 * take to show (a change must show within 60 s in production). Each Cloudflare
 * location asks the database about a page at most once in that time.
 */
export const EDGE_PAGE_TTL_S = 60;

/** Pages whose forms the app takes (functions/routes/forms.ts), run first by the Worker. */
const FORM_PAGE_SET: ReadonlySet<string> = new Set(FORM_PAGES);

/** Without a mail API, mail is logged (wrangler tail shows it) rather than lost silently. */
const logMailer: Mailer = {
  async send(message) {
    console.warn(
      `[karkhana] MAIL_API_URL is not set; not sent to ${message.to}: ${message.subject}`,
    );
  },
};

export function workerDeps(
  env: WorkerBindings,
  vars: WorkerVars,
  db: Db,
  pages: AstroPagesApp,
): AppDeps & { mailer: QueuedMailer } {
  const transport = vars.MAIL_API_URL
    ? httpMailer({
        url: vars.MAIL_API_URL,
        apiKey: vars.MAIL_API_KEY ?? "",
        from: vars.MAIL_FROM ?? "Karkhana <no-reply@karkhana.pk>",
      })
    : logMailer;
  return {
    db,
    blobs: r2Blobs(env.MEDIA),
    assets: workerAssets(env.ASSETS),
    // Writes record what they touched (page_changes); directory pages check it (servePage).
    publisher: { markDirty: () => {} },
    // Kept at the edge (servePage), not in the isolate.
    pages: astroPageRenderer(() => pages, null),
    // Queued in the database; the five-minute Cron Trigger sends what the request could not.
    mailer: mailQueue({ db, transport, secret: vars.MAIL_API_KEY }),
    config: { siteUrl: vars.PUBLIC_SITE_URL.replace(/\/+$/, "") },
    google: googleConfigFromEnv(vars),
    clock: () => new Date(),
    // Each request's counts written after its answer (waitUntil): an isolate may not live
    // to a later flush (decision 019).
    counter: directCounter(db),
    // Cloudflare sets this header itself; a client cannot forge it.
    clientIp: (c) => clientIpKey(c.req.header("cf-connecting-ip")),
  };
}

interface Isolate {
  env: WorkerBindings;
  vars: WorkerVars;
  db: Db;
  mailer: QueuedMailer;
  app: ReturnType<typeof createApp>;
  /** The data version of the deployed build (its build-info.json), read once. */
  buildVersion: Promise<number | null>;
  /** The foreign-key check (`databaseChecked`): held once it passed or found them off. */
  foreignKeys: Promise<void> | null;
}

/**
 * Checks once per isolate, before its first use of the database, that Turso
 * enforces foreign keys (db/foreign-keys.ts). Off, every request answers 500
 * and logs why, rather than deleting accounts without their sessions; a
 * database out of reach is not remembered, so the next request checks again
 * (and this one meets the outage where it would anyway, as a 503).
 */
function databaseChecked(isolate: Isolate): Promise<boolean> {
  isolate.foreignKeys ??= ensureForeignKeys(isolate.db.$client, "DATABASE_URL's database");
  return isolate.foreignKeys.then(
    () => true,
    (err: unknown) => {
      if (err instanceof ForeignKeysOff) {
        console.error(`[karkhana] ${err.message}`);
        return false;
      }
      isolate.foreignKeys = null;
      return true;
    },
  );
}

const foreignKeysOffAnswer = () =>
  Response.json({ error: "Internal server error" }, { status: 500 });

async function deployedVersion(assets: AssetsBinding): Promise<number | null> {
  const res = await workerAssets(assets).fetch("/build-info.json");
  if (!res) return null;
  try {
    const info = (await res.json()) as { dataVersion?: unknown };
    return typeof info.dataVersion === "number" ? info.dataVersion : null;
  } catch {
    return null;
  }
}

/**
 * The Worker: the Hono app for /api, /media and the 404 page, and directory
 * pages from the edge cache, the assets or rendered on demand with the build's
 * Astro App (functions/worker-main.ts passes the real one; tests a stand-in).
 */
export function makeWorker(pages: AstroPagesApp) {
  /** One app per isolate: the database client and routes are reused across requests. */
  let cached: Isolate | null = null;

  function appFor(env: WorkerBindings): Isolate {
    if (cached?.env !== env) {
      const vars = parseWorkerEnv(env);
      const db = openRemoteDb({ url: vars.DATABASE_URL, authToken: vars.DATABASE_AUTH_TOKEN });
      const deps = workerDeps(env, vars, db, pages);
      cached = {
        env,
        vars,
        db,
        mailer: deps.mailer,
        app: createApp(deps),
        buildVersion: deployedVersion(env.ASSETS).catch(() => null),
        foreignKeys: null,
      };
    }
    return cached;
  }

  /**
   * A directory page (wrangler.toml runs the Worker first for them): from the
   * edge cache; else the pre-rendered file while no change since the build
   * touched it; else rendered on demand. Either is kept at the edge for
   * EDGE_PAGE_TTL_S (a closed business's 410 page too, decision 029), the
   * query string ignored (the pages do not read it).
   */
  async function servePage(
    request: Request,
    env: WorkerBindings,
    ctx: ExecutionContextLike,
    edge: EdgeCache | null,
  ): Promise<Response> {
    const url = new URL(request.url);
    const key = new Request(`${url.origin}${url.pathname}`);
    const isolate = appFor(env);
    const hit = await edge?.match(key);
    if (hit) return forBrowser(hit, isolate.vars);
    if (!(await databaseChecked(isolate))) return foreignKeysOffAnswer();
    let res: Response | null = null;
    const version = await isolate.buildVersion;
    let stale = true;
    if (version !== null) {
      try {
        stale = await isPageStale(isolate.db, url.pathname, version);
      } catch (err) {
        // The database out of reach: the built page, however old, beats an error page.
        if (!isDatabaseUnavailable(err)) throw err;
        stale = false;
      }
    }
    if (!stale) {
      const asset = await env.ASSETS.fetch(key);
      if (asset.status === 200) res = asset;
      else await asset.body?.cancel();
    }
    res ??= await isolate.app.fetch(request, env, ctx as never);
    // The edge keeps by time, not tags: a kept page is at most a minute old.
    if (res.headers.has(EXTRA_TAGS_HEADER)) {
      res = new Response(res.body, res);
      res.headers.delete(EXTRA_TAGS_HEADER);
    }
    if (edge && KEPT_STATUSES.has(res.status) && request.method === "GET") {
      const kept = new Response(res.clone().body, res);
      kept.headers.set("Cache-Control", `public, max-age=${EDGE_PAGE_TTL_S}`);
      kept.headers.delete("Set-Cookie");
      ctx.waitUntil(edge.put(key, kept));
    }
    return forBrowser(res, isolate.vars);
  }

  /**
   * What the browser gets: the security headers the app gives its pages (an
   * asset fetched through the binding does not get the _headers file's), and
   * revalidation on every view: the edge copy may live a minute, the
   * browser's must not outlive a change.
   */
  function forBrowser(res: Response, vars: WorkerVars): Response {
    const out = new Response(res.body, res);
    for (const [k, v] of Object.entries(SECURITY_HEADERS)) out.headers.set(k, v);
    if (vars.PUBLIC_SITE_URL.startsWith("https:"))
      out.headers.set("Strict-Transport-Security", STRICT_TRANSPORT_SECURITY);
    if (res.headers.get("Content-Type")?.startsWith("text/html"))
      out.headers.set("Cache-Control", cacheControlFor("/", "text/html"));
    return out;
  }

  async function serveFormPage(request: Request, env: WorkerBindings): Promise<Response> {
    return forBrowser(await env.ASSETS.fetch(request), appFor(env).vars);
  }

  return {
    fetch(
      request: Request,
      env: WorkerBindings,
      ctx: ExecutionContextLike,
    ): Response | Promise<Response> {
      const url = new URL(request.url);
      const path = url.pathname;
      // The assets' _redirects rule does not run for paths the Worker takes first.
      if (path.length > 1 && path.endsWith("/") && pageTags(path)) {
        return Response.redirect(`${url.origin}${path.replace(/\/+$/, "")}${url.search}`, 301);
      }
      const read = request.method === "GET" || request.method === "HEAD";
      if (read && pageTags(path)) {
        const edge = (globalThis as { caches?: { default?: EdgeCache } }).caches?.default ?? null;
        return servePage(request, env, ctx, edge);
      }
      // The pages whose forms the app takes run the Worker first for their POST (decision 027):
      // assets answer a POST with 405. Reading one is its built file, as without the Worker.
      if (read && FORM_PAGE_SET.has(path)) return serveFormPage(request, env);
      const isolate = appFor(env);
      return databaseChecked(isolate).then((ok) =>
        ok ? isolate.app.fetch(request, env, ctx as never) : foreignKeysOffAnswer(),
      );
    },

    async scheduled(
      controller: { cron: string },
      env: WorkerBindings,
      ctx: ExecutionContextLike,
    ): Promise<void> {
      const isolate = appFor(env);
      if (!(await databaseChecked(isolate))) return;
      const { vars, db, mailer } = isolate;
      // The daily trigger cleans up; the five-minute one (and any other) sends queued mail
      // and checks publishing.
      if (controller.cron === DAILY_CRON) {
        const now = new Date();
        ctx.waitUntil(
          (async () => {
            await pruneExpiredRows(db, now);
            const swept = await sweepOrphanUploads({ db, blobs: r2Blobs(env.MEDIA), now });
            console.log(`[karkhana] expired rows pruned; ${describeSweep(swept)}`);
            // Changed pages are marked in page_changes, which every isolate reads per request.
            console.log(`[karkhana] ${describeReplyTimes(await recomputeReplyTimes(db, now))}`);
          })(),
        );
        return;
      }
      ctx.waitUntil(
        mailer.drain(new Date()).then((report) => {
          const line = describeDrain(report);
          if (line) console.log(`[karkhana] ${line}`);
        }),
      );
      const hook = vars.DEPLOY_HOOK_URL
        ? { url: vars.DEPLOY_HOOK_URL, token: vars.DEPLOY_HOOK_TOKEN }
        : null;
      ctx.waitUntil(
        checkPublish(db, workerAssets(env.ASSETS), hook, new Date()).then((r) =>
          console.log(
            `[karkhana] publish check: ${r.action} (data ${r.current}, pages ${r.deployed})`,
          ),
        ),
      );
    },
  };
}
