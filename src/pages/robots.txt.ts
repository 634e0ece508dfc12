import type { APIRoute } from "astro";

/** Crawl everything public; keep crawlers out of the API and signed-in pages. */
export const GET: APIRoute = ({ site }) => {
  const sitemap = new URL("/sitemap.xml", site ?? "http://127.0.0.1:4321").href;
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /api/",
    "Disallow: /favorites",
    "Disallow: /provider-dashboard",
    "Disallow: /admin-dashboard",
    "Disallow: /provider-setup",
    "Disallow: /account",
    "Disallow: /confirm-email",
    "Disallow: /forgot-password",
    "Disallow: /reset-password",
    "",
    `Sitemap: ${sitemap}`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8" } });
};
