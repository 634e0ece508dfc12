import type { Db } from "../../db/client.ts";
import { and, gt, inArray } from "drizzle-orm";
import { ALL_PAGES, pageChangesSince } from "../../db/queries/site-meta.ts";
import { pageChanges } from "../../db/schema.ts";
import { ANY_CHANGE, pageTags } from "./page-tags.ts";

/**
 * Which pre-rendered pages the data has overtaken: the page_changes tags
 * recorded after the build's data version. A refresh (after every write)
 * reloads them; checks made meanwhile wait for it, so the answer after a
 * write never comes from before it. `onChanged` hears the tags whose version
 * moved, for the page cache.
 */
export class PageFreshness {
  readonly #db: Db;
  #buildVersion: number;
  #changes = new Map<string, number>();
  #loading: Promise<void>;
  #onChanged: (tags: string[]) => void;

  constructor(db: Db, buildVersion: number, onChanged: (tags: string[]) => void = () => {}) {
    this.#db = db;
    this.#buildVersion = buildVersion;
    this.#onChanged = onChanged;
    this.#loading = this.#load();
  }

  /** A new build is live: only changes after its data version count. */
  rebase(buildVersion: number): void {
    this.#buildVersion = buildVersion;
    this.refresh();
  }

  refresh(): void {
    const previous = this.#loading;
    this.#loading = previous.then(() => this.#load());
  }

  async #load(): Promise<void> {
    let next: Map<string, number>;
    try {
      next = await pageChangesSince(this.#db, this.#buildVersion);
    } catch (err) {
      // Keep the last answer; the next write tries again.
      console.error("[pages] could not read page changes", err);
      return;
    }
    const moved = [...next].filter(([tag, v]) => this.#changes.get(tag) !== v).map(([t]) => t);
    this.#changes = next;
    if (moved.length > 0) this.#onChanged(moved);
  }

  /** Whether the pre-rendered file at `path` is older than the data it shows. */
  async isStale(path: string): Promise<boolean> {
    const tags = pageTags(path);
    if (!tags) return false;
    await this.#loading;
    if (tags.includes(ANY_CHANGE)) return this.#changes.size > 0;
    return tags.some((t) => this.#changes.has(t));
  }

  /** Tags changed since the build (for tests and logs). */
  async changedTags(): Promise<string[]> {
    await this.#loading;
    return [...this.#changes.keys()];
  }
}

/**
 * One question to the database, for runtimes that keep no copy of the changes
 * (the Worker: many isolates, each short-lived): whether a change after
 * `buildVersion` touched the page at `path`. One indexed lookup per tag.
 */
export async function isPageStale(db: Db, path: string, buildVersion: number): Promise<boolean> {
  const tags = pageTags(path);
  if (!tags) return false;
  const newer = gt(pageChanges.version, buildVersion);
  const rows = await db
    .select({ tag: pageChanges.tag })
    .from(pageChanges)
    .where(tags.includes(ANY_CHANGE) ? newer : and(inArray(pageChanges.tag, tags), newer))
    .limit(1);
  return rows.length > 0;
}

/**
 * Rendered pages kept in memory (the Node server; the Worker keeps them in
 * Cloudflare's cache), each under the tags it depends on. Bounded by entries
 * and bytes, least recently used out first.
 */
export class PageCache {
  readonly #entries = new Map<
    string,
    { body: Uint8Array; headers: [string, string][]; status: number; tags: string[] }
  >();
  #bytes = 0;
  readonly #maxEntries: number;
  readonly #maxBytes: number;
  hits = 0;
  misses = 0;

  constructor(opts: { maxEntries?: number; maxBytes?: number } = {}) {
    this.#maxEntries = opts.maxEntries ?? 5000;
    this.#maxBytes = opts.maxBytes ?? 128 * 1024 * 1024;
  }

  get(path: string): Response | null {
    const e = this.#entries.get(path);
    if (!e) {
      this.misses++;
      return null;
    }
    this.hits++;
    // Most recently used last.
    this.#entries.delete(path);
    this.#entries.set(path, e);
    const headers = new Headers(e.headers);
    headers.set("X-Page-Cache", "HIT");
    return new Response(e.body.slice(), { status: e.status, headers });
  }

  async put(path: string, res: Response, tags: string[]): Promise<Response> {
    const body = new Uint8Array(await res.arrayBuffer());
    const headers = [...res.headers].filter(([k]) => k.toLowerCase() !== "set-cookie");
    this.#drop(path);
    this.#entries.set(path, { body, headers, status: res.status, tags });
    this.#bytes += body.byteLength;
    for (const [key] of this.#entries) {
      if (this.#entries.size <= this.#maxEntries && this.#bytes <= this.#maxBytes) break;
      this.#drop(key);
    }
    const out = new Headers(headers);
    out.set("X-Page-Cache", "MISS");
    return new Response(body.slice(), { status: res.status, headers: out });
  }

  /** Drops every page under one of `tags` (`all`: every page), and those under ANY_CHANGE. */
  invalidate(tags: readonly string[]): number {
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

  #drop(path: string): void {
    const e = this.#entries.get(path);
    if (!e) return;
    this.#bytes -= e.body.byteLength;
    this.#entries.delete(path);
  }

  get size(): number {
    return this.#entries.size;
  }
}
