import { Hono, type Context } from "hono";
import { findPublicProvider } from "../../db/queries/providers.ts";
import { findCity } from "../../src/lib/cities.ts";
import {
  cityCategoryPath,
  cityPath,
  providerPath,
  providerShortPath,
  uuidFromSegment,
} from "../../src/lib/urls.ts";
import type { AppEnv } from "../app.ts";

/** Shells the build emits for pages it could not pre-render (architecture.md, Freshness). */
export const LIVE_PROVIDER_SHELL = "/_live/provider/index.html";
export const LIVE_LISTING_SHELL = "/_live/listing/index.html";
export const NOT_FOUND_PAGE = "/404.html";

/** Serves a built HTML file with the given status; the 404 page when it is missing. */
export async function serveAsset(c: Context<AppEnv>, path: string, status: 200 | 404) {
  const res = await c.var.deps.assets.fetch(path);
  if (!res) {
    if (path !== NOT_FOUND_PAGE) return serveAsset(c, NOT_FOUND_PAGE, 404);
    return c.text("404 Page Not Found", 404);
  }
  const headers = new Headers(res.headers);
  headers.set("Content-Type", "text/html; charset=utf-8");
  // Live views change with the data; never let a cache keep them.
  headers.set("Cache-Control", "no-store");
  return new Response(res.body, { status, headers });
}

export function notFoundPage(c: Context<AppEnv>) {
  return serveAsset(c, NOT_FOUND_PAGE, 404);
}

/** Redirects to the canonical path, keeping the query string. */
function redirectTo(c: Context<AppEnv>, path: string) {
  const search = new URL(c.req.url).search;
  return c.redirect(`${path}${search}`, 301);
}

/**
 * Fallbacks for page URLs the static site has no file for: providers created
 * or renamed since the last publish, and city×category pages that gained their
 * first provider. Static files always win; these run only when none exists.
 */
export const pageRoutes = new Hono<AppEnv>()
  // Spec §8: an unauthorized service deletion sends the browser here. A local
  // `next` path (never another site) is handed on to the sign-in page.
  .get("/api/login", (c) => {
    const next = c.req.query("next");
    const safe = next && /^\/(?![/\\])/.test(next) ? next : null;
    return c.redirect(safe ? `/login?next=${encodeURIComponent(safe)}` : "/login", 302);
  })
  .get("/providers/:slugId", async (c) => {
    const id = uuidFromSegment(c.req.param("slugId"));
    const provider = id ? await findPublicProvider(c.var.deps.db, id) : null;
    if (!provider) return notFoundPage(c);
    const canonical = providerShortPath(provider);
    if (c.req.path !== canonical) return redirectTo(c, canonical);
    return serveAsset(c, LIVE_PROVIDER_SHELL, 200);
  })
  .get("/pk/:city/:category/:slugId", async (c) => {
    const id = uuidFromSegment(c.req.param("slugId"));
    const provider = id ? await findPublicProvider(c.var.deps.db, id) : null;
    if (!provider) return notFoundPage(c);
    const canonical = providerPath(provider);
    if (c.req.path !== canonical) return redirectTo(c, canonical);
    return serveAsset(c, LIVE_PROVIDER_SHELL, 200);
  })
  .get("/pk/:city/:category?", async (c) => {
    // Unknown cities are not honoured (spec §2): they get the 404 page.
    const city = findCity(c.req.param("city"));
    if (!city) return notFoundPage(c);
    const categorySlug = c.req.param("category");
    let canonical = cityPath(city);
    if (categorySlug) {
      const category = await c.var.deps.db.query.serviceCategories.findFirst({
        columns: { name: true },
        where: (t, { eq }) => eq(t.slug, categorySlug.toLowerCase()),
      });
      if (!category) return notFoundPage(c);
      canonical = cityCategoryPath(city, category.name);
    }
    if (c.req.path !== canonical) return redirectTo(c, canonical);
    return serveAsset(c, LIVE_LISTING_SHELL, 200);
  });
