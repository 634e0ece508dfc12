/** The /favorites page's tabs: pure, so the counting rule is unit-tested. */
import { categoryName, currentLocale, LOCALE_TAGS, m } from "../../i18n/index.ts";
import { distinctCategories, type CategoryRef } from "../../lib/provider-view.ts";

export type FavoritesView = "grid" | "list";

export const ALL_TAB = "all";

export interface FavoritesTab<P> {
  /** ALL_TAB or a category id. */
  value: string;
  label: string;
  count: number;
  providers: P[];
}

/**
 * 'All' plus one tab per category name, each with its count; a provider counts
 * in every category it has. No tabs when the favorites span one category or
 * none. Categories with more favorites come first, then by name.
 */
export function favoriteTabs<
  P extends { id: string; services: ReadonlyArray<{ category: CategoryRef }> },
>(items: readonly P[]): FavoritesTab<P>[] {
  const locale = currentLocale();
  const byCategory = new Map<string, { label: string; providers: P[] }>();
  for (const p of items) {
    for (const c of distinctCategories(p)) {
      const tab = byCategory.get(c.id) ?? { label: categoryName(c, locale), providers: [] };
      tab.providers.push(p);
      byCategory.set(c.id, tab);
    }
  }
  if (byCategory.size <= 1) return [];
  const categories = [...byCategory.entries()]
    .map(([value, t]) => ({
      value,
      label: t.label,
      count: t.providers.length,
      providers: t.providers,
    }))
    .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label, LOCALE_TAGS[locale]));
  return [
    {
      value: ALL_TAB,
      label: m.search_favorites_all_tab(),
      count: items.length,
      providers: [...items],
    },
    ...categories,
  ];
}
