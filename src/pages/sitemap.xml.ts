import type { APIRoute } from "astro";
import { getSiteData } from "../data/site.ts";
import { renderRootSitemap } from "../lib/sitemap.ts";

/** The sitemap, or an index of /sitemaps/{n}.xml past SITEMAP_MAX_URLS. */
export const GET: APIRoute = async ({ site }) => {
  const base = site ?? new URL("http://127.0.0.1:4321");
  return new Response(renderRootSitemap(base, (await getSiteData()).sitemap), {
    headers: { "Content-Type": "application/xml; charset=utf-8" },
  });
};
