import { Hono, type Env, type Schema } from "hono";
import { z } from "zod";
import type { AppEnv } from "../ports/app-env.ts";
import { SECURITY_HEADERS } from "../lib/security-headers.ts";
import { ANYONE, route } from "../openapi/describe.ts";
import { openApiDocument } from "../openapi/document.ts";

/** Built from src/pages/api-reference/scalar.js.ts: a static file of the site, not of the Worker. */
export const SCALAR_BUNDLE_PATH = "/api-reference/scalar.js";

/**
 * Scalar reads its settings from this element; as a JSON data block it is
 * never executed, so the page needs no inline script. No web fonts, no
 * request proxy, no AI agent: the reference talks to this site only.
 */
const SCALAR_CONFIG = JSON.stringify({
  withDefaultFonts: false,
  proxyUrl: "",
  agent: { disabled: true },
  hideClientButton: false,
  theme: "default",
});

const DOCS_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>Karkhana API reference</title>
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
  </head>
  <body>
    <noscript>The interactive reference needs JavaScript. The document itself: <a href="/api/openapi.json">/api/openapi.json</a>.</noscript>
    <script id="api-reference" type="application/json" data-url="/api/openapi.json" data-configuration='${SCALAR_CONFIG.replaceAll("'", "&#39;")}'></script>
    <script src="${SCALAR_BUNDLE_PATH}"></script>
  </body>
</html>
`;

/**
 * Scripts only from this site (Scalar's bundle); Scalar writes its styles
 * into <style> elements at run time, which a hash cannot cover, hence inline
 * styles. Requests go to this site only ("Try it" sends to the API here).
 */
export const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "object-src 'none'",
  "form-action 'self'",
].join("; ");

/**
 * The API's own reference: the OpenAPI document generated from the routes'
 * descriptions (made once per process) at /api/openapi.json, and an
 * interactive page over it at /api/docs. `app` is the whole app, asked for
 * when the first request comes.
 */
export function apiDocsRoutes<E extends Env, S extends Schema, P extends string>(
  app: () => Hono<E, S, P>,
) {
  return new Hono<AppEnv>()
    .get(
      "/openapi.json",
      route(
        {
          summary: "This API's OpenAPI 3.1 document",
          tags: ["Meta"],
          roles: ANYONE,
          ok: { 200: { description: "The document.", schema: z.record(z.string(), z.unknown()) } },
        },
        "get",
      ),
      async (c) => {
        c.header("Cache-Control", "public, max-age=300");
        return c.json(await openApiDocument(app()), 200);
      },
    )
    .get(
      "/docs",
      route(
        {
          summary: "This reference, interactive (HTML)",
          tags: ["Meta"],
          roles: ANYONE,
          ok: { 200: { description: "The page.", schema: z.string(), media: "text/html" } },
        },
        "get",
      ),
      (c) => {
        c.header("Cache-Control", "public, max-age=300");
        for (const [k, v] of Object.entries(SECURITY_HEADERS)) c.header(k, v);
        c.header("Content-Security-Policy", DOCS_CSP);
        return c.html(DOCS_HTML, 200);
      },
    );
}
