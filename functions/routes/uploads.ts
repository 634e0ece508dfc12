import { Hono } from "hono";
import { z } from "zod";
import { bodyLimit } from "hono/body-limit";
import { createMiddleware } from "hono/factory";
import { findProviderRow } from "../../db/queries/provider-writes.ts";
import { MAX_UPLOAD_BYTES } from "../../src/lib/provider-schemas.ts";
import type { AppEnv } from "../ports/app-env.ts";
import { HttpError } from "../lib/http.ts";
import { renderVariants, type RenderedImage } from "../lib/image-variants.ts";
import {
  checkImage,
  type CheckedImage,
  keyForType,
  mediaUrl,
  readAtMost,
  TOO_LARGE_MESSAGE,
} from "../lib/images.ts";
import { BAD_UPLOAD_KEY, parseUploadKey, type UploadKey } from "../../src/lib/upload-keys.ts";
import { LIMITS, rateLimit } from "../lib/rate-limit.ts";
import { requireUser } from "../middleware/session.ts";
import { withoutSizeMarks, withSizeMark, type Size } from "../../src/lib/image-sources.ts";
import type { BlobStore } from "../ports/types.ts";
import { uploadAnswerSchema } from "../../src/lib/api-schemas.ts";
import { queryOf, route, SIGNED_IN } from "../openapi/describe.ts";

/** What a failing blob store answers (503): nothing was kept, the form can try again. */
export const STORE_UNAVAILABLE =
  "Image storage is unavailable right now. Please try again in a minute.";
const STORE_RETRY_AFTER_S = 60;

/** The one route whose body may exceed the API's 64 KB limit (app.ts skips it there). */
export const UPLOAD_FILE_PATH = "/api/uploads/file";

/**
 * The guards, before a byte of the body is read: 401 signed out, 429 over the
 * per-user limit, 403 unless provider or admin (anyone signed in may upload a
 * quote request's photo or a claim's proof), 400 for a key that is not one of the five shapes,
 * 403 for a key in someone else's folder.
 */
const authorizeUpload = createMiddleware<AppEnv>(async (c, next) => {
  const user = requireUser(c);
  const { db, clock } = c.var.deps;
  await rateLimit(db, `upload:user:${user.id}`, LIMITS.uploadUser, clock());
  const upload = parseUploadKey(c.req.query("key") ?? "");
  const anyAccount = upload?.kind === "lead" || upload?.kind === "claim";
  if (!anyAccount && user.role !== "provider" && user.role !== "admin") {
    throw new HttpError(403, "Forbidden");
  }
  if (!upload) throw new HttpError(400, BAD_UPLOAD_KEY);
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
  if (!upload) throw new HttpError(400, BAD_UPLOAD_KEY);
  return upload;
}

/**
 * WebP and JPEG copies in the pages' widths (decision 013), stored before the
 * original so that a size-marked original never exists without them. Null
 * when there are none: the image is too large to decode here, cannot be
 * decoded, or a copy could not be stored (what was stored is deleted again).
 * The upload itself still succeeds then, shown as it is.
 */
async function storeVariants(
  blobs: BlobStore,
  bytes: Uint8Array,
  image: CheckedImage,
  key: string,
  logError: (err: unknown, context: string) => void,
): Promise<RenderedImage | null> {
  let rendered: RenderedImage | null;
  try {
    rendered = await renderVariants(bytes, image.type, image, (size: Size) =>
      withSizeMark(key, size),
    );
  } catch (err) {
    // A header that passed the checks over data that does not decode: kept as it is.
    logError(err, `image copies of ${key}: not made`);
    return null;
  }
  if (!rendered) return null;
  const stored: string[] = [];
  try {
    for (const v of rendered.variants) {
      await blobs.put(v.key, v.bytes, v.contentType);
      stored.push(v.key);
    }
    return rendered;
  } catch (err) {
    logError(err, `image copies of ${key}: storing failed`);
    for (const k of stored) await blobs.delete(k).catch(() => undefined);
    return null;
  }
}

/**
 * POST /api/uploads/file?key=…&contentType=… with the raw bytes.
 * The bytes must really be a JPEG, PNG or WebP (magic bytes, not the declared
 * type: the `contentType` parameter is ignored) of at most 5 MB and 4,000 px a side.
 *
 * The stored key is the requested one with the sniffed extension and, when
 * the copies for slow networks were made, the picture's size
 * (`cover_{ts}.r800x600.jpg`, decision 013): use the `publicUrl` answered.
 */
export const uploadRoutes = new Hono<AppEnv>().post(
  "/file",
  route(
    {
      summary: "Upload an image",
      description:
        "The raw bytes of a JPEG, PNG or WebP image (checked by its bytes; `contentType` is ignored), at most 5 MB and 4,000 px a side, under a key in the caller's own folder. Store the answered `publicUrl`: the stored key carries the picture's size when copies for slow networks were made. Counted per account.",
      tags: ["Provider self-service"],
      roles: SIGNED_IN,
      limited: true,
      requestBody: {
        description: "The image file's bytes.",
        required: true,
        content: Object.fromEntries(
          ["application/octet-stream", "image/jpeg", "image/png", "image/webp"].map((t) => [
            t,
            { schema: { type: "string", format: "binary", contentMediaType: t } },
          ]),
        ),
      },
      ok: { 200: { description: "Stored.", schema: uploadAnswerSchema } },
      errors: {
        400: "`Invalid upload key: …`.",
        403: "`Forbidden` for a customer with any key but a quote request's photo or a claim's proof; a key in someone else's folder or gallery.",
        409: "`A file with this key exists already: use a new timestamp`.",
        413: "The file is larger than 5 MB.",
        415: "`The file must be a JPEG, PNG or WebP image`.",
        422: "The image could not be read, or is more than 4,000 px a side.",
        503: "The database or the image store is out of reach (`Retry-After`); nothing was kept.",
      },
    },
    "write",
  ),
  queryOf(
    z.object({
      key: z.string().meta({
        description:
          "`providers/{userId}/cover_{timestamp}.jpg`, `providers/{userId}/logo_{timestamp}.jpg`, `providers/{providerId}/gallery/{timestamp}_{filename}`, or (any signed-in account) a quote request's photo `leads/{userId}/{timestamp}_{filename}` or a listing claim's proof `claims/{userId}/{timestamp}_{filename}`.",
      }),
      contentType: z.string().optional().meta({ description: "Ignored: the bytes say the type." }),
    }),
  ),
  authorizeUpload,
  // Refuses a declared Content-Length over the limit at once, and counts the
  // bytes of a streamed body as they arrive.
  bodyLimit({
    maxSize: MAX_UPLOAD_BYTES,
    onError: (c) => c.json({ error: TOO_LARGE_MESSAGE }, 413),
  }),
  async (c) => {
    const { blobs } = c.var.deps;
    const logError = c.var.deps.logError ?? ((err, ctx) => console.error(`[karkhana] ${ctx}`, err));
    // Bounded again here, so no runtime's body handling can make us buffer more.
    const bytes = await readAtMost(c.req.raw.body, MAX_UPLOAD_BYTES);
    const image = checkImage(bytes);
    // Only the server writes size marks: one typed into a file name is dropped.
    const plain = keyForType(withoutSizeMarks(uploadKeyOf(c.req.query("key")).key), image.type);
    // A store that fails is a 503 to retry, never a 500; what was stored goes again.
    const unavailable = (err: unknown, what: string) => {
      logError(err, `upload ${plain}: ${what}`);
      c.header("Retry-After", String(STORE_RETRY_AFTER_S));
      return new HttpError(503, STORE_UNAVAILABLE);
    };
    // Media are served as immutable for a year: a key's bytes must never change.
    const exists = async (k: string) => {
      let found;
      try {
        found = await blobs.get(k);
      } catch (err) {
        throw unavailable(err, "the store could not be read");
      }
      if (found?.body instanceof ReadableStream) await found.body.cancel();
      return found !== null;
    };
    const taken = () =>
      new HttpError(409, "A file with this key exists already: use a new timestamp");
    if (await exists(plain)) throw taken();
    const marked = withSizeMark(plain, image);
    if (await exists(marked)) throw taken();
    const rendered = await storeVariants(blobs, bytes, image, plain, logError);
    const dropCopies = async () => {
      for (const v of rendered?.variants ?? []) await blobs.delete(v.key).catch(() => undefined);
    };
    const key = rendered ? withSizeMark(plain, rendered.size) : plain;
    if (rendered && key !== marked) {
      // Turned upright, the picture has another size: it may be taken already.
      let clash: boolean;
      try {
        clash = await exists(key);
      } catch (err) {
        await dropCopies();
        throw err;
      }
      if (clash) {
        await dropCopies();
        throw taken();
      }
    }
    try {
      await blobs.put(key, bytes, image.type);
    } catch (err) {
      await dropCopies();
      throw unavailable(err, "the store could not be written");
    }
    const size = rendered?.size ?? image;
    return c.json(
      {
        publicUrl: mediaUrl(key),
        key,
        contentType: image.type,
        width: size.width,
        height: size.height,
        variants: (rendered?.variants ?? []).map((v) => ({
          url: mediaUrl(v.key),
          contentType: v.contentType,
          width: v.width,
          height: v.height,
        })),
      },
      200,
    );
  },
);
