import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDataVersion, pageChangesSince, providerTag } from "../../db/queries/site-meta.ts";
import { SEED_CATEGORIES } from "../../db/seed/categories.ts";
import { createProvider, createUser } from "../../db/seed/factories.ts";
import type { Category, ProviderPublic } from "../../src/lib/types.ts";
import { client, clientAs, makeTestApp, type TestApp } from "../helpers/app.ts";

/**
 * Data in Urdu (decision 022): the categories' reviewed Urdu names, a
 * provider's own Urdu company name and description, through every answer and
 * into search.
 */

const EMBROIDERY = SEED_CATEGORIES.find((c) => c.name === "Embroidery")!;
const WELDING = SEED_CATEGORIES.find((c) => c.name === "Metal Fabrication & Welding")!;

let t: TestApp;
let ownerId: string;
let providerId: string;
beforeAll(async () => {
  t = await makeTestApp({ providers: 30 });
  ownerId = await createUser(t.db, { email: "zarghoon@example.pk", role: "provider" });
  providerId = await createProvider(t.db, {
    userId: ownerId,
    companyName: "Zarghoon Steel Works",
    description: "Gates, grills and sheds.",
    city: "Quetta",
    services: [{ categoryId: WELDING.id, name: "Steel gates", pricePkr: 45000 }],
  });
});
afterAll(() => t.close());

async function search(text: string): Promise<string[]> {
  const r = await t.app.request(`/api/providers?search=${encodeURIComponent(text)}`);
  expect(r.status).toBe(200);
  return ((await r.json()) as ProviderPublic[]).map((p) => p.id);
}

describe("a provider's Urdu company name and description", () => {
  it("are stored and answered by a profile update, with the page marked changed", async () => {
    const c = await clientAs(t, ownerId);
    const version = await getDataVersion(t.db);
    const r = await c.put(`/api/providers/${providerId}`, {
      companyNameUr: "  زرغون اسٹیل ورکس ",
      descriptionUr: " گیٹ، گرل اور شیڈ۔ ",
    });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({
      companyName: "Zarghoon Steel Works",
      companyNameUr: "زرغون اسٹیل ورکس",
      descriptionUr: "گیٹ، گرل اور شیڈ۔",
    });
    expect((await pageChangesSince(t.db, version)).has(providerTag(providerId))).toBe(true);

    const mine = await c.get("/api/my-provider");
    expect(mine.body).toMatchObject({
      companyNameUr: "زرغون اسٹیل ورکس",
      descriptionUr: "گیٹ، گرل اور شیڈ۔",
    });
  });

  it("reach anyone: the provider, the list, and the category names of its services", async () => {
    const one = await client(t).get(`/api/providers/${providerId}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({
      companyNameUr: "زرغون اسٹیل ورکس",
      descriptionUr: "گیٹ، گرل اور شیڈ۔",
      services: [{ category: { id: WELDING.id, name: WELDING.name, nameUr: WELDING.nameUr } }],
    });
    const list = await client(t).get("/api/providers?city=Quetta&limit=50");
    const listed = (list.body as ProviderPublic[]).find((p) => p.id === providerId);
    expect(listed).toMatchObject({ companyNameUr: "زرغون اسٹیل ورکس" });
    // A provider without Urdu text answers null and "" (pages fall back to English).
    const other = (list.body as ProviderPublic[]).find((p) => p.id !== providerId);
    if (other) expect([other.companyNameUr, other.descriptionUr]).toEqual([null, ""]);
  });

  it("are found by search, from an Urdu or an Arabic keyboard", async () => {
    expect(await search("زرغون")).toEqual([providerId]);
    expect(await search("زرغون اسٹیل")).toEqual([providerId]);
    // Arabic yeh (ي) for the Urdu ی: the search folds it.
    expect(await search("اسٹيل زرغون")).toEqual([providerId]);
    // A word of the Urdu description.
    expect(await search("زرغون گرل")).toEqual([providerId]);
  });

  it("finds a name stored with Arabic-keyboard letters by its Urdu spelling", async () => {
    const id = await createProvider(t.db, {
      companyName: "Kohinoor Bangles",
      companyNameUr: "كوہ نور بينگلز", // Arabic kaf and yeh
      city: "Hyderabad",
    });
    expect(await search("کوہ نور بینگلز")).toEqual([id]);
  });

  it("are cleared with an empty value", async () => {
    const c = await clientAs(t, ownerId);
    const r = await c.put(`/api/providers/${providerId}`, { companyNameUr: "", descriptionUr: "" });
    expect(r.status, r.text).toBe(200);
    expect([r.body.companyNameUr, r.body.descriptionUr]).toEqual([null, ""]);
    expect(await search("زرغون")).toEqual([]);
  });

  it("keep the English limits", async () => {
    const c = await clientAs(t, ownerId);
    const r = await c.put(`/api/providers/${providerId}`, { companyNameUr: "ز".repeat(201) });
    expect(r.status).toBe(400);
    expect(r.body.error).toContain("Urdu company name must be at most 200 characters");
  });

  it("are given at setup", async () => {
    const userId = await createUser(t.db, { email: "setup-ur@example.pk", role: "customer" });
    const c = await clientAs(t, userId);
    const r = await c.post("/api/providers", {
      companyName: "Noor Looms",
      companyNameUr: "نور لومز",
      descriptionUr: "کھڈی کا کپڑا۔",
      location: "Faisalabad — Jhang Road",
    });
    expect(r.status, r.text).toBe(201);
    expect(r.body).toMatchObject({ companyNameUr: "نور لومز", descriptionUr: "کھڈی کا کپڑا۔" });
    expect(await search("نور لومز")).toEqual([r.body.id]);
  });

  it("are edited by an admin", async () => {
    const adminId = await createUser(t.db, { email: "admin-ur@example.pk", role: "admin" });
    const admin = await clientAs(t, adminId);
    const r = await admin.patch(`/api/admin/providers/${providerId}/details`, {
      companyNameUr: "زرغون اسٹیل",
    });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ companyNameUr: "زرغون اسٹیل", descriptionUr: "" });
    expect(await search("زرغون")).toEqual([providerId]);
  });
});

describe("the categories' Urdu names", () => {
  it("come with every category", async () => {
    const r = await client(t).get("/api/service-categories");
    const byId = new Map((r.body as Category[]).map((c) => [c.id, c]));
    for (const c of SEED_CATEGORIES) {
      expect(byId.get(c.id), c.name).toMatchObject({
        nameUr: c.nameUr,
        descriptionUr: c.descriptionUr,
      });
    }
  });

  it("find the category's providers, as words of their text", async () => {
    const ids = await search(WELDING.nameUr);
    expect(ids).toContain(providerId);
  });

  it("are set by an admin, and searched at once", async () => {
    const adminId = await createUser(t.db, { email: "cat-admin@example.pk", role: "admin" });
    const admin = await clientAs(t, adminId);
    const id = await createProvider(t.db, {
      companyName: "Multan Tilla Works",
      city: "Multan",
      services: [{ categoryId: EMBROIDERY.id, name: "Tilla work", pricePkr: 8000 }],
    });
    const version = await getDataVersion(t.db);
    const r = await admin.patch(`/api/service-categories/${EMBROIDERY.id}`, {
      nameUr: " تلہ کاری ",
      descriptionUr: "ملتانی تلہ اور آری کا کام۔",
    });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({
      name: "Embroidery",
      nameUr: "تلہ کاری",
      descriptionUr: "ملتانی تلہ اور آری کا کام۔",
    });
    // A category change touches every page.
    expect([...(await pageChangesSince(t.db, version)).keys()]).toContain("all");
    expect(await search("تلہ کاری")).toContain(id);
    const one = await client(t).get(`/api/providers/${id}`);
    expect(one.body.services[0].category.nameUr).toBe("تلہ کاری");

    const cleared = await admin.patch(`/api/service-categories/${EMBROIDERY.id}`, { nameUr: "" });
    expect(cleared.status, cleared.text).toBe(200);
    expect(cleared.body.nameUr).toBeNull();
  });

  it("are given to a new category", async () => {
    const adminId = await createUser(t.db, { email: "new-cat@example.pk", role: "admin" });
    const admin = await clientAs(t, adminId);
    const r = await admin.post("/api/service-categories", {
      name: "Bicycle Parts",
      nameUr: "سائیکل کے پرزے",
    });
    expect(r.status, r.text).toBe(201);
    expect(r.body).toMatchObject({ nameUr: "سائیکل کے پرزے", descriptionUr: "" });
    const none = await admin.post("/api/service-categories", { name: "Kites" });
    expect(none.body).toMatchObject({ nameUr: null, descriptionUr: "" });
  });
});
