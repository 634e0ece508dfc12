import { inArray, sql } from "drizzle-orm";
import { union } from "drizzle-orm/sqlite-core";
import type { Db } from "../client.ts";
import { keyOfMediaUrl, mediaUrlOf } from "../../src/lib/upload-keys.ts";
import { galleryImages, leads, listingClaims, providers, users } from "../schema.ts";

/**
 * The values as a one-column subquery. One JSON parameter instead of one
 * parameter per value, so a page of a thousand keys stays one query, far from
 * SQLite's bound-parameter limit.
 */
const oneOf = (values: string[]) => sql`(select value from json_each(${JSON.stringify(values)}))`;

/**
 * Which of `keys` some row still points at, by its URL (`/media/{key}`, or
 * `/api/media/{key}` for the private photos of decision 030) or by blob key: provider covers and logos, gallery images, the photos of quote
 * requests (a JSON array per lead), the proof photos of listing claims, and user profile pictures (Google's are
 * external today, but a wrongly "unreferenced" key loses a live image, so the
 * column is checked anyway). Every column that can hold one of
 * our blobs belongs here: releasing replaced images and the orphan sweep both
 * decide what to delete from this answer.
 *
 * One query. None of these columns is indexed, so each table is scanned once
 * per call: fine for a rare image replacement or one page of a daily sweep.
 */
export async function referencedBlobKeys(db: Db, keys: readonly string[]): Promise<Set<string>> {
  const wanted = [...new Set(keys)];
  if (wanted.length === 0) return new Set();
  const urls = wanted.map(mediaUrlOf);
  const rows = await union(
    db
      .select({ url: providers.coverImageUrl })
      .from(providers)
      .where(inArray(providers.coverImageUrl, oneOf(urls))),
    db
      .select({ url: providers.logoUrl })
      .from(providers)
      .where(inArray(providers.logoUrl, oneOf(urls))),
    db
      .select({ url: galleryImages.imageUrl })
      .from(galleryImages)
      .where(inArray(galleryImages.imageUrl, oneOf(urls))),
    db
      .select({ url: sql<string | null>`'/media/' || ${galleryImages.blobKey}` })
      .from(galleryImages)
      .where(inArray(galleryImages.blobKey, oneOf(wanted))),
    db
      .select({ url: users.profileImageUrl })
      .from(users)
      .where(inArray(users.profileImageUrl, oneOf(urls))),
    db
      .select({ url: sql<string | null>`photo.value` })
      .from(sql`${leads}, json_each(${leads.photos}) AS photo`)
      .where(sql`photo.value IN ${oneOf(urls)}`),
    db
      .select({ url: listingClaims.photoUrl })
      .from(listingClaims)
      .where(inArray(listingClaims.photoUrl, oneOf(urls))),
  );
  const found = new Set<string>();
  for (const { url } of rows) {
    const key = keyOfMediaUrl(url);
    if (key) found.add(key);
  }
  return found;
}
