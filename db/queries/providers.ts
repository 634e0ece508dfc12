import { and, asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { ProviderListQuery } from "../../src/lib/schemas.ts";
import type {
  GalleryImage,
  ProviderContact,
  ProviderPublic,
  ServicePublic,
} from "../../src/lib/types.ts";
import { providerPath } from "../../src/lib/urls.ts";
import type { Db } from "../client.ts";
import { galleryImages, providers, serviceCategories, services } from "../schema.ts";
import { categoryKey, cityKey, toMatchQuery } from "./search-index.ts";

type ProviderRow = typeof providers.$inferSelect;

/** The columns anyone may see; contact fields are deliberately not selected. */
export const publicColumns = {
  id: providers.id,
  companyName: providers.companyName,
  slug: providers.slug,
  description: providers.description,
  location: providers.location,
  city: providers.city,
  coverImageUrl: providers.coverImageUrl,
  logoUrl: providers.logoUrl,
  responseTime: providers.responseTime,
  pricePkr: providers.pricePkr,
  isVerified: providers.isVerified,
  isActive: providers.isActive,
  isSuggested: providers.isSuggested,
  createdAt: providers.createdAt,
  updatedAt: providers.updatedAt,
} as const;

export type PublicProviderRow = Pick<ProviderRow, keyof typeof publicColumns>;

export function toPublicProvider(row: PublicProviderRow, svc: ServicePublic[]): ProviderPublic {
  const base = {
    id: row.id,
    companyName: row.companyName,
    slug: row.slug,
    description: row.description,
    location: row.location,
    city: row.city,
    coverImageUrl: row.coverImageUrl,
    logoUrl: row.logoUrl,
    responseTime: row.responseTime,
    pricePkr: row.pricePkr,
    isVerified: row.isVerified,
    isActive: row.isActive,
    isSuggested: row.isSuggested,
    services: svc,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
  return { ...base, path: providerPath(base) };
}

/** Active services of the given providers with their category, oldest first. */
export async function servicesByProvider(
  db: Db,
  providerIds: string[],
): Promise<Map<string, ServicePublic[]>> {
  const out = new Map<string, ServicePublic[]>();
  if (providerIds.length === 0) return out;
  const rows = await db
    .select({
      id: services.id,
      providerId: services.providerId,
      categoryId: services.categoryId,
      name: services.name,
      description: services.description,
      pricePkr: services.pricePkr,
      isActive: services.isActive,
      categoryName: serviceCategories.name,
      categorySlug: serviceCategories.slug,
    })
    .from(services)
    .innerJoin(serviceCategories, eq(serviceCategories.id, services.categoryId))
    .where(and(inArray(services.providerId, providerIds), eq(services.isActive, true)))
    .orderBy(asc(services.providerId), asc(services.createdAt), asc(services.id));
  for (const r of rows) {
    const list = out.get(r.providerId) ?? [];
    list.push({
      id: r.id,
      providerId: r.providerId,
      categoryId: r.categoryId,
      name: r.name,
      description: r.description,
      pricePkr: r.pricePkr,
      isActive: r.isActive,
      category: { id: r.categoryId, name: r.categoryName, slug: r.categorySlug },
    });
    out.set(r.providerId, list);
  }
  return out;
}

export interface ProviderPage {
  items: ProviderPublic[];
  total: number;
  hasMore: boolean;
}

/**
 * The public directory: active providers matching the text, city and category.
 * With text, the FTS index does all three filters and ranks by relevance;
 * without, plain indexes serve the listing, verified providers first.
 */
export async function listPublicProviders(db: Db, q: ProviderListQuery): Promise<ProviderPage> {
  const offset = (q.page - 1) * q.limit;
  const match = q.search ? toMatchQuery(q.search) : null;
  let rows: PublicProviderRow[];
  let total: number;

  if (match) {
    const parts = [match];
    if (q.city) parts.push(`city_key : ${cityKey(q.city)}`);
    if (q.categoryId) parts.push(`category_keys : ${categoryKey(q.categoryId)}`);
    const expr = parts.join(" AND ");
    // Only active providers are in the index: count and rank there, join one page.
    const [countRow] = await db.all<{ n: number }>(
      sql`SELECT count(*) AS n FROM provider_search WHERE provider_search MATCH ${expr}`,
    );
    total = countRow?.n ?? 0;
    const ids = await db.all<{ id: string }>(
      sql`SELECT provider_id AS id FROM provider_search WHERE provider_search MATCH ${expr}
          ORDER BY rank, rowid LIMIT ${q.limit + 1} OFFSET ${offset}`,
    );
    // By primary key only: with `is_active = ?` in the WHERE the planner walks the
    // listing index instead (16 ms at 100k providers, against 0.5 ms). A row
    // deactivated since the match is dropped here.
    const found = await db
      .select(publicColumns)
      .from(providers)
      .where(
        inArray(
          providers.id,
          ids.map((r) => r.id),
        ),
      );
    const byId = new Map(found.map((r) => [r.id, r]));
    rows = ids.flatMap((r) => {
      const row = byId.get(r.id);
      return row?.isActive ? [row] : [];
    });
  } else {
    const conds: SQL[] = [eq(providers.isActive, true)];
    if (q.city) conds.push(eq(providers.city, q.city));
    if (q.categoryId) {
      conds.push(
        sql`EXISTS (SELECT 1 FROM services s WHERE s.category_id = ${q.categoryId}
                    AND s.provider_id = ${providers.id} AND s.is_active = 1)`,
      );
    }
    const where = and(...conds);
    if (q.city || q.categoryId) {
      // The filters alone, counted inside the search index (0.4 ms at 100k
      // providers, against 60 ms for a category's EXISTS over every row).
      const parts: string[] = [];
      if (q.city) parts.push(`city_key : ${cityKey(q.city)}`);
      if (q.categoryId) parts.push(`category_keys : ${categoryKey(q.categoryId)}`);
      const [countRow] = await db.all<{ n: number }>(
        sql`SELECT count(*) AS n FROM provider_search WHERE provider_search MATCH ${parts.join(" AND ")}`,
      );
      total = countRow?.n ?? 0;
    } else {
      const [countRow] = await db
        .select({ n: sql<number>`count(*)` })
        .from(providers)
        .where(where);
      total = countRow?.n ?? 0;
    }
    rows = await db
      .select(publicColumns)
      .from(providers)
      .where(where)
      .orderBy(desc(providers.isVerified), asc(providers.companyName), asc(providers.id))
      .limit(q.limit + 1)
      .offset(offset);
  }

  const hasMore = rows.length > q.limit;
  const pageRows = rows.slice(0, q.limit);
  const svc = await servicesByProvider(
    db,
    pageRows.map((r) => r.id),
  );
  return {
    items: pageRows.map((r) => toPublicProvider(r, svc.get(r.id) ?? [])),
    total,
    hasMore,
  };
}

/** One active provider as anyone may see it, or null. */
export async function findPublicProvider(db: Db, id: string): Promise<ProviderPublic | null> {
  const [row] = await db
    .select(publicColumns)
    .from(providers)
    .where(and(eq(providers.id, id), eq(providers.isActive, true)))
    .limit(1);
  if (!row) return null;
  const svc = await servicesByProvider(db, [row.id]);
  return toPublicProvider(row, svc.get(row.id) ?? []);
}

/** Gallery of a provider, oldest first. */
export async function listGallery(db: Db, providerId: string): Promise<GalleryImage[]> {
  const rows = await db
    .select({
      id: galleryImages.id,
      providerId: galleryImages.providerId,
      imageUrl: galleryImages.imageUrl,
      createdAt: galleryImages.createdAt,
    })
    .from(galleryImages)
    .where(eq(galleryImages.providerId, providerId))
    .orderBy(asc(galleryImages.createdAt), asc(galleryImages.id));
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/** Email, phone and website of an active provider: for signed-in users only. */
export async function findProviderContact(db: Db, id: string): Promise<ProviderContact | null> {
  const [row] = await db
    .select({ email: providers.email, phone: providers.phone, website: providers.website })
    .from(providers)
    .where(and(eq(providers.id, id), eq(providers.isActive, true)))
    .limit(1);
  return row ?? null;
}
