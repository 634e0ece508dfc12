import { readFile, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MIGRATIONS_FOLDER, migrateDb, openDb, type Db } from "../../db/client.ts";
import { providers } from "../../db/schema.ts";
import { isPkMobile, toE164Phone } from "../../src/lib/phone.ts";

/**
 * Migration 0013 turns the phones stored before E.164 into what toE164Phone
 * stores today, and keeps WhatsApp on for the mobiles (which all showed a
 * WhatsApp link until then). Its statements are run again over rows in the
 * old forms, on a database migrated up to now.
 */
const STORED_BEFORE: [stored: string | null, after: string | null][] = [
  // The international form the API stored ('+92 ' and the provider's grouping).
  ["+92 300 1234567", "+923001234567"],
  ["+92 42 35123456", "+924235123456"],
  ["+92 21 3456 7890", "+922134567890"],
  ["+92 4235123456", "+924235123456"],
  ["+92 544 123456", "+92544123456"],
  ["  +92 321 7654321 ", "+923217654321"],
  ["+92 (52) 3456789", "+92523456789"],
  // The country code without '+', stored as typed before the API understood it.
  ["923001234567", "+923001234567"],
  ["92 42 35123456", "+924235123456"],
  // Already E.164, other countries, not a whole number, words: unchanged.
  ["+923001234567", "+923001234567"],
  ["+44 20 7946 0958", "+44 20 7946 0958"],
  ["+92 300 12", "+92 300 12"],
  ["+92 0300 12345", "+92 0300 12345"],
  ["9230012345", "9230012345"],
  ["ask for Imran", "ask for Imran"],
  [null, null],
];

let dir: string;
let db: Db;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "karkhana-phones-"));
  db = await openDb({ url: `file:${join(dir, "test.db")}` });
  await migrateDb(db);
});

afterAll(async () => {
  db.$client.close();
  await rm(dir, { recursive: true, force: true });
});

describe("migration 0013 (phones to E.164)", () => {
  it("stores each old form as toE164Phone would, and turns WhatsApp on for mobiles only", async () => {
    const ids = new Map<string, [string | null, string | null]>();
    for (const [i, [stored, after]] of STORED_BEFORE.entries()) {
      const id = crypto.randomUUID();
      ids.set(id, [stored, after]);
      await db.insert(providers).values({
        id,
        companyName: `Works ${i}`,
        slug: `works-${i}`,
        phone: stored,
      });
    }
    const file = await readFile(join(MIGRATIONS_FOLDER, "0013_phones_e164.sql"), "utf8");
    for (const statement of file.split("--> statement-breakpoint")) {
      await db.run(sql.raw(statement));
    }
    for (const [id, [stored, after]] of ids) {
      const [row] = await db
        .select({ phone: providers.phone, onWhatsapp: providers.phoneOnWhatsapp })
        .from(providers)
        .where(eq(providers.id, id));
      expect(row!.phone, JSON.stringify(stored)).toBe(after);
      // The same answer the API gives for the old form today.
      if (stored !== null) expect(row!.phone).toBe(toE164Phone(row!.phone!));
      if (stored !== null && stored.trim().startsWith("+92 ")) {
        expect(row!.phone).toBe(toE164Phone(stored));
      }
      expect(row!.onWhatsapp, JSON.stringify(stored)).toBe(
        after !== null && after.startsWith("+923") && isPkMobile(after),
      );
    }
  });
});
