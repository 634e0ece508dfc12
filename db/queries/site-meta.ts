import { and, asc, eq, gt, inArray, max, or, sql } from "drizzle-orm";
import { slugify } from "../../src/lib/slug.ts";
import type { Db } from "../client.ts";
import { pageChanges, providers, siteMeta } from "../schema.ts";

/** site_meta key of the data version (a counter as text). */
export const DATA_VERSION = "data_version";

/** Which pages a change touched (page_changes); none given means every page. */
export interface Touched {
  /** Providers whose page, and whose city's listing pages, changed. */
  providers: readonly string[];
  /** Cities the providers were in before the change (a move, a deletion). */
  citiesBefore?: readonly (string | null)[];
}

/**
 * Bumps the data version, which says the pre-rendered pages are older than
 * the data, and records which pages the change touched at that version (the
 * providers' pages and their cities' listings, or `all`), so the servers
 * render just those on demand until the next build. Call after every change
 * that a public page shows, inside the change's transaction.
 */
export async function markDataChanged(tx: Pick<Db, "run" | "select">, touched?: Touched) {
  await tx.run(
    sql`INSERT INTO site_meta (key, value) VALUES (${DATA_VERSION}, '1')
        ON CONFLICT (key) DO UPDATE SET value = CAST(CAST(value AS INTEGER) + 1 AS TEXT)`,
  );
  const tags = new Set<string>();
  if (!touched) tags.add(ALL_PAGES);
  else {
    const ids = [...new Set(touched.providers)];
    const cities = new Set(touched.citiesBefore ?? []);
    if (ids.length > 0) {
      const rows = await tx
        .select({ city: providers.city })
        .from(providers)
        .where(inArray(providers.id, ids));
      for (const r of rows) cities.add(r.city);
    }
    for (const id of ids) tags.add(providerTag(id));
    for (const city of cities) if (city) tags.add(cityTag(city));
  }
  for (const tag of tags) {
    await tx.run(
      sql`INSERT INTO page_changes (tag, version)
          SELECT ${tag}, CAST(value AS INTEGER) FROM site_meta WHERE key = ${DATA_VERSION}
          ON CONFLICT (tag) DO UPDATE SET version = excluded.version`,
    );
  }
}

/** The city a provider is in now (null: none, or no such provider). */
export async function providerCity(tx: Pick<Db, "select">, id: string): Promise<string | null> {
  const [row] = await tx
    .select({ city: providers.city })
    .from(providers)
    .where(eq(providers.id, id))
    .limit(1);
  return row?.city ?? null;
}

/** Page tags (page_changes): every page, one provider's page, one city's listings. */
export const ALL_PAGES = "all";
export const providerTag = (id: string) => `provider:${id}`;
export const cityTag = (city: string) => `city:${slugify(city)}`;

/**
 * Tags changed after data version `since`, with their versions: what a build
 * made at `since` shows out of date.
 */
export async function pageChangesSince(
  db: Pick<Db, "select">,
  since: number,
): Promise<Map<string, number>> {
  const rows = await db.select().from(pageChanges).where(gt(pageChanges.version, since));
  return new Map(rows.map((r) => [r.tag, r.version]));
}

/**
 * At most `limit` page changes after `after` (a version, and a tag of that
 * version, or null: after all of them), in order of version then tag: for a
 * reader that follows the changes as they come (functions/pages/freshness.ts);
 * one change may record more tags than one read takes.
 */
export async function pageChangesAfter(
  db: Pick<Db, "select">,
  after: { version: number; tag: string | null },
  limit: number,
): Promise<{ tag: string; version: number }[]> {
  const later = gt(pageChanges.version, after.version);
  return db
    .select()
    .from(pageChanges)
    .where(
      after.tag === null
        ? later
        : or(later, and(eq(pageChanges.version, after.version), gt(pageChanges.tag, after.tag))),
    )
    .orderBy(asc(pageChanges.version), asc(pageChanges.tag))
    .limit(limit);
}

/** The version of the latest page change (0 when none). */
export async function lastPageChange(db: Pick<Db, "select">): Promise<number> {
  const [row] = await db.select({ v: max(pageChanges.version) }).from(pageChanges);
  return row?.v ?? 0;
}

/** The current data version (0 before anything was written). */
export async function getDataVersion(db: Db): Promise<number> {
  const [row] = await db.select().from(siteMeta).where(eq(siteMeta.key, DATA_VERSION)).limit(1);
  return row ? Number(row.value) : 0;
}

const INSTANCE_ID = "instance_id";

/**
 * A random id of this database, made once; a built site records it so a build
 * of another database is never taken for a fresh one.
 */
export async function getInstanceId(db: Db): Promise<string> {
  await db
    .insert(siteMeta)
    .values({ key: INSTANCE_ID, value: crypto.randomUUID() })
    .onConflictDoNothing();
  const [row] = await db.select().from(siteMeta).where(eq(siteMeta.key, INSTANCE_ID)).limit(1);
  return row?.value ?? "";
}
