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
  // The links mailed to one listing's address are spaced and capped by the links themselves
  // (CLAIM_MAIL_GAP_MS, CLAIM_MAILS_PER_DAY in db/queries/claims.ts, decision 029), not by a
  // counter strangers could use up.
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
export async function rateLimit(
  db: Pick<Db, "all">,
  key: string,
  limit: Limit,
  now: Date,
): Promise<void> {
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

/** A RateLimiter in this process's memory: the keys whose window is running and the slots it has. */
export type MemoryRateLimiter = RateLimiter & { readonly size: number; readonly capacity: number };

/** Keys per bucket: a key lives in one bucket of this many slots, found by its hash. */
const BUCKET = 8;

/**
 * Two 32-bit hashes of a key (FNV-1a and a multiplicative mix), each started
 * from a seed drawn when the limiter is made, so which keys share a bucket is
 * not known outside the process: one picks the bucket, the other tells keys
 * in a bucket apart (never 0, which marks an empty slot).
 */
function hashes(key: string, seedA: number, seedB: number): [number, number] {
  let a = seedA;
  let b = seedB;
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
    b ^= b >>> 15;
  }
  b = Math.imul(b ^ (b >>> 13), 0xc2b2ae35);
  return [(a ^ (a >>> 16)) >>> 0, (b ^ (b >>> 16)) >>> 0 || 1];
}

/**
 * rateLimit's fixed windows, kept in this process's memory: for a throttle
 * checked on every request of a hot read (search) or counted event (views),
 * where a database write per request would cost more than the read itself.
 * Only for a runtime that is a single process (the Node server); Workers run
 * many isolates and keep using the database.
 *
 * Its memory is fixed when it is made, whatever the traffic (decision 031):
 * room for about `maxKeys` keys (rounded up to a power of two) in typed
 * arrays, 16 bytes a key, instead of a map that grew with every new key until
 * its cap (about 480 bytes a key). A key is hashed to a bucket of 8 slots; a
 * slot whose window ended is free. When a bucket is full of running windows,
 * the key with the lowest count gives up its slot, and the bucket remembers
 * the highest count it forgot until the last such window ends: a key that is
 * not in its bucket starts from that count, not from zero. So a count is never
 * lower than the requests its key really made in its window: flooding a
 * bucket with new keys can refuse its newcomers early (for a window after the
 * flood stops), and cannot give any key back requests it has used. Two keys
 * of one bucket sharing the second hash (about one in 500 million) share a
 * counter, which also only refuses early.
 */
export function memoryRateLimiter(maxKeys = 100_000): MemoryRateLimiter {
  const slots = Math.max(BUCKET, 2 ** Math.ceil(Math.log2(Math.max(1, maxKeys))));
  const buckets = slots / BUCKET;
  const mask = buckets - 1;
  const tags = new Uint32Array(slots);
  const counts = new Uint32Array(slots);
  const ends = new Float64Array(slots);
  /** Per bucket: the highest count it forgot while that window ran, and when it ends. */
  const floors = new Uint32Array(buckets);
  const floorEnds = new Float64Array(buckets);
  // Written once now, so every page of them is resident from the start and the
  // process's memory does not creep up as keys land in untouched pages.
  for (const array of [tags, counts, ends, floors, floorEnds]) array.fill(0);
  const seeds = crypto.getRandomValues(new Uint32Array(2));
  const seedA = seeds[0]!;
  const seedB = seeds[1]!;
  /** The time of the last request seen, for `size`. */
  let last = 0;
  const limiter: RateLimiter = async (key, limit, now) => {
    const t = now.getTime();
    last = Math.max(last, t);
    const [h, tag] = hashes(key, seedA, seedB);
    const bucket = h & mask;
    const first = bucket * BUCKET;
    let slot = -1;
    let victim = -1;
    for (let s = first; s < first + BUCKET; s++) {
      if (tags[s] === tag) {
        slot = s;
        break;
      }
      // A free slot (empty, or its window ended) first; else the lowest count,
      // the window that ends first among equals.
      if (victim < 0) victim = s;
      else if (ends[victim]! > t) {
        if (
          ends[s]! <= t ||
          counts[s]! < counts[victim]! ||
          (counts[s] === counts[victim] && ends[s]! < ends[victim]!)
        )
          victim = s;
      }
    }
    if (slot < 0) {
      slot = victim;
      if (ends[slot]! > t) {
        // A running count is forgotten: the bucket's newcomers start from it.
        if (floorEnds[bucket]! <= t || counts[slot]! > floors[bucket]!) {
          floors[bucket] = counts[slot]!;
        }
        floorEnds[bucket] = Math.max(floorEnds[bucket]!, ends[slot]!);
      }
      tags[slot] = tag;
      counts[slot] = floorEnds[bucket]! > t ? floors[bucket]! : 0;
      ends[slot] = t + limit.windowMs;
    } else if (ends[slot]! <= t) {
      counts[slot] = 0;
      ends[slot] = t + limit.windowMs;
    }
    counts[slot]!++;
    if (counts[slot]! > limit.max) {
      throw new TooManyRequests(Math.max(1, Math.ceil((ends[slot]! - t) / 1000)));
    }
  };
  // Keys whose window is running: a pass over the slots, for the server's memory figures and tests.
  const running = () => {
    let n = 0;
    for (let s = 0; s < slots; s++) if (tags[s] !== 0 && ends[s]! > last) n++;
    return n;
  };
  Object.defineProperties(limiter, {
    size: { get: running },
    capacity: { value: slots },
  });
  return limiter as MemoryRateLimiter;
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
