/**
 * The directory's shareable state lives in the URL query: `q` (search text),
 * `city` (city slug) and `category` (category slug). Pure functions, so they
 * can be tested without a browser.
 */

import { MAX_SEARCH_LENGTH } from "../../lib/limits.ts";

/** The API's limit on search text (src/lib/limits.ts). */
export const MAX_QUERY_LENGTH = MAX_SEARCH_LENGTH;

export interface DirectoryFilters {
  q: string;
  /** City slug, or "" for all cities. */
  city: string;
  /** Category slug, or "" for all categories. */
  category: string;
}

export const EMPTY_FILTERS: DirectoryFilters = Object.freeze({ q: "", city: "", category: "" });

/**
 * Reads filters from a query string. Unknown city or category slugs are
 * dropped rather than sent to the API, so a mangled shared link still shows
 * results instead of an error.
 */
export function parseFilters(
  search: string,
  known: { citySlugs: ReadonlySet<string>; categorySlugs: ReadonlySet<string> },
): DirectoryFilters {
  const params = new URLSearchParams(search);
  const q = (params.get("q") ?? "").slice(0, MAX_QUERY_LENGTH);
  const city = (params.get("city") ?? "").trim().toLowerCase();
  const category = (params.get("category") ?? "").trim().toLowerCase();
  return {
    q,
    city: known.citySlugs.has(city) ? city : "",
    category: known.categorySlugs.has(category) ? category : "",
  };
}

/** `?q=…&category=…&city=…`, or "" when no filter is set. */
export function filtersToSearch(f: DirectoryFilters): string {
  const params = new URLSearchParams();
  const q = f.q.trim();
  if (q) params.set("q", q);
  if (f.category) params.set("category", f.category);
  if (f.city) params.set("city", f.city);
  const s = params.toString();
  return s ? `?${s}` : "";
}

export function hasFilters(f: DirectoryFilters): boolean {
  return Boolean(f.q.trim() || f.city || f.category);
}

/** Same request? Typing a trailing space must not fire a new search. */
export function sameQuery(a: DirectoryFilters, b: DirectoryFilters): boolean {
  return a.q.trim() === b.q.trim() && a.city === b.city && a.category === b.category;
}

/**
 * When a search has more matches than the API pages to (MAX_RESULT_DEPTH,
 * decision 010) and all of those are shown: how many are shown, else null.
 */
export function shownOfCapped(
  r: { status: string; items: readonly unknown[]; total: number; hasMore: boolean },
  depth: number,
): number | null {
  if (r.hasMore || r.status !== "ready") return null;
  return r.items.length >= depth && r.total > r.items.length ? r.items.length : null;
}
