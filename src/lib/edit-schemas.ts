import { z } from "zod";
import { adminPage, blankToUndefined } from "./admin-schemas.ts";
import { contactEmailSchema, phoneSchema, websiteSchema } from "./provider-schemas.ts";

/** What a 'Suggest an edit' proposal changes (decision 025). */
export const EDIT_FIELDS = [
  "phone",
  "email",
  "website",
  "location",
  "categories",
  "closed",
  "duplicate",
] as const;
export type EditField = (typeof EDIT_FIELDS)[number];
export const EDIT_STATUSES = ["pending", "accepted", "rejected", "withdrawn"] as const;
export type EditStatus = (typeof EDIT_STATUSES)[number];

/**
 * 'Suggest an edit' (decision 025): one proposal per field, each with an
 * optional note. One schema per payload, shared by the form and the API.
 */

export const EDIT_NOTE_MAX = 500;
export const EDIT_REASON_MAX = 500;
export const MAX_EDIT_CATEGORIES = 20;

const uuid = (label: string) =>
  z.uuid({ error: `${label} must be a UUID` }).transform((s) => s.toLowerCase());

const note = z
  .string()
  .trim()
  .max(EDIT_NOTE_MAX, { error: `Note must be at most ${EDIT_NOTE_MAX} characters` })
  .default("");

const required = <T extends z.ZodType>(schema: T, label: string) =>
  schema.refine((v) => v !== null && v !== undefined, { error: `${label} is required` });

/** What each field's proposal carries as `value`. */
export const editProposalSchema = z.discriminatedUnion(
  "field",
  [
    z.object({ field: z.literal("phone"), value: required(phoneSchema, "Phone"), note }),
    z.object({ field: z.literal("email"), value: required(contactEmailSchema, "Email"), note }),
    z.object({ field: z.literal("website"), value: required(websiteSchema, "Website"), note }),
    z.object({
      field: z.literal("location"),
      value: z.object({
        city: z
          .string({ error: "City is required" })
          .trim()
          .min(2, { error: "City is required" })
          .max(100),
        address: z
          .string()
          .trim()
          .max(300, { error: "Address must be at most 300 characters" })
          .default(""),
      }),
      note,
    }),
    z.object({
      field: z.literal("categories"),
      value: z
        .array(uuid("Category"))
        .min(1, { error: "Choose at least one category" })
        .max(MAX_EDIT_CATEGORIES, { error: `Choose at most ${MAX_EDIT_CATEGORIES} categories` }),
      note,
    }),
    z.object({ field: z.literal("closed"), value: z.null().default(null), note }),
    /** The listing this one duplicates (the one to keep). */
    z.object({ field: z.literal("duplicate"), value: uuid("Listing"), note }),
  ],
  { error: "field must be phone, email, website, location, categories, closed or duplicate" },
);
export type EditProposal = z.infer<typeof editProposalSchema>;

/** POST /api/edits: one or more proposals for one listing (each field at most once). */
export const editCreateSchema = z
  .object({
    providerId: uuid("Provider id"),
    proposals: z
      .array(editProposalSchema)
      .min(1, { error: "Propose at least one change" })
      .max(EDIT_FIELDS.length),
  })
  .refine((v) => new Set(v.proposals.map((p) => p.field)).size === v.proposals.length, {
    error: "Each field may be proposed once",
  });
export type EditCreate = z.infer<typeof editCreateSchema>;

/** POST …/edits/{id}/reject */
export const editRejectSchema = z.object({
  reason: z
    .string({ error: "Reason is required" })
    .trim()
    .min(3, { error: "Reason must be at least 3 characters" })
    .max(EDIT_REASON_MAX, { error: `Reason must be at most ${EDIT_REASON_MAX} characters` }),
});
export type EditReject = z.infer<typeof editRejectSchema>;

export const editFieldSchema = z.enum(EDIT_FIELDS);
export const editStatusSchema = z.enum(EDIT_STATUSES);

/** One proposal as the owner's dashboard section and the admin Edits tab show it. */
export const editViewSchema = z.object({
  id: z.string(),
  field: editFieldSchema,
  /** The proposed value (see listing_edits.value). */
  value: z.unknown(),
  /** The listing's value now, in the same shape, so the reviewer sees the difference. */
  current: z.unknown(),
  /**
   * Pending, and the listing already shows it: accepting changes nothing. A proposed
   * contact detail equal to the listing's is stored like any other, so the proposer
   * learns nothing about the listing's (decision 029); the reviewer sees this.
   */
  noChange: z.boolean(),
  /**
   * An accepted change of categories that can still be undone (decision 029): the
   * services it removed come back whole, the ones it added go.
   */
  undoable: z.boolean(),
  /** When an accepted change of categories was undone, or null. */
  undoneAt: z.string().nullable(),
  /** For `duplicate`: the kept listing's name and path. */
  duplicateOf: z.object({ id: z.string(), companyName: z.string(), path: z.string() }).nullable(),
  note: z.string(),
  status: editStatusSchema,
  reason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  provider: z.object({ id: z.string(), companyName: z.string(), path: z.string() }),
  /** First name only for owners; admins also see the email. */
  proposer: z.object({ name: z.string(), email: z.string().optional() }).nullable(),
});
export type EditView = z.infer<typeof editViewSchema>;

/** The answer to POST /api/edits. */
export const editCreatedSchema = z.object({
  ids: z.array(z.string()),
  /** Who reviews: the listing's owner, or the admins when nobody owns it. */
  reviewer: z.enum(["owner", "admin"]),
});
export type EditCreated = z.infer<typeof editCreatedSchema>;

/** GET /api/my-provider/edits: the owner's proposals, pending first (oldest first), then the last decided. */
export const editListSchema = z.object({ items: z.array(editViewSchema) });
export type EditList = z.infer<typeof editListSchema>;

export const ADMIN_EDITS_PAGE_SIZE = 20;

/**
 * GET /api/admin/edits?status=…&page=N: one page of proposals for every listing, as an
 * array with the paging headers (X-Total-Count, X-Page, X-Per-Page, Link) like the other
 * admin lists. Pending ones oldest first (a queue); decided ones latest decision first.
 */
export const editListQuerySchema = z.object({
  status: z.preprocess(
    blankToUndefined,
    z
      .enum(EDIT_STATUSES, { error: "status must be pending, accepted, rejected or withdrawn" })
      .default("pending"),
  ),
  page: adminPage,
});
export type EditListQuery = z.input<typeof editListQuerySchema>;
