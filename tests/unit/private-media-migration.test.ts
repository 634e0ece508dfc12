import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { migrate } from "drizzle-orm/libsql/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MIGRATIONS_FOLDER, migrateDb, openDb, type Db } from "../../db/client.ts";
import { referencedBlobKeys } from "../../db/queries/blob-refs.ts";
import { leads, listingClaims } from "../../db/schema.ts";
import { createProvider, createUser } from "../../db/seed/factories.ts";

/**
 * Migration 0023 (decision 030): the stored URLs of quote requests' photos and
 * claims' proof move from the public `/media/` path to the private
 * `/api/media/` one, so the screens still show them and the upload sweep still
 * counts them as attached, while the old links answer 404.
 */
const BEFORE = 22;

interface Journal {
  entries: { idx: number; tag: string }[];
}

let dir: string;
let db: Db;
const row: Record<string, string> = {};
let customer: string;

async function migrationsUpTo(idx: number): Promise<string> {
  const folder = join(dir, "migrations");
  await cp(MIGRATIONS_FOLDER, folder, { recursive: true });
  const path = join(folder, "meta", "_journal.json");
  const journal = JSON.parse(await readFile(path, "utf8")) as Journal;
  journal.entries = journal.entries.filter((e) => e.idx <= idx);
  await writeFile(path, JSON.stringify(journal));
  return folder;
}

const photo = (folder: string, n: number) => `/media/${folder}/${customer}/${n}_p.r4x3.jpg`;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "karkhana-private-media-"));
  db = await openDb({ url: `file:${join(dir, "test.db")}` });
  await migrate(db, { migrationsFolder: await migrationsUpTo(BEFORE) });
  customer = await createUser(db, { email: "buyer@example.pk" });
  const provider = await createProvider(db, { companyName: "Steel Works", city: "Lahore" });
  // Plain SQL in the tables' shape at 0022.
  for (const [name, photos] of [
    ["two photos", [photo("leads", 1), photo("leads", 2)]],
    ["no photos", []],
  ] as const) {
    row[name] = crypto.randomUUID();
    await db.run(sql`INSERT INTO leads (id, provider_id, customer_id, need, city, photos, need_hash, last_message_at)
      VALUES (${row[name]}, ${provider}, ${customer}, 'Forty brackets', 'Lahore',
              ${JSON.stringify(photos)}, ${name}, ${Date.now()})`);
  }
  for (const [name, url] of [
    ["claim photo", photo("claims", 3)],
    ["claim without", null],
  ] as const) {
    row[name] = crypto.randomUUID();
    await db.run(sql`INSERT INTO listing_claims (id, provider_id, user_id, method, phone, photo_url)
      VALUES (${row[name]}, ${provider}, ${customer}, 'evidence', '+923001234567', ${url})`);
  }
});

afterAll(async () => {
  db.$client.close();
  await rm(dir, { recursive: true, force: true });
});

async function photosOf(id: string) {
  const [r] = await db.select({ photos: leads.photos }).from(leads).where(eq(leads.id, id));
  return r!.photos;
}
async function claimPhotoOf(id: string) {
  const [r] = await db
    .select({ photoUrl: listingClaims.photoUrl })
    .from(listingClaims)
    .where(eq(listingClaims.id, id));
  return r!.photoUrl;
}

describe("migration 0023 (private photos)", () => {
  it("moves the stored photo URLs to the private path, and the sweep still sees them", async () => {
    await migrateDb(db);
    expect(await photosOf(row["two photos"]!)).toEqual([
      `/api${photo("leads", 1)}`,
      `/api${photo("leads", 2)}`,
    ]);
    expect(await photosOf(row["no photos"]!)).toEqual([]);
    expect(await claimPhotoOf(row["claim photo"]!)).toBe(`/api${photo("claims", 3)}`);
    expect(await claimPhotoOf(row["claim without"]!)).toBeNull();

    const keys = [1, 2].map((n) => `leads/${customer}/${n}_p.r4x3.jpg`);
    keys.push(`claims/${customer}/3_p.r4x3.jpg`, `leads/${customer}/9_unattached.jpg`);
    expect(await referencedBlobKeys(db, keys)).toEqual(new Set(keys.slice(0, 3)));
  });

  it("changes nothing when run again", async () => {
    const file = await readFile(join(MIGRATIONS_FOLDER, "0023_private_media.sql"), "utf8");
    for (const statement of file.split("--> statement-breakpoint")) {
      await db.run(sql.raw(statement));
    }
    expect(await photosOf(row["two photos"]!)).toEqual([
      `/api${photo("leads", 1)}`,
      `/api${photo("leads", 2)}`,
    ]);
    expect(await claimPhotoOf(row["claim photo"]!)).toBe(`/api${photo("claims", 3)}`);
  });
});
