/**
 * `npm run build` — pre-renders the whole site into dist/ from the database in
 * DATA_DIR (or DATABASE_URL), migrating and seeding it first when needed.
 */
import { mkdir, rm } from "node:fs/promises";
import { resolve } from "node:path";
import { dbConfigFromEnv, migrateDb, openDb } from "../db/client.ts";
import { seedIfEmpty } from "../db/seed/index.ts";
import { buildSite } from "../functions/node/publish.ts";

const outDir = resolve(process.env.SITE_DIR || "dist");
const dataDir = resolve(process.env.DATA_DIR || "./data");
if (!process.env.DATABASE_URL) await mkdir(dataDir, { recursive: true });
const db = await openDb(dbConfigFromEnv({ ...process.env, DATA_DIR: dataDir }));
await migrateDb(db);
await seedIfEmpty(db);
// dist may be the local server's symlink to a published build: replace the link, not its target.
await rm(outDir, { recursive: true, force: true });
const info = await buildSite(db, { outDir, env: { DATA_DIR: dataDir } });
console.log(`built ${info.pages} pages into ${outDir} in ${info.seconds} s`);
db.$client.close();
