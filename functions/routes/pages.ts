import { Hono, type Context } from "hono";
import {
  loadCategoryPage,
  loadCityPage,
  loadCountryPage,
  loadGoneListing,
  loadProviderPage,
  loadSitemapSource,
} from "../../db/queries/page-data.ts";
import {
  renderChildSitemap,
  renderRootSitemap,
  type SitemapSource,
} from "../../src/lib/sitemap.ts";
import { findPublicProvider } from "../../db/queries/providers.ts";
import type { OnDemandPage } from "../../src/lib/on-demand-page.ts";
import { EXTRA_TAGS_HEADER, pageTags } from "../pages/page-tags.ts";
import { cityTag } from "../../db/queries/site-meta.ts";
import { cacheControlFor } from "../lib/security-headers.ts";
import { localeOfPath, localizePath } from "../../src/i18n/locales.ts";
import { siteNextPath } from "../../src/lib/next-path.ts";
import { findCity } from "../../src/lib/cities.ts";
import { cityCategoryPath, cityPath, providerPath, uuidFromSegment } from "../../src/lib/urls.ts";
import type { AppEnv } from "../ports/app-env.ts";
import { z } from "zod";
import { ANYONE, LOCATION, queryOf, route } from "../openapi/describe.ts";

export const NOT_FOUND_PAGE = "/404.html";
/** src/pages/ur/404.astro: Astro writes only the root 404 as a bare .html file. */
const NOT_FOUND_PAGE_UR = "/ur/404/index.html";

/** Serves a built HTML file with the given status; the 404 page when it is missing. */
export async function serveAsset(c: Context<AppEnv>, path: string, status: 200 | 404) {
  const res = await c.var.deps.assets.fetch(path);
  if (!res) {
    if (path !== NOT_FOUND_PAGE) return serveAsset(c, NOT_FOUND_PAGE, 404);
    return c.text("404 Page Not Found", 404);
  }
  const headers = new Headers(res.headers);
  headers.set("Content-Type", "text/html; charset=utf-8");
  // A 404 may become a page at any moment (a provider created or reactivated).
  headers.set("Cache-Control", "no-store");
  return new Response(res.body, { status, headers });
}

/** The 404 page in the language of the path asked for. */
export function notFoundPage(c: Context<AppEnv>) {
  return serveAsset(c, localeOfPath(c.req.path) === "ur" ? NOT_FOUND_PAGE_UR : NOT_FOUND_PAGE, 404);
}

/** Redirects to the canonical path, keeping the query string. */
function redirectTo(c: Context<AppEnv>, path: string) {
  const search = new URL(c.req.url).search;
  return c.redirect(`${path}${search}`, 301);
}

/**
 * A directory page as the data is now (decision 014): a kept rendering while
 * no change touched it, else `make` (which loads the data and renders, or
 * answers 301/404), made once for every request that asks meanwhile.
 */
function onDemand(c: Context<AppEnv>, make: () => Promise<Response>) {
  return c.var.deps.pages.serve(c.req.raw, pageTags(c.req.path) ?? [], make);
}

/** Renders `page` with the build's components. */
function renderPage(c: Context<AppEnv>, page: OnDemandPage) {
  return c.var.deps.pages.render(c.req.raw, page);
}

const siteOf = (c: Context<AppEnv>) => new URL(`${c.var.deps.config.siteUrl}/`);

/** The sitemap as the data is now, kept like a page until the next change. */
function sitemap(c: Context<AppEnv>, render: (data: SitemapSource) => string | null) {
  return onDemand(c, async () => {
    const body = render(await loadSitemapSource(c.var.deps.db));
    if (body === null) return notFoundPage(c);
    return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
  });
}

/**
 * Directory pages the static site has no current file for: providers and
 * listings the build left out (file budget), created since, or changed since
 * (the Node server skips a stale file, functions/pages/freshness.ts). Each is
 * rendered on demand from the build's own components and kept until a change
 * touches it.
 */
export const pageRoutes = new Hono<AppEnv>()
  // The dashboard sends the browser here when a service deletion is refused as
  // unauthorized. A local `next` path (never another site) is handed on to the sign-in page.
  .get(
    "/api/login",
    route(
      {
        summary: "Send the browser to the sign-in page",
        description:
          "Redirects to `/login`, handing on a `next` path of this site (`/login?next=…`); any other `next` is dropped.",
        tags: ["Accounts"],
        roles: ANYONE,
        ok: { 302: { description: "To the sign-in page.", headers: LOCATION } },
      },
      "get",
    ),
    queryOf(
      z.object({ next: z.string().optional().meta({ description: "A path on this site." }) }),
    ),
    (c) => {
      const safe = siteNextPath(c.req.query("next"));
      return c.redirect(safe ? `/login?next=${encodeURIComponent(safe)}` : "/login", 302);
    },
  )
  // The short twin is no page of its own: it sends people to the canonical one.
  .get("/providers/:slugId", (c) => shortLink(c))
  .get("/ur/providers/:slugId", (c) => shortLink(c))
  // Reached when the build's sitemap is older than the data, or for a file of it the build left out (file budget).
  .get("/sitemap.xml", (c) => sitemap(c, (data) => renderRootSitemap(siteOf(c), data)))
  .get("/sitemaps/:file{[0-9]+\\.xml}", (c) =>
    sitemap(c, (data) => renderChildSitemap(siteOf(c), data, parseInt(c.req.param("file"), 10))),
  )
  // Each directory page in English and, under /ur, in Urdu (decision 022).
  .get("/pk", (c) => onDemand(c, () => countryPage(c)))
  .get("/ur/pk", (c) => onDemand(c, () => countryPage(c)))
  .get("/pk/:city/:category/:slugId", (c) => onDemand(c, () => providerPage(c)))
  .get("/ur/pk/:city/:category/:slugId", (c) => onDemand(c, () => providerPage(c)))
  .get("/pk/:city/:category?", (c) => onDemand(c, () => listingPage(c)))
  .get("/ur/pk/:city/:category?", (c) => onDemand(c, () => listingPage(c)));

/** The canonical path of a page in the language of this request's URL. */
const inLanguage = (c: Context<AppEnv>, path: string) =>
  localizePath(path, localeOfPath(c.req.path));

/** A provider's short link: 301 to its canonical page, in the link's language. */
async function shortLink(c: Context<AppEnv, "/providers/:slugId" | "/ur/providers/:slugId">) {
  const id = uuidFromSegment(c.req.param("slugId"));
  if (!id) return notFoundPage(c);
  const db = c.var.deps.db;
  const provider = await findPublicProvider(db, id);
  if (provider) return redirectTo(c, inLanguage(c, providerPath(provider)));
  // Closed: its canonical URL answers 410; merged: the kept listing's.
  const gone = await loadGoneListing(db, id);
  if (!gone) return notFoundPage(c);
  const to = gone.kind === "closed" ? gone.data.provider : gone.into;
  return redirectTo(c, inLanguage(c, providerPath(to)));
}

async function countryPage(c: Context<AppEnv>) {
  return renderPage(c, { kind: "country", data: await loadCountryPage(c.var.deps.db) });
}

async function providerPage(
  c: Context<AppEnv, "/pk/:city/:category/:slugId" | "/ur/pk/:city/:category/:slugId">,
) {
  const id = uuidFromSegment(c.req.param("slugId"));
  const data = id ? await loadProviderPage(c.var.deps.db, id) : null;
  if (!data) return id ? goneProviderPage(c, id) : notFoundPage(c);
  const canonical = inLanguage(c, providerPath(data.provider));
  if (c.req.path !== canonical) return redirectTo(c, canonical);
  return renderPage(c, { kind: "provider", data });
}

/**
 * An inactive listing's URL (decision 025): a business that closed for good
 * answers 410 with a page that says so and links to similar providers of its
 * city; a duplicate 301s to the listing it was merged into (in the same
 * language); any other inactive listing is a 404. The 410 page is kept like
 * any page (decision 029), under its listing's tags and its city's (the
 * similar providers), so reopening the listing shows at once on Node and
 * within the edge's minute on the Worker; redirects and 404s are never kept.
 */
async function goneProviderPage(c: Context<AppEnv>, id: string) {
  const gone = await loadGoneListing(c.var.deps.db, id);
  if (!gone) return notFoundPage(c);
  if (gone.kind === "merged") return redirectTo(c, inLanguage(c, providerPath(gone.into)));
  const canonical = inLanguage(c, providerPath(gone.data.provider));
  if (c.req.path !== canonical) return redirectTo(c, canonical);
  const res = await renderPage(c, { kind: "closed", data: gone.data });
  const headers = new Headers(res.headers);
  headers.set("Content-Type", "text/html; charset=utf-8");
  // As the built pages: the browser asks again each time, the server's copy answers.
  headers.set("Cache-Control", cacheControlFor(canonical, "text/html"));
  const city = gone.data.provider.city;
  if (city) headers.set(EXTRA_TAGS_HEADER, cityTag(city));
  return new Response(res.body, { status: 410, headers });
}

async function listingPage(c: Context<AppEnv, "/pk/:city/:category?" | "/ur/pk/:city/:category?">) {
  // Only known cities have pages: any other gets the 404 page.
  const city = findCity(c.req.param("city"));
  if (!city) return notFoundPage(c);
  const categorySlug = c.req.param("category");
  const db = c.var.deps.db;
  if (!categorySlug) {
    const canonical = inLanguage(c, cityPath(city));
    if (c.req.path !== canonical) return redirectTo(c, canonical);
    return renderPage(c, { kind: "city", data: await loadCityPage(db, city) });
  }
  const category = await db.query.serviceCategories.findFirst({
    columns: { name: true },
    where: (t, { eq }) => eq(t.slug, categorySlug.toLowerCase()),
  });
  if (!category) return notFoundPage(c);
  const canonical = inLanguage(c, cityCategoryPath(city, category.name));
  if (c.req.path !== canonical) return redirectTo(c, canonical);
  const data = await loadCategoryPage(db, city, categorySlug.toLowerCase());
  if (!data) return notFoundPage(c);
  return renderPage(c, { kind: "category", data });
}
