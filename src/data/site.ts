/**
 * The one build-time loader: every pre-rendered page reads from this promise,
 * so what the whole build shares is queried once, and the file budget is
 * planned before the first page is rendered (decision 031).
 */
import { writeFileSync } from "node:fs";
import { dbConfigFromEnv, openDb, type Db } from "../../db/client.ts";
import { loadSiteData, type SiteData } from "../../db/queries/site-data.ts";
import { AUTH_SAMPLE_CATEGORY, type AuthPanelFacts } from "../lib/form-states.ts";
import { assetFileLimit } from "../lib/file-budget.ts";

let db: Promise<Db> | undefined;
let cached: Promise<SiteData> | undefined;

/** The build's database connection, shared by every page. */
export function siteDb(): Promise<Db> {
  db ??= openDb(dbConfigFromEnv(process.env));
  return db;
}

export function getSiteData(): Promise<SiteData> {
  // The limit `npm run build` checks (ASSET_FILE_LIMIT, default: the free plan's 20,000).
  cached ??= siteDb().then(async (conn) => {
    const data = await loadSiteData(conn, assetFileLimit(process.env.ASSET_FILE_LIMIT));
    // buildSite (functions/node/publish.ts) reports the plan and checks the build against it.
    const out = process.env.KARKHANA_BUILD_PLAN;
    if (out) writeFileSync(out, JSON.stringify(data.plan.budget));
    return data;
  });
  return cached;
}

/** The auth screens' decorative panel, from the build's data. */
export async function getAuthPanel(): Promise<AuthPanelFacts> {
  const data = await getSiteData();
  const sample = data.categories.find((c) => c.name === AUTH_SAMPLE_CATEGORY);
  return {
    providers: data.total,
    cities: data.cities.filter((c) => c.count > 0).length,
    categories: data.categories.length,
    sampleCategory: { name: AUTH_SAMPLE_CATEGORY, nameUr: sample?.nameUr ?? null },
  };
}
