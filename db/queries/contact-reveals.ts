import { lt, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { contactReveals } from "../schema.ts";

export const HOUR_MS = 60 * 60_000;
export const DAY_MS = 24 * HOUR_MS;

export interface RevealCap {
  /** Distinct providers per hour. */
  hour: number;
  /** Distinct providers per day. */
  day: number;
}

export interface RevealScope {
  /** `user:{id}` or `ip:{ip}`. */
  key: string;
  cap: RevealCap;
}

export type RevealCheck =
  { ok: true } | { ok: false; scope: RevealScope; window: "hour" | "day"; retryAfterMs: number };

/**
 * Records that every scope opened `providerId`'s contact details, unless one
 * of them has reached its cap, in which case nothing is written (a refused
 * request costs no allowance). A provider already opened in the scope's last
 * day is free. One write transaction, so two parallel requests cannot both
 * take the last slot.
 */
export async function recordContactReveal(
  db: Db,
  scopes: RevealScope[],
  providerId: string,
  now: Date,
): Promise<RevealCheck> {
  const t = now.getTime();
  const dayAgo = t - DAY_MS;
  const hourAgo = t - HOUR_MS;
  return db.transaction(async (tx) => {
    const fresh: RevealScope[] = [];
    for (const scope of scopes) {
      const [seen] = await tx.all<{ at: number }>(
        sql`SELECT revealed_at AS at FROM contact_reveals
            WHERE scope = ${scope.key} AND provider_id = ${providerId}`,
      );
      if (seen && seen.at > dayAgo) continue;
      // Reads the (scope, revealed_at) index range of one day: at most cap.day rows.
      const [n] = await tx.all<{
        day: number;
        hour: number | null;
        dayOldest: number | null;
        hourOldest: number | null;
      }>(
        sql`SELECT count(*) AS day, sum(revealed_at > ${hourAgo}) AS hour,
                   min(revealed_at) AS dayOldest,
                   min(CASE WHEN revealed_at > ${hourAgo} THEN revealed_at END) AS hourOldest
            FROM contact_reveals WHERE scope = ${scope.key} AND revealed_at > ${dayAgo}`,
      );
      const day = n?.day ?? 0;
      const hour = n?.hour ?? 0;
      if (day >= scope.cap.day) {
        return { ok: false, scope, window: "day", retryAfterMs: (n?.dayOldest ?? t) + DAY_MS - t };
      }
      if (hour >= scope.cap.hour) {
        const oldest = n?.hourOldest ?? t;
        return { ok: false, scope, window: "hour", retryAfterMs: oldest + HOUR_MS - t };
      }
      fresh.push(scope);
    }
    for (const scope of fresh) {
      // An expired row (opened over a day ago) starts a new day for that provider.
      await tx
        .insert(contactReveals)
        .values({ scope: scope.key, providerId, revealedAt: t })
        .onConflictDoUpdate({
          target: [contactReveals.scope, contactReveals.providerId],
          set: { revealedAt: t },
        });
    }
    return { ok: true };
  });
}

/** Drops reveals older than the longest window: they no longer count. */
export async function pruneContactReveals(db: Db, now: Date): Promise<void> {
  await db.delete(contactReveals).where(lt(contactReveals.revealedAt, now.getTime() - DAY_MS));
}
