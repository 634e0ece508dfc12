import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MIGRATIONS_FOLDER, migrateDb, openDb, type Db } from "../../db/client.ts";
import { rebuildSearchIndex } from "../../db/queries/search-index.ts";
import { getDataVersion, pageChangesSince } from "../../db/queries/site-meta.ts";
import { serviceCategories } from "../../db/schema.ts";
import { SEED_CATEGORIES } from "../../db/seed/categories.ts";
import { createProvider } from "../../db/seed/factories.ts";
import { seedCategories, seedProviders } from "../../db/seed/index.ts";
import { slugify } from "../../src/lib/slug.ts";
import { parseSearch } from "../../src/lib/search/parse-query.ts";

/**
 * The reviewed Urdu names of the standard categories live twice: in
 * db/seed/categories.ts (new databases) and in migration 0017 (databases made
 * before). Its statements are run again here over categories without Urdu
 * names, and its search index rebuild against rebuildSearchIndex's.
 */
const MIGRATION = "0017_urdu_category_names.sql";

async function statements(): Promise<string[]> {
  const file = await readFile(join(MIGRATIONS_FOLDER, MIGRATION), "utf8");
  return file.split("--> statement-breakpoint").filter((s) => s.trim());
}

const dirs: string[] = [];
async function freshDb(): Promise<Db> {
  const dir = await mkdtemp(join(tmpdir(), "karkhana-urdu-"));
  dirs.push(dir);
  const db = await openDb({ url: `file:${join(dir, "test.db")}` });
  await migrateDb(db);
  return db;
}
const dbs: Db[] = [];
afterAll(async () => {
  for (const db of dbs) db.$client.close();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe("the categories' Urdu names (db/seed/categories.ts)", () => {
  const URDU_LETTER = /[\u0600-\u06FF]/;

  it.each(SEED_CATEGORIES.map((c) => [c.name, c] as const))("%s has them", (_, c) => {
    for (const text of [c.nameUr, c.descriptionUr]) {
      expect(text.trim()).toBe(text);
      expect(text).toMatch(URDU_LETTER);
      // Urdu script only (no Latin words left untranslated), Western digits (decision 022).
      expect(text).not.toMatch(/[A-Za-z]/);
      expect(text).not.toMatch(/[\u06F0-\u06F9\u0660-\u0669]/);
      // Urdu punctuation, not the Latin comma or full stop.
      expect(text).not.toMatch(/[,.?]/);
    }
    expect(c.descriptionUr.endsWith("۔")).toBe(true);
  });

  it("names every category differently", () => {
    expect(new Set(SEED_CATEGORIES.map((c) => c.nameUr)).size).toBe(SEED_CATEGORIES.length);
  });

  it("finds each category when its Urdu name is searched", () => {
    for (const c of SEED_CATEGORIES) {
      const { groups } = parseSearch(c.nameUr, { cityGiven: true });
      expect(
        groups.some((g) => g.categoryIds.includes(c.id)),
        c.nameUr,
      ).toBe(true);
    }
  });
});

describe(`migration ${MIGRATION}`, () => {
  let db: Db;
  const adminSet = SEED_CATEGORIES[0]!;
  const adminAdded = crypto.randomUUID();

  beforeAll(async () => {
    db = await freshDb();
    dbs.push(db);
    // A database from before: the standard categories without Urdu, one whose
    // Urdu name and description an admin has set already, one the admin added.
    await db.insert(serviceCategories).values(
      SEED_CATEGORIES.map((c) => ({
        id: c.id,
        name: c.name,
        slug: slugify(c.name),
        description: c.description,
        icon: c.icon,
        ...(c.id === adminSet.id
          ? { nameUr: "ایڈمن کا نام", descriptionUr: "ایڈمن کی تفصیل" }
          : {}),
      })),
    );
    await db.insert(serviceCategories).values({
      id: adminAdded,
      name: "Bicycle Parts",
      slug: "bicycle-parts",
    });
    await seedProviders(db, 40);
    await createProvider(db, {
      companyName: "Malik Steel",
      // Typed on an Arabic keyboard (ك ي), with a zero-width non-joiner.
      companyNameUr: "ملك اسٹيل\u200Cورکس",
      descriptionUr: "لوہے کا کام",
      city: "Lahore",
      services: [{ categoryId: SEED_CATEGORIES[12]!.id, name: "Gates", pricePkr: 5000 }],
    });
  });

  const indexRows = () =>
    db.all<Record<string, unknown>>(
      sql`SELECT rowid, provider_id, name, body, city_key, category_keys
          FROM provider_search ORDER BY rowid`,
    );

  it("gives every standard category its Urdu name and description, keeping an admin's", async () => {
    const before = await getDataVersion(db);
    for (const s of await statements()) await db.run(sql.raw(s));
    const rows = await db.select().from(serviceCategories);
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const c of SEED_CATEGORIES) {
      const row = byId.get(c.id)!;
      if (c.id === adminSet.id) {
        expect([row.nameUr, row.descriptionUr]).toEqual(["ایڈمن کا نام", "ایڈمن کی تفصیل"]);
      } else {
        expect([row.nameUr, row.descriptionUr], c.name).toEqual([c.nameUr, c.descriptionUr]);
      }
    }
    expect(byId.get(adminAdded)).toMatchObject({ nameUr: null, descriptionUr: "" });
    // Every page shows category names: all of them are out of date.
    expect(await getDataVersion(db)).toBe(before + 1);
    expect([...(await pageChangesSince(db, before)).keys()]).toEqual(["all"]);
  });

  it("updates exactly the categories db/seed/categories.ts seeds into a new database", async () => {
    const fresh = await freshDb();
    dbs.push(fresh);
    await seedCategories(fresh);
    const seeded = await fresh.select().from(serviceCategories);
    const migrated = await db.select().from(serviceCategories);
    const pick = (r: typeof serviceCategories.$inferSelect) => [r.id, r.nameUr, r.descriptionUr];
    expect(migrated.filter((r) => r.id !== adminSet.id && r.id !== adminAdded).map(pick)).toEqual(
      seeded.filter((r) => r.id !== adminSet.id).map(pick),
    );
  });

  it("rebuilds the search index as rebuildSearchIndex does", async () => {
    // The migration's statements ran in the test above; once more, then compare.
    for (const s of await statements()) await db.run(sql.raw(s));
    const migrated = await indexRows();
    await rebuildSearchIndex(db);
    expect(await indexRows()).toEqual(migrated);
    const [malik] = migrated.filter((r) => String(r.name).startsWith("Malik Steel"));
    // The Urdu name folded as a query is: Urdu letters, no zero-width non-joiner.
    expect(malik!.name).toBe("Malik Steel ملک اسٹیلورکس");
    expect(malik!.body).toContain(SEED_CATEGORIES[12]!.nameUr);
  });

  it("leaves a new database (no categories yet) at data version 0", async () => {
    const fresh = await freshDb();
    dbs.push(fresh);
    expect(await getDataVersion(fresh)).toBe(0);
  });
});
