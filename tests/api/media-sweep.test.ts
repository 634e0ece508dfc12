import { eq } from "drizzle-orm";
import { utimes } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { referencedBlobKeys } from "../../db/queries/blob-refs.ts";
import { galleryImages, users } from "../../db/schema.ts";
import { createProvider, createUser } from "../../db/seed/factories.ts";
import { sweepOrphanUploads, UPLOAD_GRACE_MS } from "../../functions/lib/media-sweep.ts";
import type { BlobStore } from "../../functions/ports/types.ts";
import { clientAs, makeTestApp, type TestApp } from "../helpers/app.ts";
import { jpeg } from "../helpers/images.ts";

const HOUR = 60 * 60 * 1000;
const later = (ms: number) => new Date(Date.now() + ms);

let t: TestApp;
let userId: string;
let providerId: string;
let c: Awaited<ReturnType<typeof clientAs>>;
let ts = 1_700_000_000_000;

beforeEach(async () => {
  t = await makeTestApp();
  userId = await createUser(t.db, { email: "sweep@example.pk", role: "provider" });
  providerId = await createProvider(t.db, { companyName: "Sweep Co", city: "Lahore", userId });
  c = await clientAs(t, userId);
});
afterEach(() => t.close());

/** Uploads a JPEG as the provider, like the dashboard does before saving; answers the key. */
async function upload(kind: "cover" | "logo" | "gallery"): Promise<string> {
  const key =
    kind === "gallery"
      ? `providers/${providerId}/gallery/${++ts}_shop.jpg`
      : `providers/${userId}/${kind}_${++ts}.jpg`;
  const r = await c.postBytes(`/api/uploads/file?key=${encodeURIComponent(key)}`, jpeg());
  expect(r.status, r.text).toBe(200);
  return r.body.key as string;
}

const status = async (key: string) => (await t.app.request(`/media/${key}`)).status;

describe("sweepOrphanUploads", () => {
  it("deletes only the uploads no profile or gallery points at, once past the grace period", async () => {
    const cover = await upload("cover");
    const gallery = await upload("gallery");
    const abandoned = await upload("cover");
    expect(
      (await c.put(`/api/providers/${providerId}`, { coverImageUrl: `/media/${cover}` })).status,
    ).toBe(200);
    expect((await c.post("/api/providers/gallery", { imageUrl: `/media/${gallery}` })).status).toBe(
      201,
    );

    // Within the grace period nothing goes, attached or not.
    expect(await sweepOrphanUploads({ db: t.db, blobs: t.blobs, now: later(HOUR) })).toEqual({
      scanned: 3,
      deleted: 0,
      kept: 3,
      failed: 0,
    });

    const r = await sweepOrphanUploads({ db: t.db, blobs: t.blobs, now: later(25 * HOUR) });
    expect(r).toEqual({ scanned: 3, deleted: 1, kept: 2, failed: 0 });
    expect(await status(cover)).toBe(200);
    expect(await status(gallery)).toBe(200);
    expect(await status(abandoned)).toBe(404);

    // The form that held the abandoned image fails cleanly on save.
    const save = await c.put(`/api/providers/${providerId}`, { logoUrl: `/media/${abandoned}` });
    expect(save.status).toBe(400);
    expect(save.body.error).toBe("Image not found: upload it first");
  });

  it("keeps a fresh upload: its form may still be open", async () => {
    const old = await upload("logo");
    const fresh = await upload("logo");
    // The first one was uploaded a day and an hour ago.
    const then = later(-UPLOAD_GRACE_MS - HOUR);
    await utimes(join(t.dir, "media", old), then, then);
    const r = await sweepOrphanUploads({ db: t.db, blobs: t.blobs, now: new Date() });
    expect(r).toEqual({ scanned: 2, deleted: 1, kept: 1, failed: 0 });
    expect(await status(old)).toBe(404);
    expect(await status(fresh)).toBe(200);
  });

  it("never touches keys outside providers/", async () => {
    for (const k of ["exports/report.jpg", "providersX/a.jpg", "site/og.jpg"])
      await t.blobs.put(k, jpeg(), "image/jpeg");
    const orphan = await upload("cover");
    const r = await sweepOrphanUploads({ db: t.db, blobs: t.blobs, now: later(25 * HOUR) });
    expect(r).toEqual({ scanned: 1, deleted: 1, kept: 0, failed: 0 });
    expect(await status(orphan)).toBe(404);
    for (const k of ["exports/report.jpg", "providersX/a.jpg", "site/og.jpg"])
      expect(await t.blobs.get(k), k).not.toBeNull();
  });

  it("pages through the whole store", async () => {
    const logo = await upload("logo");
    expect(
      (await c.put(`/api/providers/${providerId}`, { logoUrl: `/media/${logo}` })).status,
    ).toBe(200);
    const orphans: string[] = [];
    for (let i = 0; i < 7; i++) orphans.push(await upload(i % 2 ? "cover" : "gallery"));
    let pages = 0;
    const blobs: BlobStore = {
      ...t.blobs,
      list: (opts) => {
        pages++;
        expect(opts.limit).toBe(3);
        return t.blobs.list(opts);
      },
    };
    const r = await sweepOrphanUploads({ db: t.db, blobs, now: later(25 * HOUR), pageSize: 3 });
    expect(r).toEqual({ scanned: 8, deleted: 7, kept: 1, failed: 0 });
    // 8 uploads and their 16 WebP/JPEG copies (decision 013), 3 keys a page; then the
    // empty leads/ and claims/ folders.
    expect(pages).toBe(10);
    expect(await status(logo)).toBe(200);
    for (const k of orphans) expect(await status(k), k).toBe(404);
  });

  it("logs a failed delete and carries on with the rest", async () => {
    const [a, b, d] = [await upload("cover"), await upload("cover"), await upload("cover")];
    const errors: string[] = [];
    const blobs: BlobStore = {
      ...t.blobs,
      delete: async (key) => {
        if (key === b) throw new Error("store unavailable");
        return t.blobs.delete(key);
      },
    };
    const r = await sweepOrphanUploads({
      db: t.db,
      blobs,
      now: later(25 * HOUR),
      logError: (err, ctx) => errors.push(`${ctx}: ${(err as Error).message}`),
    });
    expect(r).toEqual({ scanned: 3, deleted: 2, kept: 0, failed: 1 });
    expect(errors).toEqual([`sweeping orphaned upload ${b}: store unavailable`]);
    expect(await status(a)).toBe(404);
    expect(await status(b)).toBe(200);
    expect(await status(d)).toBe(404);
  });
});

describe("referencedBlobKeys", () => {
  it("finds keys by cover, logo, gallery URL or key, and profile picture", async () => {
    const keys = Array.from({ length: 6 }, (_, i) => `providers/${userId}/cover_${i}.jpg`);
    const [cover, logo, galleryUrl, galleryKey, picture, none] = keys as [
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    await createProvider(t.db, {
      companyName: "Refs Co",
      coverImageUrl: `/media/${cover}`,
      logoUrl: `/media/${logo}`,
      gallery: [`/media/${galleryUrl}`],
    });
    await t.db.insert(galleryImages).values({
      id: crypto.randomUUID(),
      providerId,
      imageUrl: "https://cdn.example.pk/moved.jpg",
      blobKey: galleryKey,
      createdAt: new Date(),
    });
    await t.db
      .update(users)
      .set({ profileImageUrl: `/media/${picture}` })
      .where(eq(users.id, userId));
    expect([...(await referencedBlobKeys(t.db, [...keys, cover]))].sort()).toEqual(
      [cover, logo, galleryUrl, galleryKey, picture].sort(),
    );
    expect(await referencedBlobKeys(t.db, [none])).toEqual(new Set());
    expect(await referencedBlobKeys(t.db, [])).toEqual(new Set());
  });
});
