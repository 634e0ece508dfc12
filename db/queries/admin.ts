import { and, asc, count, desc, eq, gt, lte, ne, sql } from "drizzle-orm";
import { isPkMobile, toE164Phone } from "../../src/lib/phone.ts";
import type { AdminStats, AdminSuggestion, SuggestionFilter } from "../../src/lib/admin-schemas.ts";
import { splitLocation } from "../../src/lib/location.ts";
import { slugify } from "../../src/lib/slug.ts";
import type { Category } from "../../src/lib/types.ts";
import type { Db } from "../client.ts";
import { providers, providerSuggestions, serviceCategories, services, users } from "../schema.ts";
import { writeAudit } from "./audit.ts";
import { reindexProvider } from "./search-index.ts";
import { markDataChanged } from "./site-meta.ts";

/**
 * Reads and writes of the admin dashboard. Every mutation is one
 * transaction that also writes its audit row; those that change public data
 * re-derive the search rows and bump the data version with it.
 */

// ---------------------------------------------------------------- stats

/** Percent change from `previous` to `current`, one decimal; null when previous is 0. */
export function growthPercent(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

/** The length of each growth window (decision 024): equal windows, so early in a month reads true. */
export const GROWTH_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * The stats row's figures at `now` (decision 024). Growth compares the active
 * providers created in (now − 30 d, now] with those created in the 30 days
 * before; the provider counts split active from inactive. Five queries, each
 * a count over one index: the provider ones read only the narrow indexes
 * (created_at leads providers_admin_list_idx, is_active leads
 * providers_listing_v2_idx), never the wide rows.
 */
export async function getAdminStats(db: Db, now: Date): Promise<AdminStats> {
  const end = now.getTime();
  const mid = new Date(end - GROWTH_WINDOW_MS);
  const start = new Date(end - 2 * GROWTH_WINDOW_MS);
  const n = async (q: Promise<{ n: number }[]>) => (await q)[0]?.n ?? 0;
  const [totalUsers, totalCustomers, [providerCounts], [windows], activeServices] =
    await Promise.all([
      n(db.select({ n: count() }).from(users)),
      n(db.select({ n: count() }).from(users).where(eq(users.role, "customer"))),
      db
        .select({
          all: count(),
          active: sql<number>`coalesce(sum(${providers.isActive}), 0)`,
          verified: sql<number>`coalesce(sum(${providers.isVerified}), 0)`,
        })
        .from(providers),
      db
        .select({
          last: sql<number>`coalesce(sum(${providers.createdAt} > ${mid.getTime()}), 0)`,
          before: sql<number>`coalesce(sum(${providers.createdAt} <= ${mid.getTime()}), 0)`,
        })
        .from(providers)
        .where(
          and(
            gt(providers.createdAt, start),
            lte(providers.createdAt, now),
            eq(providers.isActive, true),
          ),
        ),
      n(db.select({ n: count() }).from(services).where(eq(services.isActive, true))),
    ]);
  const active = providerCounts?.active ?? 0;
  const last = windows?.last ?? 0;
  const before = windows?.before ?? 0;
  return {
    totalUsers,
    totalCustomers,
    totalProviders: providerCounts?.all ?? 0,
    activeProviders: active,
    inactiveProviders: (providerCounts?.all ?? 0) - active,
    activeServices,
    verifiedProviders: providerCounts?.verified ?? 0,
    monthlyGrowth: growthPercent(last, before),
    newProvidersLast30Days: last,
    newProvidersPrevious30Days: before,
  };
}

// ---------------------------------------------------------------- suggestions

type SuggestionRow = typeof providerSuggestions.$inferSelect;

async function categoryNameMap(db: Pick<Db, "select">): Promise<Map<string, string>> {
  const rows = await db
    .select({ id: serviceCategories.id, name: serviceCategories.name })
    .from(serviceCategories);
  return new Map(rows.map((r) => [r.id, r.name]));
}

function toAdminSuggestion(row: SuggestionRow, names: Map<string, string>): AdminSuggestion {
  const ids = [...row.categoryIds];
  return {
    id: row.id,
    name: row.name,
    city: row.city,
    categoryIds: ids,
    category_ids: ids,
    categoryId: ids[0] ?? null,
    categoryNames: ids.flatMap((id) => {
      const name = names.get(id);
      return name === undefined ? [] : [name];
    }),
    contact: row.contact,
    email: row.email,
    website: row.website,
    status: row.status,
    providerId: row.providerId,
    createdAt: row.createdAt.toISOString(),
  };
}

/** One page of the suggestions with the given status (or all), newest first. */
export async function listSuggestions(
  db: Db,
  q: { status: SuggestionFilter; page: number; limit: number },
): Promise<{ items: AdminSuggestion[]; total: number; hasMore: boolean }> {
  const where = q.status === "all" ? undefined : eq(providerSuggestions.status, q.status);
  const [totalRow] = await db.select({ n: count() }).from(providerSuggestions).where(where);
  const total = totalRow?.n ?? 0;
  const offset = (q.page - 1) * q.limit;
  if (offset >= total) return { items: [], total, hasMore: false };
  const rows = await db
    .select()
    .from(providerSuggestions)
    .where(where)
    .orderBy(desc(providerSuggestions.createdAt), asc(providerSuggestions.id))
    .limit(q.limit)
    .offset(offset);
  const names = await categoryNameMap(db);
  const items = rows.map((r) => toAdminSuggestion(r, names));
  return { items, total, hasMore: offset + items.length < total };
}

/** The contact text when it looks like a phone number (the suggest dialog asks for "Phone / Contact"). */
export function contactAsPhone(contact: string): string | null {
  const t = contact.trim();
  if (t.length > 40 || !/^[+()\d\s.-]{7,}$/.test(t)) return null;
  if ((t.match(/\d/g) ?? []).length < 7) return null;
  return toE164Phone(t);
}

export interface ApproveOverrides {
  email?: string | null | undefined;
  phone?: string | null | undefined;
  website?: string | null | undefined;
}

export type ApproveResult =
  { kind: "not-found" } | { kind: "approved"; providerId: string | null; created: boolean };

/** Thrown inside the approval transaction when another approval won the race. */
class AlreadyApproved extends Error {}

/**
 * Approves a suggestion: one active, suggested provider with one service per
 * suggested category (not priced, decision 023), the suggestion marked approved and an audit
 * row, all in one transaction. Approving twice creates nothing new.
 */
export async function approveSuggestion(
  db: Db,
  id: string,
  overrides: ApproveOverrides,
  actorId: string,
  now: Date,
): Promise<ApproveResult> {
  const existing = async (): Promise<ApproveResult> => {
    const [row] = await db
      .select()
      .from(providerSuggestions)
      .where(eq(providerSuggestions.id, id))
      .limit(1);
    if (!row) return { kind: "not-found" };
    return { kind: "approved", providerId: row.providerId, created: false };
  };
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(providerSuggestions)
        .where(eq(providerSuggestions.id, id))
        .limit(1);
      if (!row) return { kind: "not-found" } as const;
      if (row.status === "approved") {
        return { kind: "approved", providerId: row.providerId, created: false } as const;
      }
      const names = await categoryNameMap(tx);
      const providerId = crypto.randomUUID();
      const phone =
        (overrides.phone ? toE164Phone(overrides.phone) : null) || contactAsPhone(row.contact);
      await tx.insert(providers).values({
        id: providerId,
        userId: null,
        companyName: row.name,
        slug: slugify(row.name),
        location: row.city,
        city: splitLocation(row.city).city || null,
        email: overrides.email || row.email || null,
        // The admin who approved it vouches for the address (decision 029).
        ...(overrides.email || row.email
          ? { emailSource: "suggestion" as const, emailSourceUserId: actorId }
          : {}),
        phone,
        // A suggested mobile number is taken to be on WhatsApp, as for any new listing (decision 020).
        phoneOnWhatsapp: phone ? isPkMobile(phone) : false,
        website: overrides.website || row.website || null,
        isActive: true,
        isVerified: false,
        isSuggested: true,
        createdAt: now,
        updatedAt: now,
      });
      // Categories deleted since the suggestion was made are skipped.
      const categoryIds = [...new Set(row.categoryIds)].filter((c) => names.has(c));
      for (const [i, categoryId] of categoryIds.entries()) {
        await tx.insert(services).values({
          id: crypto.randomUUID(),
          providerId,
          categoryId,
          name: names.get(categoryId) ?? "",
          pricePkr: null,
          createdAt: new Date(now.getTime() + i),
          updatedAt: now,
        });
      }
      const updated = await tx
        .update(providerSuggestions)
        .set({
          status: "approved",
          providerId,
          reviewedBy: actorId,
          reviewedAt: now,
          updatedAt: now,
        })
        .where(and(eq(providerSuggestions.id, id), ne(providerSuggestions.status, "approved")))
        .returning();
      const after = updated[0];
      if (!after) throw new AlreadyApproved();
      await writeAudit(tx, {
        actorId,
        action: "suggestion.approve",
        targetType: "suggestion",
        targetId: id,
        before: { status: row.status, providerId: row.providerId },
        after: { status: after.status, providerId, serviceCategoryIds: categoryIds },
        at: now,
      });
      await reindexProvider(tx, providerId);
      await markDataChanged(tx, { providers: [providerId] });
      return { kind: "approved", providerId, created: true } as const;
    });
  } catch (err) {
    if (err instanceof AlreadyApproved) return existing();
    throw err;
  }
}

export type RejectResult = "not-found" | "approved" | "rejected";

/** Rejects a pending (or already rejected) suggestion; approved ones stay approved. */
export async function rejectSuggestion(
  db: Db,
  id: string,
  actorId: string,
  now: Date,
): Promise<RejectResult> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(providerSuggestions)
      .where(eq(providerSuggestions.id, id))
      .limit(1);
    if (!row) return "not-found";
    if (row.status === "approved") return "approved";
    const updated = await tx
      .update(providerSuggestions)
      .set({ status: "rejected", reviewedBy: actorId, reviewedAt: now, updatedAt: now })
      .where(and(eq(providerSuggestions.id, id), ne(providerSuggestions.status, "approved")))
      .returning({ id: providerSuggestions.id });
    if (updated.length === 0) return "approved";
    await writeAudit(tx, {
      actorId,
      action: "suggestion.reject",
      targetType: "suggestion",
      targetId: id,
      before: { status: row.status },
      after: { status: "rejected" },
      at: now,
    });
    return "rejected";
  });
}

// ---------------------------------------------------------------- categories

export const CATEGORY_NAME_TAKEN = "A category with this name already exists";

type CategoryRow = typeof serviceCategories.$inferSelect;

function toCategory(row: CategoryRow): Category {
  return {
    id: row.id,
    name: row.name,
    nameUr: row.nameUr,
    slug: row.slug,
    description: row.description,
    descriptionUr: row.descriptionUr,
    icon: row.icon,
  };
}

/** True when another category (not `exceptId`) has this name (any case) or slug. */
async function categoryNameTaken(
  tx: Pick<Db, "select">,
  name: string,
  exceptId?: string,
): Promise<boolean> {
  const [row] = await tx
    .select({ id: serviceCategories.id })
    .from(serviceCategories)
    .where(
      and(
        sql`(lower(${serviceCategories.name}) = lower(${name}) or ${serviceCategories.slug} = ${slugify(name)})`,
        exceptId ? ne(serviceCategories.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** True for a unique-index violation, however deep the driver wraps it. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, i = 0; e && i < 5; i++) {
    if (e instanceof Error && /UNIQUE constraint failed/i.test(e.message)) return true;
    e = e instanceof Error ? e.cause : undefined;
  }
  return false;
}

export type CategoryWrite =
  { kind: "ok"; category: Category } | { kind: "not-found" } | { kind: "name-taken" };

export async function createCategory(
  db: Db,
  input: {
    name: string;
    nameUr: string | null;
    description: string;
    descriptionUr: string;
    icon: string;
  },
  actorId: string,
  now: Date,
): Promise<CategoryWrite> {
  const id = crypto.randomUUID();
  try {
    return await db.transaction(async (tx) => {
      if (await categoryNameTaken(tx, input.name)) return { kind: "name-taken" } as const;
      const [row] = await tx
        .insert(serviceCategories)
        .values({
          id,
          name: input.name,
          nameUr: input.nameUr,
          slug: slugify(input.name),
          description: input.description,
          descriptionUr: input.descriptionUr,
          icon: input.icon,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      const category = toCategory(row!);
      await writeAudit(tx, {
        actorId,
        action: "category.create",
        targetType: "category",
        targetId: id,
        after: category,
        at: now,
      });
      await markDataChanged(tx);
      return { kind: "ok", category } as const;
    });
  } catch (err) {
    if (isUniqueViolation(err)) return { kind: "name-taken" };
    throw err;
  }
}

/**
 * Changes a category; a new name (English or Urdu: both are indexed)
 * re-derives the search row of every provider using it.
 */
export async function updateCategory(
  db: Db,
  id: string,
  input: {
    name?: string | undefined;
    nameUr?: string | null | undefined;
    description?: string | undefined;
    descriptionUr?: string | undefined;
    icon?: string | undefined;
  },
  actorId: string,
  now: Date,
): Promise<CategoryWrite> {
  try {
    return await db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(serviceCategories)
        .where(eq(serviceCategories.id, id))
        .limit(1);
      if (!before) return { kind: "not-found" } as const;
      const renamed = input.name !== undefined && input.name !== before.name;
      if (renamed && (await categoryNameTaken(tx, input.name!, id))) {
        return { kind: "name-taken" } as const;
      }
      const renamedUr = input.nameUr !== undefined && input.nameUr !== before.nameUr;
      const set: Partial<typeof serviceCategories.$inferInsert> = { updatedAt: now };
      if (input.name !== undefined) {
        set.name = input.name;
        set.slug = slugify(input.name);
      }
      if (input.nameUr !== undefined) set.nameUr = input.nameUr;
      if (input.description !== undefined) set.description = input.description;
      if (input.descriptionUr !== undefined) set.descriptionUr = input.descriptionUr;
      if (input.icon !== undefined) set.icon = input.icon;
      const [row] = await tx
        .update(serviceCategories)
        .set(set)
        .where(eq(serviceCategories.id, id))
        .returning();
      const category = toCategory(row!);
      if (renamed || renamedUr) {
        const using = await tx
          .selectDistinct({ providerId: services.providerId })
          .from(services)
          .where(eq(services.categoryId, id));
        for (const { providerId } of using) await reindexProvider(tx, providerId);
      }
      await writeAudit(tx, {
        actorId,
        action: "category.update",
        targetType: "category",
        targetId: id,
        before: toCategory(before),
        after: category,
        at: now,
      });
      await markDataChanged(tx);
      return { kind: "ok", category } as const;
    });
  } catch (err) {
    if (isUniqueViolation(err)) return { kind: "name-taken" };
    throw err;
  }
}

export type CategoryDelete =
  | { kind: "deleted"; category: Category }
  | { kind: "not-found" }
  | { kind: "in-use"; services: number };

/** Deletes an unused category; one that services use is refused with their count. */
export async function deleteCategory(
  db: Db,
  id: string,
  actorId: string,
  now: Date,
): Promise<CategoryDelete> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(serviceCategories)
      .where(eq(serviceCategories.id, id))
      .limit(1);
    if (!before) return { kind: "not-found" } as const;
    const [used] = await tx
      .select({ n: count() })
      .from(services)
      .where(eq(services.categoryId, id));
    if (used && used.n > 0) return { kind: "in-use", services: used.n } as const;
    await tx.delete(serviceCategories).where(eq(serviceCategories.id, id));
    const category = toCategory(before);
    await writeAudit(tx, {
      actorId,
      action: "category.delete",
      targetType: "category",
      targetId: id,
      before: category,
      at: now,
    });
    await markDataChanged(tx);
    return { kind: "deleted", category } as const;
  });
}
