import { createReadStream } from "node:fs";
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

async function fileAt(root: string, urlPath: string): Promise<string | null> {
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
      if ((await stat(candidate)).isFile()) return candidate;
    } catch {
      // not this candidate
    }
  }
  return null;
}

async function respond(file: string, urlPath: string, status: number, head: boolean) {
  const type = TYPES[extname(file).toLowerCase()] ?? "application/octet-stream";
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

/**
 * Answers a request from the live built site, or null so the app handles it
 * (API, media, fallbacks, 404). With an https `siteUrl` every answer carries
 * HSTS, as Cloudflare's `_headers` does for the same files.
 */
export function staticSiteHandler(site: SiteRoot, opts: { siteUrl?: string | undefined } = {}) {
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
    const file = await fileAt(site.dir, path);
    if (!file) return null;
    return respond(file, path, 200, method === "HEAD");
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
      const file = await fileAt(site.dir, path);
      return file ? respond(file, path, 200, false) : null;
    },
  };
}
