/**
 * Measured response times (decision 020): each provider's median time from a
 * quote request to its first reply, and the 'Fast responder' badge for the
 * fastest quarter. Recomputed for every provider at once, daily and before
 * each publish, in one transaction of at most three statements, so the cost
 * does not grow with the number of providers' round trips.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { cityTag, DATA_VERSION, providerTag } from "./site-meta.ts";

/** Leads older than this do not count. */
export const REPLY_WINDOW_DAYS = 90;
/** Fewer counted leads than this in the window: no measured time (the self-declared one shows). */
export const MIN_REPLY_LEADS = 3;
/** Fewer measured (active) providers than this: nobody is a 'Fast responder' (a quarter of 3 is no one). */
export const MIN_FAST_POPULATION = 4;
/**
 * An unanswered lead younger than this is not counted yet: it may still be
 * answered in good time. Older ones count as the time they have waited so far.
 */
export const UNANSWERED_GRACE_MS = 24 * 60 * 60 * 1000;

const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;

export interface ReplyTimesResult {
  /** Providers whose replyMinutes or isFastResponder changed. */
  changed: number;
  /** Active ones among them: their pages and their cities' listings were marked changed. */
  pagesMarked: number;
}

/**
 * Sets providers.reply_minutes and is_fast_responder for every provider from
 * its leads (review state 'visible') created in the last 90 days and sent to
 * its current owner (since `owner_since`, when a claim set it; none while the
 * listing has no owner):
 *
 * - a lead's time runs from its delivery to the provider (its creation, or an
 *   admin's release of a held one) to the provider's first reply; one never
 *   replied to counts as the time it has waited so far once it is a day old,
 *   and not at all before;
 * - with at least 3 such leads, reply_minutes is their median (the mean of
 *   the two middle ones for an even count), rounded up to whole minutes;
 *   otherwise null;
 * - with at least 4 active providers measured, those at or below the time of
 *   the one at rank ceil(n / 4) (fastest first) are fast responders: ties
 *   share the badge.
 *
 * Only rows whose values change are written. When an active provider's shown
 * values change, its page and its city's listings are marked changed
 * (page_changes, decision 014) and the data version moves once, like any edit.
 */
export async function recomputeReplyTimes(db: Db, now: Date): Promise<ReplyTimesResult> {
  const nowMs = now.getTime();
  const since = nowMs - REPLY_WINDOW_DAYS * DAY_MS;
  const answeredBy = nowMs - UNANSWERED_GRACE_MS;
  return db.transaction(async (tx) => {
    // JavaScript numbers bind as REAL: cast, so the arithmetic below stays integer.
    const int = (n: number) => sql`CAST(${n} AS INTEGER)`;
    const changed = await tx.all<{ id: string; city: string | null; active: number }>(sql`
      WITH delivered AS (
        -- A held lead reaches the provider when an admin releases it: its clock starts then.
        SELECT l.provider_id, l.first_reply_at, coalesce(l.delivered_at, l.created_at) AS given_at
        FROM leads l JOIN providers p ON p.id = l.provider_id
        WHERE l.review_state = 'visible' AND l.created_at >= ${int(since)}
          -- Only the current owner's leads (leadOwnerId's rule): one sent before they won
          -- the listing was answered, or not, by someone else, and a listing without an
          -- owner has nobody's replies to show.
          AND p.user_id IS NOT NULL
          AND (p.owner_since IS NULL OR l.created_at >= p.owner_since)
      ),
      per_lead AS (
        SELECT provider_id,
               CASE WHEN first_reply_at IS NOT NULL THEN max(first_reply_at - given_at, 0)
                    ELSE ${int(nowMs)} - given_at END AS ms
        FROM delivered
        WHERE first_reply_at IS NOT NULL OR given_at <= ${int(answeredBy)}
      ),
      ranked AS (
        SELECT provider_id, ms,
               row_number() OVER (PARTITION BY provider_id ORDER BY ms) AS rn,
               count(*) OVER (PARTITION BY provider_id) AS n
        FROM per_lead
      ),
      medians AS MATERIALIZED (
        SELECT provider_id, (sum(ms) / count(*) + ${int(MINUTE_MS - 1)}) / ${int(MINUTE_MS)} AS minutes
        FROM ranked
        WHERE n >= ${int(MIN_REPLY_LEADS)} AND rn IN ((n + 1) / 2, (n + 2) / 2)
        GROUP BY provider_id
      ),
      contenders AS (
        SELECT m.minutes,
               row_number() OVER (ORDER BY m.minutes) AS rn,
               count(*) OVER () AS n
        FROM medians m JOIN providers p ON p.id = m.provider_id
        WHERE p.is_active = 1
      ),
      threshold AS (
        SELECT minutes FROM contenders WHERE n >= ${int(MIN_FAST_POPULATION)} AND rn = (n + 3) / 4
      ),
      next AS (
        SELECT m.provider_id AS id, m.minutes,
               coalesce(p.is_active = 1 AND m.minutes <= (SELECT minutes FROM threshold), 0) AS fast
        FROM medians m JOIN providers p ON p.id = m.provider_id
        UNION ALL
        -- Measured before, not now: back to the self-declared time.
        SELECT p.id, NULL, 0 FROM providers p
        WHERE (p.reply_minutes IS NOT NULL OR p.is_fast_responder = 1)
          AND p.id NOT IN (SELECT provider_id FROM medians)
      )
      UPDATE providers
      SET reply_minutes = next.minutes, is_fast_responder = next.fast
      FROM next
      WHERE providers.id = next.id
        AND (providers.reply_minutes IS NOT next.minutes OR providers.is_fast_responder IS NOT next.fast)
      RETURNING providers.id AS id, providers.city AS city, providers.is_active AS active
    `);
    // An inactive provider has no page; activating it later marks its pages anyway.
    const shown = changed.filter((r) => Number(r.active) === 1);
    if (shown.length > 0) {
      const cities = new Set(shown.flatMap((r) => (r.city ? [r.city] : [])));
      const tags = [
        ...shown.map((r) => providerTag(r.id)),
        ...[...new Set([...cities].map(cityTag))],
      ];
      // markDataChanged's statements, set-based: thousands of providers may change at once.
      await tx.run(
        sql`INSERT INTO site_meta (key, value) VALUES (${DATA_VERSION}, '1')
            ON CONFLICT (key) DO UPDATE SET value = CAST(CAST(value AS INTEGER) + 1 AS TEXT)`,
      );
      await tx.run(
        sql`INSERT INTO page_changes (tag, version)
            SELECT t.value, (SELECT CAST(value AS INTEGER) FROM site_meta WHERE key = ${DATA_VERSION})
            FROM json_each(${JSON.stringify(tags)}) AS t WHERE true
            ON CONFLICT (tag) DO UPDATE SET version = excluded.version`,
      );
    }
    return { changed: changed.length, pagesMarked: shown.length };
  });
}
