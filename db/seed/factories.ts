import { joinLocation, splitLocation } from "../../src/lib/location.ts";
import { isPkMobile, toE164Phone } from "../../src/lib/phone.ts";
import { slugify } from "../../src/lib/slug.ts";
import type { Db } from "../client.ts";
import { reindexProvider } from "../queries/search-index.ts";
import { markDataChanged } from "../queries/site-meta.ts";
import { hashPassword } from "../../src/lib/password-hash.ts";
import { galleryImages, providers, services, users } from "../schema.ts";

export interface ProviderInput {
  id?: string;
  userId?: string | null;
  companyName: string;
  companyNameUr?: string | null;
  city?: string;
  address?: string;
  description?: string;
  descriptionUr?: string;
  email?: string | null;
  /** Stored in E.164 when Pakistani, as the API stores it. */
  phone?: string | null;
  /** Default: yes for a Pakistani mobile, as for a new listing made through the API. */
  phoneOnWhatsapp?: boolean;
  website?: string | null;
  coverImageUrl?: string | null;
  logoUrl?: string | null;
  responseTime?: string | null;
  isVerified?: boolean;
  isActive?: boolean;
  isSuggested?: boolean;
  services?: { categoryId: string; name: string; pricePkr: number | null; description?: string }[];
  gallery?: string[];
}

/**
 * Creates one provider with services and gallery rows in one transaction and
 * keeps the search index in step; used by tests and scripts.
 */
export async function createProvider(db: Db, input: ProviderInput): Promise<string> {
  const id = input.id ?? crypto.randomUUID();
  const location = joinLocation(input.city ?? "", input.address);
  await db.transaction(async (tx) => {
    await tx.insert(providers).values({
      id,
      userId: input.userId ?? null,
      companyName: input.companyName,
      companyNameUr: input.companyNameUr ?? null,
      slug: slugify(input.companyName),
      description: input.description ?? "",
      descriptionUr: input.descriptionUr ?? "",
      location,
      city: splitLocation(location).city || null,
      email: input.email ?? null,
      // An owner's listing as if they typed its address; anyone else's as seeded (decision 029).
      emailSource: input.email ? (input.userId ? "owner" : "seed") : null,
      emailSourceUserId: input.email && input.userId ? input.userId : null,
      phone: input.phone ? toE164Phone(input.phone) : null,
      phoneOnWhatsapp: input.phoneOnWhatsapp ?? isPkMobile(input.phone ?? ""),
      website: input.website ?? null,
      coverImageUrl: input.coverImageUrl ?? null,
      logoUrl: input.logoUrl ?? null,
      responseTime: input.responseTime ?? null,
      isVerified: input.isVerified ?? false,
      isActive: input.isActive ?? true,
      isSuggested: input.isSuggested ?? false,
    });
    const base = Date.now();
    for (const [i, s] of (input.services ?? []).entries()) {
      await tx.insert(services).values({
        id: crypto.randomUUID(),
        providerId: id,
        categoryId: s.categoryId,
        name: s.name,
        description: s.description ?? "",
        pricePkr: s.pricePkr,
        createdAt: new Date(base + i),
      });
    }
    for (const [i, url] of (input.gallery ?? []).entries()) {
      await tx.insert(galleryImages).values({
        id: crypto.randomUUID(),
        providerId: id,
        imageUrl: url,
        createdAt: new Date(base + i),
      });
    }
    await reindexProvider(tx, id);
    await markDataChanged(tx, { providers: [id] });
  });
  return id;
}

export interface UserInput {
  email: string;
  password?: string;
  role?: "customer" | "provider" | "admin";
  firstName?: string | null;
  lastName?: string | null;
  confirmed?: boolean;
}

/** Creates a user (password hashed as sign-up does); used by tests and scripts. */
export async function createUser(db: Db, input: UserInput): Promise<string> {
  const id = crypto.randomUUID();
  await db.insert(users).values({
    id,
    email: input.email.trim().toLowerCase(),
    firstName: input.firstName === undefined ? "Test" : input.firstName,
    lastName: input.lastName === undefined ? "User" : input.lastName,
    role: input.role ?? "customer",
    passwordHash: input.password ? await hashPassword(input.password) : null,
    emailConfirmedAt: input.confirmed === false ? null : new Date(),
  });
  return id;
}
