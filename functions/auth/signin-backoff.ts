import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { TooManyRequests } from "../lib/rate-limit.ts";

/**
 * Password guesses against one account slow down instead of locking it
 * (decision 011): a hard block per email let any stranger lock the owner out by
 * failing on purpose. Here the first FREE_ATTEMPTS attempts in a run go at
 * once; after that each attempt must wait 2 s, 4 s, 8 s … after the previous
 * one, never more than MAX_DELAY_MS (2, 4, 8, 16, 32, then 60 s). A run ends after RUN_IDLE_MS without an
 * attempt or at the first correct password. The worst a stranger can do is make
 * the owner wait a minute; a guesser gets about 60 tries an hour per account
 * (and the per-IP limit still applies).
 *
 * Runs are kept per bucket (`signinBackoffKey`): one per email for browsers
 * the account does not know, and one per device cookie for a browser that
 * signed in to the account before (device-trust.ts), so strangers filling the
 * email's bucket never slow the owner's own browser down.
 * OWASP: https://cheatsheetseries.owasp.org/cheatsheets/Authentication_Cheat_Sheet.html#account-lockout
 */
export const BACKOFF = {
  FREE_ATTEMPTS: 5,
  FIRST_DELAY_MS: 2000,
  MAX_DELAY_MS: 60_000,
  RUN_IDLE_MS: 15 * 60_000,
} as const;

/**
 * The wait after `attempts` attempts in a run: none before the 5th, then 2 s
 * after the 5th, 4 s after the 6th … capped at a minute.
 */
export function backoffDelayMs(attempts: number): number {
  if (attempts < BACKOFF.FREE_ATTEMPTS) return 0;
  const doublings = Math.min(attempts - BACKOFF.FREE_ATTEMPTS, 16);
  return Math.min(BACKOFF.MAX_DELAY_MS, BACKOFF.FIRST_DELAY_MS * 2 ** doublings);
}

/**
 * The bucket keys in `rate_limits`. Emails always contain "@" (signinSchema),
 * so no email key can collide with a device key.
 */
export const signinBackoffKey = {
  email: (email: string) => `signin-backoff:${email}`,
  /** `deviceTrustId` is the stored SHA-256 of the device token; 128 bits of it are plenty. */
  device: (deviceTrustId: string) => `signin-backoff:device:${deviceTrustId.slice(0, 32)}`,
};

/** The same formula in SQL, so checking and counting is one atomic statement. */
const delaySql = sql`(CASE WHEN count < ${BACKOFF.FREE_ATTEMPTS} THEN 0
  ELSE min(${BACKOFF.MAX_DELAY_MS}, ${BACKOFF.FIRST_DELAY_MS} * (1 << min(count - ${BACKOFF.FREE_ATTEMPTS}, 16))) END)`;

/**
 * Claims one password attempt in the bucket `key` (`signinBackoffKey`), or throws 429 (Retry-After) while
 * the run's delay is not over. The attempt is counted before the password is
 * checked, in the same statement as the check, so parallel guesses cannot all
 * slip through one open slot; `clearSigninBackoff` after a correct password
 * takes it back. Refused attempts are not counted and do not extend the wait.
 *
 * Stored in `rate_limits` (key `signin-backoff:<email>` or
 * `signin-backoff:device:<hash prefix>`, `window_start` = the
 * last attempt), so the hourly pruning of that table drops idle runs too.
 */
export async function claimSigninAttempt(db: Db, key: string, now: Date): Promise<void> {
  const t = now.getTime();
  const claimed = await db.all<{ count: number }>(sql`
    INSERT INTO rate_limits (key, count, window_start) VALUES (${key}, 1, ${t})
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN window_start <= ${t - BACKOFF.RUN_IDLE_MS} THEN 1 ELSE count + 1 END,
      window_start = ${t}
    WHERE window_start <= ${t - BACKOFF.RUN_IDLE_MS} OR window_start + ${delaySql} <= ${t}
    RETURNING count`);
  if (claimed.length > 0) return;
  const [row] = await db.all<{ wait: number }>(sql`
    SELECT window_start + ${delaySql} - ${t} AS wait FROM rate_limits WHERE key = ${key}`);
  throw new TooManyRequests(Math.max(1, Math.ceil((row?.wait ?? 1000) / 1000)));
}

/** Ends the run after a correct password (or a reset that proved the mailbox). */
export async function clearSigninBackoff(db: Db, key: string): Promise<void> {
  await db.run(sql`DELETE FROM rate_limits WHERE key = ${key}`);
}
