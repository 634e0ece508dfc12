import type { APIRoute } from "astro";

/** Crawl everything public; keep crawlers out of the API and signed-in pages. */
export const GET: APIRoute = ({ site }) => {
  const sitemap = new URL("/sitemap.xml", site ?? "http://127.0.0.1:4321").href;
  const privatePages = [
    "/favorites",
    "/provider-dashboard",
    "/admin-dashboard",
    "/provider-setup",
    "/account",
    "/my-requests",
    "/confirm-email",
    "/forgot-password",
    "/reset-password",
    "/suggest-edit",
    "/claim-listing",
  ];
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /api/",
    // Each in English and in its Urdu twin (decision 022).
    ...privatePages.flatMap((p) => [`Disallow: ${p}`, `Disallow: /ur${p}`]),
    "",
    `Sitemap: ${sitemap}`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8" } });
};
