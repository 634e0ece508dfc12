import { Hono } from "hono";
import type { AppEnv } from "../ports/app-env.ts";
import { isSafeBlobKey } from "../lib/blob-keys.ts";
import { HttpError, safeDecode } from "../lib/http.ts";
import { isPrivateKey } from "../../src/lib/upload-keys.ts";

/**
 * Serves the public images (providers' covers, logos, galleries and their
 * copies) from the blob store at /media/{key}. Quote requests' photos and
 * claims' proof are private and answer 404 here, whether or not they exist:
 * they are served by /api/media/{key} after a session check (decision 030).
 */
export const mediaRoutes = new Hono<AppEnv>().get("/*", async (c) => {
  const key = safeDecode(c.req.path.replace(/^\/media\//, ""));
  if (key === null || !isSafeBlobKey(key) || isPrivateKey(key)) {
    throw new HttpError(404, "Not found");
  }
  const blob = await c.var.deps.blobs.get(key);
  if (!blob) throw new HttpError(404, "Not found");
  return c.body(blob.body, 200, {
    "Content-Type": blob.contentType,
    "Content-Length": String(blob.size),
    "X-Content-Type-Options": "nosniff",
    // Keys carry a timestamp, so a key's bytes never change.
    "Cache-Control": "public, max-age=31536000, immutable",
  });
});
