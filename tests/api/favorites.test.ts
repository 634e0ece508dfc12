import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEED_CATEGORIES } from "../../db/seed/categories.ts";
import { createProvider, createUser } from "../../db/seed/factories.ts";
import type { ProviderPublic } from "../../src/lib/types.ts";
import { client, makeTestApp, type TestApp } from "../helpers/app.ts";

let t: TestApp;
let a: string;
let b: string;
let hidden: string;
const PASSWORD = "favourite things 1";

beforeAll(async () => {
  t = await makeTestApp();
  const [c1, c2] = SEED_CATEGORIES;
  a = await createProvider(t.db, {
    companyName: "Alpha Looms",
    city: "Faisalabad",
    email: "sales@alpha.example.pk",
    phone: "+92 41 8712345",
    website: "https://alpha.example.pk",
    services: [{ categoryId: c1!.id, name: "Weaving", pricePkr: 1000 }],
  });
  b = await createProvider(t.db, {
    companyName: "Bravo Surgical",
    city: "Sialkot",
    services: [{ categoryId: c2!.id, name: "Forceps", pricePkr: 2000 }],
  });
  hidden = await createProvider(t.db, {
    companyName: "Hidden Co",
    city: "Lahore",
    isActive: false,
  });
  await createUser(t.db, { email: "fan@example.pk", password: PASSWORD });
  await createUser(t.db, { email: "other@example.pk", password: PASSWORD });
});
afterAll(() => t.close());

describe("favorites", () => {
  it("adds idempotently, checks, lists newest first, and removes", async () => {
    const c = client(t);
    await c.signIn("fan@example.pk", PASSWORD);
    expect((await c.get(`/api/favorites/${a}/check`)).body).toEqual({ isFavorite: false });
    expect((await c.post(`/api/favorites/${a}`)).body).toEqual({ isFavorite: true });
    expect((await c.post(`/api/favorites/${a}`)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 5));
    await c.post(`/api/favorites/${b}`);
    expect((await c.get(`/api/favorites/${a}/check`)).body).toEqual({ isFavorite: true });
    const list = await c.get("/api/favorites");
    expect(list.status).toBe(200);
    expect(list.body.map((p: ProviderPublic) => p.id)).toEqual([b, a]);
    expect(list.body[0].services[0].category.name).toBe(SEED_CATEGORIES[1]!.name);
    expect(list.text).not.toContain("sales@alpha.example.pk");

    const del = await c.del(`/api/favorites/${a}`);
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ isFavorite: false });
    expect((await c.del(`/api/favorites/${a}`)).status).toBe(200);
    expect((await c.get("/api/favorites")).body.map((p: ProviderPublic) => p.id)).toEqual([b]);
  });

  it("keeps each user's favorites apart", async () => {
    const other = client(t);
    await other.signIn("other@example.pk", PASSWORD);
    expect((await other.get("/api/favorites")).body).toEqual([]);
    expect((await other.get(`/api/favorites/${b}/check`)).body).toEqual({ isFavorite: false });
  });

  it("answers 404 for an unknown, malformed or inactive provider", async () => {
    const c = client(t);
    await c.signIn("fan@example.pk", PASSWORD);
    for (const id of [hidden, "0b7c3f2e-1111-4222-8333-444455556666", "nope"]) {
      const r = await c.post(`/api/favorites/${id}`);
      expect(r.status).toBe(404);
      expect(r.body).toEqual({ error: "Provider not found" });
    }
  });

  it("answers 401 signed out", async () => {
    const c = client(t);
    for (const r of [
      await c.get("/api/favorites"),
      await c.get(`/api/favorites/${a}/check`),
      await c.post(`/api/favorites/${a}`),
      await c.del(`/api/favorites/${a}`),
    ]) {
      expect(r.status).toBe(401);
      expect(r.body).toEqual({ error: "Unauthorized" });
    }
  });
});

describe("contact details", () => {
  it("are only in the provider answer for signed-in users", async () => {
    const anon = await client(t).get(`/api/providers/${a}`);
    expect(anon.body.companyName).toBe("Alpha Looms");
    expect(anon.body).not.toHaveProperty("email");
    expect(anon.body).not.toHaveProperty("phone");
    expect(anon.body).not.toHaveProperty("website");

    const c = client(t);
    await c.signIn("fan@example.pk", PASSWORD);
    const signedIn = await c.get(`/api/providers/${a}`);
    expect(signedIn.body).toMatchObject({
      companyName: "Alpha Looms",
      email: "sales@alpha.example.pk",
      phone: "+92418712345",
      phoneOnWhatsapp: false,
      website: "https://alpha.example.pk",
    });
    expect(signedIn.res.headers.get("Cache-Control")).toMatch(/private/);
  });
});
