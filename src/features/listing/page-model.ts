/**
 * Everything a pre-rendered listing page derives from its providers: the rows
 * in the HTML, the title and description, and the structured data, named in
 * the language of the page being rendered (the crumbs and the structured data
 * keep site paths; Breadcrumbs and seo.ts take them into that language).
 */
import { categoryName, cityName, companyName, currentLocale, m } from "../../i18n/index.ts";
import { toProviderRow, type ProviderRowData } from "../../lib/provider-view.ts";
import {
  breadcrumbJsonLd,
  itemListJsonLd,
  listingDescription,
  listingHeading,
  pageTitle,
  type Crumb,
} from "../../lib/seo.ts";
import type { ProviderPublic } from "../../lib/types.ts";
import { cityCategoryPath, cityPath, COUNTRY_PREFIX, providerPath } from "../../lib/urls.ts";
import { LISTING_PAGE_SIZE } from "./store.ts";

/** Rows rendered into the HTML; the LoadMore island fetches the rest (two API pages). */
export const PRERENDERED_ROWS = LISTING_PAGE_SIZE * 2;

export interface ListingModel {
  heading: string;
  title: string;
  description: string;
  crumbs: Crumb[];
  rows: ProviderRowData[];
  total: number;
  jsonLd: unknown[];
}

export function listingModel(
  site: URL,
  opts: {
    city?: string | null;
    category?: { name: string; nameUr?: string | null | undefined } | null;
    /** At least the first PRERENDERED_ROWS providers, in listing order. */
    providers: readonly ProviderPublic[];
    /** How many there are in all (default: all were given). */
    total?: number;
  },
): ListingModel {
  const city = opts.city ?? null;
  const category = opts.category ?? null;
  const locale = currentLocale();
  const cityLabel = city ? cityName(city, locale) : null;
  const categoryLabel = category ? categoryName(category, locale) : null;
  const heading = listingHeading(cityLabel, categoryLabel);
  const crumbs: Crumb[] = [{ name: m.search_pakistan(), path: COUNTRY_PREFIX }];
  if (city) crumbs.push({ name: cityName(city, locale), path: cityPath(city) });
  if (city && category) {
    crumbs.push({
      name: categoryName(category, locale),
      path: cityCategoryPath(city, category.name),
    });
  }
  const currentPath = crumbs[crumbs.length - 1]?.path ?? COUNTRY_PREFIX;
  const shown = opts.providers.slice(0, PRERENDERED_ROWS);
  const total = opts.total ?? opts.providers.length;
  return {
    heading,
    title: pageTitle(heading),
    description: listingDescription(total, cityLabel, categoryLabel),
    crumbs,
    rows: shown.map((p) => toProviderRow(p, "short")),
    total,
    jsonLd: [
      breadcrumbJsonLd(site, crumbs, currentPath),
      itemListJsonLd(
        site,
        heading,
        // The rows link to the short twin, but structured data names the canonical page.
        shown.map((p) => ({ name: companyName(p, locale), path: providerPath(p) })),
        total,
      ),
    ],
  };
}
