import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { growthPercent } from "../../db/queries/admin.ts";
import { getDataVersion } from "../../db/queries/site-meta.ts";
import {
  adminAudit,
  providers,
  providerSuggestions,
  serviceCategories,
  services,
} from "../../db/schema.ts";
import { SEED_CATEGORIES } from "../../db/seed/categories.ts";
import { createProvider, createUser } from "../../db/seed/factories.ts";
import { createSession } from "../../functions/auth/session.ts";
import { client, clientAs, makeTestApp, type TestApp } from "../helpers/app.ts";

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

async function suggest(
  fields: Partial<typeof providerSuggestions.$inferInsert> = {},
): Promise<string> {
  const id = crypto.randomUUID();
  await t.db.insert(providerSuggestions).values({
    id,
    name: "Suggested Works",
    city: "Lahore",
    categoryIds: [CAT1!.id],
    contact: "0300 1234567",
    status: "pending",
    createdAt: new Date(++ts),
    ...fields,
  });
  return id;
}

async function suggestionRow(id: string) {
  const [row] = await t.db.select().from(providerSuggestions).where(eq(providerSuggestions.id, id));
  return row!;
}

async function auditFor(targetId: string) {
  return t.db.select().from(adminAudit).where(eq(adminAudit.targetId, targetId));
}

async function search(text: string): Promise<string[]> {
  const r = await t.app.request(`/api/providers?search=${encodeURIComponent(text)}`);
  expect(r.status).toBe(200);
  return ((await r.json()) as { id: string }[]).map((p) => p.id);
}

async function providerCount() {
  return (await t.db.select({ id: providers.id }).from(providers)).length;
}

describe("GET /api/admin/suggestions", () => {
  let pending: string;
  let rejected: string;
  beforeAll(async () => {
    pending = await suggest({
      name: "Listing Pending",
      categoryIds: [CAT2!.id, CAT1!.id],
      email: "hello@pending.example.pk",
      website: "https://pending.example.pk",
    });
    rejected = await suggest({ name: "Listing Rejected", status: "rejected" });
  });

  it("lists pending suggestions by default, with both spellings of the category ids", async () => {
    const r = await admin.get("/api/admin/suggestions");
    expect(r.status).toBe(200);
    const row = r.body.find((s: { id: string }) => s.id === pending);
    expect(row).toMatchObject({
      id: pending,
      name: "Listing Pending",
      city: "Lahore",
      categoryIds: [CAT2!.id, CAT1!.id],
      category_ids: [CAT2!.id, CAT1!.id],
      categoryId: CAT2!.id,
      categoryNames: [CAT2!.name, CAT1!.name],
      contact: "0300 1234567",
      email: "hello@pending.example.pk",
      website: "https://pending.example.pk",
      status: "pending",
    });
    expect(typeof row.createdAt).toBe("string");
    expect(r.body.every((s: { status: string }) => s.status === "pending")).toBe(true);
    expect(r.body.some((s: { id: string }) => s.id === rejected)).toBe(false);
  });

  it("filters by status, and `all` lists every status", async () => {
    const rej = await admin.get("/api/admin/suggestions?status=rejected");
    expect(rej.status).toBe(200);
    expect(rej.body.map((s: { id: string }) => s.id)).toContain(rejected);
    expect(rej.body.every((s: { status: string }) => s.status === "rejected")).toBe(true);
    const all = await admin.get("/api/admin/suggestions?status=all");
    const ids = all.body.map((s: { id: string }) => s.id);
    expect(ids).toContain(rejected);
    expect(ids).toContain(pending);
  });

  it("refuses an unknown status with 400", async () => {
    expect((await admin.get("/api/admin/suggestions?status=maybe")).status).toBe(400);
  });

  it("is for admins only", async () => {
    expect((await client(t).get("/api/admin/suggestions")).status).toBe(401);
    expect((await customer.get("/api/admin/suggestions")).status).toBe(403);
  });
});

describe("POST /api/admin/suggestions/{id}/approve", () => {
  it("creates an active suggested provider with one service per category, in one go", async () => {
    const id = await suggest({
      name: "Quetzal Fabricators",
      city: "Karachi",
      categoryIds: [CAT1!.id, CAT3!.id],
      contact: "call the office",
      email: "info@quetzal.example.pk",
      website: "https://quetzal.example.pk",
    });
    const dirty = t.dirty.length;
    const version = await getDataVersion(t.db);
    const r = await admin.post(`/api/admin/suggestions/${id}/approve`, {
      phone: "0321 7654321",
      email: "",
    });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ id, status: "approved", created: true });
    const providerId = r.body.providerId as string;

    const [p] = await t.db.select().from(providers).where(eq(providers.id, providerId));
    expect(p).toMatchObject({
      companyName: "Quetzal Fabricators",
      slug: "quetzal-fabricators",
      location: "Karachi",
      city: "Karachi",
      phone: "+923217654321",
      phoneOnWhatsapp: true,
      email: "info@quetzal.example.pk",
      website: "https://quetzal.example.pk",
      isActive: true,
      isVerified: false,
      isSuggested: true,
      userId: null,
    });
    const svc = await t.db.select().from(services).where(eq(services.providerId, providerId));
    expect(svc.map((s) => [s.categoryId, s.name, s.pricePkr]).sort()).toEqual(
      [
        [CAT1!.id, CAT1!.name, null],
        [CAT3!.id, CAT3!.name, null],
      ].sort(),
    );

    const row = await suggestionRow(id);
    expect(row).toMatchObject({ status: "approved", providerId, reviewedBy: adminId });
    expect(row.reviewedAt).toBeInstanceOf(Date);

    const audit = await auditFor(id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: adminId,
      action: "suggestion.approve",
      targetType: "suggestion",
      before: { status: "pending", providerId: null },
      after: { status: "approved", providerId },
    });

    expect(await search("Quetzal")).toEqual([providerId]);
    expect(t.dirty.length).toBe(dirty + 1);
    expect(await getDataVersion(t.db)).toBeGreaterThan(version);
  });

  it("approving twice answers the same provider and creates nothing", async () => {
    const id = await suggest({ name: "Twice Approved" });
    const first = await admin.post(`/api/admin/suggestions/${id}/approve`, {});
    expect(first.status).toBe(200);
    const count = await providerCount();
    const dirty = t.dirty.length;
    const second = await admin.post(`/api/admin/suggestions/${id}/approve`, {});
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({
      providerId: first.body.providerId,
      status: "approved",
      created: false,
    });
    expect(await providerCount()).toBe(count);
    expect(t.dirty.length).toBe(dirty);
    expect(await auditFor(id)).toHaveLength(1);
  });

  it("falls back to the suggestion's contact as phone, only when it looks like one", async () => {
    const phoneLike = await suggest({ name: "Phone Contact", contact: "042-35123456" });
    const r1 = await admin.post(`/api/admin/suggestions/${phoneLike}/approve`, {});
    const [p1] = await t.db.select().from(providers).where(eq(providers.id, r1.body.providerId));
    expect(p1).toMatchObject({ phone: "+924235123456", phoneOnWhatsapp: false });
    expect(p1!.email).toBeNull();
    expect(p1!.website).toBeNull();

    const text = await suggest({ name: "Text Contact", contact: "ask at the Mall Road shop" });
    const r2 = await admin.post(`/api/admin/suggestions/${text}/approve`, {
      website: "www.text.example.pk",
      email: "Owner@Text.example.pk",
    });
    const [p2] = await t.db.select().from(providers).where(eq(providers.id, r2.body.providerId));
    expect(p2).toMatchObject({
      phone: null,
      website: "https://www.text.example.pk",
      email: "owner@text.example.pk",
    });
  });

  it("approves a rejected suggestion, skipping categories deleted since", async () => {
    const gone = crypto.randomUUID();
    const id = await suggest({
      name: "Second Chance",
      status: "rejected",
      categoryIds: [gone, CAT2!.id],
    });
    const r = await admin.post(`/api/admin/suggestions/${id}/approve`, {});
    expect(r.status).toBe(200);
    const svc = await t.db
      .select()
      .from(services)
      .where(eq(services.providerId, r.body.providerId));
    expect(svc.map((s) => s.categoryId)).toEqual([CAT2!.id]);
  });

  it("checks the contact fields and creates nothing when they are invalid", async () => {
    const id = await suggest({ name: "Bad Fields" });
    const count = await providerCount();
    const bad = [{ email: "not-an-email" }, { website: "ftp://x.example.pk" }, { phone: "abc" }];
    for (const body of bad) {
      expect((await admin.post(`/api/admin/suggestions/${id}/approve`, body)).status).toBe(400);
    }
    expect(await providerCount()).toBe(count);
    expect((await suggestionRow(id)).status).toBe("pending");
  });

  it("answers 404 for unknown suggestions", async () => {
    expect((await admin.post(`/api/admin/suggestions/${UNKNOWN}/approve`, {})).status).toBe(404);
    expect((await admin.post(`/api/admin/suggestions/nope/approve`, {})).status).toBe(404);
  });

  it("is for admins only", async () => {
    const id = await suggest();
    expect((await client(t).post(`/api/admin/suggestions/${id}/approve`, {})).status).toBe(401);
    expect((await customer.post(`/api/admin/suggestions/${id}/approve`, {})).status).toBe(403);
    expect((await suggestionRow(id)).status).toBe("pending");
  });
});

describe("POST /api/admin/suggestions/{id}/reject", () => {
  it("rejects a pending suggestion and writes an audit row", async () => {
    const id = await suggest({ name: "To Reject" });
    const count = await providerCount();
    const r = await admin.post(`/api/admin/suggestions/${id}/reject`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ id, status: "rejected" });
    expect(await suggestionRow(id)).toMatchObject({ status: "rejected", reviewedBy: adminId });
    const audit = await auditFor(id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: "suggestion.reject",
      actorId: adminId,
      before: { status: "pending" },
      after: { status: "rejected" },
    });
    expect(await providerCount()).toBe(count);
  });

  it("answers 409 for an approved suggestion and leaves it approved", async () => {
    const id = await suggest({ name: "Approved First" });
    await admin.post(`/api/admin/suggestions/${id}/approve`, {});
    const r = await admin.post(`/api/admin/suggestions/${id}/reject`);
    expect(r.status).toBe(409);
    expect((await suggestionRow(id)).status).toBe("approved");
  });

  it("answers 404 for unknown suggestions and 401/403 for non-admins", async () => {
    expect((await admin.post(`/api/admin/suggestions/${UNKNOWN}/reject`)).status).toBe(404);
    const id = await suggest();
    expect((await client(t).post(`/api/admin/suggestions/${id}/reject`)).status).toBe(401);
    expect((await customer.post(`/api/admin/suggestions/${id}/reject`)).status).toBe(403);
    expect((await suggestionRow(id)).status).toBe("pending");
  });
});

describe("service categories (admin)", () => {
  async function categoryRow(id: string) {
    const [row] = await t.db.select().from(serviceCategories).where(eq(serviceCategories.id, id));
    return row;
  }

  it("creates a category (trimmed, slugged, icon defaults to '')", async () => {
    const dirty = t.dirty.length;
    const version = await getDataVersion(t.db);
    const r = await admin.post("/api/service-categories", {
      name: "  Quuxcraft Moulding ",
      description: " Injection moulds. ",
    });
    expect(r.status, r.text).toBe(201);
    expect(r.body).toMatchObject({
      name: "Quuxcraft Moulding",
      slug: "quuxcraft-moulding",
      description: "Injection moulds.",
      icon: "",
    });
    const list = await client(t).get("/api/service-categories");
    expect(list.body.map((c: { id: string }) => c.id)).toContain(r.body.id);
    const audit = await auditFor(r.body.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "category.create", after: r.body, before: null });
    expect(t.dirty.length).toBe(dirty + 1);
    expect(await getDataVersion(t.db)).toBeGreaterThan(version);
  });

  it("refuses a name taken in any case with 409", async () => {
    const r = await admin.post("/api/service-categories", {
      name: `  ${CAT1!.name.toUpperCase()} `,
    });
    expect(r.status).toBe(409);
    expect(r.body.error).toBe("A category with this name already exists");
  });

  it("checks the fields", async () => {
    const bad = [
      {},
      { name: "   " },
      { name: "x".repeat(81) },
      { name: "Fine", description: "x".repeat(501) },
      { name: "Fine", icon: "x".repeat(61) },
      { name: "!!!" },
    ];
    for (const body of bad) {
      const r = await admin.post("/api/service-categories", body);
      expect(r.status, JSON.stringify(body)).toBe(400);
    }
    const ok = await admin.post("/api/service-categories", {
      name: "x".repeat(80),
      description: "d".repeat(500),
      icon: "i".repeat(60),
    });
    expect(ok.status).toBe(201);
  });

  it("renames a category and reindexes the providers using it", async () => {
    const created = await admin.post("/api/service-categories", { name: "Zorblat Casting" });
    const catId = created.body.id as string;
    const providerId = await createProvider(t.db, {
      companyName: "Plain Name Co",
      city: "Lahore",
      services: [{ categoryId: catId, name: "Castings", pricePkr: 100 }],
    });
    expect(await search("Zorblat")).toEqual([providerId]);
    const dirty = t.dirty.length;
    const r = await admin.patch(`/api/service-categories/${catId}`, {
      name: "Wibbleworks Foundry",
      icon: "icon-flame",
    });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({
      id: catId,
      name: "Wibbleworks Foundry",
      slug: "wibbleworks-foundry",
      icon: "icon-flame",
    });
    expect(await search("Wibbleworks")).toEqual([providerId]);
    expect(await search("Zorblat")).toEqual([]);
    expect(t.dirty.length).toBe(dirty + 1);
    const audit = (await auditFor(catId)).find((a) => a.action === "category.update");
    expect(audit).toMatchObject({
      before: { name: "Zorblat Casting", icon: "" },
      after: { name: "Wibbleworks Foundry", icon: "icon-flame" },
    });
  });

  it("patches only what is sent, and keeps its own name in another case", async () => {
    const created = await admin.post("/api/service-categories", {
      name: "Partial Patch",
      description: "keep me",
    });
    const r = await admin.patch(`/api/service-categories/${created.body.id}`, {
      name: "PARTIAL patch",
    });
    expect(r.status).toBe(200);
    expect(await categoryRow(created.body.id)).toMatchObject({
      name: "PARTIAL patch",
      description: "keep me",
    });
  });

  it("refuses another category's name (409), empty patches (400) and unknown ids (404)", async () => {
    const created = await admin.post("/api/service-categories", { name: "Rename Target" });
    const taken = await admin.patch(`/api/service-categories/${created.body.id}`, {
      name: CAT2!.name.toLowerCase(),
    });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toBe("A category with this name already exists");
    expect((await admin.patch(`/api/service-categories/${created.body.id}`, {})).status).toBe(400);
    expect((await admin.patch(`/api/service-categories/${UNKNOWN}`, { icon: "x" })).status).toBe(
      404,
    );
  });

  it("refuses to delete a category in use, with the count", async () => {
    const created = await admin.post("/api/service-categories", { name: "Busy Category" });
    const catId = created.body.id as string;
    await createProvider(t.db, {
      companyName: "Busy Works",
      city: "Lahore",
      services: [
        { categoryId: catId, name: "One", pricePkr: 1 },
        { categoryId: catId, name: "Two", pricePkr: 2 },
      ],
    });
    const r = await admin.del(`/api/service-categories/${catId}`);
    expect(r.status).toBe(409);
    expect(r.body).toEqual({ error: "This category is used by 2 services and cannot be deleted." });
    expect(await categoryRow(catId)).toBeDefined();
    expect((await auditFor(catId)).map((a) => a.action)).toEqual(["category.create"]);
  });

  it("deletes an unused category", async () => {
    const created = await admin.post("/api/service-categories", { name: "Short Lived" });
    const catId = created.body.id as string;
    const dirty = t.dirty.length;
    const r = await admin.del(`/api/service-categories/${catId}`);
    expect(r.status).toBe(200);
    expect(await categoryRow(catId)).toBeUndefined();
    expect(t.dirty.length).toBe(dirty + 1);
    const [audit] = await t.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.targetId, catId), eq(adminAudit.action, "category.delete")));
    expect(audit).toMatchObject({ actorId: adminId, before: { name: "Short Lived" }, after: null });
    expect((await admin.del(`/api/service-categories/${catId}`)).status).toBe(404);
  });

  it("is for admins only", async () => {
    const anon = client(t);
    expect((await anon.post("/api/service-categories", { name: "Anon Cat" })).status).toBe(401);
    expect((await customer.post("/api/service-categories", { name: "Cust Cat" })).status).toBe(403);
    expect((await anon.patch(`/api/service-categories/${CAT1!.id}`, { icon: "x" })).status).toBe(
      401,
    );
    expect((await customer.del(`/api/service-categories/${CAT1!.id}`)).status).toBe(403);
    expect((await categoryRow(CAT1!.id))!.icon).toBe(CAT1!.icon);
  });
});

describe("GET /api/admin/audit", () => {
  it("answers the newest rows first, at most `limit`", async () => {
    const a = await admin.post("/api/service-categories", { name: "Audit First" });
    const b = await admin.post("/api/service-categories", { name: "Audit Second" });
    const r = await admin.get("/api/admin/audit?limit=2");
    expect(r.status).toBe(200);
    expect(r.body).toHaveLength(2);
    expect(r.body.map((e: { targetId: string }) => e.targetId)).toEqual([b.body.id, a.body.id]);
    expect(r.body[0]).toMatchObject({
      actorId: adminId,
      action: "category.create",
      targetType: "category",
      before: null,
      after: { name: "Audit Second" },
    });
    expect(typeof r.body[0].createdAt).toBe("string");
    const all = await admin.get("/api/admin/audit");
    expect(all.status).toBe(200);
    expect(all.body.length).toBeGreaterThan(2);
  });

  it("caps the limit at 100 and refuses nonsense", async () => {
    for (const limit of ["0", "101", "abc", "1.5"]) {
      expect((await admin.get(`/api/admin/audit?limit=${limit}`)).status).toBe(400);
    }
    expect((await admin.get("/api/admin/audit?limit=100")).status).toBe(200);
  });

  it("is for admins only", async () => {
    expect((await client(t).get("/api/admin/audit")).status).toBe(401);
    expect((await customer.get("/api/admin/audit")).status).toBe(403);
  });
});

describe("GET /api/admin/stats", () => {
  let s: TestApp;
  let statsAdmin: string;
  beforeAll(async () => {
    s = await makeTestApp();
  });
  afterAll(() => s.close());

  /** Sets the app's clock to `iso` and answers an admin client with a session made then. */
  async function at(iso: string) {
    s.clockOffset.ms = Date.parse(iso) - Date.now();
    const c = client(s);
    const { token } = await createSession(s.db, statsAdmin, new Date(Date.parse(iso)));
    // With its signed-in hint, as a browser holds it: otherwise the server would set one
    // expiring with this session, years ahead of the real clock, which cookies cannot.
    c.cookie = `karkhana_session=${token}; karkhana_signed_in=1`;
    return c;
  }

  async function providerAt(createdAt: string, opts: { verified?: boolean } = {}) {
    const id = await createProvider(s.db, {
      companyName: `Stats ${createdAt}`,
      city: "Lahore",
      isVerified: opts.verified ?? false,
      services: [
        { categoryId: CAT1!.id, name: "Active", pricePkr: 1 },
        { categoryId: CAT1!.id, name: "Off", pricePkr: 1 },
      ],
    });
    await s.db
      .update(providers)
      .set({ createdAt: new Date(createdAt) })
      .where(eq(providers.id, id));
    await s.db
      .update(services)
      .set({ isActive: false })
      .where(and(eq(services.providerId, id), eq(services.name, "Off")));
  }

  it("counts users, providers and services, and the growth over 30-day windows", async () => {
    statsAdmin = await createUser(s.db, { email: "stats-admin@example.pk", role: "admin" });
    await createUser(s.db, { email: "c1@example.pk" });
    await createUser(s.db, { email: "c2@example.pk" });
    await createUser(s.db, { email: "p1@example.pk", role: "provider" });
    for (const d of ["2030-02-01T00:00:00Z", "2030-02-10T00:00:00Z", "2030-02-20T00:00:00Z"]) {
      await providerAt(d);
    }
    await providerAt("2030-02-28T23:59:59.999Z");
    await providerAt("2030-03-01T00:00:00Z", { verified: true });
    for (const d of ["2030-03-05T00:00:00Z", "2030-03-10T00:00:00Z", "2030-03-31T23:59:59Z"]) {
      await providerAt(d);
    }
    await providerAt("2030-03-15T00:00:00Z", { verified: true });

    // At 20 March noon: six since 18 February noon, two in the 30 days before,
    // and 31 March is still ahead. Boundaries and inactive ones: admin-figures.test.ts.
    const march = await (await at("2030-03-20T12:00:00Z")).get("/api/admin/stats");
    expect(march.status).toBe(200);
    expect(march.body).toEqual({
      totalUsers: 4,
      totalCustomers: 2,
      totalProviders: 9,
      activeProviders: 9,
      inactiveProviders: 0,
      activeServices: 9,
      verifiedProviders: 2,
      monthlyGrowth: 200,
      newProvidersLast30Days: 6,
      newProvidersPrevious30Days: 2,
    });
    // Early in a month no longer reads as a collapse (a calendar month said -100% here):
    // 5 April noon compares 6 March – 5 April with 4 February – 6 March.
    const april = await (await at("2030-04-05T12:00:00Z")).get("/api/admin/stats");
    expect(april.body).toMatchObject({
      newProvidersLast30Days: 3,
      newProvidersPrevious30Days: 5,
      monthlyGrowth: -40,
    });
    const january = await (await at("2030-01-15T00:00:00Z")).get("/api/admin/stats");
    expect(january.body.monthlyGrowth).toBeNull();
    expect(january.body.totalProviders).toBe(9);
  });

  it("is for admins only", async () => {
    s.clockOffset.ms = 0;
    expect((await client(s).get("/api/admin/stats")).status).toBe(401);
    const cust = await clientAs(s, await createUser(s.db, { email: "sc@example.pk" }));
    expect((await cust.get("/api/admin/stats")).status).toBe(403);
  });

  it("rounds the growth to one decimal", () => {
    expect(growthPercent(1, 3)).toBe(-66.7);
    expect(growthPercent(2, 3)).toBe(-33.3);
    expect(growthPercent(7, 3)).toBe(133.3);
    expect(growthPercent(3, 3)).toBe(0);
    expect(growthPercent(5, 0)).toBeNull();
    expect(growthPercent(0, 0)).toBeNull();
  });
});
