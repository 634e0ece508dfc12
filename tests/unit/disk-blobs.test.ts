import { mkdtemp, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { diskBlobStore } from "../../functions/node/disk-blobs.ts";
import type { BlobStore } from "../../functions/ports/types.ts";

let root: string;
let store: BlobStore;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), "karkhana-disk-blobs-"));
  store = diskBlobStore(root);
});
afterEach(() => rm(root, { recursive: true, force: true }));

const put = (key: string) => store.put(key, new Uint8Array([1, 2, 3]), "image/jpeg");

/** Every key under `prefix`, page by page, and how many pages that took. */
async function listAll(prefix: string, limit?: number) {
  const keys: string[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const page = await store.list({
      prefix,
      ...(cursor ? { cursor } : {}),
      ...(limit ? { limit } : {}),
    });
    pages++;
    keys.push(...page.blobs.map((b) => b.key));
    cursor = page.cursor;
  } while (cursor);
  return { keys, pages };
}

describe("the disk blob store's list", () => {
  it("lists the keys under a prefix in key order, nested folders included", async () => {
    for (const k of [
      "providers/b/cover_2.jpg",
      "providers/a/gallery/1_x.png",
      "providers/a/logo_1.jpg",
      "providersX/other.jpg",
      "exports/old.csv",
    ])
      await put(k);
    expect((await listAll("providers/")).keys).toEqual([
      "providers/a/gallery/1_x.png",
      "providers/a/logo_1.jpg",
      "providers/b/cover_2.jpg",
    ]);
    // A prefix may end inside a name, as in R2.
    expect((await listAll("providers/a/lo")).keys).toEqual(["providers/a/logo_1.jpg"]);
    expect((await listAll("")).keys).toHaveLength(5);
    expect(await store.list({ prefix: "nothing-here/" })).toEqual({ blobs: [] });
    expect(await store.list({ prefix: "../" })).toEqual({ blobs: [] });
  });

  it("pages with a cursor, and deleting between pages skips nothing", async () => {
    const keys = Array.from({ length: 7 }, (_, i) => `providers/p/cover_${i}.jpg`);
    for (const k of keys) await put(k);
    expect(await listAll("providers/", 3)).toEqual({ keys, pages: 3 });

    const first = await store.list({ prefix: "providers/", limit: 3 });
    expect(first.blobs).toHaveLength(3);
    for (const b of first.blobs) await store.delete(b.key);
    const second = await store.list({ prefix: "providers/", limit: 3, cursor: first.cursor! });
    expect(second.blobs.map((b) => b.key)).toEqual(keys.slice(3, 6));
    const last = await store.list({ prefix: "providers/", limit: 3, cursor: second.cursor! });
    expect(last).toEqual({ blobs: [{ key: keys[6], uploaded: expect.any(Date) }] });
  });

  it("dates each blob by its file's modification time", async () => {
    await put("providers/p/cover_1.jpg");
    await put("providers/p/cover_2.jpg");
    const then = new Date("2026-03-04T05:06:07Z");
    await utimes(join(root, "providers/p/cover_1.jpg"), then, then);
    const before = Date.now();
    const { blobs } = await store.list({ prefix: "providers/" });
    expect(blobs[0]).toEqual({ key: "providers/p/cover_1.jpg", uploaded: then });
    expect(Math.abs(blobs[1]!.uploaded.getTime() - before)).toBeLessThan(60_000);
  });

  it("leaves out files whose names are no blob key", async () => {
    await put("providers/p/cover_1.jpg");
    await writeFile(join(root, "providers/p/not a key.jpg"), "x");
    expect((await listAll("providers/")).keys).toEqual(["providers/p/cover_1.jpg"]);
  });
});
