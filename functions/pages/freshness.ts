import type { Db } from "../../db/client.ts";
import { and, gt, inArray } from "drizzle-orm";
import { ALL_PAGES, lastPageChange, pageChangesAfter } from "../../db/queries/site-meta.ts";
import { pageChanges } from "../../db/schema.ts";
import { ANY_CHANGE, pageTags } from "./page-tags.ts";

/** Tags a PageFreshness holds at most (about 100 bytes each) before it treats every page as changed. */
export const MAX_CHANGED_TAGS = 50_000;

/**
 * Which pre-rendered pages the data has overtaken: the page_changes tags
 * recorded after the build's data version. A refresh (after every write)
 * reads the changes recorded since the last one; checks made meanwhile wait
 * for it, so the answer after a write never comes from before it.
 * `onChanged` hears the tags whose version moved, for the page cache.
 *
 * It holds at most `maxTags` tags (decision 031): past that many changed since
 * the build, every page that shows data counts as changed (rendered on demand,
 * then kept by the page cache) until the next build, instead of a set that
 * grows with every page the data touches for the life of the process.
 */
export class PageFreshness {
  readonly #db: Db;
  readonly #maxTags: number;
  /** Rows read per question while following the changes. */
  readonly #batch: number;
  /** Tags changed since the build; null once more than `maxTags` did. */
  #changes: Set<string> | null = new Set();
  /** The last change read (its version and tag), and the last version `onChanged` heard of. */
  #read: { version: number; tag: string | null };
  #heard: number;
  #loading: Promise<void>;
  #onChanged: (tags: string[]) => void;

  constructor(
    db: Db,
    buildVersion: number,
    onChanged: (tags: string[]) => void = () => {},
    opts: { maxTags?: number; batch?: number } = {},
  ) {
    this.#db = db;
    this.#maxTags = opts.maxTags ?? MAX_CHANGED_TAGS;
    this.#batch = opts.batch ?? 5_000;
    this.#read = { version: buildVersion, tag: null };
    this.#heard = buildVersion;
    this.#onChanged = onChanged;
    this.#loading = this.#load();
  }

  /** A new build is live: only changes after its data version count. */
  rebase(buildVersion: number): void {
    this.#loading = this.#loading.then(() => {
      this.#changes = new Set();
      this.#read = { version: buildVersion, tag: null };
    });
    this.refresh();
  }

  refresh(): void {
    const previous = this.#loading;
    this.#loading = previous.then(() => this.#load());
  }

  async #load(): Promise<void> {
    const moved = new Set<string>();
    try {
      for (;;) {
        const rows = await pageChangesAfter(this.#db, this.#read, this.#batch);
        for (const row of rows) {
          this.#changes?.add(row.tag);
          if (row.version > this.#heard) moved.add(row.tag);
          this.#read = row;
        }
        if (this.#changes && this.#changes.size > this.#maxTags) this.#changes = null;
        if (rows.length < this.#batch) break;
        if (moved.size > this.#maxTags) {
          // Too many to tell one by one: the page cache hears that every page changed, and
          // the reading goes on from the latest change.
          const last = await lastPageChange(this.#db);
          this.#read = { version: Math.max(last, this.#read.version), tag: null };
          moved.clear();
          moved.add(ALL_PAGES);
          break;
        }
      }
    } catch (err) {
      // Keep the last answer; the next write tries again.
      console.error("[pages] could not read page changes", err);
    }
    this.#heard = Math.max(this.#heard, this.#read.version);
    if (moved.size > 0) this.#onChanged([...moved]);
  }

  /** Tags changed since the build, as last loaded (the cap plus one once past it). */
  get size(): number {
    return this.#changes?.size ?? this.#maxTags + 1;
  }

  /** Whether the pre-rendered file at `path` is older than the data it shows. */
  async isStale(path: string): Promise<boolean> {
    const tags = pageTags(path);
    if (!tags) return false;
    await this.#loading;
    if (!this.#changes) return true;
    if (tags.includes(ANY_CHANGE)) return this.#changes.size > 0;
    return tags.some((t) => this.#changes!.has(t));
  }

  /** Tags changed since the build (for tests and logs); null once more than the cap did. */
  async changedTags(): Promise<string[] | null> {
    await this.#loading;
    return this.#changes ? [...this.#changes] : null;
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
