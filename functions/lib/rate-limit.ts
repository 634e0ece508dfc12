import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { HttpError } from "./http.ts";

export interface Limit {
  /** Requests allowed per window. */
  max: number;
  windowMs: number;
}

/**
 * Throttles for the endpoints people (and bots) hammer. Per IP to stop one
 * machine, per email to stop a spread-out attack on one account.
 */
export const LIMITS = {
  signinIp: { max: 30, windowMs: 15 * 60_000 },
  // Per email, sign-in slows down instead of blocking: functions/auth/signin-backoff.ts.
  forgotIp: { max: 10, windowMs: 60 * 60_000 },
  /** Reset mails per address: a few tries at finding the mail, not a mail bomb. */
  forgotEmail: { max: 3, windowMs: 60 * 60_000 },
  /** New-password submissions per IP (each valid one costs an scrypt hash). */
  resetIp: { max: 20, windowMs: 60 * 60_000 },
  signupIp: { max: 10, windowMs: 60 * 60_000 },
  signupEmail: { max: 3, windowMs: 60 * 60_000 },
  resendIp: { max: 10, windowMs: 60 * 60_000 },
  resendEmail: { max: 3, windowMs: 60 * 60_000 },
  suggestionIp: { max: 10, windowMs: 60 * 60_000 },
  oauthIp: { max: 30, windowMs: 15 * 60_000 },
  /** GET /api/providers per IP: a person types and pages far slower; a crawler is slowed to this. */
  searchIp: { max: 120, windowMs: 60_000 },
  /**
   * Provider writes per account (profile, services, gallery; admins exempt):
   * a whole profile with 40 services and 40 images set up in one hour fits.
   */
  providerWriteUser: { max: 120, windowMs: 60 * 60_000 },
  /** Image uploads per signed-in user: a full gallery in one sitting, not a flood. */
  uploadUser: { max: 120, windowMs: 60 * 60_000 },
  /** Quote requests per customer (decision 021): a buyer asks a few suppliers, not the directory. */
  leadUser: { max: 10, windowMs: 24 * 60 * 60_000 },
  /** Quote requests per customer to one provider: a follow-up belongs in the thread. */
  leadUserProvider: { max: 3, windowMs: 24 * 60 * 60_000 },
  /** Messages in quote threads per account: a lively conversation, not a flood. */
  leadMessageUser: { max: 60, windowMs: 60 * 60_000 },
  /**
   * 'Suggest an edit' requests per account (decision 025; each may carry all seven fields):
   * a visitor fixing the few listings they know, not a bot rewriting the directory.
   */
  editUser: { max: 10, windowMs: 24 * 60 * 60_000 },
  /**
   * Listing claims (decision 025), per account: link requests and proof sent, all listings
   * together. A real owner asks for a link or two for their one business, not dozens.
   */
  claimUser: { max: 10, windowMs: 24 * 60 * 60_000 },
  /** Claim links one account has mailed to one listing: a retry or two when a mail goes astray. */
  claimMailUserListing: { max: 3, windowMs: 24 * 60 * 60_000 },
  /**
   * Claim links mailed to one listing, by every account together: the business's inbox
   * is never mail-bombed through us, however many accounts ask.
   */
  claimMailListing: { max: 5, windowMs: 24 * 60 * 60_000 },
  /** Proof sent for one listing, by every account together: the admins' queue stays readable. */
  claimEvidenceListing: { max: 10, windowMs: 24 * 60 * 60_000 },
  /** Link confirmations per account (a token has 160 random bits; this only stops a loop). */
  claimConfirmUser: { max: 30, windowMs: 60 * 60_000 },
} as const satisfies Record<string, Limit>;

/**
 * Counts one request against `key` in a fixed window stored in the database
 * (shared by every process and Worker isolate). Throws 429 with Retry-After
 * seconds when over the limit.
 */
export async function rateLimit(db: Db, key: string, limit: Limit, now: Date): Promise<void> {
  const t = now.getTime();
  const windowFloor = t - limit.windowMs;
  const [row] = await db.all<{ count: number; window_start: number }>(sql`
    INSERT INTO rate_limits (key, count, window_start) VALUES (${key}, 1, ${t})
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN window_start <= ${windowFloor} THEN 1 ELSE count + 1 END,
      window_start = CASE WHEN window_start <= ${windowFloor} THEN ${t} ELSE window_start END
    RETURNING count, window_start`);
  if (row && row.count > limit.max) {
    const retryAfter = Math.max(1, Math.ceil((row.window_start + limit.windowMs - t) / 1000));
    throw new TooManyRequests(retryAfter);
  }
}

export class TooManyRequests extends HttpError {
  readonly retryAfter: number;
  constructor(retryAfter: number) {
    super(429, `Too many attempts. Try again in ${formatWait(retryAfter)}.`);
    this.retryAfter = retryAfter;
  }
}

function formatWait(s: number): string {
  if (s < 90) return `${s} seconds`;
  return `${Math.ceil(s / 60)} minutes`;
}

/** Drops counters whose window ended long ago. */
export async function pruneRateLimits(db: Db, now: Date): Promise<void> {
  await db.run(
    sql`DELETE FROM rate_limits WHERE window_start < ${now.getTime() - 24 * 60 * 60_000}`,
  );
}

/** Counts a request against `key`, throwing 429 past the limit (rateLimit's contract). */
export type RateLimiter = (key: string, limit: Limit, now: Date) => Promise<void>;

/** A RateLimiter in this process's memory, saying how many keys it holds. */
export type MemoryRateLimiter = RateLimiter & { readonly size: number };

/**
 * rateLimit's fixed windows, kept in this process's memory: for a throttle
 * checked on every request of a hot read (search), where a database write per
 * request would cost more than the read itself. Only for a runtime that is a
 * single process (the Node server); Workers run many isolates and keep using
 * the database. Counters end with their window; at most `maxKeys` are kept
 * (at the cap the oldest tenth is dropped, which can only let a request
 * through early, never lock anyone out).
 */
export function memoryRateLimiter(maxKeys = 100_000): MemoryRateLimiter {
  const windows = new Map<string, { count: number; start: number }>();
  let sweptAt = 0;
  const sweep = (t: number, longestMs: number) => {
    for (const [k, w] of windows) if (w.start <= t - longestMs) windows.delete(k);
    sweptAt = t;
  };
  // At the cap the oldest tenth goes at once (insertion order is window order): trimming one
  // key per new one would make every request of a busy hour pay a pass over the whole map.
  const trim = () => {
    const keep = Math.floor(maxKeys * 0.9);
    for (const k of windows.keys()) {
      if (windows.size <= keep) break;
      windows.delete(k);
    }
  };
  const limiter: RateLimiter = async (key, limit, now) => {
    const t = now.getTime();
    if (t - sweptAt > limit.windowMs) sweep(t, limit.windowMs);
    if (windows.size >= maxKeys) trim();
    let w = windows.get(key);
    if (!w || w.start <= t - limit.windowMs) {
      windows.delete(key);
      w = { count: 0, start: t };
      windows.set(key, w);
    }
    w.count++;
    if (w.count > limit.max) {
      throw new TooManyRequests(Math.max(1, Math.ceil((w.start + limit.windowMs - t) / 1000)));
    }
  };
  return Object.defineProperty(limiter, "size", { get: () => windows.size }) as MemoryRateLimiter;
}

/**
 * The per-IP search throttle, shared by the search and its suggestions: the
 * runtime's own counter when it has one (memory on Node), else the database.
 */
export async function throttleSearch(
  deps: { db: Db; clock: () => Date; searchRateLimiter?: RateLimiter | undefined },
  ip: string,
): Promise<void> {
  const key = `search:ip:${ip}`;
  if (deps.searchRateLimiter) await deps.searchRateLimiter(key, LIMITS.searchIp, deps.clock());
  else await rateLimit(deps.db, key, LIMITS.searchIp, deps.clock());
}
