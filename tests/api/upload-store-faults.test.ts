/**
 * The blob store failing during an upload: a clear 503 with Retry-After,
 * nothing half-written (no original, no copies), and the profile unchanged.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProvider, createUser } from "../../db/seed/factories.ts";
import { STORE_UNAVAILABLE } from "../../functions/routes/uploads.ts";
import type { BlobStore } from "../../functions/ports/types.ts";
import { photoPng } from "../e2e/test-images.ts";
import { clientAs, makeTestApp, type TestApp } from "../helpers/app.ts";

/** What the store does now: work, fail every call, or fail only the Nth put. */
const mode = { fail: "none" as "none" | "all" | "put-original" };

function flaky(disk: BlobStore): BlobStore {
  const down = () => Promise.reject(new Error("R2: 503 Service Unavailable"));
  return {
    get: (key) => (mode.fail === "all" ? down() : disk.get(key)),
    // Copies carry `.w{width}.` in their key; the original does not.
    put: (key, bytes, type) =>
      mode.fail === "all" || (mode.fail === "put-original" && !/\.w\d+\.(webp|jpg)$/.test(key))
        ? down()
        : disk.put(key, bytes, type),
    delete: (key) => (mode.fail === "all" ? down() : disk.delete(key)),
    list: (opts) => disk.list(opts),
  };
}

let t: TestApp;
let me: string;
let provider: string;
let c: Awaited<ReturnType<typeof clientAs>>;
let ts = 1_750_000_000_000;

beforeAll(async () => {
  t = await makeTestApp({ wrapBlobs: flaky });
  me = await createUser(t.db, { email: "faults@example.pk", role: "provider" });
  provider = await createProvider(t.db, {
    companyName: "Faulty Looms",
    city: "Multan",
    userId: me,
  });
  c = await clientAs(t, me);
});
afterAll(() => t.close());

const photo = () => new Uint8Array(photoPng(800, 600, [15, 107, 74]));
const upload = () =>
  c.postBytes(`/api/uploads/file?key=providers/${me}/cover_${++ts}.jpg`, photo());

async function storedKeys(): Promise<string[]> {
  mode.fail = "none";
  const page = await t.blobs.list({ prefix: `providers/${me}/` });
  return page.blobs.map((b) => b.key);
}

describe("an upload while the blob store fails", () => {
  it("answers 503 with Retry-After when the store cannot be reached at all", async () => {
    mode.fail = "all";
    const r = await upload();
    expect(r.status).toBe(503);
    expect(r.body).toEqual({ error: STORE_UNAVAILABLE });
    expect(r.res.headers.get("Retry-After")).toBe("60");
    expect(await storedKeys()).toEqual([]);
  });

  it("deletes the copies it stored when the original cannot be written", async () => {
    mode.fail = "put-original";
    const r = await upload();
    expect(r.status).toBe(503);
    expect(r.body.error).toBe(STORE_UNAVAILABLE);
    expect(await storedKeys()).toEqual([]);
  });

  it("leaves the profile as it was, and works again once the store is back", async () => {
    const before = (await c.get("/api/my-provider")).body;
    mode.fail = "all";
    expect((await upload()).status).toBe(503);
    mode.fail = "none";
    expect((await c.get("/api/my-provider")).body).toEqual(before);
    const ok = await upload();
    expect(ok.status).toBe(200);
    const saved = await c.put(`/api/providers/${provider}`, { coverImageUrl: ok.body.publicUrl });
    expect(saved.status).toBe(200);
    expect((await t.app.request(ok.body.publicUrl)).status).toBe(200);
  });
});
