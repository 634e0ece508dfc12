/**
 * What one directory page shows, read for that page alone: the server renders
 * pages on demand that the build left out or that changed since (decision 014),
 * with the same components and the same order as the build.
 */
import { and, eq, sql } from "drizzle-orm";
import { PRERENDERED_ROWS } from "../../src/features/listing/page-model.ts";
import type { SitemapSource } from "../../src/lib/sitemap.ts";
import { slugify } from "../../src/lib/slug.ts";
import type { Category, GalleryImage, ProviderPublic } from "../../src/lib/types.ts";
import { providerPath } from "../../src/lib/urls.ts";
import type { Db } from "../client.ts";
import { serviceCategories } from "../schema.ts";
import { listCategories } from "./categories.ts";
import { findPublicProvider, listGallery, listPublicProviders } from "./providers.ts";

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

export async function loadCityPage(db: Db, city: string): Promise<ListingPageData> {
  const [page, categories] = await Promise.all([
    listPublicProviders(db, { city, page: 1, limit: PRERENDERED_ROWS }),
    categoryCounts(db, city),
  ]);
  return { city, providers: page.items, total: page.total, categories };
}

/** null: no category has that slug. */
export async function loadCategoryPage(
  db: Db,
  city: string,
  categorySlug: string,
): Promise<CategoryPageData | null> {
  const [row] = await db
    .select({ id: serviceCategories.id })
    .from(serviceCategories)
    .where(and(eq(serviceCategories.slug, categorySlug)))
    .limit(1);
  if (!row) return null;
  const [page, categories] = await Promise.all([
    listPublicProviders(db, { city, categoryId: row.id, page: 1, limit: PRERENDERED_ROWS }),
    categoryCounts(db, city),
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

/**
 * What the sitemap lists, read lean for an on-demand sitemap: each active
 * provider's canonical path parts and last change, each city's and
 * city×category pair's newest change. Same shape the build's site data has
 * (src/lib/sitemap.ts SitemapSource), without loading profiles.
 */
export async function loadSitemapSource(db: Db): Promise<SitemapSource> {
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
        FROM providers p WHERE p.is_active = 1`,
  );
  const pairs = await db.all<{ city: string; category: string; updated: number }>(
    sql`SELECT p.city AS city, c.name AS category, max(p.updated_at) AS updated
        FROM providers p
        JOIN services s ON s.provider_id = p.id AND s.is_active = 1
        JOIN service_categories c ON c.id = s.category_id
        WHERE p.is_active = 1 AND p.city IS NOT NULL
        GROUP BY p.city, c.id`,
  );
  const iso = (ms: number) => new Date(Number(ms)).toISOString();
  const byCity = new Map<string, { updatedAt: string }[]>();
  const providers = rows.map((r) => {
    const updatedAt = iso(r.updated);
    if (r.city) {
      const list = byCity.get(r.city) ?? [];
      list.push({ updatedAt });
      byCity.set(r.city, list);
    }
    return {
      updatedAt,
      path: providerPath({
        id: r.id,
        companyName: r.name,
        city: r.city,
        services: r.category ? [{ category: { name: r.category } }] : [],
      }),
    };
  });
  return {
    providers,
    cities: [...byCity].map(([city, list]) => ({ slug: slugify(city), providers: list })),
    cityCategories: pairs.map((p) => ({
      city: p.city,
      category: { name: p.category },
      providers: [{ updatedAt: iso(p.updated) }],
    })),
  };
}
