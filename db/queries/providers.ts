import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { MAX_RESULT_DEPTH, type ProviderListQuery } from "../../src/lib/schemas.ts";
import type { GalleryImage, ProviderContact, ServicePublic } from "../../src/lib/types.ts";
import { providerPath } from "../../src/lib/urls.ts";
import type { Db } from "../client.ts";
import { galleryImages, providers, serviceCategories, services } from "../schema.ts";
import { countMatches, planSearch, RANK_LIMIT, searchProviderIds } from "./provider-search.ts";
import { categoryKey, cityKey } from "./search-index.ts";

type ProviderRow = typeof providers.$inferSelect;

/** The columns anyone may see; contact fields are deliberately not selected. */
export const publicColumns = {
  id: providers.id,
  companyName: providers.companyName,
  /** The provider's own Urdu name and description (decision 022); Urdu pages fall back to English. */
  companyNameUr: providers.companyNameUr,
  slug: providers.slug,
  description: providers.description,
  descriptionUr: providers.descriptionUr,
  location: providers.location,
  city: providers.city,
  coverImageUrl: providers.coverImageUrl,
  logoUrl: providers.logoUrl,
  responseTime: providers.responseTime,
  /** Measured from quote requests (db/queries/reply-times.ts); null below 3 leads in 90 days. */
  replyMinutes: providers.replyMinutes,
  isFastResponder: providers.isFastResponder,
  pricePkr: providers.pricePkr,
  isVerified: providers.isVerified,
  isActive: providers.isActive,
  isSuggested: providers.isSuggested,
  /** Whether an account owns the listing (never whose): only an owned listing takes quote requests. */
  isClaimed: sql<boolean>`${providers.userId} is not null`.mapWith(Boolean),
  createdAt: providers.createdAt,
  updatedAt: providers.updatedAt,
} as const;

export type PublicProviderRow = Pick<
  ProviderRow,
  Exclude<keyof typeof publicColumns, "isClaimed">
> & {
  isClaimed: boolean;
};

/**
 * A provider as anyone may see it: the public columns (dates as ISO strings),
 * its active services and its canonical page path. Contact fields (email,
 * phone, website) are absent on purpose: they go to signed-in users only.
 */
export type ProviderPublic = Omit<PublicProviderRow, "createdAt" | "updatedAt"> & {
  services: ServicePublic[];
  /** Canonical page path: /pk/{city}/{category}/{slug}-{id}. */
  path: string;
  createdAt: string;
  updatedAt: string;
};

const PUBLIC_KEYS = Object.keys(publicColumns) as (keyof typeof publicColumns)[];

export function toPublicProvider(row: PublicProviderRow, svc: ServicePublic[]): ProviderPublic {
  // Copies the public columns only: a row selected with more (the owner view
  // adds contact fields) must not carry them into a public answer.
  const picked = Object.fromEntries(PUBLIC_KEYS.map((k) => [k, row[k]])) as PublicProviderRow;
  const base = {
    ...picked,
    services: svc,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
  return { ...base, path: providerPath(base) };
}

/** Reads through a transaction as well as through the client. */
type Reader = Pick<Db, "select">;

/** `IN (...)` lists stay below SQLite's bound-parameter limit. */
const IN_LIST_MAX = 5000;

/**
 * Services of the given providers joined with their category, grouped by
 * provider, oldest first: active ones only unless `inactiveToo` (an owner's or
 * an admin's view). The one query every provider view builds its services from.
 */
export async function servicesByProvider(
  db: Reader,
  providerIds: readonly string[],
  opts: { inactiveToo?: boolean } = {},
): Promise<Map<string, ServicePublic[]>> {
  const out = new Map<string, ServicePublic[]>();
  for (let i = 0; i < providerIds.length; i += IN_LIST_MAX) {
    const ids = providerIds.slice(i, i + IN_LIST_MAX);
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
        categoryNameUr: serviceCategories.nameUr,
        categorySlug: serviceCategories.slug,
      })
      .from(services)
      .innerJoin(serviceCategories, eq(serviceCategories.id, services.categoryId))
      .where(
        opts.inactiveToo
          ? inArray(services.providerId, ids)
          : and(inArray(services.providerId, ids), eq(services.isActive, true)),
      )
      .orderBy(asc(services.providerId), asc(services.createdAt), asc(services.id));
    for (const { categoryName, categoryNameUr, categorySlug, ...s } of rows) {
      const list = out.get(s.providerId) ?? [];
      const category = {
        id: s.categoryId,
        name: categoryName,
        nameUr: categoryNameUr,
        slug: categorySlug,
      };
      list.push({ ...s, category });
      out.set(s.providerId, list);
    }
  }
  return out;
}

export interface ProviderPage {
  items: ProviderPublic[];
  total: number;
  hasMore: boolean;
}

export { RANK_LIMIT };

/**
 * One page of the listing without text: verified first, then by name. With a
 * category, either walk the listing index and test each provider for the
 * category (cheap when the category is common or the page shallow), or take
 * the category's members from the search index and sort just those (cheap
 * when it is rare or the page deep), whichever reads fewer rows: walking for
 * a rare category reads every provider, sorting a huge one reads all of it.
 */
async function listingIds(
  db: Db,
  q: ProviderListQuery,
  filters: string[],
  take: number,
  skip: number,
): Promise<{ ids: string[]; total: number }> {
  const order = sql`p.is_verified DESC, p.company_name, p.id`;
  const city = q.city ? sql` AND p.city = ${q.city}` : sql``;
  if (!q.categoryId) {
    const rows = await db.all<{ id: string }>(
      sql`SELECT p.id FROM providers p WHERE p.is_active = 1${city}
          ORDER BY ${order} LIMIT ${take} OFFSET ${skip}`,
    );
    // A city is counted inside the search index (0.4 ms at 100k providers).
    const total = q.city
      ? await countMatches(db, filters.join(" AND "))
      : ((
          await db
            .select({ n: sql<number>`count(*)` })
            .from(providers)
            .where(eq(providers.isActive, true))
        )[0]?.n ?? 0);
    return { ids: rows.map((r) => r.id), total };
  }

  const total = await countMatches(db, filters.join(" AND "));
  const [size] = await db.all<{ n: number | null }>(sql`SELECT max(rowid) AS n FROM providers`);
  const walked = ((skip + take) * (size?.n ?? 0)) / Math.max(1, total);
  const rows =
    !q.city && walked <= total
      ? await db.all<{ id: string }>(
          sql`SELECT p.id FROM providers p WHERE p.is_active = 1
                AND EXISTS (SELECT 1 FROM services s WHERE s.category_id = ${q.categoryId}
                            AND s.provider_id = p.id AND s.is_active = 1)
              ORDER BY ${order} LIMIT ${take} OFFSET ${skip}`,
        )
      : // The index row shares the provider's rowid: a direct b-tree lookup each.
        await db.all<{ id: string }>(
          sql`SELECT p.id FROM provider_search f CROSS JOIN providers p ON p.rowid = f.rowid
              WHERE provider_search MATCH ${filters.join(" AND ")} AND p.is_active = 1
              ORDER BY ${order} LIMIT ${take} OFFSET ${skip}`,
        );
  return { ids: rows.map((r) => r.id), total };
}

/**
 * The public directory: active providers matching the text, city and category.
 * With text, the FTS index does all three filters and ranks by relevance;
 * without, plain indexes serve the listing, verified providers first. No row
 * past MAX_RESULT_DEPTH is served (the schema refuses deeper pages; the last
 * page stops there).
 */
export async function listPublicProviders(
  db: Db,
  q: ProviderListQuery,
  /** Tests lower it to exercise the unranked order on a small database. */
  opts: { rankLimit?: number } = {},
): Promise<ProviderPage> {
  const offset = (q.page - 1) * q.limit;
  const limit = Math.max(0, Math.min(q.limit, MAX_RESULT_DEPTH - offset));
  // A city named in the text filters like the city parameter ("welding lahore").
  const plan = q.search ? planSearch({ search: q.search, city: q.city }) : null;
  const city = plan?.city ?? q.city;
  const filters: string[] = [];
  if (city) filters.push(`city_key : ${cityKey(city)}`);
  if (q.categoryId) filters.push(`category_keys : ${categoryKey(q.categoryId)}`);
  // One row more than the page says whether another page exists.
  const { ids, total } = plan?.groups.length
    ? await searchProviderIds(
        db,
        plan.groups,
        { city, categoryId: q.categoryId },
        limit + 1,
        offset,
        opts.rankLimit ?? RANK_LIMIT,
      )
    : await listingIds(db, { ...q, city }, filters, limit + 1, offset);

  // By primary key only: with `is_active = ?` in the WHERE the planner walks the
  // listing index instead (16 ms at 100k providers, against 0.5 ms). A row
  // deactivated since the match is dropped here.
  const found = ids.length
    ? await db.select(publicColumns).from(providers).where(inArray(providers.id, ids))
    : [];
  const byId = new Map(found.map((r) => [r.id, r]));
  const rows = ids.flatMap((id) => {
    const row = byId.get(id);
    return row?.isActive ? [row] : [];
  });

  const hasMore = rows.length > limit && offset + limit < MAX_RESULT_DEPTH;
  const pageRows = rows.slice(0, limit);
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

/**
 * Email, phone and website of an active provider, with its owner (owners and
 * admins are not counted against the reveal caps): for signed-in users only.
 */
export async function findProviderContact(
  db: Db,
  id: string,
): Promise<{ contact: ProviderContact; ownerId: string | null } | null> {
  const [row] = await db
    .select({
      email: providers.email,
      phone: providers.phone,
      phoneOnWhatsapp: providers.phoneOnWhatsapp,
      website: providers.website,
      ownerId: providers.userId,
    })
    .from(providers)
    .where(and(eq(providers.id, id), eq(providers.isActive, true)))
    .limit(1);
  if (!row) return null;
  const { ownerId, ...contact } = row;
  return { contact, ownerId };
}
