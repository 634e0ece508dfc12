import type { Context } from "hono";
import { isbot } from "isbot";
import {
  CountBatch,
  normaliseTerm,
  pakistanDay,
  type CountedMetric,
} from "../../db/queries/analytics.ts";
import { findProviderIdOfUser } from "../../db/queries/provider-writes.ts";
import type { ProviderListQuery } from "../../src/lib/schemas.ts";
import type { AppDeps, AppEnv } from "../ports/app-env.ts";
import { count } from "./counter.ts";
import {
  memoryRateLimiter,
  TooManyRequests,
  type Limit,
  type MemoryRateLimiter,
} from "./rate-limit.ts";
import { cacheKey } from "./search-service.ts";

/*
 * What is counted and what is not (docs/decisions/019-counting-views.md):
 * not bots, not a provider looking at itself, not one visitor's repeats past
 * a few an hour. Nothing about the visitor is stored: the throttle below lives
 * in memory only and forgets each key after its hour.
 */

const HOUR_MS = 60 * 60_000;

export const COUNT_LIMITS = {
  /**
   * One IP adds at most this many of one kind (views, taps, …) to one
   * provider an hour: reloading a page does not make a provider popular. A
   * carrier's NAT puts many people on one IP, but rarely a dozen on the same
   * provider within the hour.
   */
  perProviderEvent: { max: 10, windowMs: HOUR_MS },
  /** The same search (words, filters, page) from one IP. */
  sameSearch: { max: 10, windowMs: HOUR_MS },
  /** Everything one IP may count an hour: a script walking every provider stops here. */
  perIp: { max: 2000, windowMs: HOUR_MS },
} as const satisfies Record<string, Limit>;

const throttles = new WeakMap<AppDeps, MemoryRateLimiter>();

/** Keys the counting throttle of `deps`' app holds now (the server's memory figures). */
export function countThrottleKeys(deps: AppDeps): number {
  return throttles.get(deps)?.size ?? 0;
}

/** Whether every key is still under its limit (each is counted either way). */
async function admitted(c: Context<AppEnv>, keys: [string, Limit][]): Promise<boolean> {
  let limiter = throttles.get(c.var.deps);
  if (!limiter) {
    // Room for 200,000 keys an hour (about three new ones a second, nearly ten times what
    // the load test makes) in 4 MiB. Past that, newcomers start from what their bucket
    // forgot: they are not counted rather than anyone's count being dropped (decision 031).
    limiter = memoryRateLimiter(200_000);
    throttles.set(c.var.deps, limiter);
  }
  const now = c.var.deps.clock();
  for (const [key, limit] of keys) {
    try {
      await limiter(key, limit, now);
    } catch (err) {
      if (err instanceof TooManyRequests) return false;
      throw err;
    }
  }
  return true;
}

/** A crawler, monitor or script by its user agent; no user agent at all is one too (browsers always send it). */
export function isBotRequest(c: Context<AppEnv>): boolean {
  const ua = c.req.header("User-Agent");
  return !ua || isbot(ua);
}

/** The provider the signed-in caller owns: its owner's looks are not counted. */
async function ownProviderId(c: Context<AppEnv>): Promise<string | null> {
  const user = c.var.session?.user;
  return user ? findProviderIdOfUser(c.var.deps.db, user.id) : null;
}

/**
 * Counts one event for one provider (a beacon, a contact reveal), unless a
 * bot sent it, its owner did (`ownerChecked`: the caller has ruled that out
 * already) or this IP has counted enough of it this hour. Answers whether it
 * was counted.
 */
export async function countProviderEvent(
  c: Context<AppEnv>,
  providerId: string,
  metric: CountedMetric,
  opts: { ownerChecked?: boolean } = {},
): Promise<boolean> {
  if (isBotRequest(c)) return false;
  const ip = c.var.ip;
  const keys: [string, Limit][] = [
    [`ip|${ip}`, COUNT_LIMITS.perIp],
    [`event|${ip}|${providerId}|${metric}`, COUNT_LIMITS.perProviderEvent],
  ];
  if (!(await admitted(c, keys))) return false;
  if (!opts.ownerChecked && (await ownProviderId(c)) === providerId) return false;
  await count(c, new CountBatch().provider(providerId, pakistanDay(c.var.deps.clock()), metric));
  return true;
}

/**
 * Counts one search answer as it is served (cached or not): an appearance
 * for every provider on the page and the search words that showed it; on the
 * first page, the search itself (words, city, category, whether it found
 * anything). A provider's owner searching does not count as its appearance.
 */
export async function countSearchAnswer(
  c: Context<AppEnv>,
  q: ProviderListQuery,
  answer: { ids: readonly string[]; total: number },
): Promise<void> {
  if (isBotRequest(c)) return;
  const ip = c.var.ip;
  const keys: [string, Limit][] = [
    [`ip|${ip}`, COUNT_LIMITS.perIp],
    [`search|${ip}|${cacheKey(q)}`, COUNT_LIMITS.sameSearch],
  ];
  if (!(await admitted(c, keys))) return;
  const own = c.var.session ? await ownProviderId(c) : null;
  const day = pakistanDay(c.var.deps.clock());
  const term = normaliseTerm(q.search);
  const batch = new CountBatch();
  for (const id of answer.ids) {
    if (id === own) continue;
    batch.provider(id, day, "impressions");
    if (term) batch.term(id, day, term);
  }
  if (q.page === 1) {
    const filters = { day, term, city: q.city ?? "", categoryId: q.categoryId ?? "" };
    batch.search(filters, 1, answer.total === 0 ? 1 : 0);
  }
  await count(c, batch);
}
