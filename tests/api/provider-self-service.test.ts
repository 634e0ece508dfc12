import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDataVersion } from "../../db/queries/site-meta.ts";
import { providers, users } from "../../db/schema.ts";
import { SEED_CATEGORIES } from "../../db/seed/categories.ts";
import { createProvider, createUser } from "../../db/seed/factories.ts";
import { clientAs, makeTestApp, type TestApp } from "../helpers/app.ts";
import { jpeg, png } from "../helpers/images.ts";

const [CAT1, CAT2] = SEED_CATEGORIES;
const UNKNOWN = "0b7c3f2e-1111-4222-8333-444455556666";

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ providers: 20 });
});
afterAll(() => t.close());

type Client = Awaited<ReturnType<typeof clientAs>>;
let ts = 1_700_000_000_000;

/** Uploads a small JPEG under `key` (with {ts} replaced) and answers its public URL. */
async function upload(c: Client, key: string, bytes: Uint8Array<ArrayBuffer> = jpeg()) {
  const k = key.replace("{ts}", String(++ts));
  const r = await c.postBytes(`/api/uploads/file?key=${encodeURIComponent(k)}`, bytes);
  expect(r.status, r.text).toBe(200);
  return r.body.publicUrl as string;
}

async function search(text: string): Promise<string[]> {
  const r = await t.app.request(`/api/providers?search=${encodeURIComponent(text)}`);
  expect(r.status).toBe(200);
  return ((await r.json()) as { id: string }[]).map((p) => p.id);
}

async function roleOf(userId: string) {
  const [u] = await t.db.select({ role: users.role }).from(users).where(eq(users.id, userId));
  return u?.role;
}

/** A provider user with a profile, as the dashboard would have made it. */
async function newProvider(email: string, companyName: string) {
  const userId = await createUser(t.db, { email, role: "provider" });
  const c = await clientAs(t, userId);
  const r = await c.post("/api/providers", { companyName, location: "Lahore — Gulberg" });
  expect(r.status, r.text).toBe(201);
  return { userId, c, id: r.body.id as string };
}

describe("POST /api/providers", () => {
  it("creates the caller's provider, and the customer becomes a provider", async () => {
    const userId = await createUser(t.db, { email: "setup@example.pk", role: "customer" });
    const someoneElse = await createUser(t.db, { email: "else@example.pk" });
    const c = await clientAs(t, userId);
    const dirty = t.dirty.length;
    const version = await getDataVersion(t.db);
    const r = await c.post("/api/providers", {
      userId: someoneElse, // ignored: always the signed-in user
      companyName: "  Zarghoon Steel Works ",
      description: "Structural steel and sheds.",
      location: "Quetta — Sariab Road",
      website: "www.zarghoon.example.pk",
      phone: "0300 1234567",
      email: "Sales@Zarghoon.example.pk",
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      userId,
      companyName: "Zarghoon Steel Works",
      slug: "zarghoon-steel-works",
      location: "Quetta — Sariab Road",
      city: "Quetta",
      website: "https://www.zarghoon.example.pk",
      phone: "+923001234567",
      // Not said, and a mobile: on WhatsApp (decision 020).
      phoneOnWhatsapp: true,
      email: "sales@zarghoon.example.pk",
      isActive: true,
      isVerified: false,
      isSuggested: false,
      services: [],
      gallery: [],
    });
    expect(r.body.path).toBe(`/pk/quetta/services/zarghoon-steel-works-${r.body.id}`);
    expect(await roleOf(userId)).toBe("provider");
    expect((await c.get("/api/auth/user")).body.role).toBe("provider");
    expect(t.dirty.length).toBe(dirty + 1);
    expect(await getDataVersion(t.db)).toBeGreaterThan(version);
    // In the directory search at once.
    expect(await search("zarghoon")).toContain(r.body.id);
    expect((await t.app.request(`/api/providers/${r.body.id}`)).status).toBe(200);

    const again = await c.post("/api/providers", { companyName: "Second Try" });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: "You already have a provider profile" });
  });

  it("keeps an admin an admin", async () => {
    const admin = await createUser(t.db, { email: "boss@example.pk", role: "admin" });
    const c = await clientAs(t, admin);
    expect((await c.post("/api/providers", { companyName: "Admin Own Works" })).status).toBe(201);
    expect(await roleOf(admin)).toBe("admin");
  });

  it("stores the phone in E.164 and the WhatsApp choice; unsaid, only a mobile is on WhatsApp", async () => {
    const cases = [
      [{ phone: "042-35123456" }, "+924235123456", false],
      [{ phone: "923001234567" }, "+923001234567", true],
      [{ phone: "0300-1234567", phoneOnWhatsapp: false }, "+923001234567", false],
      [{ phone: "+44 20 7946 0958" }, "+44 20 7946 0958", false],
    ] as const;
    for (const [i, [fields, phone, onWhatsapp]] of cases.entries()) {
      const userId = await createUser(t.db, { email: `wa${i}@example.pk` });
      const c = await clientAs(t, userId);
      const r = await c.post("/api/providers", { companyName: `WhatsApp Works ${i}`, ...fields });
      expect(r.status, r.text).toBe(201);
      expect(r.body).toMatchObject({ phone, phoneOnWhatsapp: onWhatsapp });
    }
    const { c, id } = await newProvider("wa-put@example.pk", "Switching Works");
    const on = await c.put(`/api/providers/${id}`, {
      phone: "0321 7654321",
      phoneOnWhatsapp: true,
    });
    expect(on.body).toMatchObject({ phone: "+923217654321", phoneOnWhatsapp: true });
    // Leaving the choice out of an update keeps it.
    const kept = await c.put(`/api/providers/${id}`, { phone: "0333 1234567" });
    expect(kept.body).toMatchObject({ phone: "+923331234567", phoneOnWhatsapp: true });
    const bad = await c.put(`/api/providers/${id}`, { phoneOnWhatsapp: "yes" });
    expect(bad.status).toBe(400);
  });

  it("answers 401 signed out and 400 for a bad body", async () => {
    const anon = await t.app.request("/api/providers", {
      method: "POST",
      headers: { Origin: "http://127.0.0.1:4321", "Content-Type": "application/json" },
      body: JSON.stringify({ companyName: "X" }),
    });
    expect(anon.status).toBe(401);
    const userId = await createUser(t.db, { email: "bad-body@example.pk" });
    const c = await clientAs(t, userId);
    for (const body of [
      {},
      { companyName: "   " },
      { companyName: "Ok", email: "not-an-email" },
      { companyName: "Ok", website: "javascript:alert(1)" },
      { companyName: "Ok", pricePkr: -5 },
      { companyName: "Ok", coverImageUrl: "data:image/png;base64,AAAA" },
      // Cover and logo are uploads of this site only, never a URL elsewhere.
      { companyName: "Ok", coverImageUrl: "https://cdn.example.pk/a.jpg" },
      { companyName: "Ok", logoUrl: "http://evil.example/track.gif" },
      { companyName: "Ok", logoUrl: "//evil.example/x.jpg" },
      { companyName: "Ok", logoUrl: "/media/../secret.jpg" },
      { companyName: "Ok", logoUrl: "/media/providers//x.jpg" },
      { companyName: "Ok", logoUrl: "/media/providers/x/%2e%2e/y.jpg" },
      { companyName: "Ok", coverImageUrl: "/elsewhere/x.jpg" },
      { companyName: "Ok", coverImageUrl: 42 },
    ]) {
      const r = await c.post("/api/providers", body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(typeof r.body.error).toBe("string");
    }
    expect(await roleOf(userId)).toBe("customer");
  });

  it("takes cover and logo uploads from the caller's own folder only", async () => {
    const a = await createUser(t.db, { email: "imgs-a@example.pk", role: "provider" });
    const b = await createUser(t.db, { email: "imgs-b@example.pk", role: "provider" });
    const ca = await clientAs(t, a);
    const cb = await clientAs(t, b);
    const bCover = await upload(cb, `providers/${b}/cover_{ts}.jpg`);
    const theft = await ca.post("/api/providers", { companyName: "A", coverImageUrl: bCover });
    expect(theft.status).toBe(400);
    expect(theft.body).toEqual({ error: "Images must be your own uploads" });
    const missing = await ca.post("/api/providers", {
      companyName: "A",
      logoUrl: `/media/providers/${a}/logo_1.jpg`,
    });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ error: "Image not found: upload it first" });
    const aCover = await upload(ca, `providers/${a}/cover_{ts}.jpg`);
    const aLogo = await upload(ca, `providers/${a}/logo_{ts}.jpg`);
    const ok = await ca.post("/api/providers", {
      companyName: "A",
      coverImageUrl: aCover,
      logoUrl: aLogo,
    });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ coverImageUrl: aCover, logoUrl: aLogo });
  });
});

describe("PUT /api/providers/{id}", () => {
  it("changes the given fields only, keeps slug and city in step, and search follows", async () => {
    const { c, id } = await newProvider("rename@example.pk", "Kohinoor Looms");
    expect(await search("kohinoor")).toContain(id);
    const before = (await c.get("/api/my-provider")).body;

    const r = await c.put(`/api/providers/${id}`, {
      companyName: "Shalimar Textile Mills",
      location: "Faisalabad — Jhang Road",
      phone: "042 35123456",
      responseTime: "2-4 hours",
      userId: UNKNOWN, // ignored
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      companyName: "Shalimar Textile Mills",
      slug: "shalimar-textile-mills",
      location: "Faisalabad — Jhang Road",
      city: "Faisalabad",
      phone: "+924235123456",
      responseTime: "2-4 hours",
      description: before.description,
      userId: before.userId,
    });
    const [row] = await t.db.select().from(providers).where(eq(providers.id, id));
    expect(row).toMatchObject({ city: "Faisalabad", slug: "shalimar-textile-mills" });

    // The directory search reflects the rename at once, and the city filter too.
    expect(await search("shalimar")).toContain(id);
    expect(await search("kohinoor")).not.toContain(id);
    const byCity = await t.app.request(`/api/providers?search=shalimar&city=Faisalabad`);
    expect(((await byCity.json()) as { id: string }[]).map((p) => p.id)).toContain(id);
  });

  it('clears with "" or null and leaves absent fields alone', async () => {
    const { c, id } = await newProvider("clear@example.pk", "Clearable Co");
    await c.put(`/api/providers/${id}`, {
      website: "https://clear.example.pk",
      phone: "+92 300 7654321",
      email: "hi@clear.example.pk",
      responseTime: "1 day",
      description: "Something",
    });
    const r = await c.put(`/api/providers/${id}`, {
      website: "",
      phone: null,
      responseTime: "",
      location: "",
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      website: null,
      phone: null,
      responseTime: null,
      location: "",
      city: null,
      email: "hi@clear.example.pk",
      description: "Something",
      companyName: "Clearable Co",
    });
    expect((await c.put(`/api/providers/${id}`, {})).status).toBe(200);
  });

  it("answers 400 for a bad body, 404 for unknown ids, 401 signed out", async () => {
    const { c, id } = await newProvider("put-errors@example.pk", "Errors Co");
    for (const body of [{ companyName: "" }, { pricePkr: "lots" }, { email: "nope" }]) {
      expect((await c.put(`/api/providers/${id}`, body)).status).toBe(400);
    }
    const bad = await c.request("PUT", `/api/providers/${id}`, undefined, {
      "Content-Type": "application/json",
    });
    expect(bad.status).toBe(400);
    for (const unknown of [UNKNOWN, "not-a-uuid"]) {
      const r = await c.put(`/api/providers/${unknown}`, { companyName: "X" });
      expect(r.status).toBe(404);
      expect(r.body).toEqual({ error: "Provider not found" });
    }
    const anon = await t.app.request(`/api/providers/${id}`, {
      method: "PUT",
      headers: { Origin: "http://127.0.0.1:4321", "Content-Type": "application/json" },
      body: "{}",
    });
    expect(anon.status).toBe(401);
  });

  it("deletes the replaced cover and logo blobs, but not one still in use", async () => {
    const { userId, c, id } = await newProvider("covers@example.pk", "Covers Co");
    const cover1 = await upload(c, `providers/${userId}/cover_{ts}.jpg`);
    const logo1 = await upload(c, `providers/${userId}/logo_{ts}.jpg`);
    expect(
      (await c.put(`/api/providers/${id}`, { coverImageUrl: cover1, logoUrl: logo1 })).status,
    ).toBe(200);

    const cover2 = await upload(c, `providers/${userId}/cover_{ts}.jpg`);
    const r = await c.put(`/api/providers/${id}`, { coverImageUrl: cover2 });
    expect(r.status).toBe(200);
    expect(r.body.coverImageUrl).toBe(cover2);
    expect(await t.blobs.get(cover1.replace("/media/", ""))).toBeNull();
    expect((await t.app.request(cover1)).status).toBe(404);
    expect(await t.blobs.get(logo1.replace("/media/", ""))).not.toBeNull();

    // The same image as cover and logo: replacing the logo keeps it for the cover.
    await c.put(`/api/providers/${id}`, { logoUrl: cover2 });
    expect(await t.blobs.get(logo1.replace("/media/", ""))).toBeNull();
    await c.put(`/api/providers/${id}`, { logoUrl: "" });
    expect(await t.blobs.get(cover2.replace("/media/", ""))).not.toBeNull();

    // An image on another site is refused, and the upload it would replace stays.
    const external = await c.put(`/api/providers/${id}`, {
      coverImageUrl: "https://cdn.example.pk/a.jpg",
    });
    expect(external.status).toBe(400);
    expect(external.body.error).toBe(
      "coverImageUrl: Image must be an image uploaded to this site (/media/…), not a web address",
    );
    expect(await t.blobs.get(cover2.replace("/media/", ""))).not.toBeNull();
    // Clearing it lets it go.
    expect((await c.put(`/api/providers/${id}`, { coverImageUrl: null })).status).toBe(200);
    expect(await t.blobs.get(cover2.replace("/media/", ""))).toBeNull();
  });
});

describe("GET /api/my-provider", () => {
  it("answers the owner view with contact details, services and gallery", async () => {
    const { c, id } = await newProvider("mine@example.pk", "Mine Works");
    await c.put(`/api/providers/${id}`, { email: "me@mine.example.pk", phone: "03211234567" });
    await c.post("/api/services", {
      providerId: id,
      categoryId: CAT1!.id,
      name: "Cutting",
      pricePkr: 500,
    });
    const r = await c.get("/api/my-provider");
    expect(r.status).toBe(200);
    expect(r.res.headers.get("Cache-Control")).toMatch(/no-store/);
    expect(r.body).toMatchObject({
      id,
      companyName: "Mine Works",
      email: "me@mine.example.pk",
      phone: "+923211234567",
      phoneOnWhatsapp: false,
      website: null,
      gallery: [],
    });
    expect(r.body.services.map((s: { name: string }) => s.name)).toEqual(["Cutting"]);
    expect(r.body.path).toMatch(new RegExp(`/mine-works-${id}$`));
  });

  it("answers 404 without a profile and 401 signed out", async () => {
    const userId = await createUser(t.db, { email: "none@example.pk", role: "provider" });
    const r = await (await clientAs(t, userId)).get("/api/my-provider");
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ error: "No provider profile yet" });
    const anon = await t.app.request("/api/my-provider");
    expect(anon.status).toBe(401);
  });
});

describe("services", () => {
  it("adds, edits and deletes, with the search index in step", async () => {
    const { c, id } = await newProvider("svc@example.pk", "Service Co");
    const dirty = t.dirty.length;
    const add = await c.post("/api/services", {
      providerId: id,
      categoryId: CAT1!.id,
      name: "Galvanizing",
      description: "Hot-dip",
      pricePkr: "1500",
    });
    expect(add.status).toBe(201);
    expect(add.body).toMatchObject({
      providerId: id,
      categoryId: CAT1!.id,
      name: "Galvanizing",
      description: "Hot-dip",
      pricePkr: 1500,
      isActive: true,
      category: { id: CAT1!.id, name: CAT1!.name },
    });
    const sid = add.body.id as string;
    expect(await search("galvanizing")).toContain(id);
    const pub = await t.app.request(`/api/providers/${id}/services`);
    expect(((await pub.json()) as { id: string }[]).map((s) => s.id)).toEqual([sid]);
    const cat = await t.app.request(`/api/providers?categoryId=${CAT1!.id}&search=service`);
    expect(((await cat.json()) as { id: string }[]).map((p) => p.id)).toContain(id);

    const edit = await c.patch(`/api/services/${sid}`, {
      name: "Powder coating",
      categoryId: CAT2!.id,
      pricePkr: 2000,
    });
    expect(edit.status).toBe(200);
    expect(edit.body).toMatchObject({
      id: sid,
      name: "Powder coating",
      description: "Hot-dip",
      pricePkr: 2000,
      category: { id: CAT2!.id },
    });
    expect(await search("galvanizing")).not.toContain(id);
    expect(await search("powder coating")).toContain(id);

    const del = await c.del(`/api/services/${sid}`);
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ ok: true });
    // Add, edit, delete: each told the publisher after its commit.
    expect(t.dirty.length).toBe(dirty + 3);
    expect(await search("powder")).not.toContain(id);
    expect((await c.del(`/api/services/${sid}`)).status).toBe(404);
    expect((await c.patch(`/api/services/${sid}`, { name: "x" })).status).toBe(404);
  });

  it("checks the body and the category", async () => {
    const { c, id } = await newProvider("svc-bad@example.pk", "Svc Bad Co");
    const base = { providerId: id, categoryId: CAT1!.id, name: "Ok", pricePkr: 1 };
    const unknownCat = await c.post("/api/services", { ...base, categoryId: UNKNOWN });
    expect(unknownCat.status).toBe(400);
    expect(unknownCat.body).toEqual({ error: "Unknown category" });
    for (const body of [
      { ...base, name: "" },
      { ...base, pricePkr: -1 },
      { ...base, pricePkr: 1.5 },
      { ...base, categoryId: "" },
      { ...base, providerId: "x" },
    ]) {
      expect((await c.post("/api/services", body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await c.post("/api/services", { ...base, providerId: UNKNOWN })).status).toBe(404);
    const sid = (await c.post("/api/services", base)).body.id;
    expect((await c.patch(`/api/services/${sid}`, { categoryId: UNKNOWN })).status).toBe(400);
    expect((await c.patch(`/api/services/${sid}`, { pricePkr: -3 })).status).toBe(400);
  });
});

describe("gallery", () => {
  it("adds an uploaded image and deletes it with its blob", async () => {
    const { c, id } = await newProvider("gal@example.pk", "Gallery Co");
    const imageUrl = await upload(c, `providers/${id}/gallery/{ts}_shop_floor.jpg`);
    const version = await getDataVersion(t.db);
    const add = await c.post("/api/providers/gallery", { imageUrl });
    expect(await getDataVersion(t.db)).toBe(version + 1);
    expect(add.status).toBe(201);
    expect(add.body).toMatchObject({ providerId: id, imageUrl });
    const list = await t.app.request(`/api/providers/${id}/gallery`);
    expect(((await list.json()) as { id: string }[]).map((g) => g.id)).toEqual([add.body.id]);
    expect((await c.get("/api/my-provider")).body.gallery).toHaveLength(1);
    expect((await c.post("/api/providers/gallery", { imageUrl })).status).toBe(409);

    const del = await c.del(`/api/providers/gallery/${add.body.id}`);
    expect(del.status).toBe(200);
    expect(await t.blobs.get(imageUrl.replace("/media/", ""))).toBeNull();
    expect((await t.app.request(imageUrl)).status).toBe(404);
    expect((await c.del(`/api/providers/gallery/${add.body.id}`)).status).toBe(404);
    expect((await c.del(`/api/providers/gallery/nope`)).status).toBe(404);
  });

  it("takes only existing uploads of that provider's gallery", async () => {
    const { userId, c, id } = await newProvider("gal-bad@example.pk", "Gallery Bad Co");
    const other = await newProvider("gal-other@example.pk", "Gallery Other Co");
    const theirs = await upload(other.c, `providers/${other.id}/gallery/{ts}_x.jpg`);
    const cover = await upload(c, `providers/${userId}/cover_{ts}.jpg`);
    for (const imageUrl of [
      theirs,
      cover,
      `/media/providers/${id}/gallery/1_missing.jpg`,
      "https://cdn.example.pk/x.jpg",
      `/media/providers/${id}/gallery/../cover.jpg`,
    ]) {
      const r = await c.post("/api/providers/gallery", { imageUrl });
      expect(r.status, imageUrl).toBe(400);
    }
    const noProfile = await createUser(t.db, { email: "gal-none@example.pk", role: "provider" });
    const r = await (
      await clientAs(t, noProfile)
    ).post("/api/providers/gallery", {
      imageUrl: theirs,
    });
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ error: "No provider profile yet" });
    const customer = await createUser(t.db, { email: "gal-cust@example.pk" });
    const rc = await (
      await clientAs(t, customer)
    ).post("/api/providers/gallery", {
      imageUrl: theirs,
    });
    expect(rc.status).toBe(403);
  });

  it("stores PNG uploads with their real extension and accepts them", async () => {
    const { c, id } = await newProvider("gal-png@example.pk", "Gallery Png Co");
    const imageUrl = await upload(c, `providers/${id}/gallery/{ts}_a.jpg`, png(6, 4));
    // The real extension, after the size mark of an upload with copies (decision 013).
    expect(imageUrl).toMatch(/_a\.r6x4\.png$/);
    expect((await c.post("/api/providers/gallery", { imageUrl })).status).toBe(201);
  });
});

describe("ownership: another provider, an admin, unknown ids", () => {
  let owner: Awaited<ReturnType<typeof newProvider>>;
  let intruder: Client;
  let admin: Client;
  let adminId: string;
  let serviceId: string;
  let imageId: string;
  let imageUrl: string;

  beforeAll(async () => {
    owner = await newProvider("owner@example.pk", "Owner Works");
    const second = await newProvider("intruder@example.pk", "Intruder Works");
    intruder = second.c;
    adminId = await createUser(t.db, { email: "admin2@example.pk", role: "admin" });
    admin = await clientAs(t, adminId);
    serviceId = (
      await owner.c.post("/api/services", {
        providerId: owner.id,
        categoryId: CAT1!.id,
        name: "Owner Service",
        pricePkr: 100,
      })
    ).body.id;
    imageUrl = await upload(owner.c, `providers/${owner.id}/gallery/{ts}_own.jpg`);
    imageId = (await owner.c.post("/api/providers/gallery", { imageUrl })).body.id;
  });

  it("a second provider gets 403 on every call on the first one's data", async () => {
    const calls = [
      await intruder.put(`/api/providers/${owner.id}`, { companyName: "Hijacked" }),
      await intruder.post("/api/services", {
        providerId: owner.id,
        categoryId: CAT1!.id,
        name: "Spam",
        pricePkr: 1,
      }),
      await intruder.patch(`/api/services/${serviceId}`, { name: "Hijacked" }),
      await intruder.del(`/api/services/${serviceId}`),
      await intruder.post("/api/providers/gallery", { imageUrl, providerId: owner.id }),
      await intruder.del(`/api/providers/gallery/${imageId}`),
      await intruder.postBytes(
        `/api/uploads/file?key=providers/${owner.id}/gallery/${++ts}_x.jpg`,
        jpeg(),
      ),
      await intruder.postBytes(
        `/api/uploads/file?key=providers/${owner.userId}/cover_${++ts}.jpg`,
        jpeg(),
      ),
    ];
    expect(calls.map((r) => r.status)).toEqual(calls.map(() => 403));
    // Nothing changed.
    const mine = (await owner.c.get("/api/my-provider")).body;
    expect(mine.companyName).toBe("Owner Works");
    expect(mine.services.map((s: { name: string }) => s.name)).toEqual(["Owner Service"]);
    expect(mine.gallery).toHaveLength(1);
  });

  it("a customer gets 403 too", async () => {
    const cust = await clientAs(t, await createUser(t.db, { email: "cust2@example.pk" }));
    expect((await cust.put(`/api/providers/${owner.id}`, { companyName: "X" })).status).toBe(403);
    expect((await cust.patch(`/api/services/${serviceId}`, { name: "X" })).status).toBe(403);
    expect((await cust.del(`/api/services/${serviceId}`)).status).toBe(403);
    expect((await cust.del(`/api/providers/gallery/${imageId}`)).status).toBe(403);
    const add = await cust.post("/api/services", {
      providerId: owner.id,
      categoryId: CAT1!.id,
      name: "X",
      pricePkr: 1,
    });
    expect(add.status).toBe(403);
  });

  it("an admin may do all of it", async () => {
    const put = await admin.put(`/api/providers/${owner.id}`, { responseTime: "1 hour" });
    expect(put.status).toBe(200);
    expect(put.body.responseTime).toBe("1 hour");
    const add = await admin.post("/api/services", {
      providerId: owner.id,
      categoryId: CAT2!.id,
      name: "Admin Added",
      pricePkr: 5,
    });
    expect(add.status).toBe(201);
    expect((await admin.patch(`/api/services/${add.body.id}`, { pricePkr: 6 })).status).toBe(200);
    expect((await admin.del(`/api/services/${add.body.id}`)).status).toBe(200);

    // The admin must name the provider (they have none of their own here).
    const galleryUrl = await upload(admin, `providers/${owner.id}/gallery/{ts}_admin.jpg`);
    const noId = await admin.post("/api/providers/gallery", { imageUrl: galleryUrl });
    expect(noId.status).toBe(400);
    expect(noId.body).toEqual({ error: "providerId is required" });
    const g = await admin.post("/api/providers/gallery", {
      imageUrl: galleryUrl,
      providerId: owner.id,
    });
    expect(g.status).toBe(201);
    expect((await admin.del(`/api/providers/gallery/${g.body.id}`)).status).toBe(200);

    // An admin's own upload can become another provider's cover.
    const adminCover = await upload(admin, `providers/${adminId}/cover_{ts}.jpg`);
    const cover = await admin.put(`/api/providers/${owner.id}`, { coverImageUrl: adminCover });
    expect(cover.status).toBe(200);
    expect(await roleOf(adminId)).toBe("admin");
  });

  it("unknown ids answer 404 to everyone", async () => {
    for (const c of [owner.c, intruder, admin]) {
      expect((await c.put(`/api/providers/${UNKNOWN}`, { companyName: "X" })).status).toBe(404);
      expect((await c.patch(`/api/services/${UNKNOWN}`, { name: "X" })).status).toBe(404);
      expect((await c.del(`/api/services/${UNKNOWN}`)).status).toBe(404);
      expect((await c.del(`/api/providers/gallery/${UNKNOWN}`)).status).toBe(404);
      const svc = await c.post("/api/services", {
        providerId: UNKNOWN,
        categoryId: CAT1!.id,
        name: "X",
        pricePkr: 1,
      });
      expect(svc.status).toBe(404);
      const gal = await c.post("/api/providers/gallery", { imageUrl, providerId: UNKNOWN });
      expect(gal.status).toBe(404);
    }
  });
});

describe("an inactive provider", () => {
  it("is still the owner's to edit, and stays out of the search", async () => {
    const userId = await createUser(t.db, { email: "inactive@example.pk", role: "provider" });
    const id = await createProvider(t.db, {
      companyName: "Dormant Foundry",
      city: "Multan",
      userId,
      isActive: false,
    });
    const c = await clientAs(t, userId);
    expect((await c.get("/api/my-provider")).body).toMatchObject({ id, isActive: false });
    const r = await c.put(`/api/providers/${id}`, { companyName: "Dormant Forge" });
    expect(r.status).toBe(200);
    expect(await search("dormant")).not.toContain(id);
  });
});

describe("GET /api/login", () => {
  it("redirects to the sign-in page", async () => {
    const r = await t.app.request("/api/login");
    expect(r.status).toBe(302);
    expect(r.headers.get("Location")).toBe("/login");
    const next = await t.app.request("/api/login?next=%2Fprovider-dashboard");
    expect(next.headers.get("Location")).toBe("/login?next=%2Fprovider-dashboard");
    for (const evil of ["https://evil.example", "//evil.example", "/\\evil.example"]) {
      const r2 = await t.app.request(`/api/login?next=${encodeURIComponent(evil)}`);
      expect(r2.headers.get("Location")).toBe("/login");
    }
  });
});
