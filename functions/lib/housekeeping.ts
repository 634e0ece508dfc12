import { lt } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { pruneAnalytics } from "../../db/queries/analytics.ts";
import { pruneContactReveals } from "../../db/queries/contact-reveals.ts";
import { pruneMailOutbox } from "../../db/queries/mail-outbox.ts";
import type { ReplyTimesResult } from "../../db/queries/reply-times.ts";
import { emailTokens } from "../../db/schema.ts";
import { deleteExpiredDeviceTrusts } from "../auth/device-trust.ts";
import { deleteExpiredSessions } from "../auth/session.ts";
import type { DrainReport } from "./queued-mailer.ts";
import { pruneRateLimits } from "./rate-limit.ts";

/**
 * The Worker's daily Cron Trigger (wrangler.toml `[triggers] crons`): expired
 * rows, orphaned uploads and the measured reply times. Kept here, not in worker.ts: workerd refuses an
 * entry module's non-function exports.
 */
export const DAILY_CRON = "17 3 * * *";

/**
 * Deletes rows that can no longer be used: expired sessions and device trusts,
 * throttle windows that ended a day ago, contact reveals past the caps' day
 * window, emailed links past their expiry (used or not; a missing link is
 * refused the same way as an expired one), queued mail done a week ago, and
 * analytics counts older than 13 months (decision 019); no queued mail keeps
 * its body past its links' expiry. Each is refused or ignored anyway; this keeps the tables small. The Node server runs it hourly, the Worker daily: nothing in a Worker outlives a request to do it for it.
 */
export async function pruneExpiredRows(db: Db, now: Date): Promise<void> {
  await deleteExpiredSessions(db, now);
  await deleteExpiredDeviceTrusts(db, now);
  await pruneRateLimits(db, now);
  await pruneContactReveals(db, now);
  await db.delete(emailTokens).where(lt(emailTokens.expiresAt, now));
  await pruneMailOutbox(db, now);
  await pruneAnalytics(db, now);
}

/** The log line of a reply-time recompute (db/queries/reply-times.ts). */
export function describeReplyTimes(r: ReplyTimesResult): string {
  return `reply times recomputed: ${r.changed} providers changed, ${r.pagesMarked} pages marked`;
}

/**
 * The log line of a mail queue drain; null when it had nothing to do (the
 * queue is drained every few minutes, usually with nothing in it).
 */
export function describeDrain(r: DrainReport): string | null {
  if (r.sent + r.retried + r.failed + r.expired === 0) return null;
  return `mail queue: ${r.sent} sent, ${r.retried} to retry, ${r.failed} given up, ${r.expired} expired`;
}
