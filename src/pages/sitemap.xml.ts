import type { APIRoute } from "astro";
import { getSiteData } from "../data/site.ts";
import { collectSitemapEntries, renderRootSitemap } from "../lib/sitemap.ts";

/** The sitemap, or a sitemap index of /sitemaps/{n}.xml past 50,000 URLs. */
export const GET: APIRoute = async ({ site }) => {
  const base = site ?? new URL("http://127.0.0.1:4321");
  const entries = collectSitemapEntries(base, await getSiteData());
  return new Response(renderRootSitemap(base, entries), {
    headers: { "Content-Type": "application/xml; charset=utf-8" },
  });
};
