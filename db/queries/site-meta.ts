import { eq, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { siteMeta } from "../schema.ts";

const DATA_VERSION = "data_version";

/**
 * Bumps the data version, which says the pre-rendered pages are older than
 * the data. Call after every change that a public page shows.
 */
export async function markDataChanged(db: Pick<Db, "run">): Promise<void> {
  await db.run(
    sql`INSERT INTO site_meta (key, value) VALUES (${DATA_VERSION}, '1')
        ON CONFLICT (key) DO UPDATE SET value = CAST(CAST(value AS INTEGER) + 1 AS TEXT)`,
  );
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
