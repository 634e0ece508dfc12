import type { AstroPagesApp } from "../../functions/pages/renderer.ts";
import type { OnDemandPage } from "../../src/lib/on-demand-page.ts";

/**
 * Astro's App stood in by one that prints what it was given, so routing,
 * data, tags and caching of on-demand pages are tested without a build (the
 * browser suites render with the real one).
 */
export function fakeAstroApp(rendered: { path: string; page: OnDemandPage }[] = []): AstroPagesApp {
  return {
    manifest: { routes: [] },
    match: () => ({}),
    async render(request, opts) {
      const page = opts.locals!.page!;
      rendered.push({ path: new URL(request.url).pathname, page });
      const name =
        page.kind === "provider"
          ? page.data.provider.companyName
          : page.kind === "closed"
            ? `${page.data.provider.companyName}; similar: ${page.data.providers.map((p) => p.companyName).join(", ")}`
            : page.data.providers.map((p) => p.companyName).join(", ");
      return new Response(`<html><title>${page.kind}: ${name}</title></html>`, {
        headers: { "Content-Type": "text/html" },
      });
    },
  };
}
