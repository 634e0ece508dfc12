import { count, inArray, sql } from "drizzle-orm";
import { splitLocation, joinLocation } from "../../src/lib/location.ts";
import { isLocalSiteUrl } from "../../src/lib/local-run.ts";
import { isPkMobile } from "../../src/lib/phone.ts";
import { slugify } from "../../src/lib/slug.ts";
import type { Db } from "../client.ts";
import { rebuildSearchIndex } from "../queries/search-index.ts";
import { markDataChanged } from "../queries/site-meta.ts";
import { providers, serviceCategories, services, users } from "../schema.ts";
import { DEMO_ACCOUNTS, seedDemoAccounts, seedDemoCustomers } from "./accounts.ts";
import { seedDemoActivity } from "./activity.ts";
import { SEED_CATEGORIES } from "./categories.ts";
import { DEMO_CREATED_TO, DEMO_PROVIDER_COUNT, generateProviders } from "./demo.ts";
import { DEMO_URDU } from "./demo-urdu.ts";

/** Inserts the service categories that are missing (by id); safe to run again. */
export async function seedCategories(db: Db): Promise<void> {
  await db
    .insert(serviceCategories)
    .values(
      SEED_CATEGORIES.map((c) => ({
        id: c.id,
        name: c.name,
        nameUr: c.nameUr,
        slug: slugify(c.name),
        description: c.description,
        descriptionUr: c.descriptionUr,
        icon: c.icon,
      })),
    )
    .onConflictDoNothing();
}

/** SQLite caps bound parameters per statement; stay well under it. */
const ROWS_PER_INSERT = 400;

/**
 * Writes `count` generated providers (deterministic for a given seed) with
 * their services, in batches inside one transaction, then rebuilds the search
 * index once. Handles 100,000 providers without holding them all in memory.
 * `createdUpTo` moves every join date so the newest falls on it (the demo uses
 * the day it is seeded); without it the dates are fixed, for tests.
 */
export async function seedProviders(
  db: Db,
  total: number,
  seed = 1,
  opts: { createdUpTo?: Date } = {},
): Promise<void> {
  const now = Date.now();
  const shift = opts.createdUpTo ? opts.createdUpTo.getTime() - DEMO_CREATED_TO.getTime() : 0;
  await db.transaction(async (tx) => {
    let pRows: (typeof providers.$inferInsert)[] = [];
    let sRows: (typeof services.$inferInsert)[] = [];
    const flush = async () => {
      if (pRows.length) await tx.insert(providers).values(pRows);
      for (let i = 0; i < sRows.length; i += ROWS_PER_INSERT) {
        await tx.insert(services).values(sRows.slice(i, i + ROWS_PER_INSERT));
      }
      pRows = [];
      sRows = [];
    };
    for (const generated of generateProviders(total, seed)) {
      const p = { ...generated, createdAt: new Date(generated.createdAt.getTime() + shift) };
      const location = joinLocation(p.city, p.address);
      const ur = DEMO_URDU.get(p.id);
      pRows.push({
        id: p.id,
        companyName: p.companyName,
        companyNameUr: ur?.companyNameUr ?? null,
        slug: slugify(p.companyName),
        description: p.description,
        descriptionUr: ur?.descriptionUr ?? "",
        location,
        city: splitLocation(location).city || null,
        website: p.website,
        phone: p.phone,
        phoneOnWhatsapp: isPkMobile(p.phone),
        email: p.email,
        emailSource: p.email ? "seed" : null,
        responseTime: p.responseTime,
        isVerified: p.isVerified,
        isActive: p.isActive,
        isSuggested: p.isSuggested,
        createdAt: p.createdAt,
        updatedAt: p.createdAt,
      });
      p.services.forEach((s, i) => {
        sRows.push({
          id: s.id,
          providerId: p.id,
          categoryId: s.categoryId,
          name: s.name,
          description: s.description,
          pricePkr: s.pricePkr,
          // Keep the generator's order when listing services oldest first.
          createdAt: new Date(p.createdAt.getTime() + i),
          updatedAt: new Date(now),
        });
      });
      if (pRows.length >= ROWS_PER_INSERT) await flush();
    }
    await flush();
  });
  await rebuildSearchIndex(db);
  await markDataChanged(db);
}

/**
 * Adds the standard categories to a database that has none (reference data
 * the directory needs). Once any exist it adds nothing, so a category an admin
 * deleted never comes back. True when it added them.
 */
export async function seedCategoriesIfNone(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(serviceCategories);
  if ((row?.n ?? 0) > 0) return false;
  await seedCategories(db);
  return true;
}

/**
 * Why a run may not put the demo data, with the README's known passwords, into
 * its database, or null when it may: only the local file of a local run.
 * DATABASE_URL names a database other people reach (Turso, a shared file),
 * and a PUBLIC_SITE_URL other than `http://` on a loopback host names a site
 * other people reach, even over the local file; in either a known password is
 * a way in, and the first admin comes from `set-role` instead.
 */
export function demoSeedRefusal(env: Record<string, string | undefined>): string | null {
  const setRole = "make the first admin with `npm run set-role -- <email> admin` after signing up";
  if (env.DATABASE_URL) {
    return `DATABASE_URL is set: no demo data is seeded (its accounts have the README's passwords); ${setRole}`;
  }
  const site = env.PUBLIC_SITE_URL;
  if (site && !isLocalSiteUrl(site)) {
    return `PUBLIC_SITE_URL is ${site}, not a local run (http:// on 127.0.0.1 or localhost): no demo data is seeded (its accounts have the README's passwords); ${setRole}`;
  }
  return null;
}

/** Whether a start may seed the demo data (see {@link demoSeedRefusal}). */
export function shouldSeedDemo(env: Record<string, string | undefined>): boolean {
  return demoSeedRefusal(env) === null;
}

/**
 * Whether any demo account (known password) is in the database: worth a loud
 * warning when the run is not a local one, since the demo seed of an earlier
 * local run put it there.
 */
export async function demoAccountsPresent(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(
      inArray(
        users.email,
        DEMO_ACCOUNTS.map((a) => a.email),
      ),
    );
  return (row?.n ?? 0) > 0;
}

/** What {@link seedOnStart} did. */
export type StartSeed = "demo" | "had-providers" | "no-demo";

/**
 * The seeding step of `npm start`: the demo data into an empty local file of
 * a local run; otherwise only the standard categories (as `db:migrate` does).
 */
export async function seedOnStart(
  db: Db,
  env: Record<string, string | undefined>,
): Promise<StartSeed> {
  if (!shouldSeedDemo(env)) {
    await seedCategoriesIfNone(db);
    return "no-demo";
  }
  return (await seedIfEmpty(db)) ? "demo" : "had-providers";
}

/**
 * Seeds categories and the demo providers and accounts when the database has
 * no providers yet, then their activity up to `now` (quote requests, 90 days
 * of counts, measured reply times). Callers decide with {@link shouldSeedDemo}
 * first.
 */
export async function seedIfEmpty(db: Db, opts: { now?: Date } = {}): Promise<boolean> {
  await seedCategories(db);
  const [row] = await db.select({ n: count() }).from(providers);
  if ((row?.n ?? 0) > 0) return false;
  const now = opts.now ?? new Date();
  // Joined over the 18 months up to today, so the admin's monthly growth reads like a live site's.
  await seedProviders(db, DEMO_PROVIDER_COUNT, 1, { createdUpTo: now });
  await seedDemoAccounts(db);
  await seedDemoCustomers(db, undefined, now);
  await seedDemoActivity(db, now);
  return true;
}

/** Deletes every provider (and, by cascade, services, favorites, gallery rows). */
export async function deleteAllProviders(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.run(sql`DELETE FROM provider_search`);
    await tx.delete(providers);
  });
}
