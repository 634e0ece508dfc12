import type { Db } from "../../db/client.ts";
import { getDataVersion, getInstanceId } from "../../db/queries/site-meta.ts";
import { readBuildInfo, type BuildInfo } from "./publish.ts";

/** What the build must match: this database, its data version, this origin. */
export interface SiteTarget {
  instanceId: string;
  dataVersion: number;
  siteUrl: string;
}

export type SiteAtStart =
  | { action: "serve" }
  | { action: "serve-while-rebuilding"; reason: string }
  | { action: "build-first"; reason: string };

/**
 * What `npm start` does with the build it finds. An older build of the same
 * database for the same origin is only behind by a few changes, so it is
 * served while the new one builds. A build of another database or for another
 * PUBLIC_SITE_URL would show other providers, or canonical links and a sitemap
 * on the wrong origin, for as long as a rebuild takes (minutes at 100,000
 * providers): build first. A build without build-info.json (or from before it
 * recorded its site URL) cannot be vouched for either.
 */
export function siteAtStart(info: BuildInfo | null, target: SiteTarget): SiteAtStart {
  if (!info) return { action: "build-first", reason: "no built site" };
  if (info.instanceId !== target.instanceId)
    return { action: "build-first", reason: "the built site is of another database" };
  if (info.siteUrl !== target.siteUrl)
    return {
      action: "build-first",
      reason: `the built site is for ${info.siteUrl ?? "an unrecorded site URL"}, not ${target.siteUrl}`,
    };
  if (info.dataVersion < target.dataVersion)
    return { action: "serve-while-rebuilding", reason: "the built site is older than the data" };
  return { action: "serve" };
}

/** {@link siteAtStart} for the build in `siteDir` and the database `db`. */
export async function siteAtStartIn(db: Db, siteDir: string, siteUrl: string) {
  return siteAtStart(await readBuildInfo(siteDir), {
    instanceId: await getInstanceId(db),
    dataVersion: await getDataVersion(db),
    siteUrl,
  });
}
