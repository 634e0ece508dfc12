/**
 * Page math for lists that page on the server (`?page=&limit=` with an
 * X-Total-Count header). Pure, so the admin panels' counters are unit-tested.
 */
import { currentLocale, formatCount, m, type Locale } from "../../i18n/index.ts";

/** How many pages `total` items fill (at least 1, so "page 1 of 1" holds for an empty list). */
export function pageCount(total: number, limit: number): number {
  if (limit <= 0 || total <= 0) return 1;
  return Math.ceil(total / limit);
}

/** Keeps a page number inside 1…pageCount (a delete can empty the last page). */
export function clampPage(page: number, total: number, limit: number): number {
  const p = Number.isFinite(page) ? Math.trunc(page) : 1;
  return Math.min(Math.max(p, 1), pageCount(total, limit));
}

/** The 1-based positions of the first and last item on a page; both 0 for an empty list. */
export function pageRange(
  page: number,
  limit: number,
  total: number,
): { from: number; to: number } {
  if (total <= 0 || limit <= 0) return { from: 0, to: 0 };
  const from = (page - 1) * limit + 1;
  if (from > total) return { from: 0, to: 0 };
  return { from, to: Math.min(page * limit, total) };
}

/** "Showing 41–60 of 100,000" in the page's language; "No results" when there is nothing. */
export function showingText(
  page: number,
  limit: number,
  total: number,
  locale: Locale = currentLocale(),
): string {
  const { from, to } = pageRange(page, limit, total);
  if (from === 0) return m.common_no_results({}, { locale });
  const n = (x: number) => formatCount(x, locale);
  return m.common_showing_range({ from: n(from), to: n(to), total: n(total) }, { locale });
}

/** "page 2 of 5", after showingText, in the page's language. */
export function pageOfText(page: number, pages: number, locale: Locale = currentLocale()): string {
  return m.common_page_of(
    { page: formatCount(page, locale), pages: formatCount(pages, locale) },
    { locale },
  );
}

export function hasPrev(page: number): boolean {
  return page > 1;
}

export function hasNext(page: number, limit: number, total: number): boolean {
  return page < pageCount(total, limit);
}
