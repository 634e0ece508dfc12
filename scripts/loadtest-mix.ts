/**
 * What the simulated users of `npm run loadtest` send, request by request:
 * 80 % anonymous page views, 12 % searches and listings, 5 % signed-in reads,
 * 3 % writes, and after each provider page view the counting beacon its page
 * sends once loaded (decision 019), in the next slot: about 3 requests in 10
 * are beacons, so the page views are about 56 % of all requests. Every simulated user has its own client address (sent as
 * X-Forwarded-For; the server runs with TRUST_PROXY=1), so per-IP throttles
 * see many people, as in production. Deterministic for a seed.
 */
import { rngFrom } from "./search-workload.ts";
import type { LoadRequest } from "./loadtest-run.ts";
import type { LoadWorld, ProviderAccount, SignedIn } from "./loadtest-setup.ts";

export const MIX = { page: 0.8, search: 0.12, read: 0.05, write: 0.03 } as const;

/** Shares of the page views (on-demand pages only when the build left some out). */
const PAGE_SHARES = { home: 0.03, city: 0.12, cityCategory: 0.25, provider: 0.55, onDemand: 0.05 };
/** Shares of the writes. */
const WRITE_SHARES = { favorite: 0.6, profile: 0.2, service: 0.15, suggestion: 0.05 };

/** Anonymous visitors, each its own address; searches and page views are spread over them. */
export const VISITORS = 20_000;
/** A customer keeps at most this many favorites; past it they remove one. */
const MAX_FAVORITES = 6;

type Rng = () => number;

/** Provider pages end in their id (`/pk/{city}/{category}/{slug}-{id}`). */
const UUID_AT_END = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Zipf draws (weight 1/rank) over a list in a seeded random order: a few pages are popular. */
function zipfOver<T>(items: readonly T[], rng: Rng): () => T {
  const order = items.map((item) => ({ item, k: rng() })).sort((a, b) => a.k - b.k);
  const cumulative = new Float64Array(order.length);
  let total = 0;
  order.forEach((_, i) => (cumulative[i] = total += 1 / (i + 1)));
  return () => {
    const u = rng() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cumulative[mid]! > u) hi = mid;
      else lo = mid + 1;
    }
    return order[lo]!.item;
  };
}

function ipOf(block: number, i: number): string {
  return `10.${block}.${(i >> 8) & 255}.${i & 255}`;
}

const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)]!;

export interface MixOptions {
  world: LoadWorld;
  seed: number;
  /** `__Host-karkhana_session` over https (functions/middleware/session.ts). */
  sessionCookie: string;
  /** Origin every write carries (the CSRF check wants the site's own). */
  origin: string;
  /**
   * false: no write that changes a public page (profile and price edits become
   * favorite changes), to tell their cost apart. Default true.
   */
  pageWrites?: boolean;
}

/**
 * The request stream: `next(i)` gives request i. Round-robin over accounts for
 * writes, so no single account nears the per-account write throttle (120 an
 * hour) the way a script would; reads and page views draw users at random.
 */
export function requestMix(opts: MixOptions): (i: number) => LoadRequest {
  const { world } = opts;
  const rng = rngFrom(opts.seed);
  const pages = {
    home: zipfOver(world.pages.home, rng),
    city: zipfOver(world.pages.city, rng),
    cityCategory: zipfOver(world.pages.cityCategory, rng),
    provider: zipfOver(world.pages.provider, rng),
    onDemand: world.onDemand.length ? zipfOver(world.onDemand, rng) : null,
  };
  const drawSearch = world.workload.drawer(opts.seed);
  const favorites = new Map<string, string[]>();
  let customerTurn = 0;
  let providerTurn = 0;
  let suggestionTurn = 0;

  const browser = (ip: string): Record<string, string> => ({
    "x-forwarded-for": ip,
    "accept-encoding": "br, gzip",
    "user-agent": "Mozilla/5.0 (X11; Linux x86_64) karkhana-loadtest",
  });
  const signedIn = (who: SignedIn, block: number, index: number) => ({
    ...browser(ipOf(block, index)),
    cookie: `${opts.sessionCookie}=${who.token}`,
  });
  const customerHeaders = (i: number) => signedIn(world.customers[i]!, 2, i);
  const providerHeaders = (i: number) => signedIn(world.providerAccounts[i]!, 3, i);
  const writeHeaders = (h: Record<string, string>) => ({ ...h, origin: opts.origin });

  /** Beacons owed by provider pages viewed so far; each goes out in the next slot. */
  const beacons: LoadRequest[] = [];
  const beacon = (path: string, headers: Record<string, string>): LoadRequest => ({
    cls: "beacon",
    label: "POST /api/events",
    method: "POST",
    path: "/api/events",
    // As navigator.sendBeacon sends a string: text/plain, the page's own origin.
    headers: { ...headers, origin: opts.origin, "content-type": "text/plain;charset=UTF-8" },
    body: JSON.stringify({ event: "view", providerId: path.slice(-36) }),
  });

  function pageView(): LoadRequest {
    const u = rng();
    let path: string;
    let label = "page";
    if (u < PAGE_SHARES.home) path = pages.home();
    else if (u < PAGE_SHARES.home + PAGE_SHARES.city) path = pages.city();
    else if (u < PAGE_SHARES.home + PAGE_SHARES.city + PAGE_SHARES.cityCategory)
      path = pages.cityCategory();
    else if (u < 1 - PAGE_SHARES.onDemand || !pages.onDemand) path = pages.provider();
    else {
      path = pages.onDemand();
      label = "page on demand";
    }
    const ip = ipOf(1, Math.floor(rng() * VISITORS));
    if (UUID_AT_END.test(path)) beacons.push(beacon(path, browser(ip)));
    return { cls: "page", label: `GET ${label}`, method: "GET", path, headers: browser(ip) };
  }

  function search(): LoadRequest {
    const w = drawSearch();
    const ip = ipOf(1, Math.floor(rng() * VISITORS));
    // The directory asks for a way out when a search found nothing: half the time here.
    if (w.kind === "none" && rng() < 0.5) {
      const path = w.path.replace("/api/providers?", "/api/search/suggestions?");
      return {
        cls: "search",
        label: "GET /api/search/suggestions",
        method: "GET",
        path,
        headers: browser(ip),
      };
    }
    return {
      cls: "search",
      label: "GET /api/providers",
      method: "GET",
      path: w.path,
      headers: browser(ip),
    };
  }

  function signedInRead(): LoadRequest {
    const get = (label: string, path: string, headers: Record<string, string>): LoadRequest => ({
      cls: "signed-in read",
      label: `GET ${label}`,
      method: "GET",
      path,
      headers,
    });
    if (rng() < 0.6) {
      const i = Math.floor(rng() * world.customers.length);
      const u = rng();
      if (u < 0.4) return get("/api/favorites", "/api/favorites", customerHeaders(i));
      if (u < 0.8) {
        const id = pick(rng, world.publicProviderIds);
        return get("/api/favorites/:id/check", `/api/favorites/${id}/check`, customerHeaders(i));
      }
      return get("/api/auth/user", "/api/auth/user", customerHeaders(i));
    }
    const i = Math.floor(rng() * world.providerAccounts.length);
    const account: ProviderAccount = world.providerAccounts[i]!;
    const u = rng();
    if (u < 0.4) return get("/api/my-provider", "/api/my-provider", providerHeaders(i));
    if (u < 0.6) {
      const path = `/api/providers/${account.providerId}/services`;
      return get("/api/providers/:id/services", path, providerHeaders(i));
    }
    if (u < 0.8) {
      const path = `/api/providers/${account.providerId}/gallery`;
      return get("/api/providers/:id/gallery", path, providerHeaders(i));
    }
    return get("/api/auth/user", "/api/auth/user", providerHeaders(i));
  }

  function favoriteWrite(): LoadRequest {
    const i = customerTurn++ % world.customers.length;
    const customer = world.customers[i]!;
    const held = favorites.get(customer.userId) ?? [];
    favorites.set(customer.userId, held);
    const remove = held.length >= MAX_FAVORITES || (held.length > 0 && rng() < 0.4);
    if (remove) {
      const id = held.splice(Math.floor(rng() * held.length), 1)[0]!;
      return {
        cls: "write",
        label: "DELETE /api/favorites/:id",
        method: "DELETE",
        path: `/api/favorites/${id}`,
        headers: writeHeaders(customerHeaders(i)),
      };
    }
    const id = pick(rng, world.publicProviderIds);
    if (!held.includes(id)) held.push(id);
    return {
      cls: "write",
      label: "POST /api/favorites/:id",
      method: "POST",
      path: `/api/favorites/${id}`,
      headers: writeHeaders(customerHeaders(i)),
    };
  }

  function providerWrite(kind: "profile" | "service"): LoadRequest {
    const i = providerTurn++ % world.providerAccounts.length;
    const account = world.providerAccounts[i]!;
    const headers = writeHeaders(providerHeaders(i));
    const serviceId = account.serviceIds.length ? pick(rng, account.serviceIds) : null;
    if (kind === "service" && serviceId) {
      // A new price, in whole rupees, as the Services tab sends it.
      const pricePkr = 500 * (1 + Math.floor(rng() * 400));
      return {
        cls: "write",
        label: "PATCH /api/services/:id",
        method: "PATCH",
        path: `/api/services/${serviceId}`,
        headers,
        body: JSON.stringify({ pricePkr }),
      };
    }
    const responseTime = pick(rng, [
      "Within 1 hour",
      "Within 2 hours",
      "Same day",
      "Within 24 hours",
      "1-2 days",
    ]);
    return {
      cls: "write",
      label: "PUT /api/providers/:id",
      method: "PUT",
      path: `/api/providers/${account.providerId}`,
      headers,
      body: JSON.stringify({ responseTime }),
    };
  }

  function suggestion(): LoadRequest {
    const n = suggestionTurn++;
    // A different visitor each time: the throttle is 10 an hour per address.
    const ip = ipOf(1, (n * 7919) % VISITORS);
    const city = pick(rng, world.cities);
    return {
      cls: "write",
      label: "POST /api/suggestions/providers",
      method: "POST",
      path: "/api/suggestions/providers",
      headers: { ...browser(ip), origin: opts.origin },
      body: JSON.stringify({
        name: `Load Test Works ${n}`,
        city,
        categoryIds: [pick(rng, world.categoryIds)],
        contact: `0300 ${String(1000000 + (n % 9000000)).slice(0, 7)}`,
      }),
    };
  }

  function write(): LoadRequest {
    const u = rng();
    if (opts.pageWrites === false && u < 1 - WRITE_SHARES.suggestion) return favoriteWrite();
    if (u < WRITE_SHARES.favorite) return favoriteWrite();
    if (u < WRITE_SHARES.favorite + WRITE_SHARES.profile) return providerWrite("profile");
    if (u < 1 - WRITE_SHARES.suggestion) return providerWrite("service");
    return suggestion();
  }

  return () => {
    const owed = beacons.shift();
    if (owed) return owed;
    const u = rng();
    if (u < MIX.page) return pageView();
    if (u < MIX.page + MIX.search) return search();
    if (u < MIX.page + MIX.search + MIX.read) return signedInRead();
    return write();
  };
}
