import type { Context } from "hono";
import { imageSize } from "image-size";
import { isBlobReferenced } from "../../db/queries/provider-writes.ts";
import { MAX_IMAGE_SIDE, MAX_UPLOAD_BYTES } from "../../src/lib/provider-schemas.ts";
import type { AppEnv } from "../ports/app-env.ts";
import { isSafeBlobKey, isVariantKey, variantKeysOf } from "./blob-keys.ts";

// The key format lives with the browser's key builders; routes import it from here too.
export { parseUploadKey, type UploadKey } from "../../src/lib/upload-keys.ts";
import { keyOfMediaUrl, mediaUrlOf } from "../../src/lib/upload-keys.ts";
import { HttpError } from "./http.ts";

/** The image formats uploads may hold, by what their bytes say they are. */
export type ImageType = "image/jpeg" | "image/png" | "image/webp";

const EXTENSION: Record<ImageType, string> = {
  "image/jpeg": ".jpg",
  "image/png": ".png",
  "image/webp": ".webp",
};

const startsWith = (bytes: Uint8Array, sig: readonly number[], at = 0) =>
  bytes.length >= at + sig.length && sig.every((b, i) => bytes[at + i] === b);

/**
 * What the bytes are, from their magic numbers alone (never the file name or
 * the declared content type): JPEG `FF D8 FF`, PNG `89 50 4E 47 0D 0A 1A 0A`,
 * WebP `RIFF....WEBP`. Null for anything else.
 */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8))
    return "image/webp";
  return null;
}

const SIZE_TYPE: Record<ImageType, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
};

/** Width and height read from the image's own header, or null when unreadable. */
export function readImageSize(
  bytes: Uint8Array,
  type: ImageType,
): { width: number; height: number } | null {
  try {
    const size = imageSize(bytes);
    if (size.type !== SIZE_TYPE[type]) return null;
    if (!(size.width > 0 && size.height > 0)) return null;
    return { width: size.width, height: size.height };
  } catch {
    return null;
  }
}

export interface CheckedImage {
  type: ImageType;
  width: number;
  height: number;
}

/**
 * Accepts only real JPEG, PNG or WebP images of at most MAX_IMAGE_SIDE pixels
 * a side: 415 when the bytes are no such image, 422 when the header cannot be
 * read or the image is too large.
 */
export function checkImage(bytes: Uint8Array): CheckedImage {
  const type = sniffImageType(bytes);
  if (!type) throw new HttpError(415, "The file must be a JPEG, PNG or WebP image");
  const size = readImageSize(bytes, type);
  if (!size) throw new HttpError(422, "The image could not be read");
  if (size.width > MAX_IMAGE_SIDE || size.height > MAX_IMAGE_SIDE) {
    throw new HttpError(
      422,
      `The image is ${size.width}×${size.height} pixels; at most ${MAX_IMAGE_SIDE} pixels a side`,
    );
  }
  return { type, ...size };
}

export const TOO_LARGE_MESSAGE = `The file is larger than ${MAX_UPLOAD_BYTES / (1024 * 1024)} MB`;

/**
 * Reads a body stream but never more than `max` bytes: 413 as soon as it goes
 * over, so an endless body is cut off instead of buffered.
 */
export async function readAtMost(
  body: ReadableStream<Uint8Array> | null,
  max: number,
): Promise<Uint8Array<ArrayBuffer>> {
  if (!body) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      throw new HttpError(413, TOO_LARGE_MESSAGE);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}

/**
 * The key with its extension set to the sniffed type, so every blob store
 * (the disk store reads the type from the extension) serves the bytes as what
 * they are: `cover_1.jpg` holding a PNG is stored as `cover_1.png`, a gallery
 * `{ts}_shop.png` holding a JPEG as `{ts}_shop.jpg`.
 */
export function keyForType(key: string, type: ImageType): string {
  const ext = EXTENSION[type];
  const m = /\.(jpe?g|png|webp|gif|avif|heic|heif|bmp|tiff?)$/i.exec(key);
  if (!m) return `${key}${ext}`;
  if (type === "image/jpeg" && /^\.jpe?g$/i.test(m[0])) return key;
  if (m[0].toLowerCase() === ext) return key;
  return `${key.slice(0, m.index)}${ext}`;
}

/** The URL a blob key is served at: `/media/{key}`, or `/api/media/{key}` when private (decision 030). */
export function mediaUrl(key: string): string {
  return mediaUrlOf(key);
}

/** The blob key behind one of our media URLs (public or private), or null for other URLs. */
export function blobKeyFromUrl(url: string | null | undefined): string | null {
  return keyOfMediaUrl(url);
}

/**
 * A cover or logo URL a caller may put on a provider: an absolute http(s) URL
 * (the shared schema allows them), or one of our `/media/` uploads that exists
 * and sits in the folder of one of `owners` (the caller, the provider's owner,
 * the provider itself). 400 otherwise, so nobody points at someone else's files.
 */
export async function assertUsableImage(
  c: Context<AppEnv>,
  url: string | null | undefined,
  owners: ReadonlyArray<string | null>,
): Promise<void> {
  if (!url || !url.startsWith("/media/")) return;
  const key = blobKeyFromUrl(url);
  const mine = owners.some((o) => o && key?.startsWith(`providers/${o}/`));
  // A copy (….w320.webp) is not an upload: it goes with its original.
  if (!key || !mine || isVariantKey(key)) {
    throw new HttpError(400, "Images must be your own uploads");
  }
  if (!(await c.var.deps.blobs.get(key))) {
    throw new HttpError(400, "Image not found: upload it first");
  }
}

/**
 * Deletes blobs that no provider or gallery row points at any more, with
 * their WebP and JPEG copies (decision 013). Call after the commit that
 * dropped the reference (a rolled-back write keeps its image). The write
 * already succeeded, so a failure here is logged, not answered; copies left
 * behind by one are deleted by the daily sweep (media-sweep.ts).
 */
export async function releaseBlobs(
  c: Context<AppEnv>,
  keys: ReadonlyArray<string | null | undefined>,
): Promise<void> {
  const { db, blobs, logError } = c.var.deps;
  for (const key of new Set(keys)) {
    if (!key || !isSafeBlobKey(key)) continue;
    try {
      if (await isBlobReferenced(db, key)) continue;
      // Copies first: an original left without them would be shown with broken sources.
      for (const copy of variantKeysOf(key)) await blobs.delete(copy);
      await blobs.delete(key);
    } catch (err) {
      (logError ?? console.error)(err, `releasing blob ${key}`);
    }
  }
}
