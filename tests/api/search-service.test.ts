import { gunzipSync, gzipSync } from "node:zlib";
/**
 * Searches answered from memory while the data is unchanged, and run off the
 * event loop on Node (decision 015).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProvider } from "../../db/seed/factories.ts";
import { listPublicProviders, type ProviderPage } from "../../db/queries/providers.ts";
import { memoryRateLimiter, type MemoryRateLimiter } from "../../functions/lib/rate-limit.ts";
import { cacheKey, SearchService } from "../../functions/lib/search-service.ts";
import { startSearchPool } from "../../functions/node/search-pool.ts";
import { providerListQuerySchema, type ProviderListQuery } from "../../src/lib/schemas.ts";
import { makeTestApp, type TestApp } from "../helpers/app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ providers: 40 });
});
afterAll(() => t.close());

const query = (q: Record<string, string>): ProviderListQuery => providerListQuerySchema.parse(q);
const names = (json: string) =>
  (JSON.parse(json) as { companyName: string }[]).map((p) => p.companyName);

describe("the search cache", () => {
  it("answers a repeated search from memory, and a change in the very next search", async () => {
    let runs = 0;
    const service = new SearchService(t.db, (q) => {
      runs++;
      return listPublicProviders(t.db, q);
    });
    const q = query({ search: "Qasim Foundry" });
    const first = await service.page(q);
    expect(first.cached).toBe(false);
    expect(names(first.json)).toEqual([]);
    const again = await service.page(q);
    expect(again.cached).toBe(true);
    expect(runs).toBe(1);

    // A write through the app's own queries bumps the data version in its transaction.
    await createProvider(t.db, { companyName: "Qasim Foundry", city: "Gujranwala" });
    const after = await service.page(q);
    expect(after.cached).toBe(false);
    expect(names(after.json)).toEqual(["Qasim Foundry"]);
    expect(after.total).toBe(1);
    expect(runs).toBe(2);
  });

  it("runs a burst of the same search once", async () => {
    let runs = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const service = new SearchService(t.db, async (q) => {
      runs++;
      await gate;
      return listPublicProviders(t.db, q);
    });
    const q = query({ search: "steel" });
    const burst = Promise.all([service.page(q), service.page(q), service.page(q)]);
    await new Promise((r) => setTimeout(r, 20));
    release();
    const answers = await burst;
    expect(runs).toBe(1);
    expect(new Set(answers.map((a) => a.json)).size).toBe(1);
  });

  it("keeps at most its byte budget, dropping the least recently used", async () => {
    const page: ProviderPage = { items: [], total: 0, hasMore: false };
    const service = new SearchService(t.db, async () => page, { maxBytes: 8 });
    for (const search of ["aa", "bb", "cc", "dd", "ee"]) await service.page(query({ search }));
    // "[]" is 2 bytes: four fit.
    expect(service.size).toBe(4);
    expect((await service.page(query({ search: "ee" }))).cached).toBe(true);
    expect((await service.page(query({ search: "aa" }))).cached).toBe(false);
  });

  it("tells apart queries that differ in any field", () => {
    const keys = [
      query({ search: "cnc" }),
      query({ search: "cnc", city: "Lahore" }),
      query({ search: "cnc", page: "2" }),
      query({ search: "cnc", limit: "10" }),
      query({ city: "Lahore" }),
    ].map(cacheKey);
    expect(new Set(keys).size).toBe(keys.length);
    expect(cacheKey(query({ search: "cnc", city: "lahore" }))).toBe(
      cacheKey(query({ search: "cnc", city: "Lahore" })),
    );
  });

  it("keeps answers gzipped when given a codec, and still gives the JSON", async () => {
    let gzips = 0;
    const service = new SearchService(t.db, (q) => listPublicProviders(t.db, q), {
      codec: {
        gzip: (json) => {
          gzips++;
          return new Uint8Array(gzipSync(json));
        },
        gunzip: (bytes) => gunzipSync(bytes).toString("utf8"),
      },
    });
    const q = query({ search: "textile" });
    const a = await service.page(q);
    const b = await service.page(q);
    expect(b.cached).toBe(true);
    expect(a.gzip()).toEqual(b.gzip());
    expect(gzips).toBe(1);
    const direct = await listPublicProviders(t.db, q);
    expect(JSON.parse(b.json)).toEqual(JSON.parse(JSON.stringify(direct.items)));
    // Without a codec (Workers: the edge compresses) there is nothing to send gzipped.
    const plain = new SearchService(t.db, (q2) => listPublicProviders(t.db, q2));
    expect((await plain.page(q)).gzip()).toBeNull();
  });
});

describe("GET /api/providers through the cache", () => {
  it("sends the cached answer with the same headers, and says so in Server-Timing", async () => {
    const path = "/api/providers?search=textile&limit=5";
    const first = await t.app.request(path);
    const second = await t.app.request(path);
    expect(first.headers.get("Server-Timing")).toMatch(/^search;dur=[\d.]+;desc=miss$/);
    expect(second.headers.get("Server-Timing")).toMatch(/desc=hit$/);
    for (const h of ["X-Total-Count", "X-Page", "X-Per-Page", "Link", "Content-Type"]) {
      expect(second.headers.get(h), h).toBe(first.headers.get(h));
    }
    expect(await second.json()).toEqual(await first.json());
  });

  it("a provider renamed through the API is found under its new name at once", async () => {
    const before = await t.app.request("/api/providers?search=Zulfiqar");
    expect(await before.json()).toEqual([]);
    const id = await createProvider(t.db, { companyName: "Plain Works", city: "Lahore" });
    await t.app.request("/api/providers?search=Zulfiqar");
    // An admin-style write path that goes through the queries' transaction.
    const { updateProviderProfile } = await import("../../db/queries/provider-writes.ts");
    const admin = { userId: crypto.randomUUID(), as: "admin" } as const;
    await updateProviderProfile(t.db, id, { companyName: "Zulfiqar Cutlery" }, admin, new Date());
    const after = await t.app.request("/api/providers?search=Zulfiqar");
    expect(((await after.json()) as { id: string }[]).map((p) => p.id)).toEqual([id]);
  });
});

describe("search threads (Node)", () => {
  it("run searches on their own connections, with the same answers", async () => {
    const pool = startSearchPool({ url: `file:${t.dir}/test.db` }, 2);
    try {
      for (const q of [
        query({ search: "steel" }),
        query({ city: "Lahore", page: "2", limit: "5" }),
      ]) {
        expect(await pool.run(q)).toEqual(await listPublicProviders(t.db, q));
      }
      // Several at once are spread over the threads and all answered.
      const many = await Promise.all(
        ["cnc", "textile", "leather", "solar", "print", "steel"].map((search) =>
          pool.run(query({ search })),
        ),
      );
      expect(many).toHaveLength(6);
    } finally {
      await pool.close();
    }
  });

  it("report a failing search as an error", async () => {
    const pool = startSearchPool({ url: `file:${t.dir}/missing-dir/none.db` }, 1, () => undefined);
    try {
      await expect(pool.run(query({ search: "steel" }))).rejects.toThrow();
    } finally {
      await pool.close();
    }
  });
});

describe("the in-memory search throttle", () => {
  const limit = { max: 3, windowMs: 60_000 };

  it("allows max per window per key, then 429 with the wait, and a new window resets", async () => {
    const hit = memoryRateLimiter();
    const t0 = new Date("2026-11-25T10:00:00Z");
    for (let i = 0; i < 3; i++) await hit("ip:a", limit, t0);
    await expect(hit("ip:a", limit, new Date(t0.getTime() + 20_000))).rejects.toMatchObject({
      status: 429,
      retryAfter: 40,
    });
    // Another key has its own window.
    await hit("ip:b", limit, t0);
    await hit("ip:a", limit, new Date(t0.getTime() + 60_000));
  });

  it("keeps a fixed number of slots however many keys come, refusing newcomers when overrun", async () => {
    const hit = memoryRateLimiter(100);
    expect(hit.capacity).toBe(128);
    expect(memoryRateLimiter().capacity).toBe(131_072);
    const t0 = new Date("2026-11-25T10:00:00Z");
    const refused: string[] = [];
    for (let i = 0; i < 10_000; i++) {
      await hit(`ip:${i}`, limit, t0).catch(() => refused.push(`ip:${i}`));
    }
    expect(hit.size).toBeLessThanOrEqual(hit.capacity);
    // Eighty keys for each slot: the first keys have their allowance; as buckets overflow their
    // newcomers start from what the bucket forgot, and are refused rather than anyone's count
    // being dropped.
    expect(refused).not.toContain("ip:0");
    expect(refused.length).toBeGreaterThan(5_000);
    await expect(hit("ip:9999", limit, t0)).rejects.toMatchObject({ status: 429 });
    // Once every window has ended, the keys are forgotten and newcomers have their allowance.
    const later = new Date(t0.getTime() + 60_000);
    for (let i = 0; i < 3; i++) await hit("ip:9999", limit, later);
    expect(hit.size).toBe(1);
  });

  /** Sends `n` requests from `key` at `at`, counting the refused ones too. */
  async function send(hit: MemoryRateLimiter, key: string, n: number, at: Date) {
    for (let i = 0; i < n; i++) await hit(key, limit, at).catch(() => undefined);
  }

  it("never gives a key back requests it used, however many new keys push it out", async () => {
    // Eight slots: one bucket, so every key competes for the same slots.
    const hit = memoryRateLimiter(8);
    const t0 = new Date("2026-11-25T10:00:00Z").getTime();
    const at = (s: number) => new Date(t0 + s * 1000);
    for (let i = 0; i < 3; i++) await hit("ip:attacker", limit, at(0));
    for (let round = 1; round <= 20; round++) {
      // New keys, most sent more often than the attacker, push the attacker's key out.
      for (let k = 0; k < 12; k++) await send(hit, `ip:flood${round}-${k}`, 1 + 4 * k, at(round));
      expect(hit.size).toBeLessThanOrEqual(8);
      await expect(hit("ip:attacker", limit, at(round))).rejects.toMatchObject({ status: 429 });
    }
    // Its own window and those of the counts the bucket forgot have ended: it may send again.
    await hit("ip:attacker", limit, at(81));
  });

  it("starts a full bucket's newcomers from the highest count it forgot, for that window only", async () => {
    const hit = memoryRateLimiter(8);
    const t0 = new Date("2026-11-25T10:00:00Z").getTime();
    const at = (s: number) => new Date(t0 + s * 1000);
    for (let i = 0; i < 8; i++) await send(hit, `ip:${i}`, 2, at(0));
    // ip:new takes the slot of a key with 2 requests: it starts from 2, so one more is allowed.
    await hit("ip:new", limit, at(1));
    await expect(hit("ip:new", limit, at(1))).rejects.toMatchObject({ status: 429 });
    // The key it pushed out (the first with the lowest count and earliest end) starts from 2 too.
    await expect(
      send(hit, "ip:0", 1, at(2)).then(() => hit("ip:0", limit, at(2))),
    ).rejects.toMatchObject({ status: 429 });
    // After the window, newcomers have their whole allowance again.
    for (let i = 0; i < 3; i++) await hit("ip:later", limit, at(61));
    await expect(hit("ip:later", limit, at(61))).rejects.toMatchObject({ status: 429 });
  });

  it("gives a slot whose window ended to a new key before a running one, starting from zero", async () => {
    const hit = memoryRateLimiter(8);
    const t0 = new Date("2026-11-25T10:00:00Z").getTime();
    const at = (s: number) => new Date(t0 + s * 1000);
    for (let i = 0; i < 7; i++) await send(hit, `ip:${i}`, 3, at(0));
    await send(hit, "ip:late", 3, at(50));
    // At 61 s the first seven windows have ended: seven new keys take their slots, with
    // their whole allowance, and ip:late is still counted.
    for (let i = 0; i < 7; i++) for (let n = 0; n < 3; n++) await hit(`ip:next${i}`, limit, at(61));
    await expect(hit("ip:late", limit, at(62))).rejects.toMatchObject({
      status: 429,
      retryAfter: 48,
    });
  });
});
