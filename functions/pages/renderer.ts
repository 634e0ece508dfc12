import type { OnDemandPage } from "../../src/lib/on-demand-page.ts";
import type { PageCache } from "./freshness.ts";

/** The route of src/pages/pk/[...path].astro, which renders every on-demand page. */
export const ON_DEMAND_ROUTE = "/pk/[...path]";

/** What the server bundle (server/entry.mjs) exports: Astro's App, as much as we use. */
export interface AstroPagesApp {
  manifest: { routes: readonly { routeData: { route: string } }[] };
  match(request: Request): unknown;
  render(
    request: Request,
    opts: { routeData?: unknown; locals?: App.Locals; addCookieHeader?: boolean },
  ): Promise<Response>;
}

/** Renders directory pages on demand and keeps them (the app's `pages` port). */
export interface PageRenderer {
  /** A kept rendering of `path` still true to the data, or null. */
  cached(path: string): Response | null;
  /** Renders `page` for this request with the build's own components, and keeps it under `tags`. */
  render(request: Request, page: OnDemandPage, tags: string[]): Promise<Response>;
  /** Keeps an answer made without Astro (the sitemap) under `tags`. */
  keep(path: string, res: Response, tags: string[]): Promise<Response>;
}

/**
 * Renders with the App of the live build (it changes when a deploy swaps in
 * another) and keeps complete pages in `cache`. Only a GET's plain 200 is
 * kept; the request given to Astro carries no cookies, so nothing personal
 * can be rendered into a kept page.
 */
export function astroPageRenderer(
  app: () => AstroPagesApp,
  /** null: kept elsewhere (the Worker keeps pages at the edge). */
  cache: PageCache | null,
): PageRenderer {
  return {
    cached: (path) => cache?.get(path) ?? null,
    keep: async (path, res, tags) => (cache ? cache.put(path, res, tags) : res),
    async render(request, page, tags) {
      const url = new URL(request.url);
      const clean = new Request(url, { method: "GET", headers: { Accept: "text/html" } });
      const astro = app();
      // Named, not matched: Astro matches /pk to its pre-rendered route, never to ours.
      const routeData =
        astro.manifest.routes.find((r) => r.routeData.route === ON_DEMAND_ROUTE)?.routeData ??
        astro.match(clean);
      const res = await astro.render(clean, { routeData, locals: { page } });
      if (res.status !== 200) return res;
      const headers = new Headers(res.headers);
      headers.set("Content-Type", "text/html; charset=utf-8");
      const complete = new Response(res.body, { status: 200, headers });
      return cache ? cache.put(url.pathname, complete, tags) : complete;
    },
  };
}
