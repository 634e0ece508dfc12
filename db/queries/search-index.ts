import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../client.ts";
import { addTerms, rebuildSearchVocab } from "./search-vocab.ts";

/**
 * Only active providers are indexed, so public searches count and rank inside
 * the index alone and join just the page they return.
 * The FTS row of a provider shares the provider's rowid, so a match joins back
 * with `providers.rowid = provider_search.rowid` through the table's own b-tree.
 * (SQLite keeps an implicit rowid stable except across VACUUM; rebuildSearchIndex
 * restores the pairing if one is ever run.)
 */
function selectSearchRows(where: SQL) {
  return sql`
    INSERT INTO provider_search (rowid, provider_id, name, body, city_key, category_keys)
    SELECT p.rowid, p.id, p.company_name,
      p.description || ' ' || p.location || ' ' || coalesce((
        SELECT group_concat(s.name || ' ' || c.name, ' ')
        FROM services s JOIN service_categories c ON c.id = s.category_id
        WHERE s.provider_id = p.id AND s.is_active = 1
      ), ''),
      coalesce(lower(replace(replace(replace(p.city, ' ', ''), '-', ''), '''', '')), ''),
      coalesce((
        SELECT group_concat(DISTINCT 'c' || replace(s.category_id, '-', ''))
        FROM services s WHERE s.provider_id = p.id AND s.is_active = 1
      ), '')
    FROM providers p WHERE p.is_active = 1 AND ${where}`;
}

type Executor = Pick<Db, "run" | "all">;

/**
 * Re-derives one provider's search row; call inside the transaction of the
 * write. Its words join the typo vocabulary in the same transaction
 * (search-vocab.ts), read back from the row just written so both see the same text.
 */
export async function reindexProvider(tx: Executor, providerId: string): Promise<void> {
  await tx.run(
    sql`DELETE FROM provider_search WHERE rowid = (SELECT rowid FROM providers WHERE id = ${providerId})`,
  );
  await tx.run(selectSearchRows(sql`p.id = ${providerId}`));
  const [row] = await tx.all<{ name: string; body: string }>(
    sql`SELECT name, body FROM provider_search
        WHERE rowid = (SELECT rowid FROM providers WHERE id = ${providerId})`,
  );
  if (row) await addTerms(tx, `${row.name} ${row.body}`);
}

/** Removes a provider's search row; call before deleting the provider row. */
export async function unindexProvider(tx: Executor, providerId: string): Promise<void> {
  await tx.run(
    sql`DELETE FROM provider_search WHERE rowid = (SELECT rowid FROM providers WHERE id = ${providerId})`,
  );
}

/**
 * Rebuilds the whole index in one statement (after seeding or a VACUUM), and
 * the typo vocabulary from it in the same transaction.
 */
export async function rebuildSearchIndex(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.run(sql`DELETE FROM provider_search`);
    await tx.run(selectSearchRows(sql`1 = 1`));
    await rebuildSearchVocab(tx);
  });
}

/** Token the index stores for a city: its letters and digits, lower-cased. */
export function cityKey(city: string): string {
  return city.toLowerCase().replace(/[\s'-]/g, "");
}

/** Token the index stores for a category id. */
export function categoryKey(categoryId: string): string {
  return `c${categoryId.toLowerCase().replace(/-/g, "")}`;
}
