import { gunzipSync, gzipSync } from "node:zlib";
/**
 * Searches answered from memory while the data is unchanged, and run off the
 * event loop on Node (decision 015).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProvider } from "../../db/seed/factories.ts";
import { listPublicProviders, type ProviderPage } from "../../db/queries/providers.ts";
import { memoryRateLimiter } from "../../functions/lib/rate-limit.ts";
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

  it("keeps a bounded number of keys", async () => {
    const hit = memoryRateLimiter(100);
    const t0 = new Date("2026-11-25T10:00:00Z");
    for (let i = 0; i < 1000; i++) await hit(`ip:${i}`, limit, t0);
    // The newest keys are still counted: a fourth request from the last one is refused.
    for (let i = 0; i < 2; i++) await hit("ip:999", limit, t0);
    await expect(hit("ip:999", limit, t0)).rejects.toMatchObject({ status: 429 });
  });

  it("at the cap forgets the oldest tenth at once, and only those", async () => {
    const hit = memoryRateLimiter(100);
    const t0 = new Date("2026-11-25T10:00:00Z");
    for (let i = 0; i < 100; i++) for (let n = 0; n < 3; n++) await hit(`ip:${i}`, limit, t0);
    // The 101st key finds the map full: keys 0-9 go, the 90 newer ones stay.
    await hit("ip:new", limit, t0);
    for (const forgotten of ["ip:0", "ip:9"]) {
      for (let n = 0; n < 3; n++) await hit(forgotten, limit, t0);
    }
    for (const kept of ["ip:10", "ip:99"]) {
      await expect(hit(kept, limit, t0)).rejects.toMatchObject({ status: 429 });
    }
  });
});
