import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  addDays,
  COUNT_CEILINGS,
  CountBatch,
  pakistanDay,
  writeCounts,
} from "../../db/queries/analytics.ts";
import {
  leads,
  providerSearchTermsDaily,
  providerStatsDaily,
  searchStatsDaily,
} from "../../db/schema.ts";
import { SEED_CATEGORIES } from "../../db/seed/categories.ts";
import { createProvider, createUser } from "../../db/seed/factories.ts";
import { bufferedCounter } from "../../functions/lib/counter.ts";
import { COUNT_LIMITS } from "../../functions/lib/counter-rules.ts";
import { pruneExpiredRows } from "../../functions/lib/housekeeping.ts";
import {
  directoryInsightsSchema,
  providerInsightsSchema,
} from "../../src/lib/analytics-schemas.ts";
import { clientAs, makeTestApp, SITE, type TestApp } from "../helpers/app.ts";

/**
 * Provider analytics (decision 019): what is counted, what is not, and the
 * figures the Insights tabs read.
 */

const BROWSER =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Mobile Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

let t: TestApp;
const ids = {} as Record<"owner" | "customer" | "admin" | "other" | "provider" | "second", string>;
let ipSeq = 0;
/** A new visitor address per request, so the per-IP throttle stays out of the way. */
const freshIp = () => `10.9.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

beforeAll(async () => {
  t = await makeTestApp();
  ids.owner = await createUser(t.db, { email: "owner@example.pk", role: "provider" });
  ids.other = await createUser(t.db, { email: "other@example.pk", role: "provider" });
  ids.customer = await createUser(t.db, { email: "customer@example.pk" });
  ids.admin = await createUser(t.db, { email: "admin@example.pk", role: "admin" });
  ids.provider = await createProvider(t.db, {
    companyName: "Qalamkar Embroidery",
    city: "Lahore",
    userId: ids.owner,
    phone: "0300 1234567",
    website: "https://qalamkar.example.pk",
    services: [{ categoryId: SEED_CATEGORIES[0]!.id, name: "Hand embroidery", pricePkr: 900 }],
  });
  ids.second = await createProvider(t.db, {
    companyName: "Qalamkar Stitching House",
    city: "Karachi",
    userId: ids.other,
    services: [{ categoryId: SEED_CATEGORIES[0]!.id, name: "Stitching", pricePkr: 500 }],
  });
});
afterAll(() => t.close());

async function clearCounts() {
  await t.db.delete(providerStatsDaily);
  await t.db.delete(providerSearchTermsDaily);
  await t.db.delete(searchStatsDaily);
  await t.db.delete(leads);
}
beforeEach(clearCounts);

const today = () => pakistanDay(new Date());

/** POST /api/events as a browser would send the beacon (text/plain JSON). */
async function beacon(
  body: unknown,
  opts: { ua?: string | null; ip?: string; cookie?: string; origin?: string } = {},
) {
  const headers: Record<string, string> = {
    Origin: opts.origin ?? SITE,
    "Content-Type": "text/plain;charset=UTF-8",
    "x-test-ip": opts.ip ?? freshIp(),
  };
  if (opts.ua !== null) headers["User-Agent"] = opts.ua ?? BROWSER;
  if (opts.cookie) headers.Cookie = opts.cookie;
  return t.app.request("/api/events", {
    method: "POST",
    headers,
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

async function get(path: string, opts: { ua?: string | null; ip?: string; cookie?: string } = {}) {
  const headers: Record<string, string> = { "x-test-ip": opts.ip ?? freshIp() };
  if (opts.ua !== null) headers["User-Agent"] = opts.ua ?? BROWSER;
  if (opts.cookie) headers.Cookie = opts.cookie;
  return t.app.request(path, { headers });
}

/** Today's counters of one provider (zeros when it has no row). */
async function statsOf(providerId: string) {
  const [row] = await t.db
    .select()
    .from(providerStatsDaily)
    .where(eq(providerStatsDaily.providerId, providerId));
  return (
    row ?? {
      views: 0,
      impressions: 0,
      resultClicks: 0,
      contactReveals: 0,
      phoneTaps: 0,
      whatsappTaps: 0,
      websiteClicks: 0,
    }
  );
}

async function rowCounts() {
  const n = async (table: string) =>
    (await t.db.all<{ n: number }>(sql.raw(`SELECT count(*) AS n FROM ${table}`)))[0]!.n;
  return {
    stats: await n("provider_stats_daily"),
    terms: await n("provider_search_terms_daily"),
    searches: await n("search_stats_daily"),
  };
}

async function sessionCookie(userId: string) {
  return (await clientAs(t, userId)).cookie;
}

describe("POST /api/events", () => {
  it("counts a page view, a click from results and each tap, on today's row (Pakistan time)", async () => {
    for (const event of ["view", "result_click", "phone_tap", "whatsapp_tap", "website_click"]) {
      const res = await beacon({ event, providerId: ids.provider });
      expect(res.status).toBe(204);
      expect(await res.text()).toBe("");
    }
    const [row] = await t.db.select().from(providerStatsDaily);
    expect(row).toMatchObject({
      providerId: ids.provider,
      day: today(),
      views: 1,
      resultClicks: 1,
      phoneTaps: 1,
      whatsappTaps: 1,
      websiteClicks: 1,
      impressions: 0,
      contactReveals: 0,
    });
  });

  it("adds up on the same row, and takes the provider id in any case", async () => {
    await beacon({ event: "view", providerId: ids.provider });
    await beacon({ event: "view", providerId: ids.provider.toUpperCase() });
    expect((await statsOf(ids.provider)).views).toBe(2);
    expect((await rowCounts()).stats).toBe(1);
  });

  it("does not count a bot (by user agent) or a request without a user agent, and still answers 204", async () => {
    expect(
      (await beacon({ event: "view", providerId: ids.provider }, { ua: GOOGLEBOT })).status,
    ).toBe(204);
    expect((await beacon({ event: "view", providerId: ids.provider }, { ua: null })).status).toBe(
      204,
    );
    expect(
      (await beacon({ event: "view", providerId: ids.provider }, { ua: "curl/8.5.0" })).status,
    ).toBe(204);
    expect(await rowCounts()).toEqual({ stats: 0, terms: 0, searches: 0 });
  });

  it("does not count the provider's own owner, but counts other signed-in people", async () => {
    const owner = await sessionCookie(ids.owner);
    expect(
      (await beacon({ event: "view", providerId: ids.provider }, { cookie: owner })).status,
    ).toBe(204);
    expect(
      (await beacon({ event: "phone_tap", providerId: ids.provider }, { cookie: owner })).status,
    ).toBe(204);
    expect((await statsOf(ids.provider)).views).toBe(0);
    // The owner of another provider is a visitor here.
    await beacon(
      { event: "view", providerId: ids.provider },
      { cookie: await sessionCookie(ids.other) },
    );
    await beacon(
      { event: "view", providerId: ids.provider },
      { cookie: await sessionCookie(ids.customer) },
    );
    expect((await statsOf(ids.provider)).views).toBe(2);
  });

  it("counts one visitor's repeats only up to the hourly limit", async () => {
    const ip = freshIp();
    const max = COUNT_LIMITS.perProviderEvent.max;
    for (let i = 0; i < max + 5; i++) {
      expect((await beacon({ event: "view", providerId: ids.provider }, { ip })).status).toBe(204);
    }
    // Another kind and another provider from the same visitor still count.
    await beacon({ event: "website_click", providerId: ids.provider }, { ip });
    await beacon({ event: "view", providerId: ids.second }, { ip });
    expect((await statsOf(ids.provider)).views).toBe(max);
    expect((await statsOf(ids.provider)).websiteClicks).toBe(1);
    expect((await statsOf(ids.second)).views).toBe(1);
  });

  it.each([
    ["not JSON", "view please"],
    ["an empty body", ""],
    ["an unknown event", { event: "purchase", providerId: crypto.randomUUID() }],
    ["a provider id that is not a UUID", { event: "view", providerId: "1 OR 1=1" }],
    ["an extra field", { event: "view", providerId: crypto.randomUUID(), ip: "1.2.3.4" }],
    ["no provider id", { event: "view" }],
    ["an array", [{ event: "view", providerId: crypto.randomUUID() }]],
  ])("answers 400 to %s and writes nothing", async (_what, body) => {
    const res = await beacon(body);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: expect.any(String) });
    expect(await rowCounts()).toEqual({ stats: 0, terms: 0, searches: 0 });
  });

  it("answers 204 for a provider that does not exist and writes nothing", async () => {
    expect((await beacon({ event: "view", providerId: crypto.randomUUID() })).status).toBe(204);
    expect(await rowCounts()).toEqual({ stats: 0, terms: 0, searches: 0 });
  });

  it("refuses a beacon from another site (403) and an oversized body (413), writing nothing", async () => {
    const cross = await beacon(
      { event: "view", providerId: ids.provider },
      { origin: "https://evil.example" },
    );
    expect(cross.status).toBe(403);
    const huge = await beacon(
      JSON.stringify({ event: "view", providerId: ids.provider, pad: "x".repeat(70_000) }),
    );
    expect(huge.status).toBe(413);
    expect(await rowCounts()).toEqual({ stats: 0, terms: 0, searches: 0 });
  });

  it("on the Worker, writes after the answer through executionCtx.waitUntil", async () => {
    const pending: Promise<unknown>[] = [];
    const ctx = {
      waitUntil: (p: Promise<unknown>) => void pending.push(p),
      passThroughOnException() {},
      props: {},
    };
    const res = await t.app.request(
      "/api/events",
      {
        method: "POST",
        headers: { Origin: SITE, "User-Agent": BROWSER, "x-test-ip": freshIp() },
        body: JSON.stringify({ event: "view", providerId: ids.provider }),
      },
      {},
      ctx,
    );
    expect(res.status).toBe(204);
    expect(pending).toHaveLength(1);
    await Promise.all(pending);
    expect((await statsOf(ids.provider)).views).toBe(1);
  });
});

describe("contact reveals (GET /api/providers/:id signed in)", () => {
  it("count a signed-in customer's reveal, not an anonymous view, the owner's or an admin's", async () => {
    const path = `/api/providers/${ids.provider}`;
    expect((await get(path)).status).toBe(200);
    expect((await get(path, { cookie: await sessionCookie(ids.owner) })).status).toBe(200);
    expect((await get(path, { cookie: await sessionCookie(ids.admin) })).status).toBe(200);
    expect((await statsOf(ids.provider)).contactReveals).toBe(0);
    const res = await get(path, { cookie: await sessionCookie(ids.customer) });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ phone: expect.any(String) });
    expect((await statsOf(ids.provider)).contactReveals).toBe(1);
  });

  it("are not counted for a signed-in bot", async () => {
    const cookie = await sessionCookie(ids.customer);
    expect((await get(`/api/providers/${ids.provider}`, { cookie, ua: GOOGLEBOT })).status).toBe(
      200,
    );
    expect((await statsOf(ids.provider)).contactReveals).toBe(0);
  });
});

describe("search appearances (GET /api/providers)", () => {
  it("count every provider on the page, the words that showed it, and the search", async () => {
    const res = await get("/api/providers?search=Qalamkar&limit=10");
    expect(res.status).toBe(200);
    const shown = ((await res.json()) as { id: string }[]).map((p) => p.id).sort();
    expect(shown).toEqual([ids.provider, ids.second].sort());
    for (const id of shown) expect((await statsOf(id)).impressions).toBe(1);
    const terms = await t.db.select().from(providerSearchTermsDaily);
    expect(terms.map((r) => [r.providerId, r.term, r.count]).sort()).toEqual(
      [
        [ids.provider, "qalamkar", 1],
        [ids.second, "qalamkar", 1],
      ].sort(),
    );
    expect(await t.db.select().from(searchStatsDaily)).toEqual([
      { day: today(), term: "qalamkar", city: "", categoryId: "", searches: 1, noResults: 0 },
    ]);
  });

  it("count each answer served, also when it comes from the cache", async () => {
    const first = await get("/api/providers?search=qalamkar&limit=10");
    const again = await get("/api/providers?search=qalamkar&limit=10");
    expect(first.headers.get("Server-Timing")).toMatch(/miss|hit/);
    expect(again.headers.get("Server-Timing")).toMatch(/desc=hit/);
    expect((await statsOf(ids.provider)).impressions).toBe(2);
    const [search] = await t.db.select().from(searchStatsDaily);
    expect(search).toMatchObject({ term: "qalamkar", searches: 2 });
  });

  it("count a further page as appearances but not as another search", async () => {
    await get("/api/providers?search=qalamkar&limit=1&page=1");
    await get("/api/providers?search=qalamkar&limit=1&page=2");
    const a = (await statsOf(ids.provider)).impressions;
    const b = (await statsOf(ids.second)).impressions;
    expect(a + b).toBe(2);
    const [search] = await t.db.select().from(searchStatsDaily);
    expect(search?.searches).toBe(1);
  });

  it("record the filters and a search that found nothing", async () => {
    const category = SEED_CATEGORIES[3]!.id;
    const res = await get(`/api/providers?search=zzqx&city=Quetta&categoryId=${category}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([]);
    expect(await t.db.select().from(searchStatsDaily)).toEqual([
      {
        day: today(),
        term: "zzqx",
        city: "Quetta",
        categoryId: category,
        searches: 1,
        noResults: 1,
      },
    ]);
    expect((await rowCounts()).stats).toBe(0);
  });

  it("are not counted for a bot, nor for the owner's own provider", async () => {
    await get("/api/providers?search=qalamkar", { ua: GOOGLEBOT });
    expect(await rowCounts()).toEqual({ stats: 0, terms: 0, searches: 0 });
    await get("/api/providers?search=qalamkar", { cookie: await sessionCookie(ids.owner) });
    expect((await statsOf(ids.provider)).impressions).toBe(0);
    expect((await statsOf(ids.second)).impressions).toBe(1);
  });
});

describe("retention", () => {
  it("the housekeeping deletes counts older than 13 months and keeps the rest", async () => {
    const now = new Date();
    const old = addDays(today(), -400);
    const kept = addDays(today(), -380);
    const batch = new CountBatch()
      .provider(ids.provider, old, "views", 3)
      .provider(ids.provider, kept, "views", 4)
      .term(ids.provider, old, "old words")
      .term(ids.provider, kept, "kept words")
      .search({ day: old, term: "old", city: "", categoryId: "" })
      .search({ day: kept, term: "kept", city: "", categoryId: "" });
    await writeCounts(t.db, batch);
    await pruneExpiredRows(t.db, now);
    expect((await t.db.select().from(providerStatsDaily)).map((r) => r.day)).toEqual([kept]);
    expect((await t.db.select().from(providerSearchTermsDaily)).map((r) => r.term)).toEqual([
      "kept words",
    ]);
    expect((await t.db.select().from(searchStatsDaily)).map((r) => r.term)).toEqual(["kept"]);
  });
});

describe("the Node server's buffered counter", () => {
  it("holds counts in memory, adds them up and writes them in one go", async () => {
    const counter = bufferedCounter(t.db, { everyMs: 60_000 });
    const day = today();
    for (let i = 0; i < 50; i++) {
      await counter.add(new CountBatch().provider(ids.provider, day, "views"));
    }
    await counter.add(new CountBatch().term(ids.provider, day, "zari"));
    expect(counter.pending).toBe(2);
    expect((await rowCounts()).stats).toBe(0);
    await counter.flush();
    expect(counter.pending).toBe(0);
    expect((await statsOf(ids.provider)).views).toBe(50);
    await counter.add(new CountBatch().provider(ids.provider, day, "views", 2));
    await counter.close();
    expect((await statsOf(ids.provider)).views).toBe(52);
  });

  it("keeps what a failed write held for the next one", async () => {
    let fail = true;
    const flaky = new Proxy(t.db, {
      get(target, prop, receiver) {
        if (prop === "$client" && fail) {
          return {
            batch: async () => {
              throw new Error("database out of reach");
            },
          };
        }
        return Reflect.get(target, prop, receiver) as unknown;
      },
    });
    const errors: unknown[] = [];
    const counter = bufferedCounter(flaky, { everyMs: 60_000, logError: (e) => errors.push(e) });
    await counter.add(new CountBatch().provider(ids.provider, today(), "phoneTaps", 3));
    await counter.flush();
    expect(errors).toHaveLength(1);
    expect(counter.pending).toBe(1);
    fail = false;
    await counter.add(new CountBatch().provider(ids.provider, today(), "phoneTaps"));
    await counter.close();
    expect((await statsOf(ids.provider)).phoneTaps).toBe(4);
  });
});

describe("what rotating addresses can add (decision 028)", () => {
  const FLOOR = COUNT_CEILINGS.floor;

  /** Raw rows for `providerId`'s last 28 days: `views` on each day listed (daysAgo → views). */
  async function history(providerId: string, days: Record<number, number>) {
    for (const [ago, views] of Object.entries(days)) {
      await t.db
        .insert(providerStatsDaily)
        .values({ providerId, day: addDays(today(), -Number(ago)), views });
    }
  }

  const viewsToday = async (providerId: string) =>
    (
      await t.db.all<{ views: number }>(
        sql`SELECT views FROM provider_stats_daily WHERE provider_id = ${providerId} AND day = ${today()}`,
      )
    )[0]?.views;

  it("each address under its own limit, many addresses together stop at the day's floor", async () => {
    const visitors = FLOOR.views + 30;
    for (let i = 0; i < visitors; i++) {
      const res = await beacon({ event: "view", providerId: ids.provider });
      expect(res.status).toBe(204);
    }
    for (let i = 0; i < 5; i++) await beacon({ event: "view", providerId: ids.second });
    expect((await statsOf(ids.provider)).views).toBe(FLOOR.views);
    // Another figure and another provider count on their own.
    await beacon({ event: "phone_tap", providerId: ids.provider });
    expect((await statsOf(ids.provider)).phoneTaps).toBe(1);
    expect((await statsOf(ids.second)).views).toBe(5);
  });

  it("a provider's typical day (the median of the 28 before) lifts its ceiling to three times it", async () => {
    // Four weeks of 60 views a day: the ceiling is 180.
    await history(
      ids.provider,
      Object.fromEntries(Array.from({ length: 28 }, (_, i) => [i + 1, 60])),
    );
    await writeCounts(t.db, new CountBatch().provider(ids.provider, today(), "views", 150));
    expect(await viewsToday(ids.provider)).toBe(150);
    await writeCounts(t.db, new CountBatch().provider(ids.provider, today(), "views", 500));
    expect(await viewsToday(ids.provider)).toBe(3 * 60);
  });

  it("a few inflated days do not move the typical day: 13 days of 5,000 leave the floor", async () => {
    await history(
      ids.provider,
      Object.fromEntries(Array.from({ length: 13 }, (_, i) => [i + 1, 5000])),
    );
    await writeCounts(t.db, new CountBatch().provider(ids.provider, today(), "views", 1000));
    expect(await viewsToday(ids.provider)).toBe(FLOOR.views);
  });

  it("never lowers a figure already above the ceiling, and the Node buffer is held to it too", async () => {
    await t.db
      .insert(providerStatsDaily)
      .values({ providerId: ids.second, day: today(), views: 400 });
    await writeCounts(t.db, new CountBatch().provider(ids.second, today(), "views", 7));
    expect((await statsOf(ids.second)).views).toBe(400);

    const counter = bufferedCounter(t.db, { everyMs: 60_000 });
    for (let i = 0; i < 300; i++) {
      await counter.add(new CountBatch().provider(ids.provider, today(), "websiteClicks"));
    }
    await counter.close();
    expect((await statsOf(ids.provider)).websiteClicks).toBe(FLOOR.websiteClicks);
  });

  it("takes only so many new searches a day: later ones count without their words, known ones keep counting", async () => {
    const small = { ...COUNT_CEILINGS, newSearchesPerDay: 3, newProviderTermsPerDay: 4 };
    const day = today();
    const search = (term: string, providers: string[], n = 1) => {
      const batch = new CountBatch().search({ day, term, city: "Lahore", categoryId: "" }, n);
      for (const id of providers) batch.term(id, day, term);
      return writeCounts(t.db, batch, small);
    };
    for (const term of ["zari", "dabka", "gota"]) await search(term, [ids.provider, ids.second]);
    // Full: new words are counted as a search without words, and show no provider.
    for (const term of ["spam one", "spam two"]) await search(term, [ids.provider]);
    await search("zari", [ids.provider], 5);
    const searches = await t.db.select().from(searchStatsDaily);
    expect(Object.fromEntries(searches.map((r) => [r.term, r.searches]))).toEqual({
      zari: 6,
      dabka: 1,
      gota: 1,
      "": 2,
    });
    // Every search is in the day's total all the same.
    expect(searches.reduce((sum, r) => sum + r.searches, 0)).toBe(10);
    const terms = await t.db.select().from(providerSearchTermsDaily);
    // Four rows were allowed (zari and dabka for both providers); zari keeps counting.
    expect(terms.map((r) => [r.term, r.providerId === ids.provider, r.count]).sort()).toEqual(
      [
        ["dabka", false, 1],
        ["dabka", true, 1],
        ["zari", false, 1],
        ["zari", true, 2],
      ].sort(),
    );
  });
});

/** Counts straight into the tables, `daysAgo` before today. */
async function seed(
  providerId: string,
  daysAgo: number,
  counts: Partial<Record<"views" | "impressions" | "contactReveals" | "phoneTaps", number>>,
) {
  const batch = new CountBatch();
  const day = addDays(today(), -daysAgo);
  for (const [k, n] of Object.entries(counts)) batch.provider(providerId, day, k as "views", n);
  await writeCounts(t.db, batch);
}

async function seedLead(
  providerId: string,
  daysAgo: number,
  reviewState: "visible" | "held" = "visible",
) {
  const at = new Date(Date.parse(`${addDays(today(), -daysAgo)}T12:00:00+05:00`));
  await t.db.insert(leads).values({
    id: crypto.randomUUID(),
    providerId,
    customerId: ids.customer,
    need: "Two hundred embroidered cushion covers for a hotel",
    city: "Lahore",
    needHash: crypto.randomUUID(),
    reviewState,
    lastMessageAt: at,
    createdAt: at,
    updatedAt: at,
  });
}

describe("GET /api/my-provider/insights", () => {
  beforeEach(async () => {
    // This period (the last 30 days, today included) and the 30 before it.
    await seed(ids.provider, 0, { views: 5, impressions: 20 });
    await seed(ids.provider, 29, { views: 5, contactReveals: 2 });
    await seed(ids.provider, 30, { views: 4, phoneTaps: 1 });
    await seed(ids.provider, 59, { views: 1 });
    await seed(ids.provider, 60, { views: 100 }); // before both periods
    await seed(ids.second, 0, { views: 999 }); // someone else's
    await seedLead(ids.provider, 1);
    await seedLead(ids.provider, 2);
    await seedLead(ids.provider, 3, "held");
    await seedLead(ids.provider, 45);
    const terms = new CountBatch();
    for (let i = 0; i < 12; i++)
      terms.term(ids.provider, today(), `term ${String(i).padStart(2, "0")}`, i + 1);
    terms.term(ids.provider, addDays(today(), -40), "too old", 500);
    terms.term(ids.second, today(), "not mine", 500);
    await writeCounts(t.db, terms);
  });

  it("answers the owner's daily series, totals, change against the 30 days before, and top 10 searches", async () => {
    const owner = await clientAs(t, ids.owner);
    const r = await owner.get("/api/my-provider/insights?days=30");
    expect(r.status).toBe(200);
    expect(r.res.headers.get("Cache-Control")).toBe("private, no-store");
    const body = providerInsightsSchema.parse(r.body);
    expect(body.days).toBe(30);
    expect(body.to).toBe(today());
    expect(body.from).toBe(addDays(today(), -29));
    expect(body.series).toHaveLength(30);
    expect(body.series.at(-1)).toMatchObject({ day: today(), views: 5, impressions: 20 });
    expect(body.series[0]).toMatchObject({ day: body.from, views: 5, contactReveals: 2 });
    expect(body.totals).toMatchObject({
      views: 10,
      impressions: 20,
      contactReveals: 2,
      phoneTaps: 0,
      quoteRequests: 2, // the held one did not reach the provider
    });
    expect(body.previous).toMatchObject({ views: 5, phoneTaps: 1, quoteRequests: 1 });
    expect(body.change).toMatchObject({
      views: 100,
      phoneTaps: -100,
      quoteRequests: 100,
      impressions: null,
    });
    expect(body.topQueries).toHaveLength(10);
    expect(body.topQueries[0]).toEqual({ term: "term 11", count: 12 });
    expect(body.topQueries.map((q) => q.term)).not.toContain("too old");
    expect(body.topQueries.map((q) => q.term)).not.toContain("not mine");
  });

  it("covers 90 days with ?days=90, and 30 by default", async () => {
    const owner = await clientAs(t, ids.owner);
    const ninety = providerInsightsSchema.parse(
      (await owner.get("/api/my-provider/insights?days=90")).body,
    );
    expect(ninety.series).toHaveLength(90);
    expect(ninety.totals.views).toBe(115);
    expect(ninety.topQueries.map((q) => q.term)).toContain("too old");
    const plain = providerInsightsSchema.parse((await owner.get("/api/my-provider/insights")).body);
    expect(plain.days).toBe(30);
  });

  it("refuses other periods (400), callers without a provider (404) and anonymous ones (401)", async () => {
    const owner = await clientAs(t, ids.owner);
    const bad = await owner.get("/api/my-provider/insights?days=7");
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/days must be 30 or 90/);
    expect((await (await clientAs(t, ids.customer)).get("/api/my-provider/insights")).status).toBe(
      404,
    );
    expect((await (await clientAs(t, ids.admin)).get("/api/my-provider/insights")).status).toBe(
      404,
    );
    expect((await get("/api/my-provider/insights")).status).toBe(401);
  });

  it("downloads the daily figures as a CSV attachment", async () => {
    const owner = await clientAs(t, ids.owner);
    const r = await owner.get("/api/my-provider/insights/csv?days=30");
    expect(r.status).toBe(200);
    expect(r.res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const from = addDays(today(), -29);
    expect(r.res.headers.get("Content-Disposition")).toBe(
      `attachment; filename="karkhana-insights-${from}-to-${today()}.csv"`,
    );
    const lines = r.text.trimEnd().split("\r\n");
    expect(lines).toHaveLength(31);
    expect(lines[0]).toBe(
      "Date,Page views,Search appearances,Clicks from results,Contact reveals,Phone taps,WhatsApp taps,Website clicks,Quote requests",
    );
    expect(lines[1]).toBe(`${from},5,0,0,2,0,0,0,0`);
    expect(lines[30]).toBe(`${today()},5,20,0,0,0,0,0,0`);
    expect(
      (await (await clientAs(t, ids.customer)).get("/api/my-provider/insights/csv")).status,
    ).toBe(404);
  });
});

describe("GET /api/admin/insights", () => {
  it("answers the whole directory's figures to an admin", async () => {
    await seed(ids.provider, 0, { views: 3, impressions: 10 });
    await seed(ids.second, 1, { views: 7, impressions: 4, contactReveals: 1 });
    await seed(ids.second, 40, { views: 2 });
    await seedLead(ids.second, 1);
    const lahoreCat = SEED_CATEGORIES[0]!;
    const other = SEED_CATEGORIES[1]!;
    await writeCounts(
      t.db,
      new CountBatch()
        .search({ day: today(), term: "zari", city: "Lahore", categoryId: lahoreCat.id }, 5)
        .search({ day: today(), term: "", city: "Lahore", categoryId: other.id }, 2)
        .search({ day: today(), term: "unobtainium", city: "Karachi", categoryId: "" }, 3, 3)
        .search({ day: addDays(today(), -31), term: "zari", city: "", categoryId: "" }, 4),
    );
    const admin = await clientAs(t, ids.admin);
    const r = await admin.get("/api/admin/insights?days=30");
    expect(r.status).toBe(200);
    const body = directoryInsightsSchema.parse(r.body);
    expect(body.totals).toMatchObject({
      views: 10,
      impressions: 14,
      contactReveals: 1,
      quoteRequests: 1,
      searches: 10,
      noResults: 3,
    });
    expect(body.previous).toMatchObject({ views: 2, searches: 4 });
    expect(body.change.views).toBe(400);
    expect(body.topProviders.map((p) => [p.companyName, p.views, p.quoteRequests])).toEqual([
      ["Qalamkar Stitching House", 7, 1],
      ["Qalamkar Embroidery", 3, 0],
    ]);
    expect(body.topProviders[0]!.path).toMatch(new RegExp(`^/providers/.+-${ids.second}$`));
    expect(body.topQueries).toEqual([
      { term: "zari", searches: 5, noResults: 0 },
      { term: "unobtainium", searches: 3, noResults: 3 },
    ]);
    expect(body.topCategoriesByCity).toEqual([
      {
        city: "Lahore",
        searches: 7,
        categories: [
          { id: lahoreCat.id, name: lahoreCat.name, searches: 5 },
          { id: other.id, name: other.name, searches: 2 },
        ],
      },
    ]);
    expect(body.noResultSearches).toEqual([
      { term: "unobtainium", city: "Karachi", category: "", searches: 3 },
    ]);
  });

  it("is for admins only", async () => {
    expect((await get("/api/admin/insights")).status).toBe(401);
    for (const who of [ids.customer, ids.owner]) {
      expect((await (await clientAs(t, who)).get("/api/admin/insights")).status).toBe(403);
    }
    expect((await (await clientAs(t, ids.admin)).get("/api/admin/insights?days=9")).status).toBe(
      400,
    );
  });
});
