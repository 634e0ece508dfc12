import type { Context } from "hono";
import { parseUploadKey } from "../../src/lib/upload-keys.ts";
import type { AppEnv } from "../ports/app-env.ts";
import { STORE_UNAVAILABLE } from "../routes/uploads.ts";
import { HttpError } from "./http.ts";
import { blobKeyFromUrl } from "./images.ts";

/**
 * A photo a request refers to (a quote request's, a claim's proof) must be the
 * caller's own upload of that kind, and be stored: 400 `notOwn` otherwise, 400
 * when it was never uploaded, 503 with Retry-After when the store is out of reach.
 */
export async function assertOwnUpload(
  c: Context<AppEnv>,
  url: string,
  expected: { kind: "lead" | "claim"; userId: string; notOwn: string },
): Promise<void> {
  const key = blobKeyFromUrl(url);
  const upload = key ? parseUploadKey(key) : null;
  if (!key || upload?.kind !== expected.kind || upload.userId !== expected.userId) {
    throw new HttpError(400, expected.notOwn);
  }
  let found;
  try {
    found = await c.var.deps.blobs.get(key);
  } catch {
    c.header("Retry-After", "60");
    throw new HttpError(503, STORE_UNAVAILABLE);
  }
  if (found?.body instanceof ReadableStream) await found.body.cancel();
  if (!found) throw new HttpError(400, "Photo not found: upload it first");
}
