/**
 * The production runtime: a Cloudflare Worker. Static pages are Workers static
 * assets, served by Cloudflare before this code runs (with the headers of
 * dist/_headers); everything else — /api, /media, the provider and listing
 * fallbacks, the 404 page — comes here, to the same Hono app the Node server
 * mounts, with ports for Turso (HTTP), R2, the HTTP mailer and the assets.
 */
import type { Db } from "../db/client.ts";
import { openRemoteDb } from "../db/remote.ts";
import { createApp, type AppDeps } from "./app.ts";
import { googleConfigFromEnv } from "./auth/google.ts";
import { clientIpKey } from "./lib/client-ip.ts";
import { httpMailer } from "./lib/http-mailer.ts";
import { DAILY_CRON, pruneExpiredRows } from "./lib/housekeeping.ts";
import { describeSweep, sweepOrphanUploads } from "./lib/media-sweep.ts";
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

/** Without a mail API, mail is logged (wrangler tail shows it) rather than lost silently. */
const logMailer: Mailer = {
  async send(message) {
    console.warn(
      `[karkhana] MAIL_API_URL is not set; not sent to ${message.to}: ${message.subject}`,
    );
  },
};

export function workerDeps(env: WorkerBindings, vars: WorkerVars, db: Db): AppDeps {
  return {
    db,
    blobs: r2Blobs(env.MEDIA),
    assets: workerAssets(env.ASSETS),
    // Pages are rebuilt by CI: the Cron Trigger below compares data and build versions.
    publisher: { markDirty: () => {} },
    mailer: vars.MAIL_API_URL
      ? httpMailer({
          url: vars.MAIL_API_URL,
          apiKey: vars.MAIL_API_KEY ?? "",
          from: vars.MAIL_FROM ?? "Karkhana <no-reply@karkhana.pk>",
        })
      : logMailer,
    config: { siteUrl: vars.PUBLIC_SITE_URL.replace(/\/+$/, "") },
    google: googleConfigFromEnv(vars),
    clock: () => new Date(),
    // Cloudflare sets this header itself; a client cannot forge it.
    clientIp: (c) => clientIpKey(c.req.header("cf-connecting-ip")),
  };
}

/** One app per isolate: the database client and routes are reused across requests. */
let cached: {
  env: WorkerBindings;
  vars: WorkerVars;
  db: Db;
  app: ReturnType<typeof createApp>;
} | null = null;

function appFor(env: WorkerBindings) {
  if (cached?.env !== env) {
    const vars = parseWorkerEnv(env);
    const db = openRemoteDb({ url: vars.DATABASE_URL, authToken: vars.DATABASE_AUTH_TOKEN });
    cached = { env, vars, db, app: createApp(workerDeps(env, vars, db)) };
  }
  return cached;
}

export default {
  fetch(
    request: Request,
    env: WorkerBindings,
    ctx: ExecutionContextLike,
  ): Response | Promise<Response> {
    return appFor(env).app.fetch(request, env, ctx as never);
  },

  async scheduled(
    controller: { cron: string },
    env: WorkerBindings,
    ctx: ExecutionContextLike,
  ): Promise<void> {
    const { vars, db } = appFor(env);
    // The daily trigger cleans up; the five-minute one (and any other) checks publishing.
    if (controller.cron === DAILY_CRON) {
      const now = new Date();
      ctx.waitUntil(
        (async () => {
          await pruneExpiredRows(db, now);
          const swept = await sweepOrphanUploads({ db, blobs: r2Blobs(env.MEDIA), now });
          console.log(`[karkhana] expired rows pruned; ${describeSweep(swept)}`);
        })(),
      );
      return;
    }
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
