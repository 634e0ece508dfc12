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
  list(options: { prefix?: string; cursor?: string; limit?: number }): Promise<{
    objects: { key: string; uploaded: Date }[];
    truncated: boolean;
    cursor?: string;
  }>;
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
    async list({ prefix, cursor, limit }) {
      const page = await bucket.list({
        prefix,
        ...(cursor ? { cursor } : {}),
        // R2 answers at most 1,000 keys a page.
        ...(limit ? { limit: Math.max(1, Math.min(1000, Math.floor(limit))) } : {}),
      });
      return {
        blobs: page.objects.map((o) => ({ key: o.key, uploaded: o.uploaded })),
        // R2 may end a page early and still have more: only `truncated` says when it is done.
        ...(page.truncated && page.cursor ? { cursor: page.cursor } : {}),
      };
    },
  };
}
