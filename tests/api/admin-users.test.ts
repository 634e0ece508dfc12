import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDataVersion } from "../../db/queries/site-meta.ts";
import { adminAudit, users } from "../../db/schema.ts";
import { createProvider, createUser } from "../../db/seed/factories.ts";
import { client, clientAs, makeTestApp, type TestApp } from "../helpers/app.ts";

const UNKNOWN = "0b7c3f2e-1111-4222-8333-444455556666";

let t: TestApp;
let adminId: string;
let admin: Awaited<ReturnType<typeof clientAs>>;
let ts = Date.UTC(2026, 0, 1);

/** A user created "later" than every earlier one, so the oldest-first order is known. */
async function user(
  email: string,
  fields: Partial<{
    role: "customer" | "provider" | "admin";
    firstName: string | null;
    lastName: string | null;
    confirmed: boolean;
  }> = {},
): Promise<string> {
  const id = await createUser(t.db, { email, ...fields });
  await t.db
    .update(users)
    .set({ createdAt: new Date(++ts) })
    .where(eq(users.id, id));
  return id;
}

async function auditFor(targetId: string) {
  return t.db.select().from(adminAudit).where(eq(adminAudit.targetId, targetId));
}

async function roleOf(id: string) {
  const [row] = await t.db.select({ role: users.role }).from(users).where(eq(users.id, id));
  return row?.role;
}

const ids = (body: { id: string }[]) => body.map((u) => u.id);

beforeAll(async () => {
  t = await makeTestApp();
  adminId = await user("admin@example.pk", {
    role: "admin",
    firstName: "Ayesha",
    lastName: "Raza",
  });
  admin = await clientAs(t, adminId);
});
afterAll(() => t.close());

describe("GET /api/admin/users", () => {
  let ali: string;
  let sana: string;
  let owner: string;
  let unconfirmed: string;
  let providerId: string;
  beforeAll(async () => {
    ali = await user("ali.khan@example.pk", { firstName: "Ali", lastName: "Khan" });
    sana = await user("sana@example.pk", { firstName: "Sana", lastName: "Qureshi", role: "admin" });
    owner = await user("owner@steelworks.example.pk", {
      firstName: "Bilal",
      lastName: "Steelwala",
      role: "provider",
    });
    unconfirmed = await user("new@example.pk", {
      firstName: null,
      lastName: null,
      confirmed: false,
    });
    providerId = await createProvider(t.db, {
      companyName: "Bilal Steel",
      city: "Lahore",
      userId: owner,
    });
  });

  it("lists users oldest first with the paging headers", async () => {
    const r = await admin.get("/api/admin/users");
    expect(r.status, r.text).toBe(200);
    expect(ids(r.body)).toEqual([adminId, ali, sana, owner, unconfirmed]);
    expect(r.res.headers.get("X-Total-Count")).toBe("5");
    expect(r.res.headers.get("X-Page")).toBe("1");
    expect(r.res.headers.get("X-Per-Page")).toBe("20");
    expect(r.res.headers.get("Link")).toBeNull();
    expect(r.body[1]).toEqual({
      id: ali,
      email: "ali.khan@example.pk",
      firstName: "Ali",
      lastName: "Khan",
      profileImageUrl: null,
      role: "customer",
      emailConfirmed: true,
      providerId: null,
      createdAt: new Date(Date.UTC(2026, 0, 1) + 2).toISOString(),
    });
    // No password hash or other secrets in the rows.
    expect(Object.keys(r.body[1]).sort()).toEqual(
      [
        "createdAt",
        "email",
        "emailConfirmed",
        "firstName",
        "id",
        "lastName",
        "profileImageUrl",
        "providerId",
        "role",
      ].sort(),
    );
    expect(r.body.find((u: { id: string }) => u.id === owner).providerId).toBe(providerId);
    expect(r.body.find((u: { id: string }) => u.id === unconfirmed)).toMatchObject({
      emailConfirmed: false,
      firstName: null,
      lastName: null,
    });
  });

  it("pages with page and limit, and links the next page", async () => {
    const p1 = await admin.get("/api/admin/users?limit=2");
    expect(ids(p1.body)).toEqual([adminId, ali]);
    expect(p1.res.headers.get("X-Per-Page")).toBe("2");
    expect(p1.res.headers.get("Link")).toBe('</api/admin/users?limit=2&page=2>; rel="next"');
    const p2 = await admin.get("/api/admin/users?page=2&limit=2");
    expect(ids(p2.body)).toEqual([sana, owner]);
    expect(p2.res.headers.get("X-Page")).toBe("2");
    const p3 = await admin.get("/api/admin/users?page=3&limit=2");
    expect(ids(p3.body)).toEqual([unconfirmed]);
    expect(p3.res.headers.get("Link")).toBeNull();
    const past = await admin.get("/api/admin/users?page=9&limit=2");
    expect(past.status).toBe(200);
    expect(past.body).toEqual([]);
    expect(past.res.headers.get("X-Total-Count")).toBe("5");
  });

  it("filters by role", async () => {
    const r = await admin.get("/api/admin/users?role=admin");
    expect(ids(r.body)).toEqual([adminId, sana]);
    expect(r.res.headers.get("X-Total-Count")).toBe("2");
    expect(ids((await admin.get("/api/admin/users?role=provider")).body)).toEqual([owner]);
    // An empty value means no filter, as the dashboard sends it.
    expect((await admin.get("/api/admin/users?role=&q=")).body).toHaveLength(5);
  });

  it("searches email, first and last name anywhere, ignoring case", async () => {
    const q = async (text: string) =>
      ids((await admin.get(`/api/admin/users?q=${encodeURIComponent(text)}`)).body);
    expect(await q("KHAN")).toEqual([ali]);
    expect(await q("qureSHI")).toEqual([sana]);
    expect(await q("steelworks")).toEqual([owner]);
    expect(await q("steel")).toEqual([owner]);
    expect(await q("ali khan")).toEqual([ali]);
    expect(await q("  sana  ")).toEqual([sana]);
    expect(await q("example.pk")).toHaveLength(5);
    expect(await q("nobody-like-this")).toEqual([]);
    const both = await admin.get("/api/admin/users?q=example&role=admin&limit=1");
    expect(ids(both.body)).toEqual([adminId]);
    expect(both.res.headers.get("X-Total-Count")).toBe("2");
  });

  it("takes % and _ in the search literally", async () => {
    const percent = await user("percent@example.pk", { firstName: "Sale", lastName: "100%" });
    const plain = await user("plain@example.pk", { firstName: "Sale", lastName: "1000" });
    const under = await user("a_b@example.pk");
    const noUnder = await user("axb@example.pk");
    const back = await user("back@example.pk", { lastName: "C:\\Users" });
    const q = async (text: string) =>
      ids((await admin.get(`/api/admin/users?q=${encodeURIComponent(text)}`)).body);
    expect(await q("100%")).toEqual([percent]);
    expect(await q("a_b")).toEqual([under]);
    expect(await q("%")).toEqual([percent]);
    expect(await q("_")).toEqual([under]);
    expect(await q("c:\\users")).toEqual([back]);
    expect(await q("1000")).toEqual([plain]);
    expect((await q("axb")).includes(noUnder)).toBe(true);
  });

  it("refuses bad query values with 400 and the reason", async () => {
    const cases: [string, string][] = [
      ["role=boss", "Invalid query: role: role must be customer, provider or admin"],
      ["page=0", "Invalid query: page: page must be a whole number of at least 1"],
      ["page=abc", "Invalid query: page: page must be a whole number of at least 1"],
      ["limit=0", "Invalid query: limit: limit must be a whole number from 1 to 100"],
      ["limit=101", "Invalid query: limit: limit must be a whole number from 1 to 100"],
      ["limit=2.5", "Invalid query: limit: limit must be a whole number from 1 to 100"],
      [`q=${"x".repeat(101)}`, "Invalid query: q: q must be at most 100 characters"],
    ];
    for (const [query, error] of cases) {
      const r = await admin.get(`/api/admin/users?${query}`);
      expect(r.status, query).toBe(400);
      expect(r.body).toEqual({ error });
    }
    expect((await admin.get("/api/admin/users?limit=100")).status).toBe(200);
  });

  it("is for admins only", async () => {
    expect((await client(t).get("/api/admin/users")).status).toBe(401);
    const cust = await clientAs(t, await user("lister@example.pk"));
    const r = await cust.get("/api/admin/users");
    expect(r.status).toBe(403);
    expect(r.text).not.toContain("ali.khan@example.pk");
  });
});

describe("PATCH /api/admin/users/{id}", () => {
  it("changes a role, answers the user and writes an audit row", async () => {
    const id = await user("promote@example.pk", { firstName: "Promo" });
    const dirty = t.dirty.length;
    const version = await getDataVersion(t.db);
    const r = await admin.patch(`/api/admin/users/${id}`, { role: "provider" });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({
      id,
      email: "promote@example.pk",
      firstName: "Promo",
      role: "provider",
      providerId: null,
    });
    expect(await roleOf(id)).toBe("provider");
    const audit = await auditFor(id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: adminId,
      action: "user.role",
      targetType: "user",
      targetId: id,
      before: { role: "customer" },
      after: { role: "provider" },
    });
    // Roles are not public data: no rebuild, no data version bump.
    expect(t.dirty.length).toBe(dirty);
    expect(await getDataVersion(t.db)).toBe(version);
  });

  it("the same role again answers 200 and writes no audit row", async () => {
    const id = await user("same@example.pk", { role: "provider" });
    const r = await admin.patch(`/api/admin/users/${id}`, { role: "provider" });
    expect(r.status).toBe(200);
    expect(r.body.role).toBe("provider");
    expect(await auditFor(id)).toHaveLength(0);
    // Twice in a row: one audit row for the one change.
    await admin.patch(`/api/admin/users/${id}`, { role: "customer" });
    await admin.patch(`/api/admin/users/${id}`, { role: "customer" });
    expect((await auditFor(id)).map((a) => a.action)).toEqual(["user.role"]);
  });

  it("takes effect on the user's next request", async () => {
    const id = await user("rising@example.pk");
    const them = await clientAs(t, id);
    expect((await them.get("/api/admin/stats")).status).toBe(403);
    expect((await admin.patch(`/api/admin/users/${id}`, { role: "admin" })).status).toBe(200);
    expect((await them.get("/api/admin/stats")).status).toBe(200);
    expect((await them.get("/api/auth/user")).body.role).toBe("admin");
    expect((await admin.patch(`/api/admin/users/${id}`, { role: "customer" })).status).toBe(200);
    expect((await them.get("/api/admin/stats")).status).toBe(403);
  });

  it("refuses to take the caller's own admin role away (409)", async () => {
    for (const role of ["customer", "provider"]) {
      const r = await admin.patch(`/api/admin/users/${adminId}`, { role });
      expect(r.status).toBe(409);
      expect(r.body).toEqual({ error: "You cannot remove your own admin role" });
    }
    expect(await roleOf(adminId)).toBe("admin");
    // Setting it to what it is stays fine.
    expect((await admin.patch(`/api/admin/users/${adminId}`, { role: "admin" })).status).toBe(200);
    expect(await auditFor(adminId)).toHaveLength(0);
  });

  it("lets an admin demote another admin", async () => {
    const other = await user("other-admin@example.pk", { role: "admin" });
    const r = await admin.patch(`/api/admin/users/${other}`, { role: "customer" });
    expect(r.status).toBe(200);
    expect(await roleOf(other)).toBe("customer");
    // …who cannot do it back.
    const demoted = await clientAs(t, other);
    expect((await demoted.patch(`/api/admin/users/${adminId}`, { role: "customer" })).status).toBe(
      403,
    );
  });

  it("refuses to make a provider's owner a customer (409), allows admin", async () => {
    const owner = await user("owns@example.pk", { role: "provider" });
    const providerId = await createProvider(t.db, {
      companyName: "Owned Forge",
      city: "Karachi",
      userId: owner,
    });
    const r = await admin.patch(`/api/admin/users/${owner}`, { role: "customer" });
    expect(r.status).toBe(409);
    expect(r.body).toEqual({
      error: "This user owns a provider profile; delete the provider before making them a customer",
    });
    expect(await roleOf(owner)).toBe("provider");
    expect(await auditFor(owner)).toHaveLength(0);
    const up = await admin.patch(`/api/admin/users/${owner}`, { role: "admin" });
    expect(up.status).toBe(200);
    expect(up.body).toMatchObject({ role: "admin", providerId });
    expect((await admin.patch(`/api/admin/users/${owner}`, { role: "customer" })).status).toBe(409);
  });

  it("checks the body", async () => {
    const id = await user("body@example.pk");
    const bad: [unknown, string][] = [
      [{}, "role: Role must be customer, provider or admin"],
      [{ role: "superuser" }, "role: Role must be customer, provider or admin"],
      [{ role: 1 }, "role: Role must be customer, provider or admin"],
    ];
    for (const [body, error] of bad) {
      const r = await admin.patch(`/api/admin/users/${id}`, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body).toEqual({ error });
    }
    const raw = await admin.request("PATCH", `/api/admin/users/${id}`, undefined, {
      "Content-Type": "application/json",
    });
    expect(raw.status).toBe(400);
    expect(raw.body).toEqual({ error: "Invalid request: the body must be JSON" });
    expect(await roleOf(id)).toBe("customer");
  });

  it("answers 404 for unknown or malformed ids", async () => {
    const unknown = await admin.patch(`/api/admin/users/${UNKNOWN}`, { role: "admin" });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: "User not found" });
    expect((await admin.patch(`/api/admin/users/not-a-uuid`, { role: "admin" })).status).toBe(404);
  });

  it("finds ids in upper case too", async () => {
    const id = await user("upper@example.pk");
    const r = await admin.patch(`/api/admin/users/${id.toUpperCase()}`, { role: "provider" });
    expect(r.status).toBe(200);
    expect(r.body.id).toBe(id);
  });

  it("is for admins only and changes nothing otherwise", async () => {
    const id = await user("target@example.pk");
    expect((await client(t).patch(`/api/admin/users/${id}`, { role: "admin" })).status).toBe(401);
    const self = await clientAs(t, id);
    expect((await self.patch(`/api/admin/users/${id}`, { role: "admin" })).status).toBe(403);
    expect(await roleOf(id)).toBe("customer");
  });
});
