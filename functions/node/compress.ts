/**
 * Gzip for the app's answers on the Node server (nothing in front of it
 * compresses; on Workers the edge does). Unlike hono/compress, which streams
 * every answer through a fresh CompressionStream whatever its size (a JSON
 * `{ "ok": true }` included, as app answers carry no Content-Length), this
 * reads the body first: under 1 KiB it goes out as it is, with its length;
 * above, it is gzipped by libuv's thread pool, off the event loop. App
 * answers are at most a rendered page (about 200 KB); images pass untouched.
 */
import type { Context, MiddlewareHandler } from "hono";
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import { acceptedEncodings } from "./static-site.ts";

export const gzipAsync = promisify(gzip);

/** Below this, gzip's header and the work cost more than the bytes saved. */
export const COMPRESS_THRESHOLD = 1024;

/** Content types worth compressing (text, JSON, JS, XML, SVG). */
export const COMPRESSIBLE =
  /^(?:text\/|application\/(?:json|javascript|xml|manifest\+json)|image\/svg\+xml)/i;

export function compressAnswers(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    if (c.req.method === "HEAD" || !res.body || res.headers.has("Content-Encoding")) return;
    if (!COMPRESSIBLE.test(res.headers.get("Content-Type") ?? "")) return;
    if (/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(res.headers.get("Cache-Control") ?? "")) return;
    const bytes = new Uint8Array(await res.arrayBuffer());
    const headers = new Headers(res.headers);
    const init = { status: res.status, statusText: res.statusText, headers };
    if (bytes.length < COMPRESS_THRESHOLD) {
      headers.set("Content-Length", String(bytes.length));
      replaceAnswer(c, new Response(bytes, init));
      return;
    }
    headers.append("Vary", "Accept-Encoding");
    if (!acceptedEncodings(c.req.header("Accept-Encoding") ?? null).includes("gzip")) {
      headers.set("Content-Length", String(bytes.length));
      replaceAnswer(c, new Response(bytes, init));
      return;
    }
    const gzipped = await gzipAsync(bytes);
    headers.set("Content-Encoding", "gzip");
    headers.set("Content-Length", String(gzipped.length));
    replaceAnswer(c, new Response(new Uint8Array(gzipped), init));
  };
}

/**
 * Hono's `c.res` setter copies every header of the answer it replaces onto
 * the new one, so a built file's Content-Length (the 404 page's) would
 * overwrite the gzipped length and leave the browser waiting for bytes that
 * never come. The new answer already carries every header it should.
 */
function replaceAnswer(c: Context, res: Response) {
  c.res = undefined;
  c.res = res;
}
