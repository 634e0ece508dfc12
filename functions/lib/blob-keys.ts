import { parseVariantKey, variantsOf } from "../../src/lib/image-sources.ts";

// Defined beside the upload key format, which the browser shares.
export { isSafeBlobKey } from "../../src/lib/upload-keys.ts";

/**
 * The WebP and JPEG copies of an upload (decision 013) are siblings of its
 * key: `cover_1.r800x600.jpg` has `cover_1.r800x600.jpg.w320.webp` and so
 * on. The names are derived in src/lib/image-sources.ts, which the pages use
 * to write `srcset`; these are the API's views of them.
 */

/** Whether `key` is the server's copy of an upload, not an upload. */
export function isVariantKey(key: string): boolean {
  return parseVariantKey(key) !== null;
}

/** The upload a copy belongs to, or null when `key` is not a copy. */
export function originalOfVariant(key: string): string | null {
  return parseVariantKey(key)?.original ?? null;
}

/** Every copy an upload has (none unless its key carries a size mark). */
export function variantKeysOf(key: string): string[] {
  return variantsOf(key).map((v) => v.key);
}
