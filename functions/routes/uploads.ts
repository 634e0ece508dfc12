import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { createMiddleware } from "hono/factory";
import { findProviderRow } from "../../db/queries/provider-writes.ts";
import { MAX_UPLOAD_BYTES } from "../../src/lib/provider-schemas.ts";
import type { AppEnv } from "../app.ts";
import { HttpError } from "../lib/http.ts";
import {
  checkImage,
  keyForType,
  mediaUrl,
  parseUploadKey,
  readAtMost,
  TOO_LARGE_MESSAGE,
  type UploadKey,
} from "../lib/images.ts";
import { LIMITS, rateLimit } from "../lib/rate-limit.ts";
import { requireUser } from "../middleware/session.ts";

/** The one route whose body may exceed the API's 64 KB limit (app.ts skips it there). */
export const UPLOAD_FILE_PATH = "/api/uploads/file";

const BAD_KEY =
  "Invalid upload key: use providers/{userId}/cover_{timestamp}.jpg, " +
  "providers/{userId}/logo_{timestamp}.jpg or providers/{providerId}/gallery/{timestamp}_{filename}";

/**
 * The guards, before a byte of the body is read: 401 signed out, 429 over the
 * per-user limit, 403 unless provider or admin, 400 for a key that is not one
 * of the three shapes, 403 for a key in someone else's folder.
 */
const authorizeUpload = createMiddleware<AppEnv>(async (c, next) => {
  const user = requireUser(c);
  const { db, clock } = c.var.deps;
  await rateLimit(db, `upload:user:${user.id}`, LIMITS.uploadUser, clock());
  if (user.role !== "provider" && user.role !== "admin") throw new HttpError(403, "Forbidden");
  const upload = parseUploadKey(c.req.query("key") ?? "");
  if (!upload) throw new HttpError(400, BAD_KEY);
  if (upload.kind === "gallery") {
    const provider = await findProviderRow(db, upload.providerId);
    const allowed = provider && (user.role === "admin" || provider.userId === user.id);
    if (!allowed) throw new HttpError(403, "You can only upload to your own provider's gallery");
  } else if (upload.userId !== user.id) {
    throw new HttpError(403, "You can only upload to your own folder");
  }
  await next();
});

/** The request's key; the guard above has checked it already. */
function uploadKeyOf(key: string | undefined): UploadKey {
  const upload = parseUploadKey(key ?? "");
  if (!upload) throw new HttpError(400, BAD_KEY);
  return upload;
}

/**
 * POST /api/uploads/file?key=…&contentType=… with the raw bytes (spec §7).
 * The bytes must really be a JPEG, PNG or WebP (magic bytes, not the declared
 * type: the `contentType` parameter is ignored) of at most 5 MB and 4,000 px a side.
 */
export const uploadRoutes = new Hono<AppEnv>().post(
  "/file",
  authorizeUpload,
  // Refuses a declared Content-Length over the limit at once, and counts the
  // bytes of a streamed body as they arrive.
  bodyLimit({
    maxSize: MAX_UPLOAD_BYTES,
    onError: (c) => c.json({ error: TOO_LARGE_MESSAGE }, 413),
  }),
  async (c) => {
    const { blobs } = c.var.deps;
    // Bounded again here, so no runtime's body handling can make us buffer more.
    const bytes = await readAtMost(c.req.raw.body, MAX_UPLOAD_BYTES);
    const image = checkImage(bytes);
    const key = keyForType(uploadKeyOf(c.req.query("key")).key, image.type);
    // Media are served as immutable for a year: a key's bytes must never change.
    if (await blobs.get(key)) {
      throw new HttpError(409, "A file with this key exists already: use a new timestamp");
    }
    await blobs.put(key, bytes, image.type);
    return c.json(
      {
        publicUrl: mediaUrl(key),
        key,
        contentType: image.type,
        width: image.width,
        height: image.height,
      },
      200,
    );
  },
);
