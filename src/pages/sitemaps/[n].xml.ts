import type { APIRoute, GetStaticPaths } from "astro";
import { getSiteData } from "../../data/site.ts";
import { collectSitemapEntries, planSitemap, renderChildSitemap } from "../../lib/sitemap.ts";

/** One file per 50,000 URLs, only when /sitemap.xml is an index. */
export const getStaticPaths = (async () => {
  const site = new URL(import.meta.env.SITE ?? "http://127.0.0.1:4321");
  const plan = planSitemap(collectSitemapEntries(site, await getSiteData()));
  if (plan.kind === "urlset") return [];
  return plan.chunks.map((_, i) => ({ params: { n: String(i + 1) } }));
}) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ site, params }) => {
  const base = site ?? new URL("http://127.0.0.1:4321");
  const body = renderChildSitemap(
    collectSitemapEntries(base, await getSiteData()),
    Number(params.n),
  );
  if (body === null) return new Response("Not found", { status: 404 });
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
};
