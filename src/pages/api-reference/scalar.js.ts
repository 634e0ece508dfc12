import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { APIRoute } from "astro";

/**
 * Scalar's browser bundle for the API reference at /api/docs, copied from the
 * package at build time so the page loads nothing from another site and the
 * Worker does not carry 4 MB of script (docs/decisions/016-openapi.md).
 */
export const prerender = true;

export const GET: APIRoute = async () => {
  // The package exports neither the browser build nor package.json: find it beside the main entry (dist/index.js).
  const main = createRequire(import.meta.url).resolve("@scalar/api-reference");
  const bundle = await readFile(join(dirname(main), "browser/standalone.js"));
  return new Response(bundle, { headers: { "Content-Type": "text/javascript; charset=utf-8" } });
};
