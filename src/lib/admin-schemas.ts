import { z } from "zod";
import {
  type EmailSource,
  companyNameUrSchema,
  contactEmailSchema,
  descriptionUrSchema,
  phoneSchema,
  pricePkrSchema,
  websiteSchema,
} from "./provider-schemas.ts";

/**
 * Payloads and answers of the admin API, shared by the admin
 * dashboard and the routes that check them.
 */

export const SUGGESTION_FILTERS = ["pending", "rejected", "approved", "all"] as const;
export type SuggestionFilter = (typeof SUGGESTION_FILTERS)[number];

/** POST /api/admin/suggestions/{id}/approve: contact details the admin edited (all optional). */
export const suggestionApproveSchema = z.object({
  email: contactEmailSchema,
  phone: phoneSchema,
  website: websiteSchema,
});
export type SuggestionApproveInput = z.input<typeof suggestionApproveSchema>;

/** GET /api/admin/audit?limit= (newest first). */
export const AUDIT_MAX_LIMIT = 100;
export const auditQuerySchema = z.object({
  limit: z.coerce
    .number({ error: "limit must be a number" })
    .int({ error: "limit must be a whole number" })
    .min(1, { error: "limit must be at least 1" })
    .max(AUDIT_MAX_LIMIT, { error: `limit must be at most ${AUDIT_MAX_LIMIT}` })
    .default(50),
});

export const CATEGORY_NAME_MAX = 80;
export const CATEGORY_DESCRIPTION_MAX = 500;
export const CATEGORY_ICON_MAX = 60;

const categoryName = z
  .string({ error: "Name is required" })
  .trim()
  .min(1, { error: "Name is required" })
  .max(CATEGORY_NAME_MAX, { error: `Name must be at most ${CATEGORY_NAME_MAX} characters` });
const categoryDescription = z
  .string({ error: "Description must be text" })
  .trim()
  .max(CATEGORY_DESCRIPTION_MAX, {
    error: `Description must be at most ${CATEGORY_DESCRIPTION_MAX} characters`,
  });
/** The reviewed Urdu name (decision 022); empty means none (Urdu pages show the English one). */
const categoryNameUr = z.preprocess(
  (v) => (typeof v === "string" && v.trim() === "" ? null : v),
  z
    .string({ error: "Urdu name must be text" })
    .trim()
    .max(CATEGORY_NAME_MAX, { error: `Urdu name must be at most ${CATEGORY_NAME_MAX} characters` })
    .nullable(),
);
const categoryDescriptionUr = z
  .string({ error: "Urdu description must be text" })
  .trim()
  .max(CATEGORY_DESCRIPTION_MAX, {
    error: `Urdu description must be at most ${CATEGORY_DESCRIPTION_MAX} characters`,
  });
const categoryIcon = z
  .string({ error: "Icon must be text" })
  .trim()
  .max(CATEGORY_ICON_MAX, { error: `Icon must be at most ${CATEGORY_ICON_MAX} characters` });

/** POST /api/service-categories, from the admin's Add Service Category form. */
export const categoryCreateSchema = z.object({
  name: categoryName,
  nameUr: categoryNameUr.optional().transform((v) => v ?? null),
  description: categoryDescription.default(""),
  descriptionUr: categoryDescriptionUr.default(""),
  icon: categoryIcon.default(""),
});
export type CategoryCreateInput = z.input<typeof categoryCreateSchema>;

/** PATCH /api/service-categories/{id}: any subset, at least one field. */
export const categoryUpdateSchema = z
  .object({
    name: categoryName.optional(),
    nameUr: categoryNameUr.optional(),
    description: categoryDescription.optional(),
    descriptionUr: categoryDescriptionUr.optional(),
    icon: categoryIcon.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), {
    error: "Nothing to change: send name, description or icon",
  });
export type CategoryUpdateInput = z.input<typeof categoryUpdateSchema>;

/** GET /api/admin/stats; the provider figures are defined in decision 024. */
export interface AdminStats {
  totalUsers: number;
  totalCustomers: number;
  /** Every provider row, active or not (= activeProviders + inactiveProviders). */
  totalProviders: number;
  /** Providers with isActive: the figure the 'Total Providers' card shows. */
  activeProviders: number;
  /** Deactivated providers, shown beside it. */
  inactiveProviders: number;
  activeServices: number;
  verifiedProviders: number;
  /**
   * Percent change, one decimal, of newProvidersLast30Days against
   * newProvidersPrevious30Days; null when the earlier window has none.
   */
  monthlyGrowth: number | null;
  /** Providers created in the 30 days up to now (UTC milliseconds) that are active now. */
  newProvidersLast30Days: number;
  /** The same for the 30 days before those. */
  newProvidersPrevious30Days: number;
}

/** One row of GET /api/admin/suggestions; the client reads both spellings of the category ids. */
export interface AdminSuggestion {
  id: string;
  name: string;
  city: string;
  categoryIds: string[];
  category_ids: string[];
  categoryId: string | null;
  categoryNames: string[];
  contact: string;
  email: string | null;
  website: string | null;
  status: "pending" | "rejected" | "approved";
  providerId: string | null;
  createdAt: string;
}

/** POST /api/admin/suggestions/{id}/approve answers this (200). */
export interface SuggestionApproved {
  id: string;
  status: "approved";
  providerId: string | null;
  /** False when the suggestion had been approved already (nothing new was made). */
  created: boolean;
}

export interface AuditEntry {
  id: string;
  actorId: string | null;
  action: string;
  targetType: string;
  targetId: string;
  before: unknown;
  after: unknown;
  createdAt: string;
}

// ---------------------------------------------------------------- users

export const USER_ROLES = ["customer", "provider", "admin"] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** Manage Users shows the first 20 users; search and pages reach the rest. */
export const ADMIN_PAGE_SIZE = 20;
export const ADMIN_MAX_PAGE_SIZE = 100;
export const ADMIN_SEARCH_MAX = 100;

/** Empty query values (`?q=`) mean "no filter". */
export const blankToUndefined = (v: unknown) =>
  typeof v === "string" && v.trim() === "" ? undefined : v;

const adminSearch = z.preprocess(
  blankToUndefined,
  z
    .string()
    .trim()
    .max(ADMIN_SEARCH_MAX, { error: `q must be at most ${ADMIN_SEARCH_MAX} characters` })
    .optional(),
);
/** `page` of every admin list (users, providers, claims, edits). */
export const adminPage = z.preprocess(
  blankToUndefined,
  z.coerce
    .number({ error: "page must be a whole number of at least 1" })
    .int({ error: "page must be a whole number of at least 1" })
    .min(1, { error: "page must be a whole number of at least 1" })
    .max(100_000, { error: "page must be at most 100000" })
    .default(1),
);
/** `limit` of the admin lists that take one. */
export const adminLimit = z.preprocess(
  blankToUndefined,
  z.coerce
    .number({ error: `limit must be a whole number from 1 to ${ADMIN_MAX_PAGE_SIZE}` })
    .int({ error: `limit must be a whole number from 1 to ${ADMIN_MAX_PAGE_SIZE}` })
    .min(1, { error: `limit must be a whole number from 1 to ${ADMIN_MAX_PAGE_SIZE}` })
    .max(ADMIN_MAX_PAGE_SIZE, {
      error: `limit must be a whole number from 1 to ${ADMIN_MAX_PAGE_SIZE}`,
    })
    .default(ADMIN_PAGE_SIZE),
);

/**
 * GET /api/admin/suggestions?status=&page=&limit= (pending by default), newest
 * first, paged like the other admin lists (decision 030).
 */
export const suggestionListQuerySchema = z.object({
  status: z
    .enum(SUGGESTION_FILTERS, { error: "status must be pending, rejected, approved or all" })
    .default("pending"),
  page: adminPage,
  limit: adminLimit,
});

/**
 * GET /api/admin/users?q=&role=&page=&limit= — oldest first (Manage Users shows
 * the first 20); `q` matches email, first or last name (case-insensitive, anywhere).
 * Answers an array with X-Total-Count, like GET /api/providers (decision 002).
 */
export const adminUserListQuerySchema = z.object({
  q: adminSearch,
  role: z.preprocess(
    blankToUndefined,
    z.enum(USER_ROLES, { error: "role must be customer, provider or admin" }).optional(),
  ),
  page: adminPage,
  limit: adminLimit,
});
export type AdminUserListQuery = z.input<typeof adminUserListQuerySchema>;

/** One row of GET /api/admin/users (and the answer of PATCH /api/admin/users/{id}). */
export interface AdminUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  role: UserRole;
  emailConfirmed: boolean;
  /** The provider this user owns, if any. */
  providerId: string | null;
  createdAt: string;
}

/** PATCH /api/admin/users/{id}. An admin cannot take their own admin role away (409). */
export const userRoleUpdateSchema = z.object({
  role: z.enum(USER_ROLES, { error: "Role must be customer, provider or admin" }),
});
export type UserRoleUpdateInput = z.input<typeof userRoleUpdateSchema>;

// ---------------------------------------------------------------- providers

export const ADMIN_PROVIDER_FILTERS = [
  "all",
  "active",
  "inactive",
  "verified",
  "unverified",
  "suggested",
] as const;
export type AdminProviderFilter = (typeof ADMIN_PROVIDER_FILTERS)[number];

/**
 * GET /api/admin/providers?q=&status=&page=&limit= — newest first, active or
 * not. `q` matches the company name, location or contact email (anywhere,
 * case-insensitive) or is a provider id. Array answer with X-Total-Count.
 */
export const adminProviderListQuerySchema = z.object({
  q: adminSearch,
  status: z.preprocess(
    blankToUndefined,
    z
      .enum(ADMIN_PROVIDER_FILTERS, {
        error: "status must be all, active, inactive, verified, unverified or suggested",
      })
      .default("all"),
  ),
  page: adminPage,
  limit: adminLimit,
});
export type AdminProviderListQuery = z.input<typeof adminProviderListQuerySchema>;

export interface AdminProviderService {
  id: string;
  categoryId: string;
  categoryName: string;
  name: string;
  /** Null: not priced ('Price on request'); 0: free (decision 023). */
  pricePkr: number | null;
  isActive: boolean;
}

/** One row of GET /api/admin/providers and the answer of every provider mutation. */
export interface AdminProvider {
  id: string;
  companyName: string;
  /** The provider's Urdu company name; null when none. */
  companyNameUr: string | null;
  slug: string;
  /** Stored as `City — address`. */
  location: string | null;
  city: string | null;
  description: string | null;
  /** "" when none. */
  descriptionUr: string;
  email: string | null;
  /** Where `email` came from (decision 029); null without one. */
  emailSource: EmailSource | null;
  /**
   * Whether a claim link mailed to `email` proves a claim: false without one, and for
   * an address a former owner set, until an admin confirms it.
   */
  emailProvesClaim: boolean;
  phone: string | null;
  phoneOnWhatsapp: boolean;
  website: string | null;
  pricePkr: number | null;
  isActive: boolean;
  isVerified: boolean;
  isSuggested: boolean;
  userId: string | null;
  /** The owner's sign-in email, when the provider is claimed. */
  ownerEmail: string | null;
  services: AdminProviderService[];
  /** The public page path (`/providers/{slug}-{id}`); it answers 404 while inactive. */
  path: string;
  createdAt: string;
  updatedAt: string;
}

const companyNameField = z
  .string({ error: "Company name is required" })
  .trim()
  .min(1, { error: "Company name is required" })
  .max(200, { error: "Company name must be at most 200 characters" });
const locationField = z
  .string({ error: "Location is required" })
  .trim()
  .min(1, { error: "Location is required" })
  .max(300, { error: "Location must be at most 300 characters" });
const descriptionField = z
  .string({ error: "Description must be text" })
  .trim()
  .max(5000, { error: "Description must be at most 5000 characters" });

/**
 * POST /api/admin/providers, from Add Provider (Admin): company name and
 * location are required. The provider is active and unverified. `ownerEmail` links an
 * existing user (a customer becomes a provider); with no such user the provider
 * is created unclaimed. 409 when that user owns a provider already.
 */
export const adminProviderCreateSchema = z.object({
  companyName: companyNameField,
  location: locationField,
  email: contactEmailSchema,
  phone: phoneSchema,
  website: websiteSchema,
  description: descriptionField.optional(),
  companyNameUr: companyNameUrSchema,
  descriptionUr: descriptionUrSchema,
  ownerEmail: contactEmailSchema,
  categoryIds: z
    .array(z.uuid({ error: "categoryIds must be category ids" }), {
      error: "categoryIds must be a list of category ids",
    })
    .max(20, { error: "At most 20 categories" })
    .default([])
    .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]),
});
export type AdminProviderCreateInput = z.input<typeof adminProviderCreateSchema>;

/** PATCH /api/admin/providers/{id}/details: any subset, at least one field; "" clears optional text. */
export const adminProviderDetailsSchema = z
  .object({
    companyName: companyNameField.optional(),
    location: locationField.optional(),
    email: contactEmailSchema,
    phone: phoneSchema,
    phoneOnWhatsapp: z.boolean({ error: "phoneOnWhatsapp must be true or false" }).optional(),
    website: websiteSchema,
    description: descriptionField.optional(),
    companyNameUr: companyNameUrSchema,
    descriptionUr: descriptionUrSchema,
    pricePkr: z.preprocess(
      (v) => (typeof v === "string" && v.trim() === "" ? null : v),
      pricePkrSchema.nullable().optional(),
    ),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), {
    error: "Nothing to change: send at least one field",
  });
export type AdminProviderDetailsInput = z.input<typeof adminProviderDetailsSchema>;

/** PATCH /api/admin/providers/{id}: `{is_active}` or `{is_verified}`, or both. */
export const adminProviderFlagsSchema = z
  .object({
    is_active: z.boolean({ error: "is_active must be true or false" }).optional(),
    is_verified: z.boolean({ error: "is_verified must be true or false" }).optional(),
  })
  .refine((v) => v.is_active !== undefined || v.is_verified !== undefined, {
    error: "Send is_active or is_verified",
  });
export type AdminProviderFlagsInput = z.input<typeof adminProviderFlagsSchema>;

/**
 * POST /api/admin/providers/{id}/services: adds a service in that category,
 * named after it, not priced (the provider sets the price, decision 023). 409 when the provider
 * offers that category already; 400 for an unknown category.
 */
export const adminProviderServiceSchema = z.object({
  categoryId: z.uuid({ error: "Category is required" }).transform((s) => s.toLowerCase()),
});
export type AdminProviderServiceInput = z.input<typeof adminProviderServiceSchema>;
