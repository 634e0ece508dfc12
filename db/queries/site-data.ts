import { LOCALES } from "../../src/i18n/locales.ts";
import { asc, desc, eq } from "drizzle-orm";
import { CITIES } from "../../src/lib/cities.ts";
import { slugify } from "../../src/lib/slug.ts";
import type { Category, GalleryImage, ProviderPublic } from "../../src/lib/types.ts";
import type { Db } from "../client.ts";
import type { CategoryPageData, ListingPageData } from "./page-data.ts";
import { galleryImages, providers } from "../schema.ts";
import { listCategories } from "./categories.ts";
import { publicColumns, servicesByProvider, toPublicProvider } from "./providers.ts";

export interface CityListing {
  city: string;
  slug: string;
  /** Active providers in the city, verified first, then by name. */
  providers: ProviderPublic[];
}

export interface CityCategoryListing {
  city: string;
  category: Category;
  providers: ProviderPublic[];
}

/** Everything the build renders, read in a handful of queries. */
export interface SiteData {
  categories: Category[];
  /** Every active provider, verified first, then by name. */
  providers: ProviderPublic[];
  galleryByProvider: Map<string, GalleryImage[]>;
  /** Every known city (spec list order), with its providers (possibly none). */
  cities: CityListing[];
  /** Every city×category pair that has at least one active provider. */
  cityCategories: CityCategoryListing[];
  /** The providers whose pages the build writes (file budget, priority order). */
  prerenderedProviders: ProviderPublic[];
  /** A city page's data, as the on-demand renderer loads it (page-data.ts). */
  cityPage(city: string): ListingPageData;
  categoryPage(pair: CityCategoryListing): CategoryPageData;
}

/**
 * Files a build holds besides provider pages, apart from the listing pages
 * counted exactly: the app pages, 404, sitemaps, robots, the hashed scripts
 * and styles in /_astro and /public (about 150 today), with room to grow.
 */
export const RESERVED_FILES = 1000;

/**
 * Which provider pages fit the file budget (in both languages), most wanted first: verified
 * providers, then the most recently updated (a profile kept current is the
 * one people are sent to), then by name. The rest are rendered on demand.
 */
export function pickPrerendered(
  all: readonly ProviderPublic[],
  listingPages: number,
  fileBudget: number,
): ProviderPublic[] {
  // Each page is written once per language (decision 022): the budget holds
  // the same head of the directory in English and in Urdu.
  const perLanguage = Math.floor((fileBudget - RESERVED_FILES) / LOCALES.length);
  const room = Math.max(0, perLanguage - listingPages);
  if (room >= all.length) return [...all];
  return [...all]
    .sort(
      (a, b) =>
        Number(b.isVerified) - Number(a.isVerified) ||
        b.updatedAt.localeCompare(a.updatedAt) ||
        a.companyName.localeCompare(b.companyName) ||
        a.id.localeCompare(b.id),
    )
    .slice(0, room);
}

/**
 * Loads all rows the pre-rendered pages need at once and groups them in memory,
 * so the build never runs one query per page (architecture.md).
 */
export async function loadSiteData(
  db: Db,
  /** Most files the build may write (Workers static assets cap; default: all). */
  fileBudget = Number.POSITIVE_INFINITY,
): Promise<SiteData> {
  const categories = await listCategories(db);
  const rows = await db
    .select(publicColumns)
    .from(providers)
    .where(eq(providers.isActive, true))
    .orderBy(desc(providers.isVerified), asc(providers.companyName), asc(providers.id));
  const svc = await servicesByProvider(
    db,
    rows.map((r) => r.id),
  );
  const all = rows.map((r) => toPublicProvider(r, svc.get(r.id) ?? []));

  const gallery = await db
    .select({
      id: galleryImages.id,
      providerId: galleryImages.providerId,
      imageUrl: galleryImages.imageUrl,
      createdAt: galleryImages.createdAt,
    })
    .from(galleryImages)
    .innerJoin(providers, eq(providers.id, galleryImages.providerId))
    .where(eq(providers.isActive, true))
    .orderBy(asc(galleryImages.createdAt), asc(galleryImages.id));
  const galleryByProvider = new Map<string, GalleryImage[]>();
  for (const g of gallery) {
    const list = galleryByProvider.get(g.providerId) ?? [];
    list.push({ ...g, createdAt: g.createdAt.toISOString() });
    galleryByProvider.set(g.providerId, list);
  }

  const byCity = new Map<string, ProviderPublic[]>();
  for (const p of all) {
    if (!p.city) continue;
    const list = byCity.get(p.city) ?? [];
    list.push(p);
    byCity.set(p.city, list);
  }
  const cities = CITIES.map((city) => ({
    city,
    slug: slugify(city),
    providers: byCity.get(city) ?? [],
  }));

  const categoryById = new Map(categories.map((c) => [c.id, c]));
  const cityCategories: CityCategoryListing[] = [];
  for (const { city, providers: inCity } of cities) {
    const byCategory = new Map<string, ProviderPublic[]>();
    for (const p of inCity) {
      for (const categoryId of new Set(p.services.map((s) => s.categoryId))) {
        const list = byCategory.get(categoryId) ?? [];
        list.push(p);
        byCategory.set(categoryId, list);
      }
    }
    for (const [categoryId, list] of byCategory) {
      const category = categoryById.get(categoryId);
      if (category) cityCategories.push({ city, category, providers: list });
    }
  }
  const pairsByCity = Map.groupBy(cityCategories, (cc) => cc.city);
  const countsIn = (city: string) =>
    (pairsByCity.get(city) ?? []).map((cc) => ({
      category: cc.category,
      count: cc.providers.length,
    }));
  return {
    categories,
    providers: all,
    galleryByProvider,
    cities,
    cityCategories,
    prerenderedProviders: pickPrerendered(all, cities.length + cityCategories.length, fileBudget),
    cityPage: (city) => {
      const providers = byCity.get(city) ?? [];
      return { city, providers, total: providers.length, categories: countsIn(city) };
    },
    categoryPage: (pair) => ({
      city: pair.city,
      category: pair.category,
      providers: pair.providers,
      total: pair.providers.length,
      categories: countsIn(pair.city),
    }),
  };
}
