import { Hono, type Context } from "hono";
import {
  loadCategoryPage,
  loadCityPage,
  loadCountryPage,
  loadProviderPage,
  loadSitemapSource,
} from "../../db/queries/page-data.ts";
import {
  collectSitemapEntries,
  renderChildSitemap,
  renderRootSitemap,
} from "../../src/lib/sitemap.ts";
import { findPublicProvider } from "../../db/queries/providers.ts";
import type { OnDemandPage } from "../../src/lib/on-demand-page.ts";
import { ANY_CHANGE, pageTags } from "../pages/page-tags.ts";
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
 * Renders `page` on demand (issue 12), or serves the live shell where this
 * runtime cannot render (no `pages` port).
 */
async function renderPage(c: Context<AppEnv>, page: OnDemandPage | null, shell: string) {
  const pages = c.var.deps.pages;
  if (!pages) return serveAsset(c, shell, 200);
  if (!page) return notFoundPage(c);
  return pages.render(c.req.raw, page, pageTags(c.req.path) ?? []);
}

const siteOf = (c: Context<AppEnv>) => new URL(`${c.var.deps.config.siteUrl}/`);

/** The sitemap as the data is now, kept like a page until the next change. */
async function sitemap(
  c: Context<AppEnv>,
  render: (entries: ReturnType<typeof collectSitemapEntries>) => string | null,
) {
  const pages = c.var.deps.pages;
  if (!pages) return notFoundPage(c);
  const hit = pages.cached(c.req.path);
  if (hit) return hit;
  const body = render(collectSitemapEntries(siteOf(c), await loadSitemapSource(c.var.deps.db)));
  if (body === null) return notFoundPage(c);
  const res = new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8" },
  });
  return pages.keep(c.req.path, res, [ANY_CHANGE]);
}

/**
 * Directory pages the static site has no current file for: providers and
 * listings the build left out (file budget), created since, or changed since
 * (the Node server skips a stale file, functions/pages/freshness.ts). Each is
 * rendered on demand from the build's own components and kept until a change
 * touches it; where that is not possible, the live shells answer.
 */
export const pageRoutes = new Hono<AppEnv>()
  // Spec §8: an unauthorized service deletion sends the browser here. A local
  // `next` path (never another site) is handed on to the sign-in page.
  .get("/api/login", (c) => {
    const next = c.req.query("next");
    const safe = next && /^\/(?![/\\])/.test(next) ? next : null;
    return c.redirect(safe ? `/login?next=${encodeURIComponent(safe)}` : "/login", 302);
  })
  // The short twin is no page of its own: it sends people to the canonical one.
  .get("/providers/:slugId", async (c) => {
    const id = uuidFromSegment(c.req.param("slugId"));
    const provider = id ? await findPublicProvider(c.var.deps.db, id) : null;
    if (!provider) return notFoundPage(c);
    if (!c.var.deps.pages) {
      const short = providerShortPath(provider);
      if (c.req.path !== short) return redirectTo(c, short);
      return serveAsset(c, LIVE_PROVIDER_SHELL, 200);
    }
    return redirectTo(c, providerPath(provider));
  })
  // Reached when the build's sitemap is older than the data (or, past 50,000 URLs, a chunk it lacks).
  .get("/sitemap.xml", (c) => sitemap(c, (entries) => renderRootSitemap(siteOf(c), entries)))
  .get("/sitemaps/:file{[0-9]+\\.xml}", (c) =>
    sitemap(c, (entries) => renderChildSitemap(entries, parseInt(c.req.param("file"), 10))),
  )
  .get("/pk", async (c) => {
    const pages = c.var.deps.pages;
    if (!pages) return notFoundPage(c);
    const hit = pages.cached(c.req.path);
    if (hit) return hit;
    const data = await loadCountryPage(c.var.deps.db);
    return renderPage(c, { kind: "country", data }, LIVE_LISTING_SHELL);
  })
  .get("/pk/:city/:category/:slugId", async (c) => {
    const hit = c.var.deps.pages?.cached(c.req.path);
    if (hit) return hit;
    const id = uuidFromSegment(c.req.param("slugId"));
    const data = id ? await loadProviderPage(c.var.deps.db, id) : null;
    if (!data) return notFoundPage(c);
    const canonical = providerPath(data.provider);
    if (c.req.path !== canonical) return redirectTo(c, canonical);
    return renderPage(c, { kind: "provider", data }, LIVE_PROVIDER_SHELL);
  })
  .get("/pk/:city/:category?", async (c) => {
    const hit = c.var.deps.pages?.cached(c.req.path);
    if (hit) return hit;
    // Unknown cities are not honoured (spec §2): they get the 404 page.
    const city = findCity(c.req.param("city"));
    if (!city) return notFoundPage(c);
    const categorySlug = c.req.param("category");
    const db = c.var.deps.db;
    if (!categorySlug) {
      if (c.req.path !== cityPath(city)) return redirectTo(c, cityPath(city));
      const data = c.var.deps.pages ? await loadCityPage(db, city) : null;
      return renderPage(c, data && { kind: "city", data }, LIVE_LISTING_SHELL);
    }
    const category = await db.query.serviceCategories.findFirst({
      columns: { name: true },
      where: (t, { eq }) => eq(t.slug, categorySlug.toLowerCase()),
    });
    if (!category) return notFoundPage(c);
    const canonical = cityCategoryPath(city, category.name);
    if (c.req.path !== canonical) return redirectTo(c, canonical);
    const data = c.var.deps.pages
      ? await loadCategoryPage(db, city, categorySlug.toLowerCase())
      : null;
    return renderPage(c, data && { kind: "category", data }, LIVE_LISTING_SHELL);
  });
