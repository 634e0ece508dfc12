import { Hono } from "hono";
import { compressAnswers } from "./compress.ts";
import { staticSiteHandler, type StaticRoot } from "./static-site.ts";

/** Paths only the app answers (the build writes nothing under them). */
const APP_ONLY = /^\/(?:api|media)(?:\/|$)/;

interface FetchApp {
  fetch(request: Request, env?: unknown): Response | Promise<Response>;
}

/**
 * What the Node server answers with: the built site's files first (as Workers
 * static assets do in production), then the app. The app's text answers are
 * compressed here because nothing in front of a Node server does it, while
 * Cloudflare compresses at its edge (so the Worker never does). The built
 * files never pass through that: they go out as built, in the precompressed
 * twin the client takes (static-site.ts, precompress.ts). The Node request and
 * response ride along as `env`, where getConnInfo reads the client address.
 * `siteUrl` (PUBLIC_SITE_URL unless given) decides HSTS on the static files,
 * as it does for the app's own answers.
 */
export function nodeHandler(
  site: StaticRoot,
  app: FetchApp,
  opts: {
    siteUrl?: string | undefined;
    /** A pre-rendered page the data has overtaken goes to the app, which renders it anew. */
    isStale?: ((path: string) => Promise<boolean>) | undefined;
  } = { siteUrl: process.env.PUBLIC_SITE_URL },
): Hono {
  const fromSite = staticSiteHandler(site, opts);
  const isStale = opts.isStale ?? (async () => false);
  const dynamic = new Hono().use(compressAnswers()).all("*", (c) => app.fetch(c.req.raw, c.env));
  return new Hono().all("*", async (c) => {
    // The API and uploads are never files of the site: no disk lookup on their way.
    if (APP_ONLY.test(c.req.path)) return dynamic.fetch(c.req.raw, c.env);
    // A trailing slash first gets the static handler's 301 to the path without it.
    const stale = !c.req.path.endsWith("/") && (await isStale(c.req.path));
    return (!stale && (await fromSite(c.req.raw))) || dynamic.fetch(c.req.raw, c.env);
  });
}
