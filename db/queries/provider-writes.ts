import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import type { EmailSource } from "../../src/lib/provider-schemas.ts";
import { isPkMobile, toE164Phone } from "../../src/lib/phone.ts";
import { splitLocation } from "../../src/lib/location.ts";
import type { providerUpdateSchema, serviceUpdateSchema } from "../../src/lib/provider-schemas.ts";
import { slugify } from "../../src/lib/slug.ts";
import type {
  GalleryImage,
  ProviderContact,
  ProviderPublic,
  ServicePublic,
} from "../../src/lib/types.ts";
import type { Db } from "../client.ts";
import { galleryImages, providers, serviceCategories, services, users } from "../schema.ts";
import { referencedBlobKeys } from "./blob-refs.ts";
import { listGallery, publicColumns, servicesByProvider, toPublicProvider } from "./providers.ts";
import { reindexProvider } from "./search-index.ts";
import { markDataChanged } from "./site-meta.ts";

/**
 * Writes of provider self-service. Every write is one transaction
 * that also re-derives the provider's search row and bumps the data version,
 * so the directory search and the publisher see the change with the commit.
 */

type ProviderRow = typeof providers.$inferSelect;
type ProviderInsert = typeof providers.$inferInsert;

/** What the owner (and admins) see: the public view, contact details and the gallery. */
export type ProviderOwnerView = ProviderPublic &
  ProviderContact & { userId: string | null; gallery: GalleryImage[] };

/** Profile fields as providerProfileSchema / providerUpdateSchema give them (userId is ignored). */
export type ProfileFields = Omit<z.output<typeof providerUpdateSchema>, "userId">;

/**
 * Column values for the given profile fields; absent fields are left out (PUT
 * leaves them unchanged). The slug follows the name, the city column follows
 * the location, phones are stored in E.164 (decision 020), and "" clears the
 * nullable text columns.
 */
export function profileColumns(input: ProfileFields): Partial<ProviderInsert> {
  const out: Partial<ProviderInsert> = {};
  if (input.companyName !== undefined) {
    out.companyName = input.companyName;
    out.slug = slugify(input.companyName);
  }
  if (input.companyNameUr !== undefined) out.companyNameUr = input.companyNameUr;
  if (input.description !== undefined) out.description = input.description;
  if (input.descriptionUr !== undefined) out.descriptionUr = input.descriptionUr;
  if (input.location !== undefined) {
    out.location = input.location;
    out.city = splitLocation(input.location).city || null;
  }
  if (input.website !== undefined) out.website = input.website;
  if (input.phone !== undefined) out.phone = input.phone && toE164Phone(input.phone);
  if (input.phoneOnWhatsapp !== undefined) out.phoneOnWhatsapp = input.phoneOnWhatsapp;
  if (input.email !== undefined) out.email = input.email;
  if (input.coverImageUrl !== undefined) out.coverImageUrl = input.coverImageUrl;
  if (input.logoUrl !== undefined) out.logoUrl = input.logoUrl;
  if (input.responseTime !== undefined) out.responseTime = input.responseTime || null;
  if (input.pricePkr !== undefined) out.pricePkr = input.pricePkr;
  return out;
}

/**
 * The email_source columns of a write that sets a listing's email to `next`
 * (undefined: the write leaves it) over `current` (decision 029): who set an
 * address is recorded when the address changes, and cleared with it. Writing
 * the same address again vouches for nothing new and keeps its source.
 */
export function emailSourceColumns(
  next: string | null | undefined,
  current: string | null,
  source: EmailSource,
  userId: string | null,
): Pick<ProviderInsert, "emailSource" | "emailSourceUserId"> {
  if (next === undefined || next === current) return {};
  if (!next) return { emailSource: null, emailSourceUserId: null };
  return { emailSource: source, emailSourceUserId: userId };
}

/**
 * Whether a new listing's number takes WhatsApp when its author did not say:
 * yes for a Pakistani mobile (nearly all of them do), no otherwise (decision 020).
 */
export function defaultPhoneOnWhatsapp(input: {
  phone?: string | null | undefined;
  phoneOnWhatsapp?: boolean | undefined;
}): boolean {
  return input.phoneOnWhatsapp ?? isPkMobile(input.phone ?? "");
}

/** The provider row (active or not), or null. */
export async function findProviderRow(db: Db, id: string): Promise<ProviderRow | null> {
  const [row] = await db.select().from(providers).where(eq(providers.id, id)).limit(1);
  return row ?? null;
}

/** The id of the provider the user owns, or null. */
export async function findProviderIdOfUser(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: providers.id })
    .from(providers)
    .where(eq(providers.userId, userId))
    .limit(1);
  return row?.id ?? null;
}

/** Every service of a provider, inactive ones too, oldest first. */
export async function listOwnerServices(db: Db, providerId: string): Promise<ServicePublic[]> {
  return (await servicesByProvider(db, [providerId], { inactiveToo: true })).get(providerId) ?? [];
}

/** One service with its category, or null. */
export async function findService(db: Db, id: string): Promise<ServicePublic | null> {
  const [row] = await db
    .select({ providerId: services.providerId })
    .from(services)
    .where(eq(services.id, id))
    .limit(1);
  if (!row) return null;
  return (await listOwnerServices(db, row.providerId)).find((s) => s.id === id) ?? null;
}

/** The owner view of a provider (whether active or not), or null. */
export async function findOwnerView(db: Db, id: string): Promise<ProviderOwnerView | null> {
  const [row] = await db
    .select({
      ...publicColumns,
      userId: providers.userId,
      email: providers.email,
      phone: providers.phone,
      phoneOnWhatsapp: providers.phoneOnWhatsapp,
      website: providers.website,
    })
    .from(providers)
    .where(eq(providers.id, id))
    .limit(1);
  if (!row) return null;
  const all = await listOwnerServices(db, id);
  // The page path is the public one: it follows the first active service.
  const pub = toPublicProvider(
    row,
    all.filter((s) => s.isActive),
  );
  return {
    ...pub,
    services: all,
    userId: row.userId,
    email: row.email,
    phone: row.phone,
    phoneOnWhatsapp: row.phoneOnWhatsapp,
    website: row.website,
    gallery: await listGallery(db, id),
  };
}

export async function categoryExists(db: Db, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: serviceCategories.id })
    .from(serviceCategories)
    .where(eq(serviceCategories.id, id))
    .limit(1);
  return Boolean(row);
}

/**
 * Creates the user's provider and, when the user is a customer, makes them a
 * provider (admins stay admins), in one transaction. Null when the user has a
 * provider already (the unique index on user_id settles a race).
 */
export async function createOwnProvider(
  db: Db,
  userId: string,
  input: ProfileFields & { companyName: string },
  now: Date,
): Promise<string | null> {
  const id = crypto.randomUUID();
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(providers)
      .values({
        ...profileColumns(input),
        ...emailSourceColumns(input.email, null, "owner", userId),
        phoneOnWhatsapp: defaultPhoneOnWhatsapp(input),
        id,
        userId,
        companyName: input.companyName,
        slug: slugify(input.companyName),
        isActive: true,
        isVerified: false,
        isSuggested: false,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: providers.id });
    if (inserted.length === 0) return null;
    await tx
      .update(users)
      .set({ role: "provider", updatedAt: now })
      .where(and(eq(users.id, userId), eq(users.role, "customer")));
    await reindexProvider(tx, id);
    await markDataChanged(tx, { providers: [id] });
    return id;
  });
}

/**
 * Applies a partial profile update; false when the provider is gone. `by` is
 * who writes: the listing's owner, or an admin managing it (an address they
 * set is recorded as theirs, decision 029).
 */
export async function updateProviderProfile(
  db: Db,
  id: string,
  input: ProfileFields,
  by: { userId: string; as: "owner" | "admin" },
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ city: providers.city, email: providers.email })
      .from(providers)
      .where(eq(providers.id, id))
      .limit(1);
    if (!before) return false;
    const cityBefore = before.city;
    const source = emailSourceColumns(input.email, before.email, by.as, by.userId);
    const updated = await tx
      .update(providers)
      .set({ ...profileColumns(input), ...source, updatedAt: now })
      .where(eq(providers.id, id))
      .returning({ id: providers.id });
    if (updated.length === 0) return false;
    await reindexProvider(tx, id);
    await markDataChanged(tx, { providers: [id], citiesBefore: [cityBefore] });
    return true;
  });
}

/** Service fields as serviceCreateSchema / serviceUpdateSchema give them. */
export type ServiceFields = z.output<typeof serviceUpdateSchema>;

/** Adds a service to a provider; returns its id. */
export async function insertService(
  db: Db,
  providerId: string,
  input: Required<Pick<ServiceFields, "categoryId" | "name">> & ServiceFields,
  now: Date,
): Promise<string> {
  const id = crypto.randomUUID();
  await db.transaction(async (tx) => {
    await tx.insert(services).values({
      id,
      providerId,
      categoryId: input.categoryId,
      name: input.name,
      description: input.description ?? "",
      pricePkr: input.pricePkr ?? null,
      createdAt: now,
      updatedAt: now,
    });
    await touchProvider(tx, providerId, now);
    await reindexProvider(tx, providerId);
    await markDataChanged(tx, { providers: [providerId] });
  });
  return id;
}

/** Changes a service's fields; false when the service is gone. */
export async function updateService(
  db: Db,
  id: string,
  input: ServiceFields,
  now: Date,
): Promise<boolean> {
  const set: Partial<typeof services.$inferInsert> = { updatedAt: now };
  if (input.categoryId !== undefined) set.categoryId = input.categoryId;
  if (input.name !== undefined) set.name = input.name;
  if (input.description !== undefined) set.description = input.description;
  if (input.pricePkr !== undefined) set.pricePkr = input.pricePkr;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(services)
      .set(set)
      .where(eq(services.id, id))
      .returning({ providerId: services.providerId });
    if (!row) return false;
    await touchProvider(tx, row.providerId, now);
    await reindexProvider(tx, row.providerId);
    await markDataChanged(tx, { providers: [row.providerId] });
    return true;
  });
}

/** Deletes a service; false when it was gone already. */
export async function deleteService(db: Db, id: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(services)
      .where(eq(services.id, id))
      .returning({ providerId: services.providerId });
    if (!row) return false;
    await touchProvider(tx, row.providerId, now);
    await reindexProvider(tx, row.providerId);
    await markDataChanged(tx, { providers: [row.providerId] });
    return true;
  });
}

/** A provider's `updatedAt` follows its services too (pages show what changed). */
async function touchProvider(tx: Pick<Db, "update">, providerId: string, now: Date) {
  await tx.update(providers).set({ updatedAt: now }).where(eq(providers.id, providerId));
}

export interface GalleryRow {
  id: string;
  providerId: string;
  imageUrl: string;
  blobKey: string | null;
  /** Owner of the image's provider, for the ownership check. */
  ownerId: string | null;
}

export async function findGalleryImage(db: Db, id: string): Promise<GalleryRow | null> {
  const [row] = await db
    .select({
      id: galleryImages.id,
      providerId: galleryImages.providerId,
      imageUrl: galleryImages.imageUrl,
      blobKey: galleryImages.blobKey,
      ownerId: providers.userId,
    })
    .from(galleryImages)
    .innerJoin(providers, eq(providers.id, galleryImages.providerId))
    .where(eq(galleryImages.id, id))
    .limit(1);
  return row ?? null;
}

/** True when a gallery row already holds this blob. */
export async function galleryHasBlob(db: Db, blobKey: string): Promise<boolean> {
  const [row] = await db
    .select({ id: galleryImages.id })
    .from(galleryImages)
    .where(eq(galleryImages.blobKey, blobKey))
    .limit(1);
  return Boolean(row);
}

export async function insertGalleryImage(
  db: Db,
  providerId: string,
  blobKey: string,
  imageUrl: string,
  now: Date,
): Promise<GalleryImage> {
  const id = crypto.randomUUID();
  await db.transaction(async (tx) => {
    await tx.insert(galleryImages).values({ id, providerId, imageUrl, blobKey, createdAt: now });
    await touchProvider(tx, providerId, now);
    await markDataChanged(tx, { providers: [providerId] });
  });
  return { id, providerId, imageUrl, createdAt: now.toISOString() };
}

/** Deletes a gallery row; false when it was gone already. */
export async function deleteGalleryImage(db: Db, id: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(galleryImages)
      .where(eq(galleryImages.id, id))
      .returning({ providerId: galleryImages.providerId });
    if (!row) return false;
    await touchProvider(tx, row.providerId, now);
    await markDataChanged(tx, { providers: [row.providerId] });
    return true;
  });
}

/**
 * Whether any row still points at this blob (so deleting it would break an
 * image). The columns checked are referencedBlobKeys', shared with the orphan sweep.
 */
export async function isBlobReferenced(db: Db, key: string): Promise<boolean> {
  return (await referencedBlobKeys(db, [key])).has(key);
}

/** Who may change a service: its provider and that provider's owner; null when unknown. */
export async function findServiceOwner(
  db: Db,
  id: string,
): Promise<{ providerId: string; ownerId: string | null } | null> {
  const [row] = await db
    .select({ providerId: services.providerId, ownerId: providers.userId })
    .from(services)
    .innerJoin(providers, eq(providers.id, services.providerId))
    .where(eq(services.id, id))
    .limit(1);
  return row ?? null;
}
