import { promisify } from "node:util";
import { brotliCompress, constants as zlibConstants } from "node:zlib";
import { ALL_PAGES } from "../../db/queries/site-meta.ts";
import { ANY_CHANGE, EXTRA_TAGS_HEADER, extraTags, KEPT_STATUSES } from "../pages/page-tags.ts";
import { COMPRESS_THRESHOLD, COMPRESSIBLE, gzipAsync } from "./compress.ts";
import { acceptedEncodings } from "./static-site.ts";

/**
 * A kept answer. A page worth compressing is kept gzipped and brotli'd only,
 * made once (off the event loop) instead of for every answer: a tenth of the
 * memory of its HTML. The rare client that takes neither gets it gunzipped as
 * it is sent.
 */
interface Kept {
  status: number;
  headers: [string, string][];
  /** The bytes as made; null when kept compressed only. */
  body: Uint8Array | null;
  gzip: Uint8Array | null;
  br: Uint8Array | null;
  /** Length of the uncompressed bytes. */
  length: number;
  tags: string[];
}

const brotliAsync = promisify(brotliCompress);
/**
 * Brotli's quality 5 compresses a 290 KB listing in a few milliseconds (the
 * default, 11, takes over a hundred) to within a few per cent of it; the
 * build's own files are compressed at 11 once, ahead of time.
 */
const BROTLI_OPTIONS = {
  params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5, [zlibConstants.BROTLI_PARAM_MODE]: 1 },
};

/**
 * Rendered pages kept in memory (the Node server; the Worker keeps them in
 * Cloudflare's cache), each under the tags it depends on. Bounded by entries
 * and bytes, least recently used out first.
 *
 * A page is made once however many ask for it at a time: requests that arrive
 * while it is being made wait for that rendering instead of starting their
 * own, unless a change touched the page since it began (then they make a new
 * one). A rendering that a change overtook while it ran is sent to those who
 * asked before the change but not kept. Kept pages carry their gzip and brotli
 * bytes, made once (off the event loop) rather than for every answer.
 */
export class PageCache {
  readonly #entries = new Map<string, Kept>();
  readonly #inFlight = new Map<string, { since: number; done: Promise<Kept> }>();
  #bytes = 0;
  readonly #maxEntries: number;
  readonly #maxBytes: number;
  /**
   * Counts invalidations; `#touched` says when each tag was last invalidated,
   * for as long as a rendering begun before that runs (`#rendering`: how many
   * run per generation they began in). A change no running rendering began
   * before is never asked about again, so it is forgotten: the map held every
   * tag ever invalidated (decision 031).
   */
  #generation = 0;
  readonly #touched = new Map<string, number>();
  readonly #rendering = new Map<number, number>();
  hits = 0;
  misses = 0;
  shared = 0;

  constructor(opts: { maxEntries?: number; maxBytes?: number } = {}) {
    this.#maxEntries = opts.maxEntries ?? 5000;
    this.#maxBytes = opts.maxBytes ?? 128 * 1024 * 1024;
  }

  /** The kept answer for `path` in the best encoding `acceptEncoding` takes, or null. */
  get(path: string, acceptEncoding: string | null = null): Response | null {
    const e = this.#entries.get(path);
    if (!e) {
      this.misses++;
      return null;
    }
    this.hits++;
    // Most recently used last.
    this.#entries.delete(path);
    this.#entries.set(path, e);
    return answer(e, acceptEncoding, "HIT");
  }

  /**
   * The kept answer for `path`, else the one `make` produces, shared with the
   * requests for `path` that arrive while it runs; a page (KEPT_STATUSES) is kept
   * under `tags` and the extra tags it names.
   */
  async serve(
    path: string,
    tags: string[],
    acceptEncoding: string | null,
    make: () => Promise<Response>,
  ): Promise<Response> {
    const hit = this.get(path, acceptEncoding);
    if (hit) return hit;
    const flight = this.#inFlight.get(path);
    if (flight && !this.#touchedSince(tags, flight.since)) {
      const kept = await flight.done.catch(() => null);
      // A redirect or a 404 may depend on the asker's query string: each makes its own.
      if (kept && KEPT_STATUSES.has(kept.status)) {
        this.shared++;
        return answer(kept, acceptEncoding, "SHARED");
      }
    }
    const since = this.#generation;
    this.#rendering.set(since, (this.#rendering.get(since) ?? 0) + 1);
    const done = (async () => {
      const kept = await prepare(await make(), tags);
      if (KEPT_STATUSES.has(kept.status) && !this.#touchedSince(kept.tags, since)) {
        this.#keep(path, kept);
      }
      return kept;
    })();
    const mine = { since, done };
    this.#inFlight.set(path, mine);
    try {
      return answer(await done, acceptEncoding, "MISS");
    } finally {
      if (this.#inFlight.get(path) === mine) this.#inFlight.delete(path);
      // Only now, when no one can join it any more, are the changes it had to hear of forgotten.
      const left = this.#rendering.get(since)! - 1;
      if (left > 0) this.#rendering.set(since, left);
      else this.#rendering.delete(since);
      this.#forgetTouched();
    }
  }

  /** Keeps `res` under `tags` (tests and callers that made the page themselves). */
  async put(path: string, res: Response, tags: string[]): Promise<Response> {
    const kept = await prepare(res, tags);
    this.#keep(path, kept);
    return answer(kept, null, "MISS");
  }

  /** Drops every page under one of `tags` (`all`: every page), and those under ANY_CHANGE. */
  invalidate(tags: readonly string[]): number {
    this.#generation++;
    if (this.#rendering.size > 0) {
      for (const tag of tags) this.#touched.set(tag, this.#generation);
      this.#touched.set(ANY_CHANGE, this.#generation);
      this.#forgetTouched();
    }
    const set = new Set(tags);
    let n = 0;
    for (const [key, e] of this.#entries) {
      if (set.has(ALL_PAGES) || e.tags.includes(ANY_CHANGE) || e.tags.some((t) => set.has(t))) {
        this.#drop(key);
        n++;
      }
    }
    return n;
  }

  /** Whether an invalidation after generation `since` touched a page under `tags`. */
  #touchedSince(tags: readonly string[], since: number): boolean {
    if ((this.#touched.get(ALL_PAGES) ?? 0) > since) return true;
    if (tags.includes(ANY_CHANGE)) return (this.#touched.get(ANY_CHANGE) ?? 0) > since;
    return tags.some((t) => (this.#touched.get(t) ?? 0) > since);
  }

  /** Forgets the changes made before every running rendering began. */
  #forgetTouched(): void {
    if (this.#rendering.size === 0) {
      this.#touched.clear();
      return;
    }
    const oldest = Math.min(...this.#rendering.keys());
    for (const [tag, generation] of this.#touched) {
      if (generation <= oldest) this.#touched.delete(tag);
    }
  }

  #keep(path: string, kept: Kept): void {
    this.#drop(path);
    this.#entries.set(path, kept);
    this.#bytes += sizeOf(kept);
    for (const [key] of this.#entries) {
      if (this.#entries.size <= this.#maxEntries && this.#bytes <= this.#maxBytes) break;
      this.#drop(key);
    }
  }

  #drop(path: string): void {
    const e = this.#entries.get(path);
    if (!e) return;
    this.#bytes -= sizeOf(e);
    this.#entries.delete(path);
  }

  get size(): number {
    return this.#entries.size;
  }

  /** Tags whose last invalidation is remembered. */
  get trackedTags(): number {
    return this.#touched.size;
  }

  /** Bytes held: the pages and their compressed twins. */
  get bytes(): number {
    return this.#bytes;
  }
}

const sizeOf = (e: Kept) =>
  (e.body?.byteLength ?? 0) + (e.gzip?.byteLength ?? 0) + (e.br?.byteLength ?? 0);

/**
 * Reads an answer once: its bytes, its headers without cookies, its compressed twins,
 * its tags with the extra ones it names.
 */
async function prepare(res: Response, pathTags: string[]): Promise<Kept> {
  const body = new Uint8Array(await res.arrayBuffer());
  const tags = [...new Set([...pathTags, ...extraTags(res)])];
  const dropped = new Set(["set-cookie", EXTRA_TAGS_HEADER.toLowerCase()]);
  const headers = [...res.headers].filter(([k]) => !dropped.has(k.toLowerCase()));
  const compress =
    KEPT_STATUSES.has(res.status) &&
    body.byteLength >= COMPRESS_THRESHOLD &&
    COMPRESSIBLE.test(res.headers.get("Content-Type") ?? "") &&
    !res.headers.has("Content-Encoding");
  if (!compress)
    return {
      status: res.status,
      headers,
      body,
      gzip: null,
      br: null,
      length: body.byteLength,
      tags,
    };
  const [gz, br] = await Promise.all([gzipAsync(body), brotliAsync(body, BROTLI_OPTIONS)]);
  return {
    status: res.status,
    headers,
    body: null,
    gzip: new Uint8Array(gz.buffer, gz.byteOffset, gz.byteLength),
    br: new Uint8Array(br.buffer, br.byteOffset, br.byteLength),
    length: body.byteLength,
    tags,
  };
}

/** A fresh Response of a kept answer, in the encoding the client takes best. */
function answer(e: Kept, acceptEncoding: string | null, how: "HIT" | "MISS" | "SHARED") {
  const headers = new Headers(e.headers);
  headers.set("X-Page-Cache", how);
  if (e.body) return new Response(e.body.slice(), { status: e.status, headers });
  headers.append("Vary", "Accept-Encoding");
  const encoding = acceptedEncodings(acceptEncoding).find((enc) => e[enc]);
  if (encoding) {
    const bytes = e[encoding]!;
    headers.set("Content-Encoding", encoding);
    headers.set("Content-Length", String(bytes.byteLength));
    // A copy: whoever reads this body must not be able to change the kept bytes.
    return new Response(bytes.slice(), { status: e.status, headers });
  }
  headers.set("Content-Length", String(e.length));
  const plain = new Blob([e.gzip!.slice()]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Response(plain, { status: e.status, headers });
}
