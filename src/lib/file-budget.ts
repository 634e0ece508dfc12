/**
 * The build's file budget (decisions 014 and 031). Workers static assets take
 * at most 20,000 files per version on the free plan and 100,000 on the paid one
 * (ASSET_FILE_LIMIT). What the build writes is decided here, before any page is
 * rendered, from counts alone: first the fixed part, then each kind of page in
 * priority order, every directory page in each language or not at all. A kind
 * that does not fit whole is cut, and nothing of a lower kind is written after
 * it, so a page is never left out while a less wanted one is written. What is
 * left out is rendered on demand. Pure: src/data/site.ts counts, this decides.
 */

/**
 * Files a build holds whatever its data, counted from a build of the demo site
 * (about 180 on 2026-11-28, both languages, scripts/build.ts prints the figure):
 * the hashed scripts, styles and fonts in /_astro, the files of public/, the app
 * pages (sign-in, dashboards, account…), `/`, `/pk`, the 404 pages, robots.txt,
 * /sitemap.xml and build-info.json, each app page in both languages. Kept with
 * room to grow; the build stops before rendering if even this does not fit.
 */
export const RESERVED_FILES = 500;

/** Budgeted kinds, highest priority first (decision 031 says why this order). */
export const BUDGET_ORDER = [
  /** /sitemaps/{n}.xml: one file lists 10,000 pages; crawlers find every other page from them. */
  "sitemaps",
  /** City pages with providers, the largest city first. */
  "cities",
  /** City × category pages, the most providers first. */
  "cityCategories",
  /** Provider pages: verified first, then the most recently updated, then by name. */
  "providers",
  /** City pages without providers yet (noindex, cheap to render on demand). */
  "emptyCities",
] as const;

export type BudgetKind = (typeof BUDGET_ORDER)[number];

export interface BudgetDemand {
  /** Most files the build may hold (ASSET_FILE_LIMIT). */
  limit: number;
  /** Files the build holds whatever its data (RESERVED_FILES). */
  reserved: number;
  /** Languages every directory page is written in (decision 022). */
  locales: number;
  /** Pages of each kind there are to write. */
  pages: Record<BudgetKind, number>;
}

export interface KindPlan {
  /** Pages written by the build (the first ones in the kind's own order). */
  written: number;
  /** Pages rendered on demand instead. */
  left: number;
  /** Files the written pages take. */
  files: number;
}

export interface BudgetPlan {
  limit: number;
  reserved: number;
  kinds: Record<BudgetKind, KindPlan>;
  /** Files the build may hold at most: the reserve and every written page. Never above `limit`. */
  files: number;
}

/** The limit is below the part of the build no data can shrink. */
export class BudgetTooSmallError extends Error {
  constructor(limit: number, reserved: number) {
    super(
      `ASSET_FILE_LIMIT is ${limit.toLocaleString("en-US")}, but the app pages and assets alone ` +
        `may take ${reserved.toLocaleString("en-US")} files: set it to at least ` +
        `${reserved.toLocaleString("en-US")} (Workers static assets allow 20,000 on the free plan).`,
    );
    this.name = "BudgetTooSmallError";
  }
}

/** Files one page of a kind takes: a sitemap is one file, a directory page one per language. */
export function filesPerPage(kind: BudgetKind, locales: number): number {
  return kind === "sitemaps" ? 1 : locales;
}

const count = (n: number, what: string) => {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`${what} must be a whole number ≥ 0`);
  return n;
};

/** What fits, kind by kind in BUDGET_ORDER; throws BudgetTooSmallError when not even the reserve does. */
export function planFileBudget(d: BudgetDemand): BudgetPlan {
  count(d.limit, "limit");
  count(d.reserved, "reserved");
  if (count(d.locales, "locales") < 1) throw new RangeError("locales must be at least 1");
  if (d.limit < d.reserved) throw new BudgetTooSmallError(d.limit, d.reserved);
  let room = d.limit - d.reserved;
  let cut = false;
  const kinds = {} as Record<BudgetKind, KindPlan>;
  for (const kind of BUDGET_ORDER) {
    const pages = count(d.pages[kind], `pages.${kind}`);
    const per = filesPerPage(kind, d.locales);
    const written = cut ? 0 : Math.min(pages, Math.floor(room / per));
    if (written < pages) cut = true;
    room -= written * per;
    kinds[kind] = { written, left: pages - written, files: written * per };
  }
  return { limit: d.limit, reserved: d.reserved, kinds, files: d.limit - room };
}

/** Workers static assets on the free plan; `ASSET_FILE_LIMIT=100000` on the paid one. */
export const DEFAULT_ASSET_FILE_LIMIT = 20_000;

/** ASSET_FILE_LIMIT's value: unset or empty is the default; anything but a whole number ≥ 1 throws. */
export function assetFileLimit(value: string | undefined): number {
  if (value === undefined || value.trim() === "") return DEFAULT_ASSET_FILE_LIMIT;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) {
    throw new RangeError(`ASSET_FILE_LIMIT must be a whole number, not "${value}"`);
  }
  return n;
}
