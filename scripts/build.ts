/**
 * `npm run build` — pre-renders the whole site into dist/ from the database in
 * DATA_DIR (or DATABASE_URL) as it is. It applies the migrations, so an empty
 * DATA_DIR gets an empty database and builds an empty directory, but it never
 * adds data: the demo data comes from `npm start` on an empty local database
 * (or `npm run seed`), a deployment's from its users.
 */
import { count } from "drizzle-orm";
import { mkdir, rm } from "node:fs/promises";
import { join, resolve } from "node:path";
import { dbConfigFromEnv, migrateDb, openDb } from "../db/client.ts";
import { providers } from "../db/schema.ts";
import {
  AssetLimitError,
  buildSite,
  ReserveExceededError,
  type BuildInfo,
} from "../functions/node/publish.ts";
import { assetFileLimit, BudgetTooSmallError, BUDGET_ORDER } from "../src/lib/file-budget.ts";

// Workers static assets cap the files per version (20,000 free, 100,000 paid).
let limit: number;
try {
  limit = assetFileLimit(process.env.ASSET_FILE_LIMIT);
} catch (err) {
  console.error((err as Error).message);
  process.exit(2);
}
/** Files by kind, and what the budget left to be rendered on demand. */
function planSummary(info: BuildInfo): string {
  const fmt = (n: number) => n.toLocaleString("en-US");
  const b = info.budget;
  if (!b) return "";
  const fixed = (info.files ?? 0) - (b.files - b.reserved);
  const kinds = BUDGET_ORDER.map((k) => {
    const { written, left, files } = b.kinds[k];
    return `  ${k}: ${fmt(written)} written (${fmt(files)} files)${left ? `, ${fmt(left)} on demand` : ""}`;
  });
  return [
    `  fixed (app pages, assets): ${fmt(fixed)} files of ${fmt(b.reserved)} reserved`,
    ...kinds,
  ].join("\n");
}

const outDir = resolve(process.env.SITE_DIR || "dist");
const dataDir = resolve(process.env.DATA_DIR || "./data");
if (!process.env.DATABASE_URL) await mkdir(dataDir, { recursive: true });
const db = await openDb(dbConfigFromEnv({ ...process.env, DATA_DIR: dataDir }));
await migrateDb(db);
const [listed] = await db.select({ n: count() }).from(providers);
if ((listed?.n ?? 0) === 0) {
  const where = process.env.DATABASE_URL
    ? "the DATABASE_URL database"
    : join(dataDir, "karkhana.db");
  console.log(
    `${where} has no providers: building an empty directory ` +
      "(the build adds no data; `npm start` seeds the demo data into an empty local database)",
  );
}
// dist may be the local server's symlink to a published build: replace the link, not its target.
await rm(outDir, { recursive: true, force: true });
try {
  const info = await buildSite(db, { outDir, env: { DATA_DIR: dataDir }, maxFiles: limit });
  console.log(
    `built ${info.pages.toLocaleString("en-US")} pages (${(info.files ?? 0).toLocaleString("en-US")} files, ` +
      `limit ${limit.toLocaleString("en-US")}) into ${outDir} in ${info.seconds} s`,
  );
  console.log(planSummary(info));
} catch (err) {
  if (
    !(err instanceof AssetLimitError) &&
    !(err instanceof BudgetTooSmallError) &&
    !(err instanceof ReserveExceededError)
  )
    throw err;
  console.error(`build failed: ${err.message}`);
  process.exitCode = 1;
} finally {
  db.$client.close();
}
