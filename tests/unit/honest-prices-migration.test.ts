import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { migrate } from "drizzle-orm/libsql/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MIGRATIONS_FOLDER, migrateDb, openDb, type Db } from "../../db/client.ts";
import { pageChanges, services } from "../../db/schema.ts";
import { getDataVersion } from "../../db/queries/site-meta.ts";
import { createUser } from "../../db/seed/factories.ts";

/**
 * Migrations 0018 (services.price_pkr nullable: SQLite rebuilds the table) and
 * 0019 (decision 023: the 0 prices of listings nobody owns become unpriced).
 * The database is migrated up to 0017, given services at price 0 as approval,
 * admin-add and providers stored them, then migrated to now.
 */
const BEFORE = 17;

interface Journal {
  entries: { idx: number; tag: string }[];
}

let dir: string;
let db: Db;
let category: string;
const ids: Record<string, { provider: string; services: Record<string, string> }> = {};

/** The migrations folder as it was at `idx` (its journal cut there). */
async function migrationsUpTo(idx: number): Promise<string> {
  const folder = join(dir, "migrations");
  await cp(MIGRATIONS_FOLDER, folder, { recursive: true });
  const path = join(folder, "meta", "_journal.json");
  const journal = JSON.parse(await readFile(path, "utf8")) as Journal;
  journal.entries = journal.entries.filter((e) => e.idx <= idx);
  await writeFile(path, JSON.stringify(journal));
  return folder;
}

async function servicesOf(providerId: string): Promise<Map<string, number | null>> {
  const rows = await db
    .select({ id: services.id, pricePkr: services.pricePkr })
    .from(services)
    .where(eq(services.providerId, providerId));
  return new Map(rows.map((r) => [r.id, r.pricePkr]));
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "karkhana-prices-"));
  db = await openDb({ url: `file:${join(dir, "test.db")}` });
  await migrate(db, { migrationsFolder: await migrationsUpTo(BEFORE) });
  category = crypto.randomUUID();
  await db.run(
    sql`INSERT INTO service_categories (id, name, slug) VALUES (${category}, 'Steel', 'steel')`,
  );
  const owner = await createUser(db, { email: "owner@example.pk", role: "provider" });
  const listings = {
    // Approved suggestion / admin-add: nobody owns it, nobody priced it.
    unowned: { userId: undefined, prices: { zero: 0, priced: 25_000 } },
    // The provider's own listing: a 0 they entered stays.
    owned: { userId: owner, prices: { zero: 0, priced: 9000 } },
  };
  // Plain SQL in the tables' shape at 0017: the factories write today's columns.
  for (const [name, l] of Object.entries(listings)) {
    const provider = crypto.randomUUID();
    await db.run(sql`INSERT INTO providers (id, user_id, company_name, slug, location, city)
      VALUES (${provider}, ${l.userId ?? null}, ${`Works ${name}`}, ${`works-${name}`},
              'Lahore', 'Lahore')`);
    const serviceIds: Record<string, string> = {};
    for (const [s, pricePkr] of Object.entries(l.prices)) {
      serviceIds[s] = crypto.randomUUID();
      await db.run(sql`INSERT INTO services (id, provider_id, category_id, name, price_pkr)
        VALUES (${serviceIds[s]}, ${provider}, ${category}, ${s}, ${pricePkr})`);
    }
    ids[name] = { provider, services: serviceIds };
  }
});

afterAll(async () => {
  db.$client.close();
  await rm(dir, { recursive: true, force: true });
});

describe("migrations 0018 and 0019 (honest prices)", () => {
  it("unprices the 0 of an unowned listing only, and marks every page changed", async () => {
    const version = await getDataVersion(db);
    await migrateDb(db);

    const unowned = await servicesOf(ids.unowned!.provider);
    expect(unowned.get(ids.unowned!.services.zero!)).toBeNull();
    expect(unowned.get(ids.unowned!.services.priced!)).toBe(25_000);
    const owned = await servicesOf(ids.owned!.provider);
    expect(owned.get(ids.owned!.services.zero!)).toBe(0);
    expect(owned.get(ids.owned!.services.priced!)).toBe(9000);

    // Built pages said 'From PKR 0': every one is rendered afresh.
    expect(await getDataVersion(db)).toBe(version + 1);
    const [all] = await db.select().from(pageChanges).where(eq(pageChanges.tag, "all"));
    expect(all?.version).toBe(version + 1);
  });

  it("keeps the table's indexes, foreign keys and price check", async () => {
    const indexes = await db.all<{ name: string }>(
      sql`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'services' AND sql IS NOT NULL ORDER BY name`,
    );
    expect(indexes.map((i) => i.name)).toEqual([
      "services_category_provider_idx",
      "services_provider_idx",
    ]);
    const fks = await db.all<{ table: string; on_delete: string }>(
      sql`SELECT "table", on_delete FROM pragma_foreign_key_list('services') ORDER BY "table"`,
    );
    expect(fks).toEqual([
      { table: "providers", on_delete: "CASCADE" },
      { table: "service_categories", on_delete: "RESTRICT" },
    ]);
    const insert = (pricePkr: number | null) =>
      db.insert(services).values({
        id: crypto.randomUUID(),
        providerId: ids.owned!.provider,
        categoryId: category,
        name: `Price ${pricePkr}`,
        pricePkr,
      });
    await insert(null);
    await insert(0);
    await expect(insert(-1)).rejects.toThrow();
    // Deleting the provider still takes its services along.
    await db.run(sql`DELETE FROM providers WHERE id = ${ids.owned!.provider}`);
    expect((await servicesOf(ids.owned!.provider)).size).toBe(0);
  });

  it("changes nothing, and marks no page, when run again", async () => {
    const version = await getDataVersion(db);
    const file = await readFile(
      join(MIGRATIONS_FOLDER, "0019_unpriced_listing_services.sql"),
      "utf8",
    );
    for (const statement of file.split("--> statement-breakpoint")) {
      await db.run(sql.raw(statement));
    }
    expect(await getDataVersion(db)).toBe(version);
    expect((await servicesOf(ids.unowned!.provider)).get(ids.unowned!.services.priced!)).toBe(
      25_000,
    );
  });
});
