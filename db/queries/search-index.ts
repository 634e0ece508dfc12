import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../client.ts";
import { addTerms, rebuildSearchVocab } from "./search-vocab.ts";

/**
 * Urdu text as the index holds it: the letters an Arabic or Persian keyboard
 * types where Urdu has its own (ي ى ك ه) as the Urdu ones, and no zero-width
 * non-joiner, as normalizeText (src/lib/search/normalize.ts) folds a query.
 * The stored text keeps what was typed: a heh's right Urdu letter depends on
 * the word, and the fonts show the typed one as meant.
 */
const URDU_INDEX_FOLDS: readonly (readonly [from: number, to: number | null])[] = [
  [0x064a, 0x06cc], // ي → ی
  [0x0649, 0x06cc], // ى → ی
  [0x0643, 0x06a9], // ك → ک
  [0x0647, 0x06c1], // ه → ہ
  [0x200c, null], // zero-width non-joiner: dropped
];

function urduIndexForm(column: SQL): SQL {
  return URDU_INDEX_FOLDS.reduce<SQL>(
    (expr, [from, to]) =>
      sql`replace(${expr}, char(${sql.raw(String(from))}), ${sql.raw(to === null ? "''" : `char(${to})`)})`,
    column,
  );
}

/**
 * Only active providers are indexed, so public searches count and rank inside
 * the index alone and join just the page they return.
 * The FTS row of a provider shares the provider's rowid, so a match joins back
 * with `providers.rowid = provider_search.rowid` through the table's own b-tree.
 * (SQLite keeps an implicit rowid stable except across VACUUM; rebuildSearchIndex
 * restores the pairing if one is ever run.)
 *
 * The Urdu company name is part of the name (a match weighs as much as one in
 * the English name); the Urdu description and the categories' Urdu names are
 * part of the body. Migration 0017_urdu_category_names rebuilds the index with
 * the same SQL (tests/unit/urdu-data-categories.test.ts compares the two).
 */
function selectSearchRows(where: SQL) {
  const nameUr = urduIndexForm(sql`p.company_name_ur`);
  const descriptionUr = urduIndexForm(sql`p.description_ur`);
  const categoryUr = urduIndexForm(sql`c.name_ur`);
  return sql`
    INSERT INTO provider_search (rowid, provider_id, name, body, city_key, category_keys)
    SELECT p.rowid, p.id, p.company_name || coalesce(' ' || ${nameUr}, ''),
      p.description || ' ' || ${descriptionUr} || ' ' || p.location || ' ' || coalesce((
        SELECT group_concat(s.name || ' ' || c.name || coalesce(' ' || ${categoryUr}, ''), ' ')
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
