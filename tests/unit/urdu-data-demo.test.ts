import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateDb, openDb, type Db } from "../../db/client.ts";
import { providers } from "../../db/schema.ts";
import { DEFAULT_DEMO_SEED, DEMO_PROVIDER_COUNT, generateProviders } from "../../db/seed/demo.ts";
import { DEMO_URDU } from "../../db/seed/demo-urdu.ts";
import { seedCategories, seedProviders } from "../../db/seed/index.ts";

/** The hand-written Urdu of a few demo providers (db/seed/demo-urdu.ts). */
const demo = [...generateProviders(DEMO_PROVIDER_COUNT, DEFAULT_DEMO_SEED)];

describe("the demo providers' Urdu names", () => {
  it("belong to providers the default demo has, by id and English name", () => {
    const byId = new Map(demo.map((p) => [p.id, p]));
    for (const [id, ur] of DEMO_URDU) {
      expect(byId.get(id)?.companyName, id).toBe(ur.companyName);
      expect(byId.get(id)?.isActive, id).toBe(true);
    }
  });

  it("include the demo provider account's company (the first active provider to join)", () => {
    // seedDemoAccounts (db/seed/accounts.ts) gives the account this provider.
    const first = demo
      .filter((p) => p.isActive)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())[0]!;
    expect(DEMO_URDU.has(first.id)).toBe(true);
  });

  it("are Urdu text", () => {
    for (const ur of DEMO_URDU.values()) {
      for (const text of [ur.companyNameUr, ur.descriptionUr]) {
        expect(text).toMatch(/^[\u0600-\u06FF\s():0-9،؛۔]+$/);
      }
    }
  });
});

describe("seedProviders", () => {
  let dir: string;
  let db: Db;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "karkhana-urdu-demo-"));
    db = await openDb({ url: `file:${join(dir, "test.db")}` });
    await migrateDb(db);
    await seedCategories(db);
    await seedProviders(db, DEMO_PROVIDER_COUNT);
  });
  afterAll(async () => {
    db.$client.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("stores them, and no Urdu for the others", async () => {
    const rows = await db
      .select({
        id: providers.id,
        companyNameUr: providers.companyNameUr,
        descriptionUr: providers.descriptionUr,
      })
      .from(providers)
      .where(isNotNull(providers.companyNameUr));
    expect(new Map(rows.map((r) => [r.id, [r.companyNameUr, r.descriptionUr]]))).toEqual(
      new Map([...DEMO_URDU].map(([id, ur]) => [id, [ur.companyNameUr, ur.descriptionUr]])),
    );
  });
});
