import { sql } from "drizzle-orm";
import { LOCALES } from "../../src/i18n/locales.ts";
import { CITIES } from "../../src/lib/cities.ts";
import {
  planFileBudget,
  RESERVED_FILES,
  type BudgetKind,
  type BudgetPlan,
} from "../../src/lib/file-budget.ts";
import { sitemapChildCount, type SitemapSource } from "../../src/lib/sitemap.ts";
import { slugify } from "../../src/lib/slug.ts";
import type { Category } from "../../src/lib/types.ts";
import { providerPath } from "../../src/lib/urls.ts";
import type { Db } from "../client.ts";
import {
  loadCountryPage,
  loadDirectoryOutline,
  loadProviderPaths,
  sitemapSourceOf,
  type CategoryCount,
  type CountryPageData,
} from "./page-data.ts";

/** A known city and how many active providers it has (possibly none). */
export interface CityListing {
  city: string;
  slug: string;
  count: number;
}

/** A city × category pair with at least one active provider. */
export interface CityCategoryListing {
  city: string;
  category: Category;
  count: number;
}

/** What the build writes, decided before any page is rendered (decision 031). */
export interface BuildPlan {
  budget: BudgetPlan;
  /** /sitemaps/1.xml … /sitemaps/{n}.xml are written; the others are rendered on demand. */
  sitemapFiles: number;
  /** Cities whose page is written in both languages: with providers (largest first), then without. */
  cities: string[];
  /** City × category pages written in both languages, the most providers first. */
  cityCategories: CityCategoryListing[];
  /** Provider pages written in both languages: verified, then most recently updated, then by name. */
  providers: { id: string; path: string }[];
}

/**
 * What the whole build shares, read once: the directory counted (not loaded),
 * each provider's path for the sitemap, /pk's first rows, and the plan. Each
 * page loads its own rows when it is rendered, with the loaders the on-demand
 * renderer uses (page-data.ts): the build's memory grows with the number of
 * providers only by their paths (about 150 bytes each), not their profiles.
 */
export interface SiteData {
  categories: Category[];
  /** Active providers in all. */
  total: number;
  /** /pk: its first rows, the total and each city's count; the home page shows its first rows. */
  country: CountryPageData;
  /** Every known city (spec list order), with its count (possibly 0). */
  cities: CityListing[];
  /** Every city×category pair that has at least one active provider. */
  cityCategories: CityCategoryListing[];
  /** What the sitemap lists (every active provider's path). */
  sitemap: SitemapSource;
  plan: BuildPlan;
  /** A city's categories with their counts, as loadCityPage would count them. */
  categoriesIn(city: string): CategoryCount[];
}

/** The kinds' page counts, each in its own priority order (src/lib/file-budget.ts). */
export function budgetDemand(
  limit: number,
  counts: {
    sitemapFiles: number;
    citiesWithProviders: number;
    cityCategories: number;
    providers: number;
    emptyCities: number;
  },
) {
  const pages: Record<BudgetKind, number> = {
    sitemaps: counts.sitemapFiles,
    cities: counts.citiesWithProviders,
    cityCategories: counts.cityCategories,
    providers: counts.providers,
    emptyCities: counts.emptyCities,
  };
  return { limit, reserved: RESERVED_FILES, locales: LOCALES.length, pages };
}

/**
 * The providers whose pages the budget has room for, most wanted first:
 * verified, then the most recently updated (a profile kept current is the one
 * people are sent to), then by name. One sorted query with a LIMIT.
 */
async function prerenderedProviders(db: Db, room: number) {
  if (room <= 0) return [];
  const rows = await db.all<{
    id: string;
    name: string;
    city: string | null;
    category: string | null;
  }>(
    sql`SELECT p.id AS id, p.company_name AS name, p.city AS city,
          (SELECT c.name FROM services s JOIN service_categories c ON c.id = s.category_id
            WHERE s.provider_id = p.id AND s.is_active = 1
            ORDER BY s.created_at, s.id LIMIT 1) AS category
        FROM providers p WHERE p.is_active = 1
        ORDER BY p.is_verified DESC, p.updated_at DESC, p.company_name, p.id
        LIMIT ${room}`,
  );
  return rows.map((r) => ({
    id: r.id,
    path: providerPath({
      id: r.id,
      companyName: r.name,
      city: r.city,
      services: r.category ? [{ category: { name: r.category } }] : [],
    }),
  }));
}

/**
 * Counts the directory, plans the build's files within `fileBudget` (throws
 * BudgetTooSmallError when not even the fixed part fits) and reads what every
 * page shares, in a handful of queries whatever the directory's size.
 */
export async function loadSiteData(db: Db, fileBudget: number): Promise<SiteData> {
  const [outline, paths, country] = await Promise.all([
    loadDirectoryOutline(db),
    loadProviderPaths(db),
    loadCountryPage(db),
  ]);
  const countOf = new Map(outline.cities.map((c) => [c.city, c.count]));
  const cityOrder = new Map(CITIES.map((c, i) => [c, i]));
  const cities = CITIES.map((city) => ({
    city,
    slug: slugify(city),
    count: countOf.get(city) ?? 0,
  }));
  const cityCategories = outline.pairs
    .map(({ city, category, count }) => ({ city, category, count }))
    .sort(
      (a, b) =>
        b.count - a.count ||
        (cityOrder.get(a.city) ?? 0) - (cityOrder.get(b.city) ?? 0) ||
        a.category.name.localeCompare(b.category.name, "en"),
    );
  const sitemap = sitemapSourceOf(outline, paths);

  const withProviders = cities.filter((c) => c.count > 0).sort((a, b) => b.count - a.count);
  const without = cities.filter((c) => c.count === 0);
  const budget = planFileBudget(
    budgetDemand(fileBudget, {
      sitemapFiles: sitemapChildCount(sitemap),
      citiesWithProviders: withProviders.length,
      cityCategories: cityCategories.length,
      providers: paths.length,
      emptyCities: without.length,
    }),
  );
  const { kinds } = budget;
  const plan: BuildPlan = {
    budget,
    sitemapFiles: kinds.sitemaps.written,
    cities: [
      ...withProviders.slice(0, kinds.cities.written),
      ...without.slice(0, kinds.emptyCities.written),
    ].map((c) => c.city),
    cityCategories: cityCategories.slice(0, kinds.cityCategories.written),
    providers: await prerenderedProviders(db, kinds.providers.written),
  };

  const pairsByCity = Map.groupBy(outline.pairs, (p) => p.city);
  return {
    categories: outline.categories,
    total: country.total,
    country,
    cities,
    cityCategories,
    sitemap,
    plan,
    categoriesIn: (city) =>
      (pairsByCity.get(city) ?? []).map((p) => ({ category: p.category, count: p.count })),
  };
}
