import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { getDataVersion } from "../../db/queries/site-meta.ts";
import { siteMeta } from "../../db/schema.ts";
import type { AssetStore } from "../ports/types.ts";

/** site_meta key: the data version a publish was last requested for, and when. */
const REQUESTED = "publish_requested";

/** A requested build that has not shown up in this long is asked for again (it may have failed). */
export const PUBLISH_RETRY_MS = 30 * 60 * 1000;

/**
 * Least time between two calls of the deploy hook, however often the data
 * changes: each call is a full CI build and deploy, and a provider saving
 * every few minutes must not keep CI building without pause.
 * Changes in between are picked up by the next call.
 */
export const PUBLISH_MIN_INTERVAL_MS = 15 * 60 * 1000;

export interface DeployHook {
  url: string;
  /** Sent as a bearer token (a GitHub token for repository_dispatch). */
  token?: string | undefined;
}

export type PublishCheck =
  | { action: "fresh"; deployed: number; current: number }
  | { action: "waiting"; deployed: number; current: number }
  | { action: "triggered"; deployed: number; current: number }
  | { action: "no-hook"; deployed: number; current: number };

/** The data version the deployed pages were built from (build-info.json among the assets). */
export async function deployedDataVersion(assets: AssetStore): Promise<number> {
  const res = await assets.fetch("/build-info.json");
  if (!res) return -1;
  const info = (await res.json()) as { dataVersion?: unknown };
  return typeof info.dataVersion === "number" ? info.dataVersion : -1;
}

/**
 * The Cron Trigger's job: when the data is newer than the deployed pages, ask
 * CI to rebuild and redeploy them (a POST to the deploy hook, in GitHub's
 * repository_dispatch shape, which other CI hooks ignore). One request per
 * data version, repeated after PUBLISH_RETRY_MS in case that build failed, and
 * never two within PUBLISH_MIN_INTERVAL_MS.
 */
export async function checkPublish(
  db: Db,
  assets: AssetStore,
  hook: DeployHook | null,
  now: Date,
  fetchFn: typeof fetch = fetch,
): Promise<PublishCheck> {
  const [deployed, current] = await Promise.all([deployedDataVersion(assets), getDataVersion(db)]);
  if (current <= deployed) return { action: "fresh", deployed, current };
  if (!hook) return { action: "no-hook", deployed, current };
  const [row] = await db.select().from(siteMeta).where(eq(siteMeta.key, REQUESTED)).limit(1);
  const last = row ? (JSON.parse(row.value) as { version: number; at: number }) : null;
  const since = last ? now.getTime() - last.at : Infinity;
  if (last && last.version >= current && since < PUBLISH_RETRY_MS) {
    return { action: "waiting", deployed, current };
  }
  if (since < PUBLISH_MIN_INTERVAL_MS) return { action: "waiting", deployed, current };
  const res = await fetchFn(hook.url, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Accept: "application/vnd.github+json",
      "User-Agent": "karkhana-publish",
      ...(hook.token ? { Authorization: `Bearer ${hook.token}` } : {}),
    },
    body: JSON.stringify({
      event_type: "karkhana-publish",
      client_payload: { dataVersion: current, deployedVersion: deployed },
    }),
  });
  if (!res.ok) {
    throw new Error(`deploy hook answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
  }
  const value = JSON.stringify({ version: current, at: now.getTime() });
  await db.run(
    sql`INSERT INTO site_meta (key, value) VALUES (${REQUESTED}, ${value})
        ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
  );
  return { action: "triggered", deployed, current };
}
