import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leads } from "../../db/schema.ts";
import { createProvider, createUser } from "../../db/seed/factories.ts";
import { claimPhotoKey, leadPhotoKey } from "../../src/lib/upload-keys.ts";
import { clientAs, makeTestApp, type TestApp } from "../helpers/app.ts";
import { jpeg } from "../helpers/images.ts";

/**
 * Quote requests' photos and claims' proof are private (decision 030): served
 * at /api/media/{key} only to the people of that request or claim and to
 * admins, never by the public /media/ path, and never kept by a shared cache.
 */

type Client = Awaited<ReturnType<typeof clientAs>>;
const WHO = ["customer", "stranger", "owner", "rival", "admin"] as const;
type Who = (typeof WHO)[number] | "anonymous";

let t: TestApp;
const id = {} as Record<(typeof WHO)[number], string> & { listing: string; rivalListing: string };
const as = {} as Record<(typeof WHO)[number], Client>;
let stamp = 1_700_000_000_000;

beforeAll(async () => {
  t = await makeTestApp();
  id.customer = await createUser(t.db, { email: "buyer@media.pk" });
  id.stranger = await createUser(t.db, { email: "stranger@media.pk" });
  id.owner = await createUser(t.db, { email: "owner@media.pk", role: "provider" });
  id.rival = await createUser(t.db, { email: "rival@media.pk", role: "provider" });
  id.admin = await createUser(t.db, { email: "admin@media.pk", role: "admin" });
  id.listing = await createProvider(t.db, {
    companyName: "Ravi Steel Works",
    city: "Lahore",
    userId: id.owner,
  });
  id.rivalListing = await createProvider(t.db, {
    companyName: "Rival Steel Works",
    city: "Lahore",
    userId: id.rival,
  });
  for (const [n, who] of WHO.entries()) as[who] = await clientAs(t, id[who], `10.30.${n}.1`);
});
afterAll(() => t.close());

/** Uploads a photo as `who` under `key`; answers the upload's answer (publicUrl, variants). */
async function upload(c: Client, key: string) {
  const r = await c.postBytes(`/api/uploads/file?key=${encodeURIComponent(key)}`, jpeg());
  expect(r.status, r.text).toBe(200);
  return r.body as { publicUrl: string; key: string; variants: { url: string }[] };
}

/** The status `who` gets for `url`, and the answer. */
async function fetchAs(who: Who, url: string) {
  const headers: Record<string, string> = {};
  if (who !== "anonymous") headers.Cookie = as[who].cookie;
  return t.app.request(url, { headers });
}

async function statuses(url: string): Promise<Record<Who, number>> {
  const out = {} as Record<Who, number>;
  for (const who of ["anonymous", ...WHO] as const) {
    const res = await fetchAs(who, url);
    await res.body?.cancel();
    out[who] = res.status;
  }
  return out;
}

async function sendLead(providerId: string, photos: string[]) {
  const r = await as.customer.post("/api/leads", {
    providerId,
    need: `Forty steel brackets, galvanised, ${++stamp} (with a drawing attached)`,
    city: "Lahore",
    photos,
  });
  expect(r.status, r.text).toBe(201);
  return r.body as { id: string; photos: string[]; reviewState: string };
}

describe("a quote request's photo", () => {
  it("is uploaded to a private URL and served only to the customer, the provider's owner and admins", async () => {
    const photo = await upload(as.customer, leadPhotoKey(id.customer, ++stamp, "drawing.jpg"));
    expect(photo.publicUrl).toMatch(new RegExp(`^/api/media/leads/${id.customer}/\\d+_drawing`));
    expect(photo.variants.length).toBeGreaterThan(0);
    for (const v of photo.variants) expect(v.url.startsWith(`${photo.publicUrl}.w`)).toBe(true);

    // Before it is sent, only its uploader (and admins) see it.
    expect(await statuses(photo.publicUrl)).toEqual({
      anonymous: 401,
      customer: 200,
      stranger: 404,
      owner: 404,
      rival: 404,
      admin: 200,
    });

    const lead = await sendLead(id.listing, [photo.publicUrl]);
    expect(lead.photos).toEqual([photo.publicUrl]);
    const expected = {
      anonymous: 401,
      customer: 200,
      stranger: 404,
      owner: 200,
      rival: 404,
      admin: 200,
    };
    expect(await statuses(photo.publicUrl)).toEqual(expected);
    // Its WebP and JPEG copies follow the same rule.
    for (const v of photo.variants) expect(await statuses(v.url), v.url).toEqual(expected);

    // The thread the owner reads carries the private URL, and it opens for them.
    const thread = await as.owner.get(`/api/leads/${lead.id}`);
    expect(thread.body.photos).toEqual([photo.publicUrl]);
  });

  it("answers with the image, private and never stored by a cache", async () => {
    const photo = await upload(as.customer, leadPhotoKey(id.customer, ++stamp, "headers.jpg"));
    await sendLead(id.listing, [photo.publicUrl]);
    const res = await fetchAs("owner", photo.publicUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/jpeg");
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    expect(res.headers.get("Vary")).toBe("Cookie");
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(res.headers.get("Cross-Origin-Resource-Policy")).toBe("same-origin");
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(jpeg());

    // Refusals are JSON errors, the same whether the file exists or not.
    const refused = await fetchAs("stranger", photo.publicUrl);
    expect(refused.status).toBe(404);
    expect(await refused.json()).toEqual({ error: "Not found" });
    const missing = await fetchAs("stranger", photo.publicUrl.replace(/\d+_headers/, "1_none"));
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: "Not found" });
    const anonymous = await fetchAs("anonymous", photo.publicUrl);
    expect(await anonymous.json()).toEqual({ error: "Unauthorized" });
    // A refused look is a security event, without the file's name.
    const refusedEvents = t.events.filter(
      (e) => e.event === "media.refused" && e.userId === id.stranger,
    );
    expect(refusedEvents.length).toBeGreaterThan(0);
    expect(JSON.stringify(refusedEvents)).not.toContain("headers");
  });

  it("is not the provider's while the request is held for review", async () => {
    const photo = await upload(as.customer, leadPhotoKey(id.customer, ++stamp, "held.jpg"));
    const lead = await sendLead(id.rivalListing, [photo.publicUrl]);
    await t.db.update(leads).set({ reviewState: "held" }).where(eq(leads.id, lead.id));
    expect(await statuses(photo.publicUrl)).toMatchObject({
      customer: 200,
      rival: 404,
      admin: 200,
    });
    await t.db.update(leads).set({ reviewState: "visible" }).where(eq(leads.id, lead.id));
    expect((await statuses(photo.publicUrl)).rival).toBe(200);
  });

  it("stays with the owner it was sent to: a new owner after a claim does not see it", async () => {
    const listing = await createProvider(t.db, {
      companyName: "Changing Hands Works",
      city: "Lahore",
      email: "office@changinghands.pk",
      userId: await createUser(t.db, { email: "left@media.pk", role: "provider" }),
    });
    const oldPhoto = await upload(as.customer, leadPhotoKey(id.customer, ++stamp, "old.jpg"));
    await sendLead(listing, [oldPhoto.publicUrl]);

    // The owner left: an admin detaches them and a customer proves the business by email.
    const detached = await as.admin.post(`/api/admin/providers/${listing}/detach`);
    expect(detached.status, detached.text).toBe(200);
    // The address was the old owner's to set: an admin vouches for it before it proves a claim.
    const vouched = await as.admin.post(`/api/admin/providers/${listing}/confirm-email`);
    expect(vouched.status, vouched.text).toBe(200);
    const newOwner = await createUser(t.db, { email: "new@media.pk" });
    const newcomer = await clientAs(t, newOwner, "10.30.9.1");
    expect((await newcomer.post("/api/claims/email", { providerId: listing })).status).toBe(202);
    const mail = t.outbox.filter((m) => m.to === "office@changinghands.pk").at(-1)!;
    const token = /#token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    expect((await newcomer.post("/api/claims/confirm", { token })).status).toBe(200);

    const get = async (c: Client, url: string) => {
      const res = await t.app.request(url, { headers: { Cookie: c.cookie } });
      await res.body?.cancel();
      return res.status;
    };
    expect(await get(newcomer, oldPhoto.publicUrl)).toBe(404);
    expect(await get(as.customer, oldPhoto.publicUrl)).toBe(200);
    expect(await get(as.admin, oldPhoto.publicUrl)).toBe(200);

    // A request sent after the claim is the newcomer's, photos and all.
    const newPhoto = await upload(as.customer, leadPhotoKey(id.customer, ++stamp, "new.jpg"));
    await sendLead(listing, [newPhoto.publicUrl]);
    expect(await get(newcomer, newPhoto.publicUrl)).toBe(200);
    expect(await get(newcomer, oldPhoto.publicUrl)).toBe(404);
  });
});

describe("a claim's proof photo", () => {
  it("is served only to its requester and admins", async () => {
    const listing = await createProvider(t.db, { companyName: "Unclaimed Works", city: "Lahore" });
    const photo = await upload(as.customer, claimPhotoKey(id.customer, ++stamp, "board.jpg"));
    expect(photo.publicUrl).toMatch(new RegExp(`^/api/media/claims/${id.customer}/`));
    const sent = await as.customer.post("/api/claims/evidence", {
      providerId: listing,
      phone: "0300 1234567",
      photoUrl: photo.publicUrl,
    });
    expect(sent.status, sent.text).toBe(201);
    const expected = {
      anonymous: 401,
      customer: 200,
      stranger: 404,
      owner: 404,
      rival: 404,
      admin: 200,
    };
    expect(await statuses(photo.publicUrl)).toEqual(expected);
    for (const v of photo.variants) expect(await statuses(v.url)).toEqual(expected);

    // The admin Claims tab lists it with the private URL.
    const claims = await as.admin.get("/api/admin/claims?status=pending");
    const mine = (claims.body as { photoUrl: string | null; provider: { id: string } }[]).find(
      (c) => c.provider.id === listing,
    );
    expect(mine?.photoUrl).toBe(photo.publicUrl);
  });

  it("is not readable as a lead photo of the same name", async () => {
    const photo = await upload(as.customer, claimPhotoKey(id.customer, ++stamp, "swap.jpg"));
    const asLead = photo.publicUrl.replace("/api/media/claims/", "/api/media/leads/");
    expect((await fetchAs("customer", asLead)).status).toBe(404);
  });
});

describe("the public /media/ path", () => {
  it("answers 404 for private photos, to everyone, and still serves provider images", async () => {
    const lead = await upload(as.customer, leadPhotoKey(id.customer, ++stamp, "public.jpg"));
    const claim = await upload(as.customer, claimPhotoKey(id.customer, ++stamp, "public.jpg"));
    await sendLead(id.listing, [lead.publicUrl]);
    for (const url of [lead.publicUrl, claim.publicUrl, ...lead.variants.map((v) => v.url)]) {
      const old = url.replace(/^\/api\/media\//, "/media/");
      for (const who of ["anonymous", "customer", "owner", "admin"] as const) {
        const res = await fetchAs(who, old);
        expect(res.status, `${who} ${old}`).toBe(404);
        expect(res.headers.get("Cache-Control")).not.toContain("public");
      }
    }
    const cover = await upload(as.owner, `providers/${id.owner}/cover_${++stamp}.jpg`);
    expect(cover.publicUrl).toMatch(/^\/media\/providers\//);
    const res = await fetchAs("anonymous", cover.publicUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
  });
});

describe("the private path", () => {
  it("names only private uploads: anything else is 404", async () => {
    const cover = await upload(as.owner, `providers/${id.owner}/cover_${++stamp}.jpg`);
    const cases = [
      cover.publicUrl.replace(/^\/media\//, "/api/media/"),
      `/api/media/leads/${id.customer}/..%2F..%2Fsecret.jpg`,
      `/api/media/leads/${id.customer.toUpperCase()}/1_a.jpg`,
      `/api/media/leads/not-a-uuid/1_a.jpg`,
      `/api/media/leads/${id.customer}/no-timestamp.jpg`,
      `/api/media/other/${id.customer}/1_a.jpg`,
    ];
    for (const url of cases) {
      const res = await fetchAs("admin", url);
      expect(res.status, url).toBe(404);
    }
  });
});
