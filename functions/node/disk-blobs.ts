import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, extname, join, relative, resolve, sep } from "node:path";
import { isSafeBlobKey } from "../lib/blob-keys.ts";
import type { BlobStore } from "../ports/types.ts";

/** R2's page size, so both stores page alike. */
const MAX_PAGE = 1000;

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
    async list({ prefix, cursor, limit = MAX_PAGE }) {
      const size = Number.isFinite(limit)
        ? Math.max(1, Math.min(MAX_PAGE, Math.floor(limit)))
        : MAX_PAGE;
      // Walk only the folder the prefix names in full, then filter by the rest.
      const folder = prefix.slice(0, prefix.lastIndexOf("/") + 1);
      if (folder && !isSafeBlobKey(folder.slice(0, -1))) return { blobs: [] };
      let entries;
      try {
        entries = await readdir(join(base, folder), { recursive: true, withFileTypes: true });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") return { blobs: [] };
        throw err;
      }
      // The cursor is the last key handed out, not an index, so keys deleted
      // between pages (the orphan sweep does that) do not make the next page skip any.
      const keys = entries
        .filter((e) => e.isFile())
        .map((e) => relative(base, join(e.parentPath, e.name)).split(sep).join("/"))
        .filter((k) => k.startsWith(prefix) && isSafeBlobKey(k) && (!cursor || k > cursor))
        .sort();
      const page = keys.slice(0, size);
      const blobs: { key: string; uploaded: Date }[] = [];
      for (const key of page) {
        const info = await stat(pathOf(key)).catch((err: NodeJS.ErrnoException) => {
          if (err.code === "ENOENT") return null;
          throw err;
        });
        if (info) blobs.push({ key, uploaded: info.mtime });
      }
      return keys.length > size ? { blobs, cursor: page.at(-1) } : { blobs };
    },
  };
}
