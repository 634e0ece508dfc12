/**
 * How many providers a list holds, in the page's language (decision 022):
 * the directory, the listings' Load more and the search's offers share these.
 */
import { currentLocale, formatCount, m } from "../../i18n/index.ts";

/** '1 provider', '1,250 providers'. */
export function providerCount(n: number): string {
  const count = formatCount(n, currentLocale());
  return n === 1 ? m.search_providers_one({ count }) : m.search_providers_other({ count });
}

/** 'Showing 24 of 1,250 providers'. */
export function showingOf(shown: number, total: number): string {
  const locale = currentLocale();
  const inputs = { shown: formatCount(shown, locale), total: formatCount(total, locale) };
  return total === 1 ? m.search_showing_of_one(inputs) : m.search_showing_of_other(inputs);
}
