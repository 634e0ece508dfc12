import { mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, extname, resolve, sep } from "node:path";
import { isSafeBlobKey } from "../lib/blob-keys.ts";
import type { BlobStore } from "../ports/types.ts";

const TYPES: Record<string, string> = {
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".webp": "image/webp",
  ".gif": "image/gif",
  ".avif": "image/avif",
};

/** Blob store on local disk (`$DATA_DIR/media`), the embedded default. */
export function diskBlobStore(root: string): BlobStore {
  const base = resolve(root);
  const pathOf = (key: string) => {
    if (!isSafeBlobKey(key)) throw new Error(`unsafe blob key: ${key}`);
    const full = resolve(base, key);
    if (!full.startsWith(base + sep)) throw new Error(`blob key escapes the store: ${key}`);
    return full;
  };
  return {
    async get(key) {
      if (!isSafeBlobKey(key)) return null;
      try {
        const full = pathOf(key);
        const info = await stat(full);
        if (!info.isFile()) return null;
        const bytes = new Uint8Array(await readFile(full));
        const contentType = TYPES[extname(full).toLowerCase()] ?? "application/octet-stream";
        return { body: bytes, contentType, size: bytes.byteLength };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw err;
      }
    },
    async put(key, bytes) {
      const full = pathOf(key);
      await mkdir(dirname(full), { recursive: true });
      // Write then rename, so a reader never sees half a file.
      const tmp = `${full}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(tmp, bytes);
      await rename(tmp, full);
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
