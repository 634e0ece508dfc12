import type { OnDemandPage } from "../../src/lib/on-demand-page.ts";

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

/** Where rendered pages are kept between requests (the Node server's PageCache). */
export interface KeptPages {
  serve(
    path: string,
    tags: string[],
    acceptEncoding: string | null,
    make: () => Promise<Response>,
  ): Promise<Response>;
}

/** Renders directory pages on demand and keeps them (the app's `pages` port). */
export interface PageRenderer {
  /**
   * The answer for a directory page: a kept rendering still true to the data,
   * else what `make` produces (loading the data, then `render`), made once for
   * all the requests that ask meanwhile and kept under `tags` when it is a 200.
   */
  serve(request: Request, tags: string[], make: () => Promise<Response>): Promise<Response>;
  /** Renders `page` for this request with the build's own components. */
  render(request: Request, page: OnDemandPage): Promise<Response>;
}

/**
 * Renders with the App of the live build (it changes when a deploy swaps in
 * another), keeping complete pages in `kept`. The request given to Astro
 * carries no cookies, so nothing personal can be rendered into a kept page.
 */
export function astroPageRenderer(
  app: () => AstroPagesApp,
  /** null: kept elsewhere (the Worker keeps pages at the edge). */
  kept: KeptPages | null,
): PageRenderer {
  return {
    serve: (request, tags, make) =>
      kept
        ? kept.serve(
            new URL(request.url).pathname,
            tags,
            request.headers.get("Accept-Encoding"),
            make,
          )
        : make(),
    async render(request, page) {
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
      return new Response(res.body, { status: 200, headers });
    },
  };
}
