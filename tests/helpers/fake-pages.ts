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
      if (page.kind === "auth" || page.kind === "forgot-password") {
        // A form's screen after its POST: what it would show, readable back (formState()).
        const state = JSON.stringify(page.data).replace(/</g, "\\u003c");
        return new Response(`<html><title>${page.kind}</title><pre>${state}</pre></html>`, {
          headers: { "Content-Type": "text/html" },
        });
      }
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

/** The state a form's screen was rendered with by the stand-in above. */
export function formState(html: string): any {
  const json = /<pre>(.*)<\/pre>/s.exec(html)?.[1];
  if (json === undefined) throw new Error(`not a form's screen: ${html.slice(0, 200)}`);
  return JSON.parse(json);
}
