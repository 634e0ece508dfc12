import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providers } from "../../db/schema.ts";
import { createProvider } from "../../db/seed/factories.ts";
import { SEED_CATEGORIES } from "../../db/seed/categories.ts";
import { reindexProvider } from "../../db/queries/search-index.ts";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "../../src/lib/schemas.ts";
import type { ProviderPublic } from "../../src/lib/types.ts";
import { slugify } from "../../src/lib/slug.ts";
import { makeTestApp, type TestApp } from "../helpers/app.ts";

let t: TestApp;
let surgicalId: string;
let cncId: string;
let hiddenId: string;
let textileId: string;
const SECRET_EMAIL = "owner-secret@example.pk";
// Stored as '+923001234567'; neither that nor the local form may leak.
const SECRET_PHONE = "0300-1234567";
const SECRET_SITE = "https://secret-site.example.pk";

beforeAll(async () => {
  // 60 deterministic demo providers for volume, plus a few we know by heart.
  t = await makeTestApp({ providers: 60 });
  const [a, b, c] = SEED_CATEGORIES;
  surgicalId = await createProvider(t.db, {
    companyName: "Zephyr Surgical Works",
    city: "Sialkot",
    address: "Small Industries Estate",
    description: "Stainless steel forceps and scissors for export.",
    email: SECRET_EMAIL,
    phone: SECRET_PHONE,
    website: SECRET_SITE,
    isVerified: true,
    services: [
      { categoryId: a!.id, name: "Forceps box of 50", pricePkr: 18000 },
      { categoryId: a!.id, name: "Scissors", pricePkr: 9500 },
      { categoryId: b!.id, name: "Sterilisation trays", pricePkr: 4200 },
    ],
    gallery: ["/media/providers/x/gallery/1_a.jpg"],
  });
  cncId = await createProvider(t.db, {
    companyName: "Quasar Precision Engineering",
    city: "Lahore",
    address: "Kot Lakhpat",
    description: "Zephyrine turning and milling.",
    email: SECRET_EMAIL,
    phone: SECRET_PHONE,
    services: [{ categoryId: c!.id, name: "Turning per 100 parts", pricePkr: 25000 }],
  });
  hiddenId = await createProvider(t.db, {
    companyName: "Zephyr Hidden Traders",
    city: "Sialkot",
    isActive: false,
    services: [{ categoryId: a!.id, name: "Hidden service", pricePkr: 100 }],
  });
  textileId = await createProvider(t.db, {
    companyName: "Xylo Textile Mills",
    city: "Faisalabad",
    services: [],
  });
});
afterAll(() => t.close());

async function getJson(path: string) {
  const res = await t.app.request(path);
  const text = await res.text();
  return { res, text, body: text ? JSON.parse(text) : null };
}

function expectNoContact(text: string) {
  expect(text).not.toContain(SECRET_EMAIL);
  expect(text).not.toContain("+923001234567");
  expect(text).not.toContain("0300 1234567");
  expect(text).not.toContain("3001234567");
  expect(text).not.toContain(SECRET_SITE);
  expect(text).not.toMatch(/"(email|phone|website)"\s*:/);
}

describe("GET /api/health", () => {
  it("answers 200 {ok:true}", async () => {
    const { res, body } = await getJson("/api/health");
    expect(res.status).toBe(200);
    expect(body).toEqual({ ok: true });
  });
});

describe("GET /api/service-categories", () => {
  it("lists every category with id, name, description and icon, by name", async () => {
    const { res, body } = await getJson("/api/service-categories");
    expect(res.status).toBe(200);
    expect(body).toHaveLength(SEED_CATEGORIES.length);
    const names = body.map((c: { name: string }) => c.name);
    expect(names).toEqual([...names].sort((x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0)));
    for (const c of body) {
      expect(c).toEqual({
        id: expect.any(String),
        name: expect.any(String),
        nameUr: expect.any(String),
        slug: expect.any(String),
        description: expect.any(String),
        descriptionUr: expect.any(String),
        icon: expect.stringMatching(/^icon-[a-z0-9-]+$/),
      });
    }
  });
});

describe("GET /api/providers", () => {
  it("lists active providers, first page of the default size, with paging headers", async () => {
    const { res, body } = await getJson("/api/providers");
    expect(res.status).toBe(200);
    expect(body).toHaveLength(DEFAULT_PAGE_SIZE);
    const total = Number(res.headers.get("X-Total-Count"));
    const [{ n }] = (
      await t.db.$client.execute("SELECT count(*) AS n FROM providers WHERE is_active = 1")
    ).rows as unknown as [{ n: number }];
    expect(total).toBe(Number(n));
    expect(res.headers.get("Link")).toMatch(/page=2/);
    expect(body.every((p: ProviderPublic) => p.isActive)).toBe(true);
    // Verified providers come first.
    const flags = body.map((p: ProviderPublic) => p.isVerified);
    expect(flags).toEqual([...flags].sort((x: boolean, y: boolean) => Number(y) - Number(x)));
  });

  it("pages through every active provider exactly once", async () => {
    const seen = new Set<string>();
    let page = 1;
    let total: number;
    for (;;) {
      const { res, body } = await getJson(`/api/providers?limit=${MAX_PAGE_SIZE}&page=${page}`);
      expect(res.status).toBe(200);
      total = Number(res.headers.get("X-Total-Count"));
      for (const p of body) seen.add(p.id);
      if (!res.headers.get("Link")) break;
      page++;
    }
    expect(seen.size).toBe(total);
    expect(seen.has(hiddenId)).toBe(false);
  });

  it.each([
    ["a city", () => "city=Lahore"],
    ["a category", () => `categoryId=${SEED_CATEGORIES[3]!.id}`],
    ["a city and a category", () => `city=Sialkot&categoryId=${SEED_CATEGORIES[0]!.id}`],
  ])("counts exactly the providers it lists when filtering by %s", async (_label, filter) => {
    const seen = new Set<string>();
    let total = -1;
    for (let page = 1; page < 50; page++) {
      const { res, body } = await getJson(`/api/providers?${filter()}&limit=5&page=${page}`);
      total = Number(res.headers.get("X-Total-Count"));
      for (const p of body as ProviderPublic[]) seen.add(p.id);
      if (!res.headers.get("Link")) break;
    }
    expect(seen.size).toBe(total);
  });

  it("carries services with categoryId and category, and no contact fields", async () => {
    const { text, body } = await getJson("/api/providers?search=zephyr");
    const p = body.find((x: ProviderPublic) => x.id === surgicalId);
    expect(p.services).toHaveLength(3);
    for (const s of p.services) {
      expect(s.categoryId).toEqual(expect.any(String));
      expect(s.category).toEqual({
        id: s.categoryId,
        name: expect.any(String),
        nameUr: expect.any(String),
        slug: expect.any(String),
      });
    }
    expectNoContact(text);
  });

  it("searches by prefix of the company name and hides inactive providers", async () => {
    const { body } = await getJson("/api/providers?search=zeph");
    const ids = body.map((p: ProviderPublic) => p.id);
    expect(ids[0]).toBe(surgicalId); // name match ranks above a description match
    expect(ids).toContain(cncId); // "Zephyrine" in its description
    expect(ids).not.toContain(hiddenId);
  });

  it("searches service and category names", async () => {
    const byService = await getJson("/api/providers?search=sterilisation trays");
    expect(byService.body.map((p: ProviderPublic) => p.id)).toEqual([surgicalId]);
    const category = SEED_CATEGORIES[2]!;
    const byCategory = await getJson(
      `/api/providers?search=${encodeURIComponent(category.name)}&limit=100`,
    );
    expect(byCategory.body.map((p: ProviderPublic) => p.id)).toContain(cncId);
  });

  it("filters by city name or slug", async () => {
    for (const city of ["Sialkot", "sialkot", "SIALKOT"]) {
      const { res, body } = await getJson(`/api/providers?city=${city}&limit=100`);
      expect(res.status).toBe(200);
      expect(body.length).toBeGreaterThan(0);
      expect(body.every((p: ProviderPublic) => p.city === "Sialkot")).toBe(true);
      expect(body.map((p: ProviderPublic) => p.id)).toContain(surgicalId);
    }
    const slugged = await getJson("/api/providers?city=dera-ghazi-khan");
    expect(slugged.res.status).toBe(200);
  });

  it("filters by category id", async () => {
    const category = SEED_CATEGORIES[1]!;
    const { body } = await getJson(`/api/providers?categoryId=${category.id}&limit=100`);
    expect(body.map((p: ProviderPublic) => p.id)).toContain(surgicalId);
    for (const p of body as ProviderPublic[]) {
      expect(p.services.some((s) => s.categoryId === category.id)).toBe(true);
    }
  });

  it("combines text, city and category inside the index", async () => {
    const a = SEED_CATEGORIES[0]!;
    const hit = await getJson(`/api/providers?search=forceps&city=Sialkot&categoryId=${a.id}`);
    expect(hit.body.map((p: ProviderPublic) => p.id)).toEqual([surgicalId]);
    const wrongCity = await getJson(`/api/providers?search=forceps&city=Lahore&categoryId=${a.id}`);
    expect(wrongCity.body).toEqual([]);
    expect(wrongCity.res.headers.get("X-Total-Count")).toBe("0");
  });

  it("treats empty values as no filter, as the directory's client sends them", async () => {
    const { res, body } = await getJson("/api/providers?search=&city=&categoryId=");
    expect(res.status).toBe(200);
    expect(body).toHaveLength(DEFAULT_PAGE_SIZE);
  });

  it("survives search text full of FTS syntax", async () => {
    for (const q of ['"', "*", "AND OR NOT", "NEAR(a b)", "name:zephyr", "^x", "(((", "-", "💥"]) {
      const { res } = await getJson(`/api/providers?search=${encodeURIComponent(q)}`);
      expect(res.status).toBe(200);
    }
  });

  it.each([
    ["limit=0", /limit must be a whole number from 1 to 100/],
    [`limit=${MAX_PAGE_SIZE + 1}`, /limit must be a whole number from 1 to 100/],
    ["limit=ten", /limit must be a whole number from 1 to 100/],
    ["page=0", /page must be a whole number of at least 1/],
    ["page=1.5", /page must be a whole number of at least 1/],
    ["city=Atlantis", /unknown city 'Atlantis'/],
    ["categoryId=not-a-uuid", /categoryId: must be a UUID/],
    [`search=${"a".repeat(201)}`, /search must be at most 200 characters/],
  ])("answers 400 for %s", async (query, message) => {
    const { res, body } = await getJson(`/api/providers?${query}`);
    expect(res.status).toBe(400);
    expect(body.error).toMatch(message);
  });
});

describe("GET /api/providers/:id", () => {
  it("answers the public provider with services and no contact fields", async () => {
    const { res, text, body } = await getJson(`/api/providers/${surgicalId}`);
    expect(res.status).toBe(200);
    expect(body.companyName).toBe("Zephyr Surgical Works");
    expect(body.location).toBe("Sialkot — Small Industries Estate");
    expect(body.city).toBe("Sialkot");
    expect(body.isVerified).toBe(true);
    expect(body.path).toBe(
      `/pk/sialkot/${slugify(SEED_CATEGORIES[0]!.name)}/zephyr-surgical-works-${surgicalId}`,
    );
    expect(body.services.map((s: { name: string }) => s.name)).toEqual([
      "Forceps box of 50",
      "Scissors",
      "Sterilisation trays",
    ]);
    expectNoContact(text);
  });

  it.each([
    ["an inactive provider", () => hiddenId],
    ["an unknown UUID", () => "7d3f1a52-0000-4000-8000-000000000000"],
    ["a malformed id", () => "nope"],
  ])("answers 404 for %s", async (_label, id) => {
    const { res, body } = await getJson(`/api/providers/${id()}`);
    expect(res.status).toBe(404);
    expect(body).toEqual({ error: "Provider not found" });
  });

  it("lists services and gallery", async () => {
    const services = await getJson(`/api/providers/${surgicalId}/services`);
    expect(services.res.status).toBe(200);
    expect(services.body).toHaveLength(3);
    expect(services.body[0].category.name).toBe(SEED_CATEGORIES[0]!.name);
    const gallery = await getJson(`/api/providers/${surgicalId}/gallery`);
    expect(gallery.res.status).toBe(200);
    expect(gallery.body).toEqual([
      {
        id: expect.any(String),
        providerId: surgicalId,
        imageUrl: "/media/providers/x/gallery/1_a.jpg",
        createdAt: expect.any(String),
      },
    ]);
    const empty = await getJson(`/api/providers/${textileId}/gallery`);
    expect(empty.body).toEqual([]);
    expect((await getJson(`/api/providers/${hiddenId}/services`)).res.status).toBe(404);
    expect((await getJson(`/api/providers/${hiddenId}/gallery`)).res.status).toBe(404);
  });
});

describe("unknown API paths", () => {
  it("answer 404 JSON", async () => {
    const { res, body } = await getJson("/api/nothing-here");
    expect(res.status).toBe(404);
    expect(body).toEqual({ error: "Not found" });
  });
});

describe("search index follows writes", () => {
  it("finds a renamed provider by its new name only", async () => {
    await t.db.transaction(async (tx) => {
      await tx
        .update(providers)
        .set({ companyName: "Yonder Textile Mills", slug: "yonder-textile-mills" })
        .where(eq(providers.id, textileId));
      await reindexProvider(tx, textileId);
    });
    expect(
      (await getJson("/api/providers?search=yonder")).body.map((p: ProviderPublic) => p.id),
    ).toEqual([textileId]);
    expect((await getJson("/api/providers?search=xylo")).body).toEqual([]);
  });
});
