import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, asc, count, eq, isNull, max, min } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateDb, openDb, type Db } from "../../db/client.ts";
import { DEMO_ACCOUNTS, DEMO_CUSTOMER_COUNT } from "../../db/seed/accounts.ts";
import { seedIfEmpty } from "../../db/seed/index.ts";
import { providers, users } from "../../db/schema.ts";

describe("the demo seed", () => {
  let dir: string;
  let db: Db;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "karkhana-seed-"));
    db = await openDb({ url: `file:${join(dir, "seed.db")}` });
    await migrateDb(db);
  });

  afterAll(async () => {
    db.$client.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("adds providers, the demo accounts and sample customers once", async () => {
    expect(await seedIfEmpty(db)).toBe(true);
    expect(await seedIfEmpty(db)).toBe(false);

    // Besides the demo accounts and sample customers, the owners of the listings that are
    // claimed (db/seed/activity.ts): provider accounts nobody signs in to.
    const [all] = await db.select({ n: count() }).from(users);
    const [owners] = await db
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.role, "provider"), isNull(users.passwordHash)));
    expect(owners?.n).toBeGreaterThan(0);
    expect(all?.n).toBe(DEMO_ACCOUNTS.length + DEMO_CUSTOMER_COUNT + owners!.n);
    const [unowned] = await db
      .select({ n: count() })
      .from(providers)
      .where(isNull(providers.userId));
    const [total] = await db.select({ n: count() }).from(providers);
    expect((total?.n ?? 0) - (unowned?.n ?? 0)).toBe(1 + owners!.n);

    // Providers joined over the 18 months up to the day of seeding.
    const [span] = await db
      .select({ first: min(providers.createdAt), last: max(providers.createdAt) })
      .from(providers);
    const day = 24 * 60 * 60 * 1000;
    expect(Date.now() - span!.last!.getTime()).toBeLessThan(day);
    expect(Date.now() - span!.first!.getTime()).toBeGreaterThan(500 * day);

    // Sample customers cannot sign in and joined before the demo accounts, oldest first.
    const samples = await db
      .select({ email: users.email, createdAt: users.createdAt, hash: users.passwordHash })
      .from(users)
      .where(and(eq(users.role, "customer"), isNull(users.passwordHash)))
      .orderBy(asc(users.createdAt));
    expect(samples).toHaveLength(DEMO_CUSTOMER_COUNT);
    expect(new Set(samples.map((s) => s.email)).size).toBe(DEMO_CUSTOMER_COUNT);
    expect(samples.every((s) => s.email.endsWith("@karkhana.example"))).toBe(true);
    const [admin] = await db
      .select({ createdAt: users.createdAt })
      .from(users)
      .where(eq(users.email, "admin@karkhana.example"));
    expect(samples.at(-1)!.createdAt.getTime()).toBeLessThan(admin!.createdAt.getTime());
  });
});
