import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCityPage } from "../../db/queries/page-data.ts";
import { loadSiteData } from "../../db/queries/site-data.ts";
import { getDataVersion } from "../../db/queries/site-meta.ts";
import {
  adminAudit,
  favorites,
  galleryImages,
  providers,
  providerSuggestions,
  services,
  users,
} from "../../db/schema.ts";
import { SEED_CATEGORIES } from "../../db/seed/categories.ts";
import { createProvider, createUser } from "../../db/seed/factories.ts";
import type { AdminProviderService } from "../../src/lib/admin-schemas.ts";
import { DEFAULT_ASSET_FILE_LIMIT } from "../../src/lib/file-budget.ts";
import { renderRootSitemap } from "../../src/lib/sitemap.ts";
import { client, clientAs, makeTestApp, SITE, type TestApp } from "../helpers/app.ts";
import { jpeg } from "../helpers/images.ts";

const [CAT1, CAT2, CAT3] = SEED_CATEGORIES;
const UNKNOWN = "0b7c3f2e-1111-4222-8333-444455556666";

let t: TestApp;
let adminId: string;
let admin: Awaited<ReturnType<typeof clientAs>>;
let customer: Awaited<ReturnType<typeof clientAs>>;
let ts = Date.UTC(2026, 0, 1);

beforeAll(async () => {
  t = await makeTestApp();
  adminId = await createUser(t.db, { email: "admin@example.pk", role: "admin" });
  admin = await clientAs(t, adminId);
  customer = await clientAs(t, await createUser(t.db, { email: "cust@example.pk" }));
});
afterAll(() => t.close());

/** A provider made "later" than every earlier one, so newest-first is known. */
async function provider(input: Parameters<typeof createProvider>[1]): Promise<string> {
  const id = await createProvider(t.db, { city: "Lahore", ...input });
  await t.db
    .update(providers)
    .set({ createdAt: new Date(++ts) })
    .where(eq(providers.id, id));
  return id;
}

async function auditFor(targetId: string) {
  return t.db
    .select()
    .from(adminAudit)
    .where(eq(adminAudit.targetId, targetId))
    .orderBy(sql`${adminAudit}.rowid`);
}

async function row(id: string) {
  const [r] = await t.db.select().from(providers).where(eq(providers.id, id));
  return r;
}

/** Ids GET /api/providers?search= finds, as anyone sees them. */
async function search(text: string): Promise<string[]> {
  const r = await t.app.request(`/api/providers?search=${encodeURIComponent(text)}`);
  expect(r.status).toBe(200);
  return ((await r.json()) as { id: string }[]).map((p) => p.id);
}

/** Ids in the unfiltered public listing (all pages). */
async function listed(): Promise<string[]> {
  const r = await t.app.request(`/api/providers?limit=100`);
  return ((await r.json()) as { id: string }[]).map((p) => p.id);
}

/** What the build would render: its plan, the pages every build writes, and the sitemap. */
async function inBuild(id: string): Promise<boolean> {
  const data = await loadSiteData(t.db, DEFAULT_ASSET_FILE_LIMIT);
  const rows = [
    ...data.country.providers,
    ...(await Promise.all(data.plan.cities.map((c) => loadCityPage(t.db, c)))).flatMap(
      (page) => page.providers,
    ),
  ];
  const inData = rows.some((p) => p.id === id) || data.plan.providers.some((p) => p.id === id);
  const inSitemap = renderRootSitemap(SITE, data.sitemap).includes(id);
  return inData || inSitemap;
}

async function publicStatus(id: string): Promise<number> {
  return (await t.app.request(`/api/providers/${id}`)).status;
}

/** The data version and dirty marks before an action, to compare after it. */
async function mark() {
  return { dirty: t.dirty.length, version: await getDataVersion(t.db) };
}
async function expectPublished(before: { dirty: number; version: number }) {
  expect(t.dirty.length).toBe(before.dirty + 1);
  expect(await getDataVersion(t.db)).toBeGreaterThan(before.version);
}
async function expectUntouched(before: { dirty: number; version: number }) {
  expect(t.dirty.length).toBe(before.dirty);
  expect(await getDataVersion(t.db)).toBe(before.version);
}

const ids = (body: { id: string }[]) => body.map((p) => p.id);

describe("POST /api/admin/providers", () => {
  it("creates an active, unverified, unclaimed provider with one service per category", async () => {
    const before = await mark();
    const r = await admin.post("/api/admin/providers", {
      companyName: "  Quillon Metal Works ",
      location: "Lahore — 12 Ferozepur Road",
      email: "Sales@Quillon.example.pk",
      phone: "0300 1234567",
      website: "www.quillon.example.pk",
      description: "Sheet metal and fabrication.",
      ownerEmail: "nobody-yet@example.pk",
      categoryIds: [CAT2!.id, CAT1!.id.toUpperCase(), CAT2!.id],
    });
    expect(r.status, r.text).toBe(201);
    const id = r.body.id as string;
    expect(r.body).toMatchObject({
      id,
      companyName: "Quillon Metal Works",
      slug: "quillon-metal-works",
      location: "Lahore — 12 Ferozepur Road",
      city: "Lahore",
      description: "Sheet metal and fabrication.",
      email: "sales@quillon.example.pk",
      phone: "+923001234567",
      // A new listing with a mobile number: on WhatsApp unless said otherwise.
      phoneOnWhatsapp: true,
      website: "https://www.quillon.example.pk",
      pricePkr: null,
      isActive: true,
      isVerified: false,
      isSuggested: false,
      userId: null,
      ownerEmail: null,
      path: `/providers/quillon-metal-works-${id}`,
    });
    expect(r.body.createdAt).toBe(r.body.updatedAt);
    // One service per category, in the admin's order, named after it, not priced.
    expect(
      r.body.services.map((s: AdminProviderService) => [
        s.categoryId,
        s.categoryName,
        s.name,
        s.pricePkr,
      ]),
    ).toEqual([
      [CAT2!.id, CAT2!.name, CAT2!.name, null],
      [CAT1!.id, CAT1!.name, CAT1!.name, null],
    ]);
    expect(r.body.services.every((s: { isActive: boolean }) => s.isActive)).toBe(true);

    const audit = await auditFor(id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: adminId,
      action: "provider.create",
      targetType: "provider",
      before: null,
      after: { companyName: "Quillon Metal Works", userId: null, isActive: true },
    });
    await expectPublished(before);
    expect(await search("Quillon")).toEqual([id]);
    expect(await publicStatus(id)).toBe(200);
    expect(await inBuild(id)).toBe(true);
    // Anyone can read the public view; the contact fields stay for signed-in users.
    const pub = await client(t).get(`/api/providers/${id}`);
    expect(pub.body.email).toBeUndefined();
  });

  it("links an existing user by email and makes a customer a provider", async () => {
    const owner = await createUser(t.db, { email: "future.owner@example.pk" });
    const r = await admin.post("/api/admin/providers", {
      companyName: "Owner Linked Looms",
      location: "Faisalabad",
      ownerEmail: "Future.Owner@Example.PK",
    });
    expect(r.status, r.text).toBe(201);
    expect(r.body).toMatchObject({
      userId: owner,
      ownerEmail: "future.owner@example.pk",
      services: [],
      city: "Faisalabad",
    });
    const [u] = await t.db.select().from(users).where(eq(users.id, owner));
    expect(u!.role).toBe("provider");
    expect(await auditFor(owner)).toMatchObject([
      {
        action: "user.role",
        targetType: "user",
        before: { role: "customer" },
        after: { role: "provider", providerId: r.body.id },
      },
    ]);
    // The owner sees it as theirs at once.
    const them = await clientAs(t, owner);
    const mine = await them.get("/api/my-provider");
    expect(mine.status).toBe(200);
    expect(mine.body.id).toBe(r.body.id);
  });

  it("keeps an admin owner an admin", async () => {
    const other = await createUser(t.db, { email: "admin-owner@example.pk", role: "admin" });
    const r = await admin.post("/api/admin/providers", {
      companyName: "Admin Owned",
      location: "Karachi",
      ownerEmail: "admin-owner@example.pk",
    });
    expect(r.status).toBe(201);
    expect(r.body.userId).toBe(other);
    const [u] = await t.db.select().from(users).where(eq(users.id, other));
    expect(u!.role).toBe("admin");
    expect(await auditFor(other)).toEqual([]);
  });

  it("refuses a user who owns a provider already (409), creating nothing", async () => {
    const owner = await createUser(t.db, { email: "has-one@example.pk", role: "provider" });
    await provider({ companyName: "Existing Shop", userId: owner });
    const count = (await t.db.select().from(providers)).length;
    const before = await mark();
    const r = await admin.post("/api/admin/providers", {
      companyName: "Second Shop",
      location: "Lahore",
      ownerEmail: "has-one@example.pk",
    });
    expect(r.status).toBe(409);
    expect(r.body).toEqual({ error: "This user already has a provider profile" });
    expect((await t.db.select().from(providers)).length).toBe(count);
    await expectUntouched(before);
  });

  it("refuses unknown categories (400), creating nothing", async () => {
    const count = (await t.db.select().from(providers)).length;
    const r = await admin.post("/api/admin/providers", {
      companyName: "Ghost Category Co",
      location: "Lahore",
      categoryIds: [CAT1!.id, UNKNOWN],
    });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ error: "Unknown category" });
    expect((await t.db.select().from(providers)).length).toBe(count);
    expect(await search("Ghost")).toEqual([]);
  });

  it("checks the fields with the messages the admin form shows", async () => {
    const bad: [unknown, string][] = [
      [{ location: "Lahore" }, "companyName: Company name is required"],
      [{ companyName: "   ", location: "Lahore" }, "companyName: Company name is required"],
      [{ companyName: "X" }, "location: Location is required"],
      [{ companyName: "X", location: " " }, "location: Location is required"],
      [
        { companyName: "x".repeat(201), location: "Lahore" },
        "companyName: Company name must be at most 200 characters",
      ],
      [
        { companyName: "X", location: "Lahore", email: "nope" },
        "email: Email must be a valid email address",
      ],
      [
        { companyName: "X", location: "Lahore", ownerEmail: "nope" },
        "ownerEmail: Email must be a valid email address",
      ],
      [
        { companyName: "X", location: "Lahore", phone: "call me" },
        "phone: Phone may only contain digits, spaces, + ( ) and -",
      ],
      [
        { companyName: "X", location: "Lahore", website: "ftp://x.example.pk" },
        "website: Website must be a web address (https://…)",
      ],
      [
        { companyName: "X", location: "Lahore", categoryIds: ["dyeing"] },
        "categoryIds.0: categoryIds must be category ids",
      ],
      [
        { companyName: "X", location: "Lahore", categoryIds: "dyeing" },
        "categoryIds: categoryIds must be a list of category ids",
      ],
    ];
    for (const [body, error] of bad) {
      const r = await admin.post("/api/admin/providers", body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body).toEqual({ error });
    }
  });

  it("treats empty optional fields as not given", async () => {
    const r = await admin.post("/api/admin/providers", {
      companyName: "Blank Fields Co",
      location: "Multan",
      email: "",
      phone: "",
      website: "",
      ownerEmail: "",
      description: "",
    });
    expect(r.status, r.text).toBe(201);
    expect(r.body).toMatchObject({
      email: null,
      phone: null,
      website: null,
      userId: null,
      description: "",
    });
  });
});

describe("GET /api/admin/providers", () => {
  // Names carry "Zeplist" so these tests see only their own rows.
  let oldest: string;
  let inactive: string;
  let verified: string;
  let suggested: string;
  let owned: string;
  let percent: string;
  let underscore: string;
  let newest: string;
  let ownerId: string;
  beforeAll(async () => {
    ownerId = await createUser(t.db, { email: "zeplist.owner@example.pk", role: "provider" });
    oldest = await provider({
      companyName: "Zeplist Oldest Textiles",
      city: "Karachi",
      address: "SITE Area",
      email: "hello@oldest.example.pk",
      services: [
        { categoryId: CAT1!.id, name: "Dyeing", pricePkr: 100 },
        { categoryId: CAT2!.id, name: "Weaving", pricePkr: 200 },
      ],
    });
    await t.db
      .update(services)
      .set({ isActive: false })
      .where(and(eq(services.providerId, oldest), eq(services.name, "Weaving")));
    inactive = await provider({ companyName: "Zeplist Sleeping Mill", isActive: false });
    verified = await provider({ companyName: "Zeplist Trusted Forge", isVerified: true });
    suggested = await provider({ companyName: "Zeplist Suggested Co", isSuggested: true });
    owned = await provider({ companyName: "Zeplist Owned Works", userId: ownerId });
    percent = await provider({ companyName: "Zeplist 100% Cotton" });
    underscore = await provider({ companyName: "Zeplist a_b Traders" });
    newest = await provider({ companyName: "Zeplist 1000 Cotton", city: "Quetta" });
  });

  const list = async (query: string) => {
    const r = await admin.get(`/api/admin/providers?${query}`);
    expect(r.status, r.text).toBe(200);
    return r;
  };

  it("lists every provider newest first, active or not, with the paging headers", async () => {
    const r = await list("q=zeplist");
    expect(ids(r.body)).toEqual([
      newest,
      underscore,
      percent,
      owned,
      suggested,
      verified,
      inactive,
      oldest,
    ]);
    expect(r.res.headers.get("X-Total-Count")).toBe("8");
    expect(r.res.headers.get("X-Page")).toBe("1");
    expect(r.res.headers.get("X-Per-Page")).toBe("20");
    const first = r.body.find((p: { id: string }) => p.id === oldest);
    expect(first).toMatchObject({
      companyName: "Zeplist Oldest Textiles",
      location: "Karachi — SITE Area",
      city: "Karachi",
      email: "hello@oldest.example.pk",
      isActive: true,
      ownerEmail: null,
      path: `/providers/zeplist-oldest-textiles-${oldest}`,
    });
    // Inactive services too, each with its category's name.
    expect(
      first.services.map((s: { name: string; isActive: boolean; categoryName: string }) => [
        s.name,
        s.isActive,
        s.categoryName,
      ]),
    ).toEqual([
      ["Dyeing", true, CAT1!.name],
      ["Weaving", false, CAT2!.name],
    ]);
    expect(r.body.find((p: { id: string }) => p.id === owned)).toMatchObject({
      userId: ownerId,
      ownerEmail: "zeplist.owner@example.pk",
    });
    // Without a query: everything, newest first.
    const all = await list("");
    expect(Number(all.res.headers.get("X-Total-Count"))).toBe(
      (await t.db.select().from(providers)).length,
    );
    expect(all.body[0].createdAt >= all.body[1].createdAt).toBe(true);
  });

  it("pages with page and limit", async () => {
    const p1 = await list("q=zeplist&limit=3");
    expect(ids(p1.body)).toEqual([newest, underscore, percent]);
    expect(p1.res.headers.get("Link")).toBe(
      '</api/admin/providers?q=zeplist&limit=3&page=2>; rel="next"',
    );
    const p3 = await list("q=zeplist&limit=3&page=3");
    expect(ids(p3.body)).toEqual([inactive, oldest]);
    expect(p3.res.headers.get("X-Page")).toBe("3");
    expect(p3.res.headers.get("Link")).toBeNull();
    const past = await list("q=zeplist&limit=3&page=4");
    expect(past.body).toEqual([]);
    expect(past.res.headers.get("X-Total-Count")).toBe("8");
  });

  it("filters by status", async () => {
    const by = async (status: string) => ids((await list(`q=zeplist&status=${status}`)).body);
    expect(await by("inactive")).toEqual([inactive]);
    expect(await by("verified")).toEqual([verified]);
    expect(await by("suggested")).toEqual([suggested]);
    expect(await by("active")).toEqual([
      newest,
      underscore,
      percent,
      owned,
      suggested,
      verified,
      oldest,
    ]);
    expect(await by("unverified")).not.toContain(verified);
    expect(await by("unverified")).toHaveLength(7);
    expect(await by("all")).toHaveLength(8);
    const counted = await list("q=zeplist&status=active&limit=1");
    expect(counted.res.headers.get("X-Total-Count")).toBe("7");
  });

  it("searches name, location and contact email anywhere, ignoring case", async () => {
    const q = async (text: string) => ids((await list(`q=${encodeURIComponent(text)}`)).body);
    expect(await q("OLDEST TEXTILES")).toEqual([oldest]);
    expect(await q("site area")).toEqual([oldest]);
    expect(await q("@oldest.example")).toEqual([oldest]);
    expect(await q("quetta")).toEqual([newest]);
    expect(await q("sleeping")).toEqual([inactive]);
    expect(await q("zzzz-nomatch")).toEqual([]);
  });

  it("finds a provider by its exact id", async () => {
    expect(ids((await list(`q=${owned}`)).body)).toEqual([owned]);
    expect(ids((await list(`q=${owned.toUpperCase()}`)).body)).toEqual([owned]);
    expect(ids((await list(`q=${UNKNOWN}`)).body)).toEqual([]);
    expect(ids((await list(`q=${inactive}&status=inactive`)).body)).toEqual([inactive]);
    expect(ids((await list(`q=${inactive}&status=active`)).body)).toEqual([]);
  });

  it("takes % and _ in the search literally", async () => {
    const q = async (text: string) => ids((await list(`q=${encodeURIComponent(text)}`)).body);
    expect(await q("100%")).toEqual([percent]);
    expect(await q("a_b")).toEqual([underscore]);
    expect(await q("zeplist%cotton")).toEqual([]);
    expect(await q("zeplist_1000")).toEqual([]);
    expect(await q("1000 cotton")).toEqual([newest]);
  });

  it("refuses bad query values with 400 and the reason", async () => {
    const cases: [string, string][] = [
      [
        "status=deleted",
        "Invalid query: status: status must be all, active, inactive, verified, unverified or suggested",
      ],
      ["page=-1", "Invalid query: page: page must be a whole number of at least 1"],
      ["limit=1000", "Invalid query: limit: limit must be a whole number from 1 to 100"],
      [`q=${"x".repeat(101)}`, "Invalid query: q: q must be at most 100 characters"],
    ];
    for (const [query, error] of cases) {
      const r = await admin.get(`/api/admin/providers?${query}`);
      expect(r.status, query).toBe(400);
      expect(r.body).toEqual({ error });
    }
  });

  it("is for admins only; contact details never reach anyone else", async () => {
    expect((await client(t).get("/api/admin/providers")).status).toBe(401);
    const r = await customer.get("/api/admin/providers?q=zeplist");
    expect(r.status).toBe(403);
    expect(r.text).not.toContain("hello@oldest.example.pk");
  });
});

describe("PATCH /api/admin/providers/{id}/details", () => {
  it("edits the details: slug follows the name, city the location, phone E.164, WhatsApp as set", async () => {
    const id = await provider({
      companyName: "Vellum Press",
      city: "Lahore",
      email: "old@vellum.example.pk",
      website: "https://vellum.example.pk",
      phone: "+92 300 1111111",
      services: [{ categoryId: CAT1!.id, name: "Printing", pricePkr: 10 }],
    });
    expect(await search("Vellum")).toEqual([id]);
    const before = await mark();
    const r = await admin.patch(`/api/admin/providers/${id}/details`, {
      companyName: "Tamarind Printers",
      location: "Islamabad — Blue Area",
      phone: "0321 7654321",
      phoneOnWhatsapp: false,
      website: "",
      email: "",
      description: "Offset printing.",
      pricePkr: "2500",
    });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({
      id,
      companyName: "Tamarind Printers",
      slug: "tamarind-printers",
      location: "Islamabad — Blue Area",
      city: "Islamabad",
      phone: "+923217654321",
      phoneOnWhatsapp: false,
      website: null,
      email: null,
      description: "Offset printing.",
      pricePkr: 2500,
      path: `/providers/tamarind-printers-${id}`,
    });
    expect(r.body.updatedAt > r.body.createdAt).toBe(true);
    const audit = await auditFor(id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: adminId,
      action: "provider.update",
      before: {
        companyName: "Vellum Press",
        slug: "vellum-press",
        city: "Lahore",
        email: "old@vellum.example.pk",
        pricePkr: null,
      },
      after: {
        companyName: "Tamarind Printers",
        slug: "tamarind-printers",
        city: "Islamabad",
        email: null,
        pricePkr: 2500,
      },
    });
    await expectPublished(before);
    expect(await search("Tamarind")).toEqual([id]);
    expect(await search("Vellum")).toEqual([]);
    // Partial: only what is sent; "" clears the price.
    const again = await admin.patch(`/api/admin/providers/${id}/details`, { pricePkr: "" });
    expect(again.body).toMatchObject({ pricePkr: null, companyName: "Tamarind Printers" });
  });

  it("sending what is stored changes nothing: no audit row, no rebuild", async () => {
    const id = await provider({ companyName: "Steady Co", city: "Lahore", email: "a@steady.pk" });
    const before = await mark();
    const r = await admin.patch(`/api/admin/providers/${id}/details`, {
      companyName: "Steady Co",
      email: "A@Steady.pk",
    });
    expect(r.status).toBe(200);
    expect(await auditFor(id)).toEqual([]);
    await expectUntouched(before);
  });

  it("edits inactive providers too", async () => {
    const id = await provider({ companyName: "Dormant Dyers", isActive: false });
    const r = await admin.patch(`/api/admin/providers/${id}/details`, { description: "Closed." });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ isActive: false, description: "Closed." });
    expect(await search("Dormant")).toEqual([]);
  });

  it("checks the body", async () => {
    const id = await provider({ companyName: "Checked Co" });
    const bad: [unknown, string][] = [
      [{}, "Nothing to change: send at least one field"],
      [{ companyName: "" }, "companyName: Company name is required"],
      [{ location: "  " }, "location: Location is required"],
      [{ pricePkr: -1 }, "pricePkr: Price cannot be negative"],
      [{ pricePkr: 1.5 }, "pricePkr: Price must be whole rupees"],
      [{ email: "x@" }, "email: Email must be a valid email address"],
      [
        { description: "d".repeat(5001) },
        "description: Description must be at most 5000 characters",
      ],
    ];
    for (const [body, error] of bad) {
      const r = await admin.patch(`/api/admin/providers/${id}/details`, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body).toEqual({ error });
    }
    expect((await row(id))!.companyName).toBe("Checked Co");
  });

  it("answers 404 for unknown or malformed ids", async () => {
    const r = await admin.patch(`/api/admin/providers/${UNKNOWN}/details`, { description: "x" });
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ error: "Provider not found" });
    expect(
      (await admin.patch(`/api/admin/providers/nope/details`, { description: "x" })).status,
    ).toBe(404);
  });
});

describe("PATCH /api/admin/providers/{id}", () => {
  it("deactivating takes a provider out of search, listings, its page and the build", async () => {
    const id = await provider({
      companyName: "Flicker Fabrics",
      city: "Lahore",
      services: [{ categoryId: CAT3!.id, name: "Knitting", pricePkr: 5 }],
      gallery: ["https://images.example.pk/flicker.jpg"],
    });
    expect(await search("Flicker")).toEqual([id]);
    expect(await listed()).toContain(id);
    expect(await inBuild(id)).toBe(true);

    const before = await mark();
    const r = await admin.patch(`/api/admin/providers/${id}`, { is_active: false });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ id, isActive: false, isVerified: false });
    expect(await auditFor(id)).toMatchObject([
      {
        actorId: adminId,
        action: "provider.deactivate",
        targetType: "provider",
        before: { isActive: true },
        after: { isActive: false },
      },
    ]);
    await expectPublished(before);
    expect(await search("Flicker")).toEqual([]);
    expect(await search("Knitting Flicker")).toEqual([]);
    expect(await listed()).not.toContain(id);
    expect(await publicStatus(id)).toBe(404);
    expect((await t.app.request(`/api/providers/${id}/services`)).status).toBe(404);
    expect((await t.app.request(r.body.path)).status).toBe(404);
    expect(await inBuild(id)).toBe(false);
    // It stays in the admin list.
    expect(ids((await admin.get(`/api/admin/providers?q=${id}`)).body)).toEqual([id]);

    // Twice: nothing more happens.
    const twice = await mark();
    const again = await admin.patch(`/api/admin/providers/${id}`, { is_active: false });
    expect(again.status).toBe(200);
    expect(again.body.isActive).toBe(false);
    expect(await auditFor(id)).toHaveLength(1);
    await expectUntouched(twice);

    // And back.
    const on = await admin.patch(`/api/admin/providers/${id}`, { is_active: true });
    expect(on.body.isActive).toBe(true);
    expect((await auditFor(id)).map((a) => a.action)).toEqual([
      "provider.deactivate",
      "provider.activate",
    ]);
    expect(await search("Flicker")).toEqual([id]);
    expect(await publicStatus(id)).toBe(200);
    expect(await inBuild(id)).toBe(true);
  });

  it("verifies and unverifies, and sets both flags in one call", async () => {
    const id = await provider({ companyName: "Badge Brass" });
    const before = await mark();
    const v = await admin.patch(`/api/admin/providers/${id}`, { is_verified: true });
    expect(v.status).toBe(200);
    expect(v.body.isVerified).toBe(true);
    await expectPublished(before);
    const pub = await client(t).get(`/api/providers/${id}`);
    expect(pub.body.isVerified).toBe(true);
    const both = await admin.patch(`/api/admin/providers/${id}`, {
      is_verified: false,
      is_active: false,
    });
    expect(both.body).toMatchObject({ isVerified: false, isActive: false });
    expect((await auditFor(id)).map((a) => [a.action, a.before, a.after])).toEqual([
      ["provider.verify", { isVerified: false }, { isVerified: true }],
      ["provider.deactivate", { isActive: true }, { isActive: false }],
      ["provider.unverify", { isVerified: true }, { isVerified: false }],
    ]);
    // Only the flag that changes is recorded.
    await admin.patch(`/api/admin/providers/${id}`, { is_verified: false, is_active: true });
    expect((await auditFor(id)).map((a) => a.action).slice(3)).toEqual(["provider.activate"]);
  });

  it("checks the body", async () => {
    const id = await provider({ companyName: "Flag Check" });
    const bad: [unknown, string][] = [
      [{}, "Send is_active or is_verified"],
      [{ isActive: false }, "Send is_active or is_verified"],
      [{ is_active: "false" }, "is_active: is_active must be true or false"],
      [{ is_verified: 1 }, "is_verified: is_verified must be true or false"],
    ];
    for (const [body, error] of bad) {
      const r = await admin.patch(`/api/admin/providers/${id}`, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body).toEqual({ error });
    }
    expect((await row(id))!.isActive).toBe(true);
  });

  it("answers 404 for unknown or malformed ids", async () => {
    expect(
      (await admin.patch(`/api/admin/providers/${UNKNOWN}`, { is_active: false })).status,
    ).toBe(404);
    expect((await admin.patch(`/api/admin/providers/x-y`, { is_active: false })).status).toBe(404);
  });

  it("is for admins only", async () => {
    const id = await provider({ companyName: "Guarded Flags" });
    expect((await client(t).patch(`/api/admin/providers/${id}`, { is_active: false })).status).toBe(
      401,
    );
    expect((await customer.patch(`/api/admin/providers/${id}`, { is_active: false })).status).toBe(
      403,
    );
    expect((await row(id))!.isActive).toBe(true);
  });
});

describe("DELETE /api/admin/providers/{id}", () => {
  const key = (...parts: string[]) => parts.join("/");

  it("deletes the provider and everything hanging off it, rows and blobs", async () => {
    const ownerId = await createUser(t.db, { email: "doomed.owner@example.pk", role: "provider" });
    const id = crypto.randomUUID();
    const cover = key("providers", ownerId, "cover_1.jpg");
    const logo = key("providers", ownerId, "logo_1.jpg");
    const galleryA = key("providers", id, "gallery", "1_a.jpg");
    const galleryB = key("providers", id, "gallery", "2_b.jpg");
    for (const k of [cover, logo, galleryA, galleryB]) await t.blobs.put(k, jpeg(), "image/jpeg");
    await provider({
      id,
      companyName: "Doomed Dyeworks",
      userId: ownerId,
      coverImageUrl: `/media/${cover}`,
      logoUrl: `/media/${logo}`,
      services: [
        { categoryId: CAT1!.id, name: "Dyeing", pricePkr: 1 },
        { categoryId: CAT2!.id, name: "Bleaching", pricePkr: 2 },
      ],
      // Without a blob key: found from the URL.
      gallery: [`/media/${galleryA}`],
    });
    // With a blob key, as POST /api/providers/gallery stores it.
    await t.db.insert(galleryImages).values({
      id: crypto.randomUUID(),
      providerId: id,
      imageUrl: `/media/${galleryB}`,
      blobKey: galleryB,
    });
    expect((await customer.post(`/api/favorites/${id}`)).status).toBe(200);
    const suggestionId = crypto.randomUUID();
    await t.db.insert(providerSuggestions).values({
      id: suggestionId,
      name: "Doomed Dyeworks",
      city: "Lahore",
      categoryIds: [CAT1!.id],
      contact: "0300 1234567",
      status: "approved",
      providerId: id,
    });
    expect(await search("Doomed")).toEqual([id]);

    const before = await mark();
    const r = await admin.del(`/api/admin/providers/${id}`);
    expect(r.status, r.text).toBe(200);
    expect(r.body).toEqual({ id, deleted: true });

    // Nothing left in any table.
    expect(await row(id)).toBeUndefined();
    expect(await t.db.select().from(services).where(eq(services.providerId, id))).toEqual([]);
    expect(await t.db.select().from(galleryImages).where(eq(galleryImages.providerId, id))).toEqual(
      [],
    );
    expect(await t.db.select().from(favorites).where(eq(favorites.providerId, id))).toEqual([]);
    const fts = await t.db.all<{ n: number }>(
      sql`SELECT count(*) AS n FROM provider_search WHERE provider_id = ${id}`,
    );
    expect(fts[0]!.n).toBe(0);
    const [s] = await t.db
      .select()
      .from(providerSuggestions)
      .where(eq(providerSuggestions.id, suggestionId));
    expect(s).toMatchObject({ status: "approved", providerId: null });
    // Every row of every table that could point at it.
    for (const table of ["services", "gallery_images", "favorites", "provider_suggestions"]) {
      const left = await t.db.all<{ n: number }>(
        sql`SELECT count(*) AS n FROM ${sql.identifier(table)} WHERE provider_id = ${id}`,
      );
      expect(left[0]!.n, table).toBe(0);
    }
    // …and the blobs.
    for (const k of [cover, logo, galleryA, galleryB]) expect(await t.blobs.get(k), k).toBeNull();

    // Gone from the public API, the pages and the build.
    expect(await search("Doomed")).toEqual([]);
    expect(await listed()).not.toContain(id);
    expect(await publicStatus(id)).toBe(404);
    expect((await t.app.request(`/providers/doomed-dyeworks-${id}`)).status).toBe(404);
    expect(await inBuild(id)).toBe(false);
    expect(
      (await customer.get("/api/favorites")).body.map((p: { id: string }) => p.id),
    ).not.toContain(id);

    // The audit row keeps a snapshot.
    const audit = await auditFor(id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: adminId,
      action: "provider.delete",
      targetType: "provider",
      after: null,
      before: {
        id,
        companyName: "Doomed Dyeworks",
        userId: ownerId,
        ownerEmail: "doomed.owner@example.pk",
        coverImageUrl: `/media/${cover}`,
        logoUrl: `/media/${logo}`,
        favoritedBy: 1,
        suggestionIds: [suggestionId],
      },
    });
    expect((audit[0]!.before as { services: unknown[] }).services).toHaveLength(2);
    expect((audit[0]!.before as { gallery: unknown[] }).gallery).toHaveLength(2);
    await expectPublished(before);

    // The owner keeps their account and role, and may set up a new profile.
    const [u] = await t.db.select().from(users).where(eq(users.id, ownerId));
    expect(u!.role).toBe("provider");
    const them = await clientAs(t, ownerId);
    expect((await them.get("/api/my-provider")).status).toBe(404);

    // Deleting again: 404, nothing more.
    const again = await admin.del(`/api/admin/providers/${id}`);
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ error: "Provider not found" });
    expect(await auditFor(id)).toHaveLength(1);
  });

  it("keeps a blob another provider still shows", async () => {
    const ownerId = await createUser(t.db, { email: "sharer@example.pk", role: "provider" });
    const shared = key("providers", ownerId, "logo_7.jpg");
    await t.blobs.put(shared, jpeg(), "image/jpeg");
    const doomed = await provider({ companyName: "Sharing One", logoUrl: `/media/${shared}` });
    const keeper = await provider({ companyName: "Sharing Two", logoUrl: `/media/${shared}` });
    expect((await admin.del(`/api/admin/providers/${doomed}`)).status).toBe(200);
    expect(await t.blobs.get(shared)).not.toBeNull();
    expect((await row(keeper))!.logoUrl).toBe(`/media/${shared}`);
  });

  it("leaves other providers' rows alone", async () => {
    const a = await provider({
      companyName: "Neighbour Alpha",
      services: [{ categoryId: CAT1!.id, name: "Alpha", pricePkr: 1 }],
      gallery: ["https://images.example.pk/alpha.jpg"],
    });
    const b = await provider({
      companyName: "Neighbour Beta",
      services: [{ categoryId: CAT1!.id, name: "Beta", pricePkr: 1 }],
    });
    await customer.post(`/api/favorites/${b}`);
    expect((await admin.del(`/api/admin/providers/${a}`)).status).toBe(200);
    expect(await t.db.select().from(services).where(eq(services.providerId, b))).toHaveLength(1);
    expect(await t.db.select().from(favorites).where(eq(favorites.providerId, b))).toHaveLength(1);
    expect(await search("Neighbour")).toEqual([b]);
  });

  it("answers 404 for unknown or malformed ids and 401/403 for non-admins", async () => {
    expect((await admin.del(`/api/admin/providers/${UNKNOWN}`)).status).toBe(404);
    expect((await admin.del(`/api/admin/providers/123`)).status).toBe(404);
    const id = await provider({ companyName: "Not Yours To Delete" });
    expect((await client(t).del(`/api/admin/providers/${id}`)).status).toBe(401);
    expect((await customer.del(`/api/admin/providers/${id}`)).status).toBe(403);
    expect(await row(id)).toBeDefined();
  });
});

describe("provider services (admin)", () => {
  it("POST adds a service in the category, named after it, not priced", async () => {
    const id = await provider({
      companyName: "Servo Fittings",
      services: [{ categoryId: CAT1!.id, name: "Existing", pricePkr: 50 }],
    });
    const before = await mark();
    const r = await admin.post(`/api/admin/providers/${id}/services`, {
      categoryId: CAT2!.id.toUpperCase(),
    });
    expect(r.status, r.text).toBe(201);
    expect(r.body.id).toBe(id);
    expect(r.body.services.map((s: { name: string }) => s.name)).toEqual(["Existing", CAT2!.name]);
    const added = r.body.services[1];
    expect(added).toMatchObject({
      categoryId: CAT2!.id,
      categoryName: CAT2!.name,
      pricePkr: null,
      isActive: true,
    });
    expect(await auditFor(id)).toMatchObject([
      {
        action: "provider.service.add",
        targetType: "provider",
        before: null,
        after: { serviceId: added.id, categoryId: CAT2!.id, name: CAT2!.name, pricePkr: null },
      },
    ]);
    await expectPublished(before);
    // The public provider and the category filter see it.
    const pub = await client(t).get(`/api/providers/${id}`);
    expect(pub.body.services.map((s: { categoryId: string }) => s.categoryId)).toContain(CAT2!.id);
    const inCat = await t.app.request(`/api/providers?categoryId=${CAT2!.id}&search=Servo`);
    expect(((await inCat.json()) as { id: string }[]).map((p) => p.id)).toEqual([id]);
  });

  it("POST refuses a category the provider offers already (409)", async () => {
    const id = await provider({
      companyName: "Double Cat",
      services: [{ categoryId: CAT1!.id, name: "Custom name", pricePkr: 5 }],
    });
    const before = await mark();
    const r = await admin.post(`/api/admin/providers/${id}/services`, { categoryId: CAT1!.id });
    expect(r.status).toBe(409);
    expect(r.body).toEqual({ error: "This provider already offers this category" });
    expect(await t.db.select().from(services).where(eq(services.providerId, id))).toHaveLength(1);
    expect(await auditFor(id)).toEqual([]);
    await expectUntouched(before);
  });

  it("POST checks the category (400) and the provider (404)", async () => {
    const id = await provider({ companyName: "Cat Checks" });
    const unknown = await admin.post(`/api/admin/providers/${id}/services`, {
      categoryId: UNKNOWN,
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ error: "Unknown category" });
    for (const body of [{}, { categoryId: "dyeing" }, { categoryId: 7 }]) {
      const r = await admin.post(`/api/admin/providers/${id}/services`, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body).toEqual({ error: "categoryId: Category is required" });
    }
    const missing = await admin.post(`/api/admin/providers/${UNKNOWN}/services`, {
      categoryId: CAT1!.id,
    });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: "Provider not found" });
    expect(await t.db.select().from(services).where(eq(services.providerId, id))).toEqual([]);
  });

  it("DELETE removes one of the provider's services", async () => {
    const id = await provider({
      companyName: "Trim Works",
      services: [
        { categoryId: CAT1!.id, name: "Keep", pricePkr: 1 },
        { categoryId: CAT3!.id, name: "Zanzibarite Removal", pricePkr: 2 },
      ],
    });
    expect(await search("Zanzibarite")).toEqual([id]);
    const [gone] = await t.db
      .select()
      .from(services)
      .where(and(eq(services.providerId, id), eq(services.categoryId, CAT3!.id)));
    const before = await mark();
    const r = await admin.del(`/api/admin/providers/${id}/services/${gone!.id}`);
    expect(r.status, r.text).toBe(200);
    expect(r.body.services.map((s: { name: string }) => s.name)).toEqual(["Keep"]);
    expect(await auditFor(id)).toMatchObject([
      {
        action: "provider.service.remove",
        before: { serviceId: gone!.id, categoryId: CAT3!.id, name: "Zanzibarite Removal" },
        after: null,
      },
    ]);
    await expectPublished(before);
    expect(await search("Zanzibarite")).toEqual([]);
    const again = await admin.del(`/api/admin/providers/${id}/services/${gone!.id}`);
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ error: "Service not found" });
  });

  it("DELETE answers 404 for another provider's service and leaves it alone", async () => {
    const mine = await provider({ companyName: "Mine Ltd" });
    const theirs = await provider({
      companyName: "Theirs Ltd",
      services: [{ categoryId: CAT1!.id, name: "Theirs", pricePkr: 1 }],
    });
    const [svc] = await t.db.select().from(services).where(eq(services.providerId, theirs));
    const before = await mark();
    const r = await admin.del(`/api/admin/providers/${mine}/services/${svc!.id}`);
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ error: "Service not found" });
    expect(await t.db.select().from(services).where(eq(services.id, svc!.id))).toHaveLength(1);
    expect(await auditFor(mine)).toEqual([]);
    await expectUntouched(before);
    expect((await admin.del(`/api/admin/providers/${mine}/services/not-a-uuid`)).status).toBe(404);
    expect((await admin.del(`/api/admin/providers/${UNKNOWN}/services/${svc!.id}`)).body).toEqual({
      error: "Provider not found",
    });
  });

  it("is for admins only", async () => {
    const id = await provider({
      companyName: "Guarded Services",
      services: [{ categoryId: CAT1!.id, name: "Guarded", pricePkr: 1 }],
    });
    const [svc] = await t.db.select().from(services).where(eq(services.providerId, id));
    const anon = client(t);
    expect(
      (await anon.post(`/api/admin/providers/${id}/services`, { categoryId: CAT2!.id })).status,
    ).toBe(401);
    expect(
      (await customer.post(`/api/admin/providers/${id}/services`, { categoryId: CAT2!.id })).status,
    ).toBe(403);
    expect((await anon.del(`/api/admin/providers/${id}/services/${svc!.id}`)).status).toBe(401);
    expect((await customer.del(`/api/admin/providers/${id}/services/${svc!.id}`)).status).toBe(403);
    expect(await t.db.select().from(services).where(eq(services.providerId, id))).toHaveLength(1);
  });
});
