import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listPublicProviders } from "../../db/queries/providers.ts";
import { contactReveals, rateLimits } from "../../db/schema.ts";
import { SEED_CATEGORIES } from "../../db/seed/categories.ts";
import { createProvider, createUser } from "../../db/seed/factories.ts";
import { CONTACT_REVEAL_CAPS } from "../../functions/lib/contact-caps.ts";
import { pruneExpiredRows } from "../../functions/lib/housekeeping.ts";
import { LIMITS } from "../../functions/lib/rate-limit.ts";
import {
  MAX_RESULT_DEPTH,
  providerListQuerySchema,
  type ProviderListInput,
} from "../../src/lib/schemas.ts";
import type { ProviderPublic } from "../../src/lib/types.ts";
import { client, clientAs, makeTestApp, type TestApp } from "../helpers/app.ts";

let t: TestApp;
let ownerId: string;
let adminId: string;
let ownProviderId: string;
/** Providers with contact details, opened one after another by the tests. */
const targets: string[] = [];
const MIN = 60_000;
const HOUR = 60 * MIN;

beforeAll(async () => {
  // Past MAX_RESULT_DEPTH, so the depth cap has rows to stop at.
  t = await makeTestApp({ providers: 1_100 });
  ownerId = await createUser(t.db, { email: "owner@example.pk", role: "provider" });
  adminId = await createUser(t.db, { email: "admin@example.pk", role: "admin" });
  ownProviderId = await createProvider(t.db, {
    companyName: "Owner's Own Works",
    city: "Lahore",
    userId: ownerId,
    email: "own@example.pk",
    phone: "+923001112222",
  });
  for (let i = 0; i < 8; i++) {
    targets.push(
      await createProvider(t.db, {
        companyName: `Qzx Target ${i}`,
        city: "Karachi",
        email: `target${i}@example.pk`,
        phone: "+923009998887",
        website: "https://target.example.pk",
      }),
    );
  }
  // Seeding 1,100 providers takes ~5 s alone and several times that beside other suites on 2 cores.
}, 60_000);
afterAll(() => t.close());

/** `count` reveals by `scope` of providers nobody else uses, opened `agoMs` ago. */
async function prefill(scope: string, count: number, agoMs: number) {
  const at = Date.now() + t.clockOffset.ms - agoMs;
  await t.db.insert(contactReveals).values(
    Array.from({ length: count }, () => ({
      scope,
      providerId: crypto.randomUUID(),
      revealedAt: at,
    })),
  );
}

async function customer(email: string, ip?: string) {
  const id = await createUser(t.db, { email, role: "customer" });
  return { id, c: await clientAs(t, id, ip) };
}

describe("GET /api/providers/:id contact-reveal caps", () => {
  it("counts a provider once however often it is opened, and answers 429 past the hourly cap", async () => {
    const { id, c } = await customer("hourly@example.pk", "10.1.0.1");
    await prefill(`user:${id}`, CONTACT_REVEAL_CAPS.account.hour - 1, 10 * MIN);

    const first = await c.get(`/api/providers/${targets[0]}`);
    expect(first.status).toBe(200);
    expect(first.body.email).toBe("target0@example.pk");
    // Re-opening an already revealed provider is free.
    expect((await c.get(`/api/providers/${targets[0]}`)).status).toBe(200);

    const before = t.events.length;
    const capped = await c.get(`/api/providers/${targets[1]}`);
    expect(capped.status).toBe(429);
    expect(capped.body.error).toMatch(/contact details of many providers/);
    expect(capped.text).not.toContain("target1@example.pk");
    // The oldest reveal of the hour (10 minutes ago) leaves it in 50 minutes.
    const retry = Number(capped.res.headers.get("Retry-After"));
    expect(retry).toBeGreaterThan(49 * 60);
    expect(retry).toBeLessThanOrEqual(50 * 60);
    expect(t.events.slice(before)).toEqual([
      {
        event: "contact.reveal_capped",
        ip: "10.1.0.1",
        userId: id,
        scope: "account",
        window: "hour",
      },
    ]);

    // Still free: one already revealed.
    expect((await c.get(`/api/providers/${targets[0]}`)).status).toBe(200);
    // A refused request took no allowance, and an hour later the window has moved on.
    t.clockOffset.ms += HOUR;
    try {
      expect((await c.get(`/api/providers/${targets[1]}`)).status).toBe(200);
    } finally {
      t.clockOffset.ms -= HOUR;
    }
  });

  it("answers 429 past the daily cap, with Retry-After until the oldest reveal of the day expires", async () => {
    const { id, c } = await customer("daily@example.pk", "10.1.0.2");
    await prefill(`user:${id}`, CONTACT_REVEAL_CAPS.account.day - 1, 20 * HOUR);
    expect((await c.get(`/api/providers/${targets[2]}`)).status).toBe(200);

    const capped = await c.get(`/api/providers/${targets[3]}`);
    expect(capped.status).toBe(429);
    const retry = Number(capped.res.headers.get("Retry-After"));
    expect(retry).toBeGreaterThan(4 * 3600 - 60);
    expect(retry).toBeLessThanOrEqual(4 * 3600);
    expect(t.events.at(-1)).toMatchObject({ userId: id, scope: "account", window: "day" });
  });

  it("caps an IP across accounts, and leaves other IPs alone", async () => {
    const ip = "10.1.0.3";
    await prefill(`ip:${ip}`, CONTACT_REVEAL_CAPS.ip.hour - 1, 5 * MIN);
    const a = await customer("ip-a@example.pk", ip);
    const b = await customer("ip-b@example.pk", ip);
    const elsewhere = await customer("ip-c@example.pk", "10.1.0.4");

    expect((await a.c.get(`/api/providers/${targets[4]}`)).status).toBe(200);
    // The same provider from the same IP is already counted for the IP.
    expect((await b.c.get(`/api/providers/${targets[4]}`)).status).toBe(200);
    const capped = await b.c.get(`/api/providers/${targets[5]}`);
    expect(capped.status).toBe(429);
    expect(t.events.at(-1)).toMatchObject({ userId: b.id, scope: "ip", window: "hour" });
    expect((await elsewhere.c.get(`/api/providers/${targets[5]}`)).status).toBe(200);
  });

  it("never caps an owner on their own provider or an admin, and counts neither", async () => {
    await prefill(`user:${ownerId}`, CONTACT_REVEAL_CAPS.account.day, MIN);
    await prefill(`user:${adminId}`, CONTACT_REVEAL_CAPS.account.day, MIN);
    const owner = await clientAs(t, ownerId, "10.1.0.5");
    const own = await owner.get(`/api/providers/${ownProviderId}`);
    expect(own.status).toBe(200);
    expect(own.body.email).toBe("own@example.pk");
    // Someone else's provider is a reveal like anyone's.
    expect((await owner.get(`/api/providers/${targets[6]}`)).status).toBe(429);

    const admin = await clientAs(t, adminId, "10.1.0.5");
    const seen = await admin.get(`/api/providers/${targets[6]}`);
    expect(seen.status).toBe(200);
    expect(seen.body.email).toBe("target6@example.pk");
    const ipRows = await t.db.$client.execute(
      "SELECT count(*) AS n FROM contact_reveals WHERE scope = 'ip:10.1.0.5'",
    );
    expect(Number(ipRows.rows[0]?.n)).toBe(0);
  });

  it("records nothing for a visitor, who gets no contact details, or for an unknown id", async () => {
    const anon = client(t, "10.1.0.6");
    const res = await anon.get(`/api/providers/${targets[7]}`);
    expect(res.status).toBe(200);
    expect(res.body.email).toBeUndefined();
    const { c } = await customer("unknown@example.pk", "10.1.0.6");
    expect((await c.get(`/api/providers/${crypto.randomUUID()}`)).status).toBe(404);
    const rows = await t.db.$client.execute(
      "SELECT count(*) AS n FROM contact_reveals WHERE scope = 'ip:10.1.0.6'",
    );
    expect(Number(rows.rows[0]?.n)).toBe(0);
  });

  it("pruneExpiredRows drops reveals older than a day and keeps the rest", async () => {
    await prefill("user:prune-test", 3, 25 * HOUR);
    await prefill("user:prune-test", 2, 23 * HOUR);
    await pruneExpiredRows(t.db, new Date(Date.now() + t.clockOffset.ms));
    const rows = await t.db.$client.execute(
      "SELECT count(*) AS n FROM contact_reveals WHERE scope = 'user:prune-test'",
    );
    expect(Number(rows.rows[0]?.n)).toBe(2);
  });
});

describe("GET /api/providers search and paging limits", () => {
  const list = (input: ProviderListInput, opts?: { rankLimit?: number }) =>
    listPublicProviders(t.db, providerListQuerySchema.parse(input), opts);

  it("drops one-letter words; a search of nothing else lists like no search", async () => {
    const all = await client(t).get("/api/providers");
    const letters = await client(t).get("/api/providers?search=a%20b%20c");
    expect(letters.status).toBe(200);
    expect(letters.res.headers.get("X-Total-Count")).toBe(all.res.headers.get("X-Total-Count"));
    expect(letters.body.map((p: ProviderPublic) => p.id)).toEqual(
      all.body.map((p: ProviderPublic) => p.id),
    );
    const withLetter = await list({ search: "a qzx x" });
    const without = await list({ search: "qzx" });
    expect(withLetter.total).toBe(8);
    expect(withLetter.items.map((p) => p.id)).toEqual(without.items.map((p) => p.id));
  });

  it("uses at most 8 distinct words: a 9th is ignored, a repeat costs nothing", async () => {
    // Eight words every target matches (none of them a city or a stop word), then one none does.
    const eight = "qz qzx ta tar targ targe target kara";
    expect((await list({ search: eight })).total).toBe(8);
    expect((await list({ search: `${eight} nomatchword` })).total).toBe(8);
    expect((await list({ search: `${eight} qzx target nomatchword` })).total).toBe(8);
  });

  it("refuses a page past the first 1000 results with 400 and says why", async () => {
    const deep = await client(t).get("/api/providers?limit=100&page=11");
    expect(deep.status).toBe(400);
    expect(deep.body.error).toMatch(/first 1000 results/);
    // Default size 24: page 42 starts at result 985, page 43 at 1009.
    expect((await client(t).get("/api/providers?page=43")).status).toBe(400);
    const last = await client(t).get("/api/providers?page=42");
    expect(last.status).toBe(200);
    expect(last.body).toHaveLength(MAX_RESULT_DEPTH - 41 * 24);
  });

  it("stops at the 1000th result: the last page is cut there and has no next link", async () => {
    const last = await client(t).get("/api/providers?limit=100&page=10");
    expect(last.status).toBe(200);
    expect(last.body).toHaveLength(100);
    expect(Number(last.res.headers.get("X-Total-Count"))).toBeGreaterThan(MAX_RESULT_DEPTH);
    expect(last.res.headers.get("Link")).toBeNull();
    // 960 + 48 would pass 1000: only 40 rows, and no next page.
    const cut = await client(t).get("/api/providers?limit=48&page=21");
    expect(cut.body).toHaveLength(40);
    expect(cut.res.headers.get("Link")).toBeNull();
  });

  it("a broad search lists name matches first, then the rest, without gaps or repeats", async () => {
    // "karachi" is in every Karachi provider's body and in no company name but
    // the targets' city; "target" only in the targets' names.
    const ranked = await list({ search: "qzx", limit: 100 });
    const broad = await list({ search: "qzx", limit: 100 }, { rankLimit: 0 });
    expect(broad.total).toBe(ranked.total);
    expect(new Set(broad.items.map((p) => p.id))).toEqual(new Set(ranked.items.map((p) => p.id)));

    const all = await list({ search: "karachi", limit: 100 });
    const seen: string[] = [];
    for (let page = 1; ; page++) {
      const p = await list({ search: "karachi", limit: 7, page }, { rankLimit: 0 });
      seen.push(...p.items.map((x) => x.id));
      if (!p.hasMore) break;
    }
    expect(seen).toHaveLength(Math.min(all.total, MAX_RESULT_DEPTH));
    expect(new Set(seen).size).toBe(seen.length);
    const named = await list({ search: "target", limit: 100 }, { rankLimit: 0 });
    expect(named.items.slice(0, 8).every((p) => p.companyName.includes("Target"))).toBe(true);
  });

  it("pages a category the same way whether it walks the listing or sorts the category", async () => {
    const categoryId = SEED_CATEGORIES[0]!.id;
    const seen: string[] = [];
    let total: number;
    for (let page = 1; ; page++) {
      const p = await list({ categoryId, limit: 10, page });
      total = p.total;
      seen.push(...p.items.map((x) => x.id));
      if (!p.hasMore) break;
    }
    expect(seen).toHaveLength(Math.min(total, MAX_RESULT_DEPTH));
    expect(new Set(seen).size).toBe(seen.length);
    const one = await list({ categoryId, limit: 100 });
    expect(seen.slice(0, 100)).toEqual(one.items.map((p) => p.id));
  });

  it("answers 429 with Retry-After past the per-IP search rate, other IPs unaffected", async () => {
    const ip = "10.2.0.1";
    await t.db.insert(rateLimits).values({
      key: `search:ip:${ip}`,
      count: LIMITS.searchIp.max,
      windowStart: Date.now() + t.clockOffset.ms,
    });
    const res = await client(t, ip).get("/api/providers?search=qzx");
    expect(res.status).toBe(429);
    expect(Number(res.res.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(Number(res.res.headers.get("Retry-After"))).toBeLessThanOrEqual(60);
    expect((await client(t, "10.2.0.2").get("/api/providers?search=qzx")).status).toBe(200);
  });
});

describe("provider writes per account", () => {
  it("answers 429 past the hourly write rate of a provider account; admins are not counted", async () => {
    const { c } = await (async () => {
      const id = await createUser(t.db, { email: "writer@example.pk", role: "provider" });
      return { c: await clientAs(t, id) };
    })();
    const created = await c.post("/api/providers", {
      companyName: "Busy Writer Works",
      location: "Lahore — Main Boulevard",
    });
    expect(created.status).toBe(201);
    const key = (await t.db.select().from(rateLimits)).find((r) =>
      r.key.startsWith("provider-write:user:"),
    )?.key;
    expect(key).toBeDefined();
    await t.db.$client.execute({
      sql: "UPDATE rate_limits SET count = ? WHERE key = ?",
      args: [LIMITS.providerWriteUser.max, key!],
    });
    const service = {
      providerId: created.body.id,
      categoryId: SEED_CATEGORIES[0]!.id,
      name: "Welding",
      pricePkr: 1000,
    };
    const refused = await c.post("/api/services", service);
    expect(refused.status).toBe(429);
    expect(Number(refused.res.headers.get("Retry-After"))).toBeGreaterThan(0);
    const put = await c.put(`/api/providers/${created.body.id}`, { description: "x" });
    expect(put.status).toBe(429);

    const admin = await clientAs(t, adminId);
    expect((await admin.post("/api/services", service)).status).toBe(201);
    const adminKeys = (await t.db.select().from(rateLimits)).filter(
      (r) => r.key === `provider-write:user:${adminId}`,
    );
    expect(adminKeys).toEqual([]);
  });
});
