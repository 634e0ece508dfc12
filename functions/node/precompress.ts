/**
 * Build-time compression for the Node server: every text file of
 * the built site gets a `.br` and a `.gz` twin beside it, which the static
 * handler (static-site.ts) sends as they are, so no answer is compressed per
 * request.
 */
import { readdir, readFile, rm, writeFile } from "node:fs/promises";
import { extname, join, resolve, sep } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** What is worth compressing; images and fonts are compressed formats already. */
export const COMPRESSIBLE = new Set([
  ".html",
  ".css",
  ".js",
  ".mjs",
  ".json",
  ".xml",
  ".txt",
  ".svg",
  ".webmanifest",
]);

/** The twins' suffixes, by the Content-Encoding each one is sent with. */
export const TWINS = { br: ".br", gzip: ".gz" } as const;

/** A twin, not a file of the site: never compressed again, never counted as a page's file. */
export const isCompressedTwin = (name: string): boolean =>
  name.endsWith(TWINS.br) || name.endsWith(TWINS.gzip);

/**
 * Kept out of the upload to Workers static assets. The same build serves both
 * runtimes (decision 014), so a build cannot know whether it will be deployed
 * and skipping precompression "for the Worker" would leave the local Worker
 * preview and `npm start` of one build behaving differently. Cloudflare
 * compresses at its edge on its own and counts every uploaded file against the
 * asset cap (20,000 free / 100,000 paid), so the twins would only cost budget
 * there. wrangler reads `.assetsignore` (gitignore syntax) from the root of
 * `[assets] directory` and never uploads it or what it names
 * (workers-sdk: createAssetsIgnoreFunction, CF_ASSETS_IGNORE_FILENAME).
 */
export const ASSETS_IGNORE_FILE = ".assetsignore";
const IGNORE_LINES = [
  "# Precompressed twins for the Node server only; Cloudflare compresses on its own.",
  "*.br",
  "*.gz",
];

export interface PrecompressOptions {
  /** Smaller files are left alone: the twin would save less than a packet. Default 1024. */
  minBytes?: number;
  /** Files compressed at once. Default 2: the build machines have two cores. */
  concurrency?: number;
  /**
   * Brotli quality 11 is ~45x slower than 6 for ~8% fewer bytes (measured on the
   * demo build's pages: docs/operations.md, "Static files on the Node server"). Files up to this size, and
   * everything under _astro/ (hashed, few, fetched by every visitor and cached
   * for a year), get quality 11; larger files (the pages, each fetched a few
   * times between builds) get `largeQuality`. Default 16 KiB.
   */
  maxBytesForBestQuality?: number;
  /** Brotli quality of the other files. Default 6. */
  largeQuality?: number;
  /** Write `.assetsignore` so wrangler uploads no twin. Default true. */
  assetsIgnore?: boolean;
}

export interface PrecompressResult {
  /** Compressible files of at least minBytes that were looked at. */
  files: number;
  /** Twins written. */
  br: number;
  gz: number;
  /** Sizes of the originals looked at, and of their brotli / gzip twins (the original where none was smaller). */
  bytes: number;
  brBytes: number;
  gzBytes: number;
  ms: number;
}

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || isCompressedTwin(entry.name)) continue;
    if (!COMPRESSIBLE.has(extname(entry.name).toLowerCase())) continue;
    out.push(join(entry.parentPath, entry.name));
  }
  return out;
}

/** Writes `twin` when `packed` is smaller than the original, else removes a twin of an earlier run. */
async function keepIfSmaller(twin: string, packed: Buffer, size: number): Promise<boolean> {
  if (packed.length < size) {
    await writeFile(twin, packed);
    return true;
  }
  await rm(twin, { force: true });
  return false;
}

async function writeAssetsIgnore(dir: string): Promise<void> {
  const file = join(dir, ASSETS_IGNORE_FILE);
  const existing = await readFile(file, "utf8").catch(() => "");
  const have = new Set(existing.split("\n").map((l) => l.trim()));
  const missing = IGNORE_LINES.filter((l) => !have.has(l));
  if (missing.length === 0) return;
  const sep = existing && !existing.endsWith("\n") ? "\n" : "";
  await writeFile(file, existing + sep + missing.join("\n") + "\n");
}

/**
 * Writes `file.br` and `file.gz` beside every compressible file of `dir` (the
 * directory the server serves, e.g. dist/client) of at least `minBytes`, each
 * only when smaller than the original. Safe to run again: twins are rewritten.
 */
export async function precompressDir(
  dir: string,
  opts: PrecompressOptions = {},
): Promise<PrecompressResult> {
  const started = performance.now();
  dir = resolve(dir);
  const minBytes = opts.minBytes ?? 1024;
  const bestUpTo = opts.maxBytesForBestQuality ?? 16 * 1024;
  const largeQuality = opts.largeQuality ?? 6;
  const hashed = join(dir, "_astro") + sep;
  const result: PrecompressResult = {
    files: 0,
    br: 0,
    gz: 0,
    bytes: 0,
    brBytes: 0,
    gzBytes: 0,
    ms: 0,
  };
  const queue = await filesUnder(dir);

  const one = async (file: string) => {
    const data = await readFile(file);
    if (data.length < minBytes) {
      // A twin of an earlier run would still be sent in its place.
      await Promise.all(Object.values(TWINS).map((t) => rm(file + t, { force: true })));
      return;
    }
    const best = data.length <= bestUpTo || file.startsWith(hashed);
    const quality = best ? constants.BROTLI_MAX_QUALITY : largeQuality;
    // zlib's async calls run on libuv's pool: `concurrency` workers keep as many cores busy.
    const br = await brotli(data, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: quality,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    });
    const gzipped = await gz(data, { level: 9 });
    result.files++;
    result.bytes += data.length;
    if (await keepIfSmaller(file + TWINS.br, br, data.length)) {
      result.br++;
      result.brBytes += br.length;
    } else result.brBytes += data.length;
    if (await keepIfSmaller(file + TWINS.gzip, gzipped, data.length)) {
      result.gz++;
      result.gzBytes += gzipped.length;
    } else result.gzBytes += data.length;
  };

  let next = 0;
  const worker = async () => {
    while (next < queue.length) await one(queue[next++]!);
  };
  const workers = Math.max(1, Math.min(opts.concurrency ?? 2, queue.length));
  await Promise.all(Array.from({ length: workers }, worker));
  if (opts.assetsIgnore ?? true) await writeAssetsIgnore(dir);
  result.ms = Math.round(performance.now() - started);
  return result;
}
