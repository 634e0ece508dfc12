/**
 * The world `npm run loadtest` runs against: a throwaway DATA_DIR with
 * generated providers, signed-in customers and provider accounts (sessions
 * made in the database, as the tests make them), the site built from it, and
 * the lists the request mix draws from (built pages, owned providers and their
 * services, categories, cities).
 */
import { sql } from "drizzle-orm";
import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import { dbConfigFromEnv, migrateDb, openDb, type Db } from "../db/client.ts";
import { createUser } from "../db/seed/factories.ts";
import { deleteAllProviders, seedCategories, seedProviders } from "../db/seed/index.ts";
import { createSession } from "../functions/auth/session.ts";
import { buildSite, clientDir } from "../functions/node/publish.ts";
import { onDemandPaths } from "./bench-pages.ts";
import { buildWorkload, readVocabulary, type Workload } from "./search-workload.ts";

export interface SignedIn {
  userId: string;
  /** The session token (cookie value). */
  token: string;
}

export interface ProviderAccount extends SignedIn {
  providerId: string;
  serviceIds: string[];
}

export interface LoadWorld {
  dataDir: string;
  outDir: string;
  customers: SignedIn[];
  providerAccounts: ProviderAccount[];
  /** Built pages by kind, as paths (`/pk/karachi`), in the build's order. */
  pages: { home: string[]; city: string[]; cityCategory: string[]; provider: string[] };
  /** Provider pages the build left out (rendered on demand). */
  onDemand: string[];
  /** Active providers anyone may favorite. */
  publicProviderIds: string[];
  categoryIds: string[];
  cities: string[];
  workload: Workload;
  timings: { seedS: number; usersS: number; buildS: number; pagesBuilt: number };
}

export interface SetupOptions {
  dir: string;
  providers: number;
  customers: number;
  providerAccounts: number;
  siteUrl: string;
  /** Take the world a previous setup left in `dir` (world.json), if there is one. */
  reuse?: boolean;
  log: (msg: string) => void;
}

/** Pre-rendered pages under /pk, sorted into the directory's three levels. */
async function builtPages(client: string): Promise<LoadWorld["pages"]> {
  const pages: LoadWorld["pages"] = {
    home: ["/", "/pk"],
    city: [],
    cityCategory: [],
    provider: [],
  };
  const entries = await readdir(join(client, "pk"), { withFileTypes: true, recursive: true });
  for (const e of entries) {
    if (!e.isFile() || e.name !== "index.html") continue;
    const rel = relative(client, e.parentPath).split(sep);
    const path = "/" + rel.join("/");
    if (rel.length === 2) pages.city.push(path);
    else if (rel.length === 3) pages.cityCategory.push(path);
    else if (rel.length === 4) pages.provider.push(path);
  }
  for (const list of Object.values(pages)) list.sort();
  return pages;
}

/**
 * Customers and provider accounts, each with a session. A provider account
 * owns one generated provider (the seed leaves them ownerless), which is what
 * the dashboard reads and edits. Insert one by one through the factories the
 * tests use: a few thousand rows take seconds.
 */
async function makeAccounts(db: Db, opts: SetupOptions) {
  const now = new Date();
  const customers: SignedIn[] = [];
  for (let i = 0; i < opts.customers; i++) {
    const userId = await createUser(db, { email: `load-customer-${i}@karkhana.example` });
    customers.push({ userId, token: (await createSession(db, userId, now)).token });
  }
  const owned = await db.all<{ id: string }>(
    sql`SELECT id FROM providers WHERE is_active = 1 AND user_id IS NULL ORDER BY id LIMIT ${opts.providerAccounts}`,
  );
  const services = await db.all<{ id: string; provider_id: string }>(
    sql`SELECT id, provider_id FROM services WHERE provider_id IN
          (SELECT id FROM providers WHERE is_active = 1 AND user_id IS NULL ORDER BY id LIMIT ${opts.providerAccounts})
        ORDER BY id`,
  );
  const byProvider = Map.groupBy(services, (s) => s.provider_id);
  const providerAccounts: ProviderAccount[] = [];
  for (const [i, { id: providerId }] of owned.entries()) {
    const userId = await createUser(db, {
      email: `load-provider-${i}@karkhana.example`,
      role: "provider",
    });
    await db.run(sql`UPDATE providers SET user_id = ${userId} WHERE id = ${providerId}`);
    providerAccounts.push({
      userId,
      providerId,
      serviceIds: (byProvider.get(providerId) ?? []).map((s) => s.id),
      token: (await createSession(db, userId, now)).token,
    });
  }
  return { customers, providerAccounts };
}

const WORLD_FILE = "world.json";

/** Everything but the workload, which is rebuilt from the database (it holds functions). */
type StoredWorld = Omit<LoadWorld, "workload">;

export async function setUpWorld(opts: SetupOptions): Promise<LoadWorld> {
  if (opts.reuse) {
    const stored = await readFile(join(opts.dir, WORLD_FILE), "utf8").catch(() => null);
    if (stored) {
      const world = JSON.parse(stored) as StoredWorld;
      const db = await openDb(dbConfigFromEnv({ DATA_DIR: world.dataDir }));
      try {
        const workload = buildWorkload(await readVocabulary(db), { size: 2000, seed: 1 });
        opts.log(`reusing the world in ${opts.dir}`);
        return { ...world, workload };
      } finally {
        db.$client.close();
      }
    }
  }
  const world = await freshWorld(opts);
  const { workload: _, ...stored } = world;
  await writeFile(join(opts.dir, WORLD_FILE), JSON.stringify(stored));
  return world;
}

async function freshWorld(opts: SetupOptions): Promise<LoadWorld> {
  const dataDir = join(opts.dir, "data");
  const outDir = join(opts.dir, "dist");
  await rm(opts.dir, { recursive: true, force: true });
  await mkdir(dataDir, { recursive: true });
  const env = { DATA_DIR: dataDir };
  const db = await openDb(dbConfigFromEnv(env));
  try {
    await migrateDb(db);
    await seedCategories(db);
    await deleteAllProviders(db);
    let t0 = performance.now();
    await seedProviders(db, opts.providers);
    const seedS = (performance.now() - t0) / 1000;
    opts.log(`seeded ${opts.providers.toLocaleString("en")} providers in ${seedS.toFixed(1)} s`);

    t0 = performance.now();
    const { customers, providerAccounts } = await makeAccounts(db, opts);
    const usersS = (performance.now() - t0) / 1000;
    opts.log(
      `${customers.length} customers and ${providerAccounts.length} provider accounts with sessions in ${usersS.toFixed(1)} s; building…`,
    );

    t0 = performance.now();
    const info = await buildSite(db, {
      outDir,
      env: { ...env, PUBLIC_SITE_URL: opts.siteUrl },
      quiet: true,
    });
    const buildS = (performance.now() - t0) / 1000;
    opts.log(`built ${info.pages.toLocaleString("en")} pages in ${buildS.toFixed(1)} s`);

    const pages = await builtPages(clientDir(outDir));
    const onDemand = await onDemandPaths(db, clientDir(outDir), 500);
    const publicProviderIds = (
      await db.all<{ id: string }>(sql`SELECT id FROM providers WHERE is_active = 1 ORDER BY id`)
    ).map((r) => r.id);
    const categoryIds = (
      await db.all<{ id: string }>(sql`SELECT id FROM service_categories ORDER BY name`)
    ).map((r) => r.id);
    const vocab = await readVocabulary(db);
    const workload = buildWorkload(vocab, { size: 2000, seed: 1 });
    return {
      dataDir,
      outDir,
      customers,
      providerAccounts,
      pages,
      onDemand,
      publicProviderIds,
      categoryIds,
      cities: vocab.cities.map((c) => c.name),
      workload,
      timings: { seedS, usersS, buildS, pagesBuilt: info.pages },
    };
  } finally {
    db.$client.close();
  }
}
