/**
 * What one directory page shows, read for that page alone: the server renders
 * pages on demand that the build left out or that changed since (decision 014),
 * with the same components and the same order as the build.
 */
import { and, eq, sql } from "drizzle-orm";
import { PRERENDERED_ROWS } from "../../src/features/listing/page-model.ts";
import { AUTH_SAMPLE_CATEGORY, type AuthPanelFacts } from "../../src/lib/form-states.ts";
import type { SitemapSource } from "../../src/lib/sitemap.ts";
import { findCity } from "../../src/lib/cities.ts";
import { slugify } from "../../src/lib/slug.ts";
import type { Category, GalleryImage, ProviderPublic } from "../../src/lib/types.ts";
import { providerPath } from "../../src/lib/urls.ts";
import type { Db } from "../client.ts";
import { providers, serviceCategories } from "../schema.ts";
import { listCategories } from "./categories.ts";
import {
  findPublicProvider,
  listGallery,
  listPublicProviders,
  publicColumns,
  servicesByProvider,
  toPublicProvider,
} from "./providers.ts";

/** A category of a city with how many active providers offer it there. */
export interface CategoryCount {
  category: Category;
  count: number;
}

/** A listing page: its first rows, how many there are in all, and the categories beside. */
export interface ListingPageData {
  city: string;
  /** The first rows, verified first, then by name (the build's order). */
  providers: ProviderPublic[];
  total: number;
  /** Every category with providers in the city. */
  categories: CategoryCount[];
}

export interface CategoryPageData extends ListingPageData {
  category: Category;
}

export interface ProviderPageData {
  provider: ProviderPublic;
  gallery: GalleryImage[];
}

/** /pk: the first rows of every active provider, and how many each city has. */
export interface CountryPageData {
  providers: ProviderPublic[];
  total: number;
  cities: { city: string; count: number }[];
}

export async function loadCountryPage(db: Db): Promise<CountryPageData> {
  const [page, cities] = await Promise.all([
    listPublicProviders(db, { page: 1, limit: PRERENDERED_ROWS }),
    db.all<{ city: string; n: number }>(
      sql`SELECT city, count(*) AS n FROM providers
          WHERE is_active = 1 AND city IS NOT NULL GROUP BY city`,
    ),
  ]);
  return {
    providers: page.items,
    total: page.total,
    cities: cities.map((c) => ({ city: c.city, count: Number(c.n) })),
  };
}

/** Categories with active providers in `city`, counted once per provider. */
export async function categoryCounts(db: Db, city: string): Promise<CategoryCount[]> {
  const rows = await db.all<{ id: string; n: number }>(
    sql`SELECT s.category_id AS id, count(DISTINCT s.provider_id) AS n
        FROM providers p JOIN services s ON s.provider_id = p.id AND s.is_active = 1
        WHERE p.is_active = 1 AND p.city = ${city}
        GROUP BY s.category_id`,
  );
  const byId = new Map((await listCategories(db)).map((c) => [c.id, c]));
  return rows.flatMap((r) => {
    const category = byId.get(r.id);
    return category ? [{ category, count: Number(r.n) }] : [];
  });
}

/**
 * `counts`: the city's categories when the caller has them already (the build
 * counts every city's at once, src/data/site.ts); otherwise they are counted here.
 */
export async function loadCityPage(
  db: Db,
  city: string,
  counts?: CategoryCount[],
): Promise<ListingPageData> {
  const [page, categories] = await Promise.all([
    listPublicProviders(db, { city, page: 1, limit: PRERENDERED_ROWS }),
    counts ?? categoryCounts(db, city),
  ]);
  return { city, providers: page.items, total: page.total, categories };
}

/** null: no category has that slug. */
export async function loadCategoryPage(
  db: Db,
  city: string,
  categorySlug: string,
  /** The city's categories, as for loadCityPage. */
  counts?: CategoryCount[],
): Promise<CategoryPageData | null> {
  const [row] = await db
    .select({ id: serviceCategories.id })
    .from(serviceCategories)
    .where(and(eq(serviceCategories.slug, categorySlug)))
    .limit(1);
  if (!row) return null;
  const [page, categories] = await Promise.all([
    listPublicProviders(db, { city, categoryId: row.id, page: 1, limit: PRERENDERED_ROWS }),
    counts ?? categoryCounts(db, city),
  ]);
  const category = categories.find((c) => c.category.id === row.id)?.category;
  const fallback = category ?? (await listCategories(db)).find((c) => c.id === row.id);
  if (!fallback) return null;
  return {
    city,
    category: fallback,
    providers: page.items,
    total: page.total,
    categories,
  };
}

/** null: no active provider has that id. */
export async function loadProviderPage(db: Db, id: string): Promise<ProviderPageData | null> {
  const provider = await findPublicProvider(db, id);
  if (!provider) return null;
  return { provider, gallery: await listGallery(db, id) };
}

/** A city with active providers: how many, and the newest change among them. */
export interface CityOutline {
  city: string;
  count: number;
  updatedAt: string;
}

/** A city × category pair with active providers (each counted once), and the newest change. */
export interface PairOutline {
  city: string;
  category: Category;
  count: number;
  updatedAt: string;
}

/**
 * The directory counted, not loaded: each known city and city × category pair
 * with active providers, how many and when they last changed. Two grouped
 * queries at any size; the build plans its files from it (src/data/site.ts)
 * and the sitemap names the listings from it.
 */
export async function loadDirectoryOutline(
  db: Db,
): Promise<{ cities: CityOutline[]; pairs: PairOutline[]; categories: Category[] }> {
  const iso = (ms: number) => new Date(Number(ms)).toISOString();
  const [cityRows, pairRows, categories] = await Promise.all([
    db.all<{ city: string; n: number; updated: number }>(
      sql`SELECT city, count(*) AS n, max(updated_at) AS updated FROM providers
          WHERE is_active = 1 AND city IS NOT NULL GROUP BY city`,
    ),
    db.all<{ city: string; category: string; n: number; updated: number }>(
      sql`SELECT p.city AS city, s.category_id AS category, count(DISTINCT p.id) AS n,
            max(p.updated_at) AS updated
          FROM providers p JOIN services s ON s.provider_id = p.id AND s.is_active = 1
          WHERE p.is_active = 1 AND p.city IS NOT NULL
          GROUP BY p.city, s.category_id`,
    ),
    listCategories(db),
  ]);
  // Only the known cities have pages (functions/routes/pages.ts answers 404 for others).
  const known = (city: string) => findCity(city) === city;
  const byId = new Map(categories.map((c) => [c.id, c]));
  return {
    cities: cityRows
      .filter((r) => known(r.city))
      .map((r) => ({ city: r.city, count: Number(r.n), updatedAt: iso(r.updated) })),
    pairs: pairRows.flatMap((r) => {
      const category = byId.get(r.category);
      return category && known(r.city)
        ? [{ city: r.city, category, count: Number(r.n), updatedAt: iso(r.updated) }]
        : [];
    }),
    categories,
  };
}

/**
 * Each active provider's canonical path and last change, in rowid order (the
 * same order for the build and for a sitemap rendered on demand), and nothing
 * else: about 150 bytes a provider.
 */
export async function loadProviderPaths(db: Db): Promise<{ path: string; updatedAt: string }[]> {
  const rows = await db.all<{
    id: string;
    name: string;
    city: string | null;
    updated: number;
    category: string | null;
  }>(
    sql`SELECT p.id AS id, p.company_name AS name, p.city AS city, p.updated_at AS updated,
          (SELECT c.name FROM services s JOIN service_categories c ON c.id = s.category_id
            WHERE s.provider_id = p.id AND s.is_active = 1
            ORDER BY s.created_at, s.id LIMIT 1) AS category
        FROM providers p WHERE p.is_active = 1 ORDER BY p.rowid`,
  );
  return rows.map((r) => ({
    updatedAt: new Date(Number(r.updated)).toISOString(),
    path: providerPath({
      id: r.id,
      companyName: r.name,
      city: r.city,
      services: r.category ? [{ category: { name: r.category } }] : [],
    }),
  }));
}

/** The sitemap's source from the outline and the providers' paths. */
export function sitemapSourceOf(
  outline: { cities: CityOutline[]; pairs: PairOutline[] },
  providers: SitemapSource["providers"],
): SitemapSource {
  return {
    providers,
    cities: outline.cities.map((c) => ({ slug: slugify(c.city), updatedAt: c.updatedAt })),
    cityCategories: outline.pairs.map((p) => ({
      city: p.city,
      category: { name: p.category.name },
      updatedAt: p.updatedAt,
    })),
  };
}

/**
 * What the sitemap lists, read lean for a sitemap rendered on demand: the same
 * source the build writes its sitemap from (src/data/site.ts), without profiles.
 */
export async function loadSitemapSource(db: Db): Promise<SitemapSource> {
  const [outline, providers] = await Promise.all([loadDirectoryOutline(db), loadProviderPaths(db)]);
  return sitemapSourceOf(outline, providers);
}

/** How many similar providers a closed listing's page links to. */
export const SIMILAR_SHOWN = 6;

/**
 * The page of a business that closed for good (an accepted 'permanently
 * closed' edit, decision 025), answered with 410: what it was, and similar
 * active providers of its city, those in its categories first.
 */
export interface ClosedPageData {
  provider: ProviderPublic;
  /** Up to SIMILAR_SHOWN active providers: its city's (or, without a city, any) with its categories first. */
  providers: ProviderPublic[];
}

/**
 * What an inactive listing's URL answers: the closed page, or a 301 to the
 * listing a duplicate was merged into (followed through a chain of merges to the
 * listing that is left, closed or active), or null (deactivated otherwise,
 * unknown: 404).
 */
export type GoneListing =
  { kind: "closed"; data: ClosedPageData } | { kind: "merged"; into: ProviderPublic } | null;

/** A listing's public view whether active or not (the closed page shows an inactive one). */
async function anyProvider(db: Db, id: string) {
  const [row] = await db
    .select({
      ...publicColumns,
      closedAt: providers.closedAt,
      duplicateOfId: providers.duplicateOfId,
    })
    .from(providers)
    .where(eq(providers.id, id))
    .limit(1);
  if (!row) return null;
  const { closedAt, duplicateOfId, ...publicRow } = row;
  const svc = await servicesByProvider(db, [id]);
  return { provider: toPublicProvider(publicRow, svc.get(id) ?? []), closedAt, duplicateOfId };
}

/** Merges followed from one URL at most: a loop or a longer chain is a 404. */
const MAX_MERGES = 5;

export async function loadGoneListing(db: Db, id: string): Promise<GoneListing> {
  let found = await anyProvider(db, id);
  if (!found || found.provider.isActive) return null;
  if (found.closedAt) {
    return {
      kind: "closed",
      data: { provider: found.provider, providers: await similar(db, found.provider) },
    };
  }
  for (let hops = 0; found?.duplicateOfId && hops < MAX_MERGES; hops++) {
    found = await anyProvider(db, found.duplicateOfId);
    if (found && (found.provider.isActive || found.closedAt)) {
      return { kind: "merged", into: found.provider };
    }
  }
  return null;
}

/**
 * Active providers like `p`: in its city (anywhere when it has none), those in
 * its categories first (category by category, in the order it offers them), then
 * the rest of the city; within each, the listings' order (verified first, then by name).
 */
async function similar(db: Db, p: ProviderPublic): Promise<ProviderPublic[]> {
  const categoryIds = [...new Set(p.services.map((s) => s.categoryId))];
  const found = new Map<string, ProviderPublic>();
  const take = (rows: ProviderPublic[]) => {
    for (const r of rows) {
      if (found.size >= SIMILAR_SHOWN) return;
      if (r.id !== p.id && !found.has(r.id)) found.set(r.id, r);
    }
  };
  // Anyone may open a closed listing's URL, and its page is never kept: each ask runs
  // the directory's own listing queries (city × category, then city), which its indexes
  // answer in milliseconds at any size, rather than ranking every provider of a big
  // city by shared categories (60 ms of CPU in Karachi at 100,000 providers).
  const city = p.city ?? undefined;
  for (const categoryId of categoryIds) {
    if (found.size >= SIMILAR_SHOWN) break;
    const near = { ...(city ? { city } : {}), categoryId, page: 1, limit: SIMILAR_SHOWN + 1 };
    take((await listPublicProviders(db, near)).items);
  }
  if (found.size < SIMILAR_SHOWN && city) {
    take((await listPublicProviders(db, { city, page: 1, limit: SIMILAR_SHOWN + 1 })).items);
  }
  return [...found.values()];
}

/**
 * The auth screens' decorative panel, for a screen the server renders again
 * after a form's POST (decision 027): the figures the build shows there, read
 * with three counts.
 */
export async function loadAuthPanel(db: Db): Promise<AuthPanelFacts> {
  const [figures] = await db.all<{ providers: number; cities: number; categories: number }>(
    sql`SELECT (SELECT count(*) FROM providers WHERE is_active = 1) AS providers,
               (SELECT count(DISTINCT city) FROM providers
                 WHERE is_active = 1 AND city IS NOT NULL) AS cities,
               (SELECT count(*) FROM service_categories) AS categories`,
  );
  const [sample] = await db
    .select({ name: serviceCategories.name, nameUr: serviceCategories.nameUr })
    .from(serviceCategories)
    .where(eq(serviceCategories.name, AUTH_SAMPLE_CATEGORY));
  return {
    providers: Number(figures?.providers ?? 0),
    cities: Number(figures?.cities ?? 0),
    categories: Number(figures?.categories ?? 0),
    sampleCategory: sample ?? { name: AUTH_SAMPLE_CATEGORY, nameUr: null },
  };
}
