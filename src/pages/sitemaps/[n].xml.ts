import type { APIRoute, GetStaticPaths } from "astro";
import { getSiteData } from "../../data/site.ts";
import { renderChildSitemap } from "../../lib/sitemap.ts";

/**
 * The files of the sitemap index the file budget has room for (the first ones;
 * the server renders the rest on demand, functions/routes/pages.ts).
 */
export const getStaticPaths = (async () => {
  const { plan } = await getSiteData();
  return Array.from({ length: plan.sitemapFiles }, (_, i) => ({ params: { n: String(i + 1) } }));
}) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ site, params }) => {
  const base = site ?? new URL("http://127.0.0.1:4321");
  const body = renderChildSitemap(base, (await getSiteData()).sitemap, Number(params.n));
  if (body === null) return new Response("Not found", { status: 404 });
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
};
