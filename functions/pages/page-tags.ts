import { basePath } from "../../src/i18n/locales.ts";
import { findCity } from "../../src/lib/cities.ts";
import { uuidFromSegment } from "../../src/lib/urls.ts";
import { ALL_PAGES, cityTag, providerTag } from "../../db/queries/site-meta.ts";

/** Depends on every page: any change since the build overtakes it (the sitemap). */
export const ANY_CHANGE = "*";

/**
 * The page_changes tags a directory page depends on (the sitemap and /pk, every provider: ANY_CHANGE): a provider page on its
 * provider, a city or city×category page on its city's providers, each on
 * `all` (category changes). null: not a page the server renders on demand,
 * so its pre-rendered file is always served.
 */
export function pageTags(localizedPath: string): string[] | null {
  // Both languages of a page show the same data (decision 022).
  const path = basePath(localizedPath);
  if (path === "/pk" || path === "/sitemap.xml" || /^\/sitemaps\/\d+\.xml$/.test(path))
    return [ANY_CHANGE];
  const segments = path.split("/").filter(Boolean);
  if (segments[0] !== "pk" || segments.length < 2 || segments.length > 4) return null;
  if (segments.length === 4) {
    const id = uuidFromSegment(segments[3]!);
    return id ? [ALL_PAGES, providerTag(id)] : null;
  }
  const city = findCity(segments[1]!);
  return city ? [ALL_PAGES, cityTag(city)] : null;
}

/**
 * A header a rendered page may carry to name tags it depends on beyond its path's
 * (a closed listing's page lists its city's providers: `city:{slug}`). Page caches
 * add them to the page's tags and never send the header on.
 */
export const EXTRA_TAGS_HEADER = "X-Page-Extra-Tags";

/** The extra tags a rendered answer names (EXTRA_TAGS_HEADER), if any. */
export function extraTags(res: Response): string[] {
  const value = res.headers.get(EXTRA_TAGS_HEADER);
  return value ? value.split(/\s+/).filter(Boolean) : [];
}

/**
 * The statuses a rendered page is kept with: a page, and the 410 page of a business
 * that closed (decision 029), dropped like any page when a change touches its tags
 * (the listing reopening, a provider of its city changing). Redirects and 404s may
 * depend on the query string or become pages at any moment: never kept.
 */
export const KEPT_STATUSES: ReadonlySet<number> = new Set([200, 410]);
