/**
 * The one build-time loader: every pre-rendered page reads from this promise,
 * so the whole build queries the database a handful of times, not per page.
 */
import { dbConfigFromEnv, openDb } from "../../db/client.ts";
import { loadSiteData, type SiteData } from "../../db/queries/site-data.ts";
import { AUTH_SAMPLE_CATEGORY, type AuthPanelFacts } from "../lib/form-states.ts";

let cached: Promise<SiteData> | undefined;

export function getSiteData(): Promise<SiteData> {
  // The same limit `npm run build` enforces (ASSET_FILE_LIMIT, default: the free plan's 20,000).
  const budget = Number(process.env.ASSET_FILE_LIMIT || 20_000);
  cached ??= openDb(dbConfigFromEnv(process.env)).then((db) => loadSiteData(db, budget));
  return cached;
}

/** The auth screens' decorative panel, from the build's data. */
export async function getAuthPanel(): Promise<AuthPanelFacts> {
  const data = await getSiteData();
  const sample = data.categories.find((c) => c.name === AUTH_SAMPLE_CATEGORY);
  return {
    providers: data.providers.length,
    cities: data.cities.filter((c) => c.providers.length > 0).length,
    categories: data.categories.length,
    sampleCategory: { name: AUTH_SAMPLE_CATEGORY, nameUr: sample?.nameUr ?? null },
  };
}
