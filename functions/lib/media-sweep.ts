import { referencedBlobKeys } from "../../db/queries/blob-refs.ts";
import type { Db } from "../../db/client.ts";
import type { BlobStore } from "../ports/types.ts";
import { isSafeBlobKey, originalOfVariant, variantKeysOf } from "./blob-keys.ts";

/**
 * Where uploads live (provider images, quote requests' photos, claims' proof);
 * nothing else in the store is ours to sweep.
 */
export const UPLOAD_PREFIXES = ["providers/", "leads/", "claims/"] as const;

/**
 * How old an unattached upload must be before it is deleted. Uploading comes
 * before saving, so a fresh upload belongs to a form still open; a form left
 * open longer than this fails cleanly on save ("Image not found: upload it
 * first") instead of saving a broken image.
 */
export const UPLOAD_GRACE_MS = 24 * 60 * 60 * 1000;

/** The counts are of uploads; their WebP and JPEG copies (decision 013) go with them uncounted. */
export interface SweepResult {
  /** Uploads listed under the prefix. */
  scanned: number;
  /** Unattached and older than the grace period: deleted. */
  deleted: number;
  /** Attached, too new, or not an upload key. */
  kept: number;
  /** Deletes that failed (logged); the next sweep tries again. */
  failed: number;
}

/**
 * Deletes uploads that no row points at once they are older than the grace
 * period: images uploaded for a form that was never saved. Replaced and
 * deleted images are released when that happens (releaseBlobs); this catches
 * the ones never attached at all.
 *
 * A WebP or JPEG copy of an upload (decision 013) is never referenced
 * itself: it is deleted with its upload, and one left behind without its
 * upload (a delete that failed half-way) once it is past the grace period.
 *
 * Pages through the whole store, one reference query per page. A failed
 * delete is logged and the sweep goes on; a failed listing or query ends it,
 * since deleting without knowing what is used is never safe.
 */
export async function sweepOrphanUploads(opts: {
  db: Db;
  blobs: BlobStore;
  now: Date;
  graceMs?: number;
  /** Keys per page (the stores cap it at 1,000). */
  pageSize?: number;
  logError?: (err: unknown, context: string) => void;
}): Promise<SweepResult> {
  const { db, blobs, now, graceMs = UPLOAD_GRACE_MS, pageSize } = opts;
  const logError = opts.logError ?? ((err, ctx) => console.error(`[karkhana] ${ctx}`, err));
  const result: SweepResult = { scanned: 0, deleted: 0, kept: 0, failed: 0 };
  /** Uploads this sweep deleted (their copies went with them). */
  const swept = new Set<string>();
  for (const prefix of UPLOAD_PREFIXES) {
    let cursor: string | undefined;
    do {
      const page = await blobs.list({
        prefix,
        ...(cursor ? { cursor } : {}),
        ...(pageSize ? { limit: pageSize } : {}),
      });
      const isOld = (b: { key: string; uploaded: Date }) =>
        b.key.startsWith(prefix) &&
        isSafeBlobKey(b.key) &&
        now.getTime() - b.uploaded.getTime() >= graceMs;
      const uploads = page.blobs.filter((b) => originalOfVariant(b.key) === null);
      result.scanned += uploads.length;
      // An invalid or future date compares false: kept, which is the safe side.
      const old = uploads.filter(isOld);
      result.kept += uploads.length - old.length;
      const oldCopies = page.blobs.filter((b) => originalOfVariant(b.key) !== null && isOld(b));
      const used = await referencedBlobKeys(db, [
        ...old.map((b) => b.key),
        ...oldCopies.map((b) => originalOfVariant(b.key)!),
      ]);
      const remove = async (key: string, what: string) => {
        try {
          await blobs.delete(key);
          return true;
        } catch (err) {
          result.failed++;
          logError(err, `sweeping ${what} ${key}`);
          return false;
        }
      };
      for (const { key } of old) {
        if (used.has(key)) {
          result.kept++;
          continue;
        }
        // Copies first: an upload is never left with broken sources.
        let copiesGone = true;
        for (const copy of variantKeysOf(key))
          copiesGone = (await remove(copy, "copy")) && copiesGone;
        if (copiesGone && (await remove(key, "orphaned upload"))) {
          result.deleted++;
          swept.add(key);
        }
      }
      for (const { key } of oldCopies) {
        const original = originalOfVariant(key)!;
        if (used.has(original) || swept.has(original)) continue;
        // While its upload is there, the upload decides (it may be fresh: a form still open).
        const upload = await blobs.get(original);
        if (upload) {
          if (upload.body instanceof ReadableStream) await upload.body.cancel();
          continue;
        }
        await remove(key, "orphaned copy");
      }
      cursor = page.cursor;
    } while (cursor);
  }
  return result;
}

/** One line for the logs. */
export function describeSweep(r: SweepResult): string {
  return (
    `orphaned uploads: ${r.deleted} deleted, ${r.kept} kept of ${r.scanned}` +
    (r.failed ? `, ${r.failed} failed` : "")
  );
}
