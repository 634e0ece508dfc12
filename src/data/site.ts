/**
 * The one build-time loader: every pre-rendered page reads from this promise,
 * so the whole build queries the database a handful of times, not per page.
 */
import { dbConfigFromEnv, openDb } from "../../db/client.ts";
import { loadSiteData, type SiteData } from "../../db/queries/site-data.ts";

let cached: Promise<SiteData> | undefined;

export function getSiteData(): Promise<SiteData> {
  cached ??= openDb(dbConfigFromEnv(process.env)).then(loadSiteData);
  return cached;
}
