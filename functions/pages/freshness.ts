import type { Db } from "../../db/client.ts";
import { and, gt, inArray } from "drizzle-orm";
import { pageChangesSince } from "../../db/queries/site-meta.ts";
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

  /** Tags changed since the build, as last loaded. */
  get size(): number {
    return this.#changes.size;
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
