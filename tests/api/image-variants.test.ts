/**
 * Responsive images (decision 013): an upload gets WebP and JPEG
 * copies in the pages' widths, served like the upload, deleted with it; an
 * image without copies is shown as it is.
 */
import { imageSize } from "image-size";
import { utimes } from "node:fs/promises";
import { join } from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProvider, createUser } from "../../db/seed/factories.ts";
import { sniffImageType } from "../../functions/lib/images.ts";
import { sweepOrphanUploads, UPLOAD_GRACE_MS } from "../../functions/lib/media-sweep.ts";
import { ProviderProfile } from "../../src/features/provider/ProviderProfile.tsx";
import { variantsOf } from "../../src/lib/image-sources.ts";
import type { ProviderPublic } from "../../src/lib/types.ts";
import { photoPng } from "../e2e/test-images.ts";
import { clientAs, makeTestApp, type TestApp } from "../helpers/app.ts";
import { png } from "../helpers/images.ts";

let t: TestApp;
let me: string;
let myProvider: string;
let c: Awaited<ReturnType<typeof clientAs>>;

beforeAll(async () => {
  t = await makeTestApp();
  me = await createUser(t.db, { email: "variants@example.pk", role: "provider" });
  myProvider = await createProvider(t.db, {
    companyName: "Variant Works",
    city: "Sialkot",
    userId: me,
  });
  c = await clientAs(t, me);
});
afterAll(() => t.close());

let ts = 1_700_000_000_000;
const coverKey = () => `providers/${me}/cover_${++ts}.jpg`;
const galleryKey = (name = "shop.jpg") => `providers/${myProvider}/gallery/${++ts}_${name}`;

interface Uploaded {
  publicUrl: string;
  key: string;
  width: number;
  height: number;
  variants: { url: string; contentType: string; width: number; height: number }[];
}

async function upload(key: string, bytes: Uint8Array<ArrayBuffer>): Promise<Uploaded> {
  const r = await c.postBytes(`/api/uploads/file?key=${encodeURIComponent(key)}`, bytes);
  expect(r.status, r.text).toBe(200);
  return r.body as Uploaded;
}

const status = async (url: string) => (await t.app.request(url)).status;
const allServed = async (urls: string[]) => Promise.all(urls.map(status));

/** A 1600×1200 photo, the size a phone's picture comes down to. */
const photo = () => new Uint8Array(photoPng(1600, 1200, [15, 107, 74]));

describe("an upload gets WebP and JPEG copies in the pages' widths", () => {
  let big: Uploaded;

  beforeAll(async () => {
    big = await upload(coverKey(), photo());
  });

  it("from a 1600×1200 PNG: 160 to 1280 px, each as WebP and JPEG, heights to scale", async () => {
    expect(big.publicUrl).toMatch(/\/cover_\d+\.r1600x1200\.png$/);
    expect(big.variants.map((v) => `${v.width}x${v.height} ${v.contentType}`)).toEqual(
      [1280, 960, 640, 320, 160].flatMap((w) => [
        `${w}x${(w * 3) / 4} image/webp`,
        `${w}x${(w * 3) / 4} image/jpeg`,
      ]),
    );
    // Exactly the copies the pages' srcset names.
    expect(big.variants.map((v) => v.url).sort()).toEqual(
      variantsOf(big.key)
        .map((v) => `/media/${v.key}`)
        .sort(),
    );
  });

  it("serves each copy with its type, its real size and a year of immutable caching", async () => {
    for (const v of big.variants) {
      const res = await t.app.request(v.url);
      expect(res.status, v.url).toBe(200);
      expect(res.headers.get("Content-Type")).toBe(v.contentType);
      expect(res.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
      expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect(sniffImageType(bytes)).toBe(v.contentType);
      const size = imageSize(bytes);
      expect([size.width, size.height]).toEqual([v.width, v.height]);
    }
    // And the original as it was sent.
    const original = await t.app.request(big.publicUrl);
    expect(original.headers.get("Content-Type")).toBe("image/png");
  });

  it("from a JPEG: its own width is the largest copy, nothing is enlarged", async () => {
    // A real 960×720 JPEG: the copy the photo above got.
    const jpegUrl = big.variants.find((v) => v.width === 960 && v.contentType === "image/jpeg")!;
    const jpegBytes = new Uint8Array(await (await t.app.request(jpegUrl.url)).arrayBuffer());
    const r = await upload(galleryKey("floor.jpg"), jpegBytes);
    expect(r.publicUrl).toMatch(/_floor\.r960x720\.jpg$/);
    expect([...new Set(r.variants.map((v) => v.width))]).toEqual([960, 640, 320, 160]);
    // WebP is the smaller of the two at every width.
    for (const w of [960, 640, 320]) {
      const of = (type: string) => r.variants.find((v) => v.width === w && v.contentType === type)!;
      const bytes = async (url: string) =>
        (await (await t.app.request(url)).arrayBuffer()).byteLength;
      expect(await bytes(of("image/webp").url)).toBeLessThan(await bytes(of("image/jpeg").url));
    }
  });

  it("ignores a size mark typed into the file name", async () => {
    const r = await upload(
      galleryKey("shop.r9x9.jpg"),
      new Uint8Array(photoPng(40, 30, [200, 40, 40])),
    );
    expect(r.key).toMatch(/_shop\.r40x30\.png$/);
    expect(r.variants.map((v) => v.width)).toEqual([40, 40]);
  });

  it("keeps an image too large to decode here as it is, without copies", async () => {
    const r = await upload(galleryKey("wide.png"), png(2500, 1700));
    expect(r.key).toMatch(/_wide\.png$/);
    expect(r.variants).toEqual([]);
    expect(await status(r.publicUrl)).toBe(200);
  });

  it("refuses a copy where an upload belongs", async () => {
    const copy = big.variants[0]!.url;
    const asLogo = await c.put(`/api/providers/${myProvider}`, { logoUrl: copy });
    expect(asLogo.status).toBe(400);
    const g = await upload(galleryKey(), new Uint8Array(photoPng(64, 48, [1, 2, 3])));
    const asGallery = await c.post("/api/providers/gallery", { imageUrl: g.variants[0]!.url });
    expect(asGallery.status).toBe(400);
  });
});

describe("copies go with their upload", () => {
  it("deleting a gallery image deletes its copies", async () => {
    const g = await upload(galleryKey(), new Uint8Array(photoPng(800, 600, [90, 90, 200])));
    const add = await c.post("/api/providers/gallery", { imageUrl: g.publicUrl });
    expect(add.status).toBe(201);
    const urls = [g.publicUrl, ...g.variants.map((v) => v.url)];
    expect(urls).toHaveLength(9);
    expect(new Set(await allServed(urls))).toEqual(new Set([200]));
    expect((await c.del(`/api/providers/gallery/${add.body.id}`)).status).toBe(200);
    expect(new Set(await allServed(urls))).toEqual(new Set([404]));
  });

  it("replacing a cover deletes the old one's copies and keeps the new one's", async () => {
    const first = await upload(coverKey(), new Uint8Array(photoPng(800, 600, [10, 120, 60])));
    const second = await upload(coverKey(), new Uint8Array(photoPng(800, 600, [120, 10, 60])));
    const urls = (u: Uploaded) => [u.publicUrl, ...u.variants.map((v) => v.url)];
    expect(
      (await c.put(`/api/providers/${myProvider}`, { coverImageUrl: first.publicUrl })).status,
    ).toBe(200);
    expect(
      (await c.put(`/api/providers/${myProvider}`, { coverImageUrl: second.publicUrl })).status,
    ).toBe(200);
    expect(new Set(await allServed(urls(first)))).toEqual(new Set([404]));
    expect(new Set(await allServed(urls(second)))).toEqual(new Set([200]));
  });

  it("the daily sweep deletes an abandoned upload with its copies, and stray copies", async () => {
    const kept = await upload(coverKey(), new Uint8Array(photoPng(320, 240, [1, 1, 1])));
    expect((await c.put(`/api/providers/${myProvider}`, { logoUrl: kept.publicUrl })).status).toBe(
      200,
    );
    const abandoned = await upload(coverKey(), new Uint8Array(photoPng(320, 240, [2, 2, 2])));
    // A copy whose upload is gone (a delete that failed half-way).
    const stray = await upload(coverKey(), new Uint8Array(photoPng(320, 240, [3, 3, 3])));
    await t.blobs.delete(stray.key);
    const later = new Date(Date.now() + UPLOAD_GRACE_MS + 60_000);
    await sweepOrphanUploads({ db: t.db, blobs: t.blobs, now: later });
    const urls = (u: Uploaded) => [u.publicUrl, ...u.variants.map((v) => v.url)];
    expect(new Set(await allServed(urls(kept)))).toEqual(new Set([200]));
    expect(new Set(await allServed(urls(abandoned)))).toEqual(new Set([404]));
    expect(new Set(await allServed(urls(stray)))).toEqual(new Set([404]));
  });

  it("the sweep keeps a fresh upload's copies (its form may still be open)", async () => {
    const fresh = await upload(coverKey(), new Uint8Array(photoPng(320, 240, [4, 4, 4])));
    const old = new Date(Date.now() - UPLOAD_GRACE_MS - 60_000);
    // Only the copies look old: their upload is fresh, so they stay.
    for (const v of fresh.variants) {
      await utimes(join(t.dir, "media", v.url.slice("/media/".length)), old, old);
    }
    await sweepOrphanUploads({ db: t.db, blobs: t.blobs, now: new Date() });
    expect(new Set(await allServed(fresh.variants.map((v) => v.url)))).toEqual(new Set([200]));
  });
});

describe("pages show copies when they exist, the plain URL otherwise", () => {
  const provider = (logoUrl: string | null, coverImageUrl: string | null): ProviderPublic =>
    ({
      id: myProvider,
      companyName: "Variant Works",
      description: "",
      location: "Sialkot",
      city: "Sialkot",
      address: null,
      website: null,
      responseTime: null,
      isVerified: false,
      isSuggested: false,
      logoUrl,
      coverImageUrl,
      services: [],
      path: "/pk/sialkot/variant-works",
    }) as unknown as ProviderPublic;
  const render = (p: ProviderPublic, gallery: { id: string; imageUrl: string }[] = []) =>
    renderToStaticMarkup(
      createElement(ProviderProfile, {
        provider: p,
        gallery: gallery as never,
        contact: null,
        favorite: null,
      }),
    );

  it("a legacy upload and an https logo render a plain <img> with their own URL", () => {
    const html = render(
      provider("https://cdn.example.pk/logo.png", "/media/providers/u/cover_1.jpg"),
      [{ id: "g1", imageUrl: "/media/providers/p/gallery/1_old.jpg" }],
    );
    expect(html).not.toContain("<picture");
    expect(html).not.toContain("srcSet");
    expect(html).toContain('src="https://cdn.example.pk/logo.png"');
    expect(html).toContain('src="/media/providers/p/gallery/1_old.jpg"');
  });

  it("an upload with copies renders a <picture> whose WebP source the browser prefers", () => {
    const logo = "/media/providers/u/logo_1.r400x400.jpg";
    const html = render(provider(logo, null), [
      { id: "g1", imageUrl: "/media/providers/p/gallery/1_new.r1200x900.jpg" },
    ]);
    expect(html.match(/<picture/g)).toHaveLength(2);
    expect(html).toContain(`<source type="image/webp" srcSet="${logo}.w160.webp 160w`);
    // The LCP logo: eager, first in line, its box fixed.
    const logoImg = /<img[^>]*logo_1[^>]*>/.exec(html)![0];
    expect(logoImg).toContain('loading="eager"');
    expect(logoImg).toMatch(/fetchPriority="high"/);
    expect(logoImg).toContain('width="96" height="96"');
    // The gallery is below the fold: lazy, with its 4:3 box.
    const tile = /<img[^>]*gallery[^>]*>/.exec(html)![0];
    expect(tile).toContain('loading="lazy"');
    expect(tile).toContain('width="400" height="300"');
  });
});
