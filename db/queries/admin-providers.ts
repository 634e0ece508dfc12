import { and, count, desc, eq, inArray, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type {
  AdminProvider,
  AdminProviderFilter,
  AdminProviderService,
  adminProviderCreateSchema,
  adminProviderDetailsSchema,
} from "../../src/lib/admin-schemas.ts";
import { emailProvesClaim, type EmailSource } from "../../src/lib/provider-schemas.ts";
import { slugify } from "../../src/lib/slug.ts";
import { providerShortPath, UUID_RE } from "../../src/lib/urls.ts";
import type { Db } from "../client.ts";
import {
  favorites,
  galleryImages,
  providers,
  providerSuggestions,
  serviceCategories,
  services,
  users,
} from "../schema.ts";
import { isUniqueViolation } from "./admin.ts";
import { containsPattern, likeEscaped } from "./admin-users.ts";
import { writeAudit } from "./audit.ts";
import { defaultPhoneOnWhatsapp, emailSourceColumns, profileColumns } from "./provider-writes.ts";
import { servicesByProvider } from "./providers.ts";
import { reindexProvider, unindexProvider } from "./search-index.ts";
import { markDataChanged } from "./site-meta.ts";

/**
 * Manage Providers and Add Provider of the admin dashboard. Every mutation
 * is one transaction with its audit row; those that change public data
 * re-derive the provider's search row (which holds active providers only)
 * and bump the data version with it. The route marks the
 * site dirty after the commit.
 */

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type Reader = Pick<Db, "select">;
type ProviderRow = typeof providers.$inferSelect;

const adminProviderColumns = {
  id: providers.id,
  companyName: providers.companyName,
  companyNameUr: providers.companyNameUr,
  slug: providers.slug,
  location: providers.location,
  city: providers.city,
  description: providers.description,
  descriptionUr: providers.descriptionUr,
  email: providers.email,
  emailSource: providers.emailSource,
  phone: providers.phone,
  phoneOnWhatsapp: providers.phoneOnWhatsapp,
  website: providers.website,
  pricePkr: providers.pricePkr,
  isActive: providers.isActive,
  isVerified: providers.isVerified,
  isSuggested: providers.isSuggested,
  userId: providers.userId,
  ownerEmail: users.email,
  createdAt: providers.createdAt,
  updatedAt: providers.updatedAt,
} as const;

interface AdminProviderRow {
  id: string;
  companyName: string;
  companyNameUr: string | null;
  slug: string;
  location: string;
  city: string | null;
  description: string;
  descriptionUr: string;
  email: string | null;
  emailSource: EmailSource | null;
  phone: string | null;
  phoneOnWhatsapp: boolean;
  website: string | null;
  pricePkr: number | null;
  isActive: boolean;
  isVerified: boolean;
  isSuggested: boolean;
  userId: string | null;
  ownerEmail: string | null;
  createdAt: Date;
  updatedAt: Date;
}

function toAdminProvider(row: AdminProviderRow, svc: AdminProviderService[]): AdminProvider {
  return {
    id: row.id,
    companyName: row.companyName,
    companyNameUr: row.companyNameUr,
    slug: row.slug,
    location: row.location,
    city: row.city,
    description: row.description,
    descriptionUr: row.descriptionUr,
    email: row.email,
    emailSource: row.email ? row.emailSource : null,
    emailProvesClaim: emailProvesClaim(row),
    phone: row.phone,
    phoneOnWhatsapp: row.phoneOnWhatsapp,
    website: row.website,
    pricePkr: row.pricePkr,
    isActive: row.isActive,
    isVerified: row.isVerified,
    isSuggested: row.isSuggested,
    userId: row.userId,
    ownerEmail: row.ownerEmail,
    services: svc,
    path: providerShortPath(row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Every service (inactive ones too) of the given providers, in one query, oldest first. */
async function adminServicesOf(
  db: Reader,
  providerIds: string[],
): Promise<Map<string, AdminProviderService[]>> {
  const all = await servicesByProvider(db, providerIds, { inactiveToo: true });
  return new Map(
    [...all].map(([providerId, list]) => [
      providerId,
      list.map((s) => ({
        id: s.id,
        categoryId: s.categoryId,
        categoryName: s.category.name,
        name: s.name,
        pricePkr: s.pricePkr,
        isActive: s.isActive,
      })),
    ]),
  );
}

/** One provider as the admin sees it (active or not, contact details, owner), or null. */
export async function findAdminProvider(db: Reader, id: string): Promise<AdminProvider | null> {
  const [row] = await db
    .select(adminProviderColumns)
    .from(providers)
    .leftJoin(users, eq(users.id, providers.userId))
    .where(eq(providers.id, id))
    .limit(1);
  if (!row) return null;
  const svc = await adminServicesOf(db, [id]);
  return toAdminProvider(row, svc.get(id) ?? []);
}

export interface AdminProviderListInput {
  q?: string | undefined;
  status: AdminProviderFilter;
  page: number;
  limit: number;
}

export interface AdminProviderPage {
  items: AdminProvider[];
  total: number;
  hasMore: boolean;
}

/**
 * The flag filters, written `+column = value`: the unary plus keeps SQLite from
 * answering `is_active = ?` through the public listing indexes (whose order is
 * not ours, so it would sort every matching row per page) and lets it walk
 * providers_admin_list_idx in created_at order instead, stopping at the page.
 */
const flagIs = (column: AnyColumn, value: boolean) => sql`+${column} = ${value ? 1 : 0}`;

const STATUS_FILTER: Record<AdminProviderFilter, SQL | undefined> = {
  all: undefined,
  active: flagIs(providers.isActive, true),
  inactive: flagIs(providers.isActive, false),
  verified: flagIs(providers.isVerified, true),
  unverified: flagIs(providers.isVerified, false),
  suggested: flagIs(providers.isSuggested, true),
};

/**
 * Providers newest first (ties by id), active or not. A UUID `q` finds that
 * provider by primary key; any other `q` is a literal, case-insensitive
 * substring of the company name, location or contact email.
 *
 * At 100,000 providers (decision 008) everything the filters, the search and
 * the order read is in one covering index (providers_admin_list_idx), so the
 * count and the page scan that index, never the wide rows; only the page's
 * rows are then read by primary key, their services in one more query.
 */
export async function listAdminProviders(
  db: Db,
  q: AdminProviderListInput,
): Promise<AdminProviderPage> {
  const conds: SQL[] = [];
  const status = STATUS_FILTER[q.status];
  if (status) conds.push(status);
  if (q.q && UUID_RE.test(q.q)) {
    conds.push(eq(providers.id, q.q.toLowerCase()));
  } else if (q.q) {
    const p = containsPattern(q.q);
    conds.push(
      or(
        likeEscaped(providers.companyName, p),
        likeEscaped(providers.location, p),
        likeEscaped(providers.email, p),
      )!,
    );
  }
  const where = conds.length ? and(...conds) : undefined;
  const [totalRow] = await db.select({ n: count() }).from(providers).where(where);
  const total = totalRow?.n ?? 0;
  const offset = (q.page - 1) * q.limit;
  if (offset >= total) return { items: [], total, hasMore: false };
  const ids = (
    await db
      .select({ id: providers.id })
      .from(providers)
      .where(where)
      .orderBy(desc(providers.createdAt), desc(providers.id))
      .limit(q.limit)
      .offset(offset)
  ).map((r) => r.id);
  if (ids.length === 0) return { items: [], total, hasMore: false };
  const rows = await db
    .select(adminProviderColumns)
    .from(providers)
    .leftJoin(users, eq(users.id, providers.userId))
    .where(inArray(providers.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const svc = await adminServicesOf(db, ids);
  const items = ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toAdminProvider(row, svc.get(id) ?? [])] : [];
  });
  return { items, total, hasMore: offset + ids.length < total };
}

// ---------------------------------------------------------------- create

export type AdminProviderCreate = z.output<typeof adminProviderCreateSchema>;

export type ProviderCreateResult =
  | { kind: "ok"; provider: AdminProvider }
  | { kind: "unknown-category" }
  | { kind: "owner-has-provider" };

export const UNKNOWN_CATEGORY = "Unknown category";
export const OWNER_HAS_PROVIDER = "This user already has a provider profile";

/** Category names by id for the given ids; a missing id means an unknown category. */
async function categoryNames(db: Reader, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: serviceCategories.id, name: serviceCategories.name })
    .from(serviceCategories)
    .where(inArray(serviceCategories.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/**
 * Creates an active, unverified, not suggested provider with one service per
 * category (named after it, not priced, as approving a suggestion does). With an
 * `ownerEmail` of an existing user the provider is theirs and a customer
 * becomes a provider (admins stay admins); with no such user it is created
 * unclaimed (decision 008).
 */
export async function createAdminProvider(
  db: Db,
  input: AdminProviderCreate,
  actorId: string,
  now: Date,
): Promise<ProviderCreateResult> {
  const id = crypto.randomUUID();
  try {
    return await db.transaction(async (tx) => {
      const names = await categoryNames(tx, input.categoryIds);
      if (input.categoryIds.some((c) => !names.has(c))) {
        return { kind: "unknown-category" } as const;
      }
      let owner: { id: string; role: (typeof users.$inferSelect)["role"] } | null = null;
      if (input.ownerEmail) {
        const [u] = await tx
          .select({ id: users.id, role: users.role })
          .from(users)
          .where(eq(users.email, input.ownerEmail))
          .limit(1);
        owner = u ?? null;
      }
      if (owner) {
        const [has] = await tx
          .select({ id: providers.id })
          .from(providers)
          .where(eq(providers.userId, owner.id))
          .limit(1);
        if (has) return { kind: "owner-has-provider" } as const;
      }
      await tx.insert(providers).values({
        ...profileColumns({
          companyName: input.companyName,
          location: input.location,
          email: input.email,
          phone: input.phone,
          website: input.website,
          description: input.description,
          companyNameUr: input.companyNameUr,
          descriptionUr: input.descriptionUr,
        }),
        ...emailSourceColumns(input.email, null, "admin", actorId),
        phoneOnWhatsapp: defaultPhoneOnWhatsapp(input),
        id,
        userId: owner?.id ?? null,
        companyName: input.companyName,
        slug: slugify(input.companyName),
        isActive: true,
        isVerified: false,
        isSuggested: false,
        createdAt: now,
        updatedAt: now,
      });
      for (const [i, categoryId] of input.categoryIds.entries()) {
        await tx.insert(services).values({
          id: crypto.randomUUID(),
          providerId: id,
          categoryId,
          name: names.get(categoryId) ?? "",
          // Not priced (decision 023): 'Price on request' until the owner prices it.
          pricePkr: null,
          // Keeps the admin's order: the first category is the page's category.
          createdAt: new Date(now.getTime() + i),
          updatedAt: now,
        });
      }
      if (owner?.role === "customer") {
        await tx
          .update(users)
          .set({ role: "provider", updatedAt: now })
          .where(eq(users.id, owner.id));
        await writeAudit(tx, {
          actorId,
          action: "user.role",
          targetType: "user",
          targetId: owner.id,
          before: { role: "customer" },
          after: { role: "provider", providerId: id },
          at: now,
        });
      }
      const provider = (await findAdminProvider(tx, id))!;
      await writeAudit(tx, {
        actorId,
        action: "provider.create",
        targetType: "provider",
        targetId: id,
        after: auditView(provider),
        at: now,
      });
      await reindexProvider(tx, id);
      await markDataChanged(tx, { providers: [id] });
      return { kind: "ok", provider } as const;
    });
  } catch (err) {
    // The unique index on providers.user_id settles a race with the owner's own setup.
    if (isUniqueViolation(err)) return { kind: "owner-has-provider" };
    throw err;
  }
}

/** What an audit row keeps of a provider: its fields and services, not the derived path. */
function auditView(p: AdminProvider) {
  const { path: _path, services: svc, ...fields } = p;
  return {
    ...fields,
    services: svc.map((s) => ({ id: s.id, categoryId: s.categoryId, name: s.name })),
  };
}

// ---------------------------------------------------------------- details

export type AdminProviderDetails = z.output<typeof adminProviderDetailsSchema>;

export type ProviderUpdateResult =
  { kind: "not-found" } | { kind: "ok"; provider: AdminProvider; changed: boolean };

async function findRow(tx: Reader, id: string): Promise<ProviderRow | null> {
  const [row] = await tx.select().from(providers).where(eq(providers.id, id)).limit(1);
  return row ?? null;
}

/**
 * Applies the admin's edit (slug follows the name, city the location, phones
 * stored in E.164, "" clears, as the owner's edit does). Values equal to
 * the stored ones change nothing: no audit row, no data version bump.
 */
export async function updateAdminProviderDetails(
  db: Db,
  id: string,
  input: AdminProviderDetails,
  actorId: string,
  now: Date,
): Promise<ProviderUpdateResult> {
  return db.transaction(async (tx) => {
    const row = await findRow(tx, id);
    if (!row) return { kind: "not-found" } as const;
    const cols = {
      ...profileColumns({
        companyName: input.companyName,
        location: input.location,
        email: input.email,
        phone: input.phone,
        phoneOnWhatsapp: input.phoneOnWhatsapp,
        website: input.website,
        description: input.description,
        companyNameUr: input.companyNameUr,
        descriptionUr: input.descriptionUr,
        pricePkr: input.pricePkr,
      }),
      // An address an admin types is one the directory vouches for (decision 029).
      ...emailSourceColumns(input.email, row.email, "admin", actorId),
    };
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(cols) as [keyof ProviderRow, unknown][]) {
      if (row[key] === value) continue;
      before[key] = row[key];
      after[key] = value;
    }
    if (Object.keys(after).length === 0) {
      return { kind: "ok", provider: (await findAdminProvider(tx, id))!, changed: false } as const;
    }
    await tx
      .update(providers)
      .set({ ...cols, updatedAt: now })
      .where(eq(providers.id, id));
    await writeAudit(tx, {
      actorId,
      action: "provider.update",
      targetType: "provider",
      targetId: id,
      before,
      after,
      at: now,
    });
    await reindexProvider(tx, id);
    await markDataChanged(tx, { providers: [id], citiesBefore: [row.city] });
    return { kind: "ok", provider: (await findAdminProvider(tx, id))!, changed: true } as const;
  });
}

// ---------------------------------------------------------------- flags

export interface ProviderFlags {
  is_active?: boolean | undefined;
  is_verified?: boolean | undefined;
}

/**
 * Toggles isActive and/or isVerified; one audit row per flag that changed
 * (provider.activate / deactivate / verify / unverify). A deactivated provider
 * leaves the search index with the same commit (only active ones are indexed)
 * and the public reads and the build skip inactive rows. Setting a flag to the
 * value it has changes nothing.
 */
export async function setAdminProviderFlags(
  db: Db,
  id: string,
  flags: ProviderFlags,
  actorId: string,
  now: Date,
): Promise<ProviderUpdateResult> {
  return db.transaction(async (tx) => {
    const row = await findRow(tx, id);
    if (!row) return { kind: "not-found" } as const;
    const set: Partial<typeof providers.$inferInsert> = {};
    const actions: { action: string; field: "isActive" | "isVerified"; value: boolean }[] = [];
    if (flags.is_active !== undefined && flags.is_active !== row.isActive) {
      set.isActive = flags.is_active;
      const action = flags.is_active ? "provider.activate" : "provider.deactivate";
      actions.push({ action, field: "isActive", value: flags.is_active });
    }
    if (flags.is_verified !== undefined && flags.is_verified !== row.isVerified) {
      set.isVerified = flags.is_verified;
      const action = flags.is_verified ? "provider.verify" : "provider.unverify";
      actions.push({ action, field: "isVerified", value: flags.is_verified });
    }
    if (actions.length === 0) {
      return { kind: "ok", provider: (await findAdminProvider(tx, id))!, changed: false } as const;
    }
    await tx
      .update(providers)
      .set({ ...set, updatedAt: now })
      .where(eq(providers.id, id));
    for (const a of actions) {
      await writeAudit(tx, {
        actorId,
        action: a.action,
        targetType: "provider",
        targetId: id,
        before: { [a.field]: row[a.field] },
        after: { [a.field]: a.value },
        at: now,
      });
    }
    await reindexProvider(tx, id);
    await markDataChanged(tx, { providers: [id] });
    return { kind: "ok", provider: (await findAdminProvider(tx, id))!, changed: true } as const;
  });
}

// ---------------------------------------------------------------- delete

export type ProviderDeleteResult =
  | { kind: "not-found" }
  | {
      kind: "deleted";
      /** Image URLs and blob keys the provider held, for the blob clean-up after the commit. */
      images: { coverImageUrl: string | null; logoUrl: string | null; gallery: GalleryRef[] };
    };

interface GalleryRef {
  imageUrl: string;
  blobKey: string | null;
}

/**
 * Deletes a provider and everything that hangs off it in one transaction:
 * favorites, services, gallery rows, the search row, then the provider row;
 * suggestions approved into it keep their status and lose the link. Each
 * table is cleared explicitly rather than through ON DELETE CASCADE, so the
 * outcome does not depend on PRAGMA foreign_keys. The audit row keeps a
 * snapshot. The owner's role is left alone (decision 008).
 */
export async function deleteAdminProvider(
  db: Db,
  id: string,
  actorId: string,
  now: Date,
): Promise<ProviderDeleteResult> {
  return db.transaction(async (tx) => {
    const row = await findRow(tx, id);
    if (!row) return { kind: "not-found" } as const;
    const view = (await findAdminProvider(tx, id))!;
    const gallery = await tx
      .select({
        id: galleryImages.id,
        imageUrl: galleryImages.imageUrl,
        blobKey: galleryImages.blobKey,
      })
      .from(galleryImages)
      .where(eq(galleryImages.providerId, id));
    const fans = await tx
      .select({ userId: favorites.userId })
      .from(favorites)
      .where(eq(favorites.providerId, id));
    const suggestions = await tx
      .update(providerSuggestions)
      .set({ providerId: null, updatedAt: now })
      .where(eq(providerSuggestions.providerId, id))
      .returning({ id: providerSuggestions.id });
    // The search row is found through the provider's rowid: remove it first.
    await unindexProvider(tx, id);
    await tx.delete(favorites).where(eq(favorites.providerId, id));
    await tx.delete(services).where(eq(services.providerId, id));
    await tx.delete(galleryImages).where(eq(galleryImages.providerId, id));
    await tx.delete(providers).where(eq(providers.id, id));
    await writeAudit(tx, {
      actorId,
      action: "provider.delete",
      targetType: "provider",
      targetId: id,
      before: {
        ...auditView(view),
        coverImageUrl: row.coverImageUrl,
        logoUrl: row.logoUrl,
        responseTime: row.responseTime,
        gallery: gallery.map((g) => ({ id: g.id, imageUrl: g.imageUrl })),
        favoritedBy: fans.length,
        suggestionIds: suggestions.map((s) => s.id),
      },
      at: now,
    });
    await markDataChanged(tx, { providers: [id], citiesBefore: [row.city] });
    return {
      kind: "deleted",
      images: {
        coverImageUrl: row.coverImageUrl,
        logoUrl: row.logoUrl,
        gallery: gallery.map(({ imageUrl, blobKey }) => ({ imageUrl, blobKey })),
      },
    } as const;
  });
}

// ---------------------------------------------------------------- services

export type ServiceAddResult =
  | { kind: "not-found" }
  | { kind: "unknown-category" }
  | { kind: "category-taken" }
  | { kind: "ok"; provider: AdminProvider; serviceId: string };

export const CATEGORY_TAKEN = "This provider already offers this category";

/** Adds a service in `categoryId`, named after the category, not priced (the provider prices it). */
export async function addAdminProviderService(
  db: Db,
  providerId: string,
  categoryId: string,
  actorId: string,
  now: Date,
): Promise<ServiceAddResult> {
  return db.transaction(async (tx) => {
    if (!(await findRow(tx, providerId))) return { kind: "not-found" } as const;
    const name = (await categoryNames(tx, [categoryId])).get(categoryId);
    if (name === undefined) return { kind: "unknown-category" } as const;
    const [taken] = await tx
      .select({ id: services.id })
      .from(services)
      .where(and(eq(services.providerId, providerId), eq(services.categoryId, categoryId)))
      .limit(1);
    if (taken) return { kind: "category-taken" } as const;
    const serviceId = crypto.randomUUID();
    await tx.insert(services).values({
      id: serviceId,
      providerId,
      categoryId,
      name,
      pricePkr: null,
      createdAt: now,
      updatedAt: now,
    });
    await touch(tx, providerId, now);
    await writeAudit(tx, {
      actorId,
      action: "provider.service.add",
      targetType: "provider",
      targetId: providerId,
      after: { serviceId, categoryId, name, pricePkr: null },
      at: now,
    });
    await reindexProvider(tx, providerId);
    await markDataChanged(tx, { providers: [providerId] });
    const provider = (await findAdminProvider(tx, providerId))!;
    return { kind: "ok", provider, serviceId } as const;
  });
}

export type ServiceRemoveResult =
  { kind: "not-found" } | { kind: "service-not-found" } | { kind: "ok"; provider: AdminProvider };

/** Removes one of this provider's services; another provider's service id is not found. */
export async function removeAdminProviderService(
  db: Db,
  providerId: string,
  serviceId: string,
  actorId: string,
  now: Date,
): Promise<ServiceRemoveResult> {
  return db.transaction(async (tx) => {
    if (!(await findRow(tx, providerId))) return { kind: "not-found" } as const;
    const [removed] = await tx
      .delete(services)
      .where(and(eq(services.id, serviceId), eq(services.providerId, providerId)))
      .returning();
    if (!removed) return { kind: "service-not-found" } as const;
    await touch(tx, providerId, now);
    await writeAudit(tx, {
      actorId,
      action: "provider.service.remove",
      targetType: "provider",
      targetId: providerId,
      before: {
        serviceId,
        categoryId: removed.categoryId,
        name: removed.name,
        pricePkr: removed.pricePkr,
        isActive: removed.isActive,
      },
      at: now,
    });
    await reindexProvider(tx, providerId);
    await markDataChanged(tx, { providers: [providerId] });
    return { kind: "ok", provider: (await findAdminProvider(tx, providerId))! } as const;
  });
}

async function touch(tx: Tx, providerId: string, now: Date) {
  await tx.update(providers).set({ updatedAt: now }).where(eq(providers.id, providerId));
}
