import { createHash } from "node:crypto";
import { createReadStream, type Stats } from "node:fs";
import { stat } from "node:fs/promises";
import { extname, join, resolve, sep } from "node:path";
import { Readable } from "node:stream";
import {
  cacheControlFor,
  HOST_CONFIG_FILES,
  SECURITY_HEADERS,
  STRICT_TRANSPORT_SECURITY,
} from "../lib/security-headers.ts";
import type { AssetStore } from "../ports/types.ts";
import { LruMap } from "../lib/lru.ts";
import { COMPRESSIBLE, isCompressedTwin, TWINS } from "./precompress.ts";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".webmanifest": "application/manifest+json",
};

/** Which built site is live; swapped in one assignment when a publish completes. */
export class SiteRoot {
  #dir: string;
  constructor(dir: string) {
    this.#dir = resolve(dir);
  }
  get dir(): string {
    return this.#dir;
  }
  swap(dir: string): void {
    this.#dir = resolve(dir);
  }
}

/** The built site's directory: a SiteRoot (swapped by a publish) or a fixed path. */
export type StaticRoot = SiteRoot | string;
const rootDir = (root: StaticRoot) => (typeof root === "string" ? resolve(root) : root.dir);

interface Found {
  file: string;
  info: Stats;
}

async function fileAt(root: string, urlPath: string): Promise<Found | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes("\0") || decoded.split("/").some((s) => s === "..")) return null;
  const base = join(root, decoded);
  if (base !== root && !base.startsWith(root + sep)) return null;
  for (const candidate of [base, join(base, "index.html")]) {
    try {
      const info = await stat(candidate);
      if (info.isFile()) return { file: candidate, info };
    } catch {
      // not this candidate
    }
  }
  return null;
}

const typeOf = (file: string) => TYPES[extname(file).toLowerCase()] ?? "application/octet-stream";

async function respond(file: string, urlPath: string, status: number, head: boolean) {
  const type = typeOf(file);
  const info = await stat(file);
  const headers = {
    "Content-Type": type,
    "Content-Length": String(info.size),
    "Cache-Control": cacheControlFor(urlPath, type),
    "Last-Modified": info.mtime.toUTCString(),
    ...(type.startsWith("text/html") ? SECURITY_HEADERS : { "X-Content-Type-Options": "nosniff" }),
  };
  if (head) return new Response(null, { status, headers });
  const body = Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>;
  return new Response(body, { status, headers });
}

type Encoding = keyof typeof TWINS;

/**
 * The precompressed encodings `accept` (an Accept-Encoding value) takes, best
 * first: by q-value, brotli before gzip when equal (smaller). `*` stands for
 * any encoding not named; q=0 refuses one. Without the header only the plain
 * file is sent (RFC 9110 §12.5.3 allows any, but old clients omit it for a reason).
 */
export function acceptedEncodings(accept: string | null): Encoding[] {
  if (!accept) return [];
  const q = new Map<string, number>();
  for (const part of accept.split(",")) {
    const [name = "", ...params] = part.split(";").map((s) => s.trim().toLowerCase());
    if (!name) continue;
    let weight = 1;
    for (const p of params) {
      // A q-value we cannot read refuses the encoding rather than risk sending it.
      if (p.startsWith("q=")) weight = /^q=[0-9.]+$/.test(p) ? Number(p.slice(2)) : 0;
    }
    if (!Number.isFinite(weight)) weight = 0;
    q.set(name === "x-gzip" ? "gzip" : name, weight);
  }
  const wildcard = q.get("*") ?? 0;
  const weightOf = (enc: Encoding) => q.get(enc) ?? wildcard;
  return (["br", "gzip"] as const)
    .filter((enc) => weightOf(enc) > 0)
    .sort((a, b) => weightOf(b) - weightOf(a));
}

/**
 * Strong validators of the files' bytes, computed once per file: a hash rather
 * than size+mtime, so a page a rebuild left as it was keeps its ETag and a
 * browser's revalidation after a publish still gets its 304. A build never
 * changes a file in place; size and mtime only guard against a test or a hand
 * edit doing so.
 *
 * Kept for the files most recently asked for, as many as a build has files on
 * Workers' free plan (ASSET_FILE_LIMIT's default), about 300 bytes each: a
 * file asked for again after 20,000 others is hashed again (well under a
 * millisecond). Each publish puts the pages in a new folder, so the map keyed
 * by path it replaces grew with every file of every build asked for, up to
 * 200,000 entries, before starting again (decision 031).
 */
const MAX_HASHES = 20_000;
const hashes = new LruMap<string, { size: number; mtimeMs: number; hash: Promise<string> }>(
  MAX_HASHES,
);

/** Files whose hash is kept now (the server's memory figures). */
export function hashedFiles(): number {
  return hashes.size;
}

function contentHash(file: string, info: Stats): Promise<string> {
  const known = hashes.get(file);
  if (known && known.size === info.size && known.mtimeMs === info.mtimeMs) return known.hash;
  const hash = (async () => {
    const h = createHash("sha256");
    for await (const chunk of createReadStream(file)) h.update(chunk as Buffer);
    return h.digest("base64url").slice(0, 22);
  })();
  hashes.set(file, { size: info.size, mtimeMs: info.mtimeMs, hash });
  hash.catch(() => hashes.delete(file));
  return hash;
}

/** The twin to send instead of `file`, if one exists and was written after it. */
async function twinFor(file: string, info: Stats, accepted: Encoding[]) {
  for (const encoding of accepted) {
    const twin = file + TWINS[encoding];
    try {
      const twinInfo = await stat(twin);
      // Older than the original: left over from before the file was rewritten.
      if (twinInfo.isFile() && twinInfo.mtimeMs >= info.mtimeMs)
        return { file: twin, info: twinInfo, encoding };
    } catch {
      // no such twin
    }
  }
  return null;
}

/** If-None-Match takes precedence over If-Modified-Since (RFC 9110 §13.2.2). */
function notModified(req: Request, etag: string, modified: Date): boolean {
  const ifNoneMatch = req.headers.get("If-None-Match");
  if (ifNoneMatch !== null) {
    // Weak comparison, as RFC 9110 §13.1.2 requires for If-None-Match.
    const strip = (t: string) => t.trim().replace(/^W\//, "");
    return ifNoneMatch.split(",").some((t) => t.trim() === "*" || strip(t) === etag);
  }
  const since = Date.parse(req.headers.get("If-Modified-Since") ?? "");
  // HTTP dates have whole seconds.
  return Number.isFinite(since) && Math.floor(modified.getTime() / 1000) * 1000 <= since;
}

/**
 * A built file as it is sent: the precompressed twin the client takes (made by
 * precompressDir at build time), else the file itself; never compressed here.
 */
async function sendFile(req: Request, found: Found, urlPath: string, head: boolean) {
  const { file, info } = found;
  const type = typeOf(file);
  const compressible = COMPRESSIBLE.has(extname(file).toLowerCase());
  const twin = compressible
    ? await twinFor(file, info, acceptedEncodings(req.headers.get("Accept-Encoding")))
    : null;
  const hash = await contentHash(file, info);
  // Each encoding is its own representation with its own strong validator.
  const etag = `"${hash}${twin ? `-${TWINS[twin.encoding].slice(1)}` : ""}"`;
  const headers = new Headers({
    "Cache-Control": cacheControlFor(urlPath, type),
    ETag: etag,
    "Last-Modified": info.mtime.toUTCString(),
    ...(type.startsWith("text/html") ? SECURITY_HEADERS : { "X-Content-Type-Options": "nosniff" }),
  });
  // Also when no twin was sent: another Accept-Encoding may get one.
  if (compressible) headers.set("Vary", "Accept-Encoding");
  if (notModified(req, etag, info.mtime)) return new Response(null, { status: 304, headers });
  const sent = twin ?? found;
  headers.set("Content-Type", type);
  headers.set("Content-Length", String(sent.info.size));
  if (twin) headers.set("Content-Encoding", twin.encoding);
  if (head) return new Response(null, { status: 200, headers });
  const body = Readable.toWeb(createReadStream(sent.file)) as ReadableStream<Uint8Array>;
  return new Response(body, { status: 200, headers });
}

/**
 * Answers a request from the built site in `root`, or null so the app handles
 * it (API, media, fallbacks, 404). With an https `siteUrl` every answer carries
 * HSTS, as Cloudflare's `_headers` does for the same files. Files go out as
 * built: their precompressed twin when the client takes one, with an ETag and
 * Last-Modified, and a 304 for a conditional request they satisfy.
 */
export function staticSiteHandler(root: StaticRoot, opts: { siteUrl?: string | undefined } = {}) {
  const hsts = opts.siteUrl?.startsWith("https:") ?? false;
  const answer = async (req: Request): Promise<Response | null> => {
    const method = req.method;
    if (method !== "GET" && method !== "HEAD") return null;
    const url = new URL(req.url);
    const path = url.pathname;
    if (path.startsWith("/api/") || path.startsWith("/media/")) return null;
    // The live shells are only served by the fallbacks, at real provider URLs.
    if (path.startsWith("/_live")) return null;
    if (path.length > 1 && path.endsWith("/")) {
      return new Response(null, {
        status: 301,
        headers: { Location: path.replace(/\/+$/, "") + url.search },
      });
    }
    if (HOST_CONFIG_FILES.has(path)) return null;
    // Twins are sent only in place of their file; Cloudflare never has them (.assetsignore).
    if (isCompressedTwin(path)) return null;
    const found = await fileAt(rootDir(root), path);
    if (!found) return null;
    return sendFile(req, found, path, method === "HEAD");
  };
  return async (req: Request): Promise<Response | null> => {
    const res = await answer(req);
    if (res && hsts) res.headers.set("Strict-Transport-Security", STRICT_TRANSPORT_SECURITY);
    return res;
  };
}

/** The AssetStore port over the live built site. */
export function diskAssets(site: SiteRoot): AssetStore {
  return {
    async fetch(path) {
      const found = await fileAt(site.dir, path);
      return found ? respond(found.file, path, 200, false) : null;
    },
  };
}
