import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProvider, createUser } from "../../db/seed/factories.ts";
import { LIMITS } from "../../functions/lib/rate-limit.ts";
import { withSizeMark } from "../../src/lib/image-sources.ts";
import { MAX_UPLOAD_BYTES } from "../../src/lib/provider-schemas.ts";
import { clientAs, makeTestApp, type TestApp } from "../helpers/app.ts";
import { jpeg, padTo, png, webp } from "../helpers/images.ts";

let t: TestApp;
let me: string; // provider user
let myProvider: string;
let other: string; // another provider user
let otherProvider: string;
let customer: string;
let admin: string;

beforeAll(async () => {
  t = await makeTestApp();
  me = await createUser(t.db, { email: "me@example.pk", role: "provider" });
  other = await createUser(t.db, { email: "other@example.pk", role: "provider" });
  customer = await createUser(t.db, { email: "c@example.pk", role: "customer" });
  admin = await createUser(t.db, { email: "a@example.pk", role: "admin" });
  myProvider = await createProvider(t.db, { companyName: "Mine", city: "Lahore", userId: me });
  otherProvider = await createProvider(t.db, {
    companyName: "Theirs",
    city: "Karachi",
    userId: other,
  });
});
afterAll(() => t.close());

let ts = 1_700_000_000_000;
const next = () => ++ts;
const url = (key: string, contentType = "image/jpeg") =>
  `/api/uploads/file?key=${encodeURIComponent(key)}&contentType=${encodeURIComponent(contentType)}`;
const cover = (userId = me) => `providers/${userId}/cover_${next()}.jpg`;
const gallery = (providerId = myProvider, name = "shop.jpg") =>
  `providers/${providerId}/gallery/${next()}_${name}`;

async function served(publicUrl: string) {
  const res = await t.app.request(publicUrl);
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}

/** A body that arrives in chunks with no Content-Length, like a chunked upload. */
function stream(total: number, chunk = 64 * 1024): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= total) return controller.close();
      const n = Math.min(chunk, total - sent);
      const part = new Uint8Array(n);
      if (sent === 0) part.set(jpeg().subarray(0, Math.min(n, 200)));
      sent += n;
      controller.enqueue(part);
    },
  });
}

describe("POST /api/uploads/file accepts real images", () => {
  it.each([
    ["JPEG", () => jpeg(), "image/jpeg", () => cover(), ".jpg"],
    ["PNG", () => png(8, 6), "image/png", () => gallery(myProvider, "floor.png"), ".png"],
    ["WebP", () => webp(), "image/webp", () => gallery(myProvider, "logo.webp"), ".webp"],
  ])("stores a %s and serves it back with the sniffed type", async (_n, make, type, key, ext) => {
    const c = await clientAs(t, me);
    const bytes = make();
    const k = key();
    const r = await c.postBytes(url(k, "image/jpeg"), bytes);
    expect(r.status).toBe(200);
    // Stored under the requested key with the picture's size: it has copies (decision 013).
    expect(r.body.publicUrl).toBe(`/media/${withSizeMark(k, r.body)}`);
    expect(r.body.publicUrl.endsWith(ext)).toBe(true);
    expect(r.body.contentType).toBe(type);
    const back = await served(r.body.publicUrl);
    expect(back.res.status).toBe(200);
    expect(back.res.headers.get("Content-Type")).toBe(type);
    expect(back.res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(back.bytes).toEqual(bytes);
  });

  it("names the stored file after what the bytes are, not what the key says", async () => {
    const c = await clientAs(t, me);
    const k = cover(); // …/cover_{ts}.jpg, but the bytes are a PNG
    const r = await c.postBytes(url(k, "image/jpeg"), png(4, 4));
    expect(r.status).toBe(200);
    expect(r.body.publicUrl).toBe(`/media/${withSizeMark(k.replace(/\.jpg$/, ".png"), r.body)}`);
    expect((await served(r.body.publicUrl)).res.headers.get("Content-Type")).toBe("image/png");
    expect(await t.blobs.get(k)).toBeNull();
  });

  it("ignores the declared contentType", async () => {
    const c = await clientAs(t, me);
    const r = await c.postBytes(url(cover(), "text/html"), jpeg());
    expect(r.status).toBe(200);
    expect(r.body.contentType).toBe("image/jpeg");
  });

  it("accepts logo keys, exactly 4,000 px and exactly 5 MB", async () => {
    const c = await clientAs(t, me);
    expect((await c.postBytes(url(`providers/${me}/logo_${next()}.jpg`), jpeg())).status).toBe(200);
    expect((await c.postBytes(url(gallery()), png(4000, 1))).status).toBe(200);
    expect((await c.postBytes(url(gallery()), jpeg(4000, 4000))).status).toBe(200);
    const atLimit = padTo(jpeg(), MAX_UPLOAD_BYTES);
    const r = await c.postBytes(url(gallery()), atLimit);
    expect(r.status).toBe(200);
  });

  it("refuses to overwrite an existing key (media are cached as immutable)", async () => {
    const c = await clientAs(t, me);
    const k = cover();
    expect((await c.postBytes(url(k), jpeg())).status).toBe(200);
    const again = await c.postBytes(url(k), jpeg());
    expect(again.status).toBe(409);
    expect(again.body.error).toMatch(/exists/);
  });
});

describe("POST /api/uploads/file refuses what is not an acceptable image", () => {
  it("a text file named .jpg → 415", async () => {
    const c = await clientAs(t, me);
    const k = gallery(myProvider, "notes.jpg");
    const r = await c.postBytes(url(k), new TextEncoder().encode("just some notes\n"));
    expect(r.status).toBe(415);
    expect(r.body).toEqual({ error: "The file must be a JPEG, PNG or WebP image" });
    expect(await t.blobs.get(k)).toBeNull();
  });

  it("an HTML file sent as image/jpeg → 415", async () => {
    const c = await clientAs(t, me);
    const k = cover();
    const html = new TextEncoder().encode("<!doctype html><script>alert(1)</script>");
    const r = await c.postBytes(url(k, "image/jpeg"), html, { "Content-Type": "image/jpeg" });
    expect(r.status).toBe(415);
    expect(await t.blobs.get(k)).toBeNull();
  });

  it("an empty body, a GIF and an SVG → 415", async () => {
    const c = await clientAs(t, me);
    for (const body of [
      new Uint8Array(0),
      new TextEncoder().encode("GIF89a\x01\x00\x01\x00"),
      new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    ]) {
      expect((await c.postBytes(url(cover()), body)).status).toBe(415);
    }
  });

  it("a file of 5 MB + 1 byte → 413, declared or streamed", async () => {
    const c = await clientAs(t, me);
    const k = cover();
    const big = padTo(jpeg(), MAX_UPLOAD_BYTES + 1);
    const declared = await c.postBytes(url(k), big, { "Content-Length": String(big.length) });
    expect(declared.status).toBe(413);
    expect(declared.body.error).toMatch(/larger than 5 MB/);
    const streamed = await c.postBytes(url(k), stream(MAX_UPLOAD_BYTES + 1));
    expect(streamed.status).toBe(413);
    const endless = await c.postBytes(url(k), stream(50 * 1024 * 1024));
    expect(endless.status).toBe(413);
    expect(await t.blobs.get(k)).toBeNull();
  });

  it.each([
    ["a 4001×10 PNG", () => png(4001, 10)],
    ["a 10×4001 PNG", () => png(10, 4001)],
    ["a JPEG claiming 5000×5000", () => jpeg(5000, 5000)],
    ["a WebP claiming 4001×2", () => webp(4001, 2)],
  ])("%s → 422", async (_n, make) => {
    const c = await clientAs(t, me);
    const bytes = make();
    expect(bytes.length).toBeLessThan(10_000);
    const r = await c.postBytes(url(cover()), bytes);
    expect(r.status).toBe(422);
    expect(r.body.error).toMatch(/at most 4000 pixels a side/);
  });

  it("an image whose header cannot be read → 422", async () => {
    const c = await clientAs(t, me);
    const broken = png(4, 4).slice(0, 12); // signature, then cut inside IHDR
    const r = await c.postBytes(url(cover()), broken);
    expect(r.status).toBe(422);
    expect(r.body).toEqual({ error: "The image could not be read" });
    const riff = new TextEncoder().encode("RIFF\0\0\0\0WEBPjunkjunkjunk");
    expect((await c.postBytes(url(cover()), riff)).status).toBe(422);
  });
});

describe("POST /api/uploads/file keys", () => {
  it("another user's folder or another provider's gallery → 403", async () => {
    const c = await clientAs(t, me);
    for (const k of [
      cover(other),
      `providers/${other}/logo_${next()}.jpg`,
      gallery(otherProvider),
      gallery(me), // a user id is not a provider id
      gallery("00000000-0000-4000-8000-000000000000"),
    ]) {
      const r = await c.postBytes(url(k), jpeg());
      expect(r.status, k).toBe(403);
      expect(await t.blobs.get(k)).toBeNull();
    }
  });

  it.each([
    [() => `providers/${me}/../x.jpg`],
    [() => `providers/${me}/cover_1.jpg/../../`],
    [() => `providers/${me}/../${other}/cover_1.jpg`],
    [() => `providers/${me}/./cover_1.jpg`],
    [() => `providers/${me}//cover_1.jpg`],
    [() => `/providers/${me}/cover_1.jpg`],
    [() => `providers\\${me}\\cover_1.jpg`],
    [() => `other/${me}/cover_1.jpg`],
    [() => `providers/${me}/avatar_1.jpg`],
    [() => `providers/${me}/cover_1.png`],
    [() => `providers/${me}/cover_.jpg`],
    [() => `providers/${me}/cover_1.jpg.html`],
    [() => `providers/${myProvider}/gallery/1_my photo.jpg`],
    [() => `providers/${myProvider}/gallery/shop.jpg`],
    [() => `providers/${myProvider}/gallery/1_a/b.jpg`],
    [() => `providers/${me.toUpperCase()}/cover_1.jpg`],
    [() => ""],
  ])("a malformed or traversal key (%#) → 400", async (key) => {
    const c = await clientAs(t, me);
    const r = await c.postBytes(url(key()), jpeg());
    expect(r.status).toBe(400);
    expect(r.body.error).toMatch(/^Invalid upload key/);
  });

  it("a missing key → 400", async () => {
    const c = await clientAs(t, me);
    expect((await c.postBytes("/api/uploads/file", jpeg())).status).toBe(400);
  });

  it("an admin uploads to any provider's gallery and to their own folder only", async () => {
    const c = await clientAs(t, admin);
    expect((await c.postBytes(url(gallery(otherProvider)), jpeg())).status).toBe(200);
    expect((await c.postBytes(url(cover(admin)), jpeg())).status).toBe(200);
    expect((await c.postBytes(url(cover(me)), jpeg())).status).toBe(403);
  });
});

describe("POST /api/uploads/file callers", () => {
  it("a customer → 403", async () => {
    const c = await clientAs(t, customer);
    const r = await c.postBytes(url(cover(customer)), jpeg());
    expect(r.status).toBe(403);
  });

  it("anonymous → 401, before the key is looked at", async () => {
    const res = await t.app.request(url("nonsense"), {
      method: "POST",
      headers: { Origin: "http://127.0.0.1:4321", "Content-Type": "application/octet-stream" },
      body: jpeg(),
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: "Unauthorized" });
  });

  it("a cross-site request → 403", async () => {
    const c = await clientAs(t, me);
    const r = await c.postBytes(url(cover()), jpeg(), { Origin: "https://evil.example" });
    expect(r.status).toBe(403);
  });

  it("throttles each user (429 with Retry-After)", async () => {
    const user = await createUser(t.db, { email: "busy@example.pk", role: "provider" });
    const c = await clientAs(t, user);
    for (let i = 0; i < LIMITS.uploadUser.max; i++) {
      // Refused keys count too: the limit is on attempts.
      expect((await c.postBytes(url("bad"), new Uint8Array(1))).status).toBe(400);
    }
    const r = await c.postBytes(url(cover(user)), jpeg());
    expect(r.status).toBe(429);
    expect(Number(r.res.headers.get("Retry-After"))).toBeGreaterThan(0);
    // Someone else is not affected.
    expect((await (await clientAs(t, me)).postBytes(url(cover()), jpeg())).status).toBe(200);
  });
});

describe("the 64 KB limit of the JSON API", () => {
  it("still applies to every other route", async () => {
    const c = await clientAs(t, me);
    const r = await c.put(`/api/providers/${myProvider}`, { description: "x".repeat(70_000) });
    expect(r.status).toBe(413);
    expect(r.body).toEqual({ error: "Request body too large" });
  });
});
