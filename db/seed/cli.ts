/**
 * `npm run seed` — (re)creates the database content.
 *   npm run seed                      categories + the demo data when empty (local file only)
 *   npm run seed -- --providers N     replaces all providers with N generated ones
 *   npm run seed -- --providers N --seed S   another deterministic set
 * DATA_DIR (default ./data) or DATABASE_URL says which database.
 *
 * The demo data holds accounts whose passwords are in the README, so it only
 * goes into the local file of a local run: with DATABASE_URL set, or a
 * PUBLIC_SITE_URL that is not http:// on a loopback host, plain `npm run seed`
 * refuses (exit 1) after adding the standard categories. `--providers N`
 * writes providers without any account, so it runs against either (the bench
 * and load tests use it).
 */
import { mkdir } from "node:fs/promises";
import { parseArgs } from "node:util";
import { z } from "zod";
import { dbConfigFromEnv, migrateDb, openDb } from "../client.ts";
import {
  deleteAllProviders,
  seedCategories,
  seedCategoriesIfNone,
  seedIfEmpty,
  seedProviders,
  demoSeedRefusal,
} from "./index.ts";

const { values } = parseArgs({
  options: { providers: { type: "string" }, seed: { type: "string" } },
});
const args = z
  .object({
    providers: z.coerce.number().int().min(0).max(1_000_000).optional(),
    seed: z.coerce.number().int().min(1).default(1),
  })
  .parse(values);

const dataDir = process.env.DATA_DIR || "./data";
if (!process.env.DATABASE_URL) await mkdir(dataDir, { recursive: true });
const db = await openDb(dbConfigFromEnv(process.env));
await migrateDb(db);
const started = performance.now();
if (args.providers === undefined) {
  const refusal = demoSeedRefusal(process.env);
  if (refusal === null) {
    console.log(
      (await seedIfEmpty(db)) ? "seeded the demo data" : "database already has providers",
    );
  } else {
    if (await seedCategoriesIfNone(db)) console.log("added the standard service categories");
    console.error(
      `${refusal}. The demo data is only for the local file in DATA_DIR of a local run; ` +
        "`npm run seed -- --providers N` writes generated providers without accounts anywhere.",
    );
    process.exitCode = 1;
  }
} else {
  await seedCategories(db);
  await deleteAllProviders(db);
  await seedProviders(db, args.providers, args.seed);
  console.log(`seeded ${args.providers} providers (seed ${args.seed})`);
}
console.log(`done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
db.$client.close();
