import type { BlobStore } from "../ports/types.ts";

/**
 * The slice of Cloudflare's R2Bucket binding the blob store uses, declared
 * here so the app does not depend on the Workers type package.
 */
export interface R2BucketLike {
  get(key: string): Promise<{
    body: ReadableStream<Uint8Array>;
    size: number;
    httpMetadata?: { contentType?: string };
  } | null>;
  put(
    key: string,
    value: Uint8Array<ArrayBuffer>,
    options?: { httpMetadata?: { contentType?: string } },
  ): Promise<unknown>;
  delete(key: string): Promise<void>;
}

/** The BlobStore port over an R2 bucket (production) or wrangler's local R2 simulation. */
export function r2Blobs(bucket: R2BucketLike): BlobStore {
  return {
    async get(key) {
      const obj = await bucket.get(key);
      if (!obj) return null;
      return {
        body: obj.body,
        size: obj.size,
        contentType: obj.httpMetadata?.contentType ?? "application/octet-stream",
      };
    },
    async put(key, bytes, contentType) {
      await bucket.put(key, bytes, { httpMetadata: { contentType } });
    },
    async delete(key) {
      await bucket.delete(key);
    },
  };
}
