import type { Db } from "../../db/client.ts";
import type { ProviderPage } from "../../db/queries/providers.ts";
import { getDataVersion } from "../../db/queries/site-meta.ts";
import type { ProviderListQuery } from "../../src/lib/schemas.ts";

/** Runs one search against the database (directly, or in a worker thread on Node). */
export type SearchRunner = (q: ProviderListQuery) => Promise<ProviderPage>;

/** One answer of GET /api/providers, ready to send. */
export interface SearchAnswer {
  /** The JSON array of providers, serialized once. */
  json: string;
  total: number;
  hasMore: boolean;
  /** The providers on the page, in order (counted as search appearances, decision 019). */
  ids: readonly string[];
  /** Whether it came from the cache (for Server-Timing). */
  cached: boolean;
  /** The JSON gzipped, made once per answer; null when this runtime does not compress. */
  gzip(): Uint8Array<ArrayBuffer> | null;
}

/** An answer kept: its JSON, or (with a codec) only its gzip, a fifth of the size. */
interface Entry {
  json?: string;
  gzipped?: Uint8Array<ArrayBuffer>;
  total: number;
  hasMore: boolean;
  ids: readonly string[];
  /** Bytes it holds. */
  size: number;
}

/** Gzip both ways (the Node server's zlib). */
export interface SearchCodec {
  gzip(json: string): Uint8Array<ArrayBuffer>;
  gunzip(bytes: Uint8Array<ArrayBuffer>): string;
}

export interface SearchServiceOptions {
  /** Bytes kept at most (default 32 MiB); the least recently used answers go first. */
  maxBytes?: number;
  /**
   * Keeps answers gzipped (the Node server: nothing in front of it
   * compresses, gzipping a 30 KB page of providers costs more than finding
   * it in the cache, and five times as many answers fit). Absent on Workers,
   * whose edge compresses.
   */
  codec?: SearchCodec;
}

/**
 * Answers searches from memory while the data has not changed (decision 015).
 * Every request reads the data version (one primary-key lookup in site_meta,
 * which every write bumps in its own transaction: markDataChanged); an answer
 * is only ever served under the version it was computed at, so a change to
 * any provider, service or category shows in the very next search, in every
 * process and every Worker isolate, each with its own cache.
 *
 * The version is read before the search runs: a write that commits in between
 * makes the answer newer than its label, never older, and the next request
 * (which reads the new version) computes it again.
 */
export class SearchService {
  readonly #db: Db;
  readonly #run: SearchRunner;
  readonly #maxBytes: number;
  readonly #codec: SearchCodec | undefined;
  #version = -1;
  #bytes = 0;
  /** In use order: the first key is the least recently used. */
  #entries = new Map<string, Entry>();
  /** Searches running now, by key: a burst of the same query runs it once. */
  #running = new Map<string, Promise<Entry>>();

  constructor(db: Db, run: SearchRunner, opts: SearchServiceOptions = {}) {
    this.#db = db;
    this.#run = run;
    this.#maxBytes = opts.maxBytes ?? 32 * 2 ** 20;
    this.#codec = opts.codec;
  }

  async page(q: ProviderListQuery): Promise<SearchAnswer> {
    const version = await getDataVersion(this.#db);
    if (version !== this.#version) {
      // Everything kept is from before the change.
      this.#entries.clear();
      this.#running.clear();
      this.#bytes = 0;
      this.#version = version;
    }
    const key = cacheKey(q);
    const kept = this.#entries.get(key);
    if (kept) {
      this.#entries.delete(key);
      this.#entries.set(key, kept);
      return this.#answer(kept, true);
    }
    let running = this.#running.get(key);
    if (!running) {
      running = this.#compute(q, key, version);
      this.#running.set(key, running);
      const done = () => {
        if (this.#running.get(key) === running) this.#running.delete(key);
      };
      running.then(done, done);
    }
    return this.#answer(await running, false);
  }

  #answer(entry: Entry, cached: boolean): SearchAnswer {
    const codec = this.#codec;
    return {
      get json() {
        return entry.json ?? codec!.gunzip(entry.gzipped!);
      },
      total: entry.total,
      hasMore: entry.hasMore,
      ids: entry.ids,
      cached,
      gzip: () => entry.gzipped ?? null,
    };
  }

  async #compute(q: ProviderListQuery, key: string, version: number): Promise<Entry> {
    const page = await this.#run(q);
    const json = JSON.stringify(page.items);
    const ids = page.items.map((p) => p.id);
    const meta = { total: page.total, hasMore: page.hasMore, ids };
    // A UUID string is about 40 bytes in V8's heap.
    const idBytes = ids.length * 40;
    let entry: Entry;
    if (this.#codec) {
      const gzipped = this.#codec.gzip(json);
      entry = { ...meta, gzipped, size: gzipped.byteLength + idBytes };
    } else {
      entry = { ...meta, json, size: json.length + idBytes };
    }
    if (version === this.#version) this.#keep(key, entry);
    return entry;
  }

  #keep(key: string, entry: Entry): void {
    if (entry.size > this.#maxBytes / 4) return;
    this.#entries.set(key, entry);
    this.#bytes += entry.size;
    for (const [k, e] of this.#entries) {
      if (this.#bytes <= this.#maxBytes) break;
      this.#entries.delete(k);
      this.#bytes -= e.size;
    }
  }

  /** Answers kept now (for tests). */
  get size(): number {
    return this.#entries.size;
  }
}

/** Every field of the parsed query, in a fixed order: equal queries, equal keys. */
export function cacheKey(q: ProviderListQuery): string {
  return JSON.stringify([q.search ?? "", q.city ?? "", q.categoryId ?? "", q.page, q.limit]);
}
