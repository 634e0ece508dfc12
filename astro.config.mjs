// @ts-check
import { defineConfig, passthroughImageService } from "astro/config";
import react from "@astrojs/react";
import tailwindcss from "@tailwindcss/vite";
import { islandDirectives } from "./src/integrations/island-directives.ts";
import { FORM_PAGES } from "./src/lib/auth-paths.ts";
import { karkhanaNodeAdapter } from "./functions/pages/astro-adapter.ts";
import { compileMessagesNow } from "./scripts/i18n.ts";

// The message catalog compiles before anything imports it (decision 022).
compileMessagesNow();

// Pre-rendered where the build can (the head, up to a file budget), on demand
// for the rest: src/pages/pk/[...path].astro, rendered by the Hono app with
// data it loaded (functions/routes/pages.ts, decision 014).
const site = process.env.PUBLIC_SITE_URL || "http://127.0.0.1:4321";

export default defineConfig({
  site,
  output: "static",
  outDir: process.env.ASTRO_OUT_DIR || "./dist",
  trailingSlash: "never",
  build: { format: "directory", concurrency: 2 },
  adapter: karkhanaNodeAdapter(),
  // Pages are sent whole (kept, compressed, cached), never streamed, and no
  // component suspends on the server: renderToString renders each React
  // component about twice as fast as a stream per component.
  integrations: [react({ experimentalDisableStreaming: true }), islandDirectives()],
  // Uploads get their sizes and formats from the API when they arrive
  // (decision 013); no page runs an image through astro:assets.
  image: { service: passthroughImageService() },
  // Every page carries a CSP <meta> whose script-src lists the hashes of the
  // scripts Astro inlines (island loader, image fallback), so no inline script
  // can run that the build did not put there. The response headers add the
  // rest (functions/lib/security-headers.ts).
  security: {
    csp: {
      directives: [
        "default-src 'self'",
        // Provider logos and covers may be absolute https URLs; uploads are same-origin.
        "img-src 'self' data: https:",
        "font-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        // Google's consent screen: 'Continue with Google' tapped before its script runs is a
        // form POST the server answers with a redirect there, which form-action also governs.
        "form-action 'self' https://accounts.google.com",
      ],
      scriptDirective: { resources: ["'self'"] },
      styleDirective: {
        resources: [
          // Radix and React set inline styles (positioning, scroll lock).
          { resource: "'self'", kind: "element" },
          { resource: "'unsafe-inline'", kind: "element" },
          { resource: "'unsafe-inline'", kind: "attribute" },
        ],
      },
    },
  },
  vite: {
    plugins: [tailwindcss()],
    // `npm run dev` sends API and media requests to the Hono app (scripts/dev.ts).
    server: {
      // Builds, data and test output change all the time; they are not sources.
      watch: {
        ignored: ["**/.bench/**", "**/.e2e/**", "**/data/**", "**/.dist-*/**", "**/dist/**"],
      },
      ...(process.env.KARKHANA_API_PROXY
        ? {
            proxy: {
              "/api": process.env.KARKHANA_API_PROXY,
              "/media": process.env.KARKHANA_API_PROXY,
              // A form sent before its script runs is the app's (decision 027); reading the
              // page stays with Astro.
              ...Object.fromEntries(
                FORM_PAGES.map((path) => [
                  `^${path}(?:\\?|$)`,
                  {
                    target: process.env.KARKHANA_API_PROXY,
                    bypass: (/** @type {{ method?: string, url?: string }} */ req) =>
                      req.method === "POST" ? undefined : req.url,
                  },
                ]),
              ),
            },
          }
        : {}),
    },
  },
  devToolbar: { enabled: false },
});
