import { z } from "zod";
import { contactEmailSchema, phoneSchema, websiteSchema } from "./provider-schemas.ts";

/**
 * Payloads and answers of the admin API (issue 5), shared by the admin
 * dashboard and the routes that check them.
 */

export const SUGGESTION_FILTERS = ["pending", "rejected", "approved", "all"] as const;
export type SuggestionFilter = (typeof SUGGESTION_FILTERS)[number];

/** GET /api/admin/suggestions?status= (pending by default). */
export const suggestionListQuerySchema = z.object({
  status: z
    .enum(SUGGESTION_FILTERS, { error: "status must be pending, rejected, approved or all" })
    .default("pending"),
});

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
const categoryIcon = z
  .string({ error: "Icon must be text" })
  .trim()
  .max(CATEGORY_ICON_MAX, { error: `Icon must be at most ${CATEGORY_ICON_MAX} characters` });

/** POST /api/service-categories (spec §5 category form). */
export const categoryCreateSchema = z.object({
  name: categoryName,
  description: categoryDescription.default(""),
  icon: categoryIcon.default(""),
});
export type CategoryCreateInput = z.input<typeof categoryCreateSchema>;

/** PATCH /api/service-categories/{id}: any subset, at least one field. */
export const categoryUpdateSchema = z
  .object({
    name: categoryName.optional(),
    description: categoryDescription.optional(),
    icon: categoryIcon.optional(),
  })
  .refine((v) => v.name !== undefined || v.description !== undefined || v.icon !== undefined, {
    error: "Nothing to change: send name, description or icon",
  });
export type CategoryUpdateInput = z.input<typeof categoryUpdateSchema>;

/** GET /api/admin/stats. */
export interface AdminStats {
  totalUsers: number;
  totalCustomers: number;
  /** Provider rows (claimed or not, active or not). */
  totalProviders: number;
  activeServices: number;
  verifiedProviders: number;
  /** Percent change of providers created this UTC month vs last; null when last month had none. */
  monthlyGrowth: number | null;
}

/** One row of GET /api/admin/suggestions; the spec reads both spellings of the category ids. */
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
