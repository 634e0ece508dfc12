import { z } from "zod";
import { adminLimit, adminPage, blankToUndefined } from "./admin-schemas.ts";
import { phoneSchema } from "./provider-schemas.ts";

export const CLAIM_METHODS = ["email", "evidence"] as const;

export type ClaimMethod = (typeof CLAIM_METHODS)[number];
/**
 * `pending`: an emailed link not yet confirmed, or evidence waiting for an admin.
 * `superseded`: another claim on the listing won first. `expired`: the link's day passed.
 */
export const CLAIM_STATUSES = ["pending", "approved", "rejected", "superseded", "expired"] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

/**
 * 'Claim this business' (decision 025): the payloads the claim page
 * and the admin Claims tab send, and the answers they read. One schema each,
 * shared by the island and the API.
 */

export const CLAIM_NOTE_MAX = 1000;
export const CLAIM_REASON_MAX = 500;

const providerIdSchema = z
  .uuid({ error: "Provider id must be a UUID" })
  .transform((s) => s.toLowerCase());

/** POST /api/claims/email: mail a one-time link to the listing's email on file. */
export const claimByEmailSchema = z.object({ providerId: providerIdSchema });
export type ClaimByEmail = z.infer<typeof claimByEmailSchema>;

/** POST /api/claims/confirm: the token from the mailed link (confirmed by a POST, never by opening the link). */
export const claimConfirmSchema = z.object({
  token: z
    .string({ error: "The link is incomplete" })
    .trim()
    .regex(/^[A-Za-z0-9_-]{20,200}$/, { error: "The link is incomplete" }),
});
export type ClaimConfirm = z.infer<typeof claimConfirmSchema>;

/**
 * `/api/media/claims/{userId}/{timestamp}_{name}.jpg`: what the proof photo's
 * upload answered. Private: served only to the requester and admins (decision
 * 030). Empty means none.
 */
const claimPhotoUrlSchema = z.preprocess(
  (v) => (typeof v === "string" && v.trim() === "" ? null : v),
  z
    .string({ error: "Photo must be an uploaded image" })
    .regex(/^\/api\/media\/claims\/[0-9a-f-]{36}\/[A-Za-z0-9._-]+\.(jpg|png|webp)$/, {
      error: "Photo must be an uploaded image",
    })
    .nullable()
    .optional(),
);

/** POST /api/claims/evidence: proof for an admin when there is no email on file or it is out of reach. */
export const claimEvidenceSchema = z.object({
  providerId: providerIdSchema,
  /** The business phone the requester answers (required: the admin calls it). */
  phone: phoneSchema.pipe(z.string({ error: "Phone is required" })),
  note: z
    .string()
    .trim()
    .max(CLAIM_NOTE_MAX, { error: `Note must be at most ${CLAIM_NOTE_MAX} characters` })
    .default(""),
  /** Optional photo of a shop board or registration, uploaded with the existing checks. */
  photoUrl: claimPhotoUrlSchema,
});
export type ClaimEvidence = z.infer<typeof claimEvidenceSchema>;

/** POST /api/admin/claims/{id}/reject */
export const claimRejectSchema = z.object({
  reason: z
    .string({ error: "Reason is required" })
    .trim()
    .min(3, { error: "Reason must be at least 3 characters" })
    .max(CLAIM_REASON_MAX, { error: `Reason must be at most ${CLAIM_REASON_MAX} characters` }),
});
export type ClaimReject = z.infer<typeof claimRejectSchema>;

export const claimStatusSchema = z.enum(CLAIM_STATUSES);
export const claimMethodSchema = z.enum(CLAIM_METHODS);

/** GET /api/claims/listing/{providerId}: what the claim page shows the signed-in user. */
export const claimTargetSchema = z.object({
  provider: z.object({
    id: z.string(),
    companyName: z.string(),
    companyNameUr: z.string().nullable(),
    city: z.string().nullable(),
    /** The listing's public path (English; the page localizes it). */
    path: z.string(),
    isClaimed: z.boolean(),
  }),
  /** The listing's email masked (`a•••@g•••.com`), or null when there is none. */
  emailOnFile: z.string().nullable(),
  /**
   * Whether a link mailed to that email can prove a claim: false without one, and for
   * an address a former owner set that our team has not confirmed (decision 029).
   */
  emailUsable: z.boolean(),
  /** The caller's newest claim on this listing, if any. */
  myClaim: z
    .object({
      id: z.string(),
      method: claimMethodSchema,
      status: claimStatusSchema,
      reason: z.string().nullable(),
    })
    .nullable(),
  /**
   * Why the caller cannot claim it now, or null when they can:
   * `yours` (the caller owns it), `claimed` (someone else does), `owns_other` (the
   * account owns another listing already).
   */
  blockedBy: z.enum(["yours", "claimed", "owns_other"]).nullable(),
});
export type ClaimTarget = z.infer<typeof claimTargetSchema>;

/** The answer to a confirmed link or an approved claim: where the new owner goes next. */
export const claimConfirmedSchema = z.object({ providerId: z.string(), path: z.string() });
export type ClaimConfirmed = z.infer<typeof claimConfirmedSchema>;

/** One row of the admin Claims tab. */
export const adminClaimSchema = z.object({
  id: z.string(),
  method: claimMethodSchema,
  status: claimStatusSchema,
  phone: z.string().nullable(),
  note: z.string(),
  photoUrl: z.string().nullable(),
  reason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  provider: z.object({
    id: z.string(),
    companyName: z.string(),
    city: z.string().nullable(),
    /** The listing's phone and email on file, for the admin to compare with the evidence. */
    phone: z.string().nullable(),
    email: z.string().nullable(),
    path: z.string(),
    isClaimed: z.boolean(),
  }),
  requester: z.object({ id: z.string(), email: z.string(), name: z.string() }),
});
export type AdminClaim = z.infer<typeof adminClaimSchema>;

/**
 * The answer to POST /api/claims/email: where the link went, masked, and when.
 * `mailed: false`: a working link went there less than a quarter of an hour ago (or
 * the address had its day's links), so nothing new was sent (decision 029).
 */
export const claimEmailAnswerSchema = z.object({
  sentTo: z.string(),
  mailed: z.boolean(),
  sentAt: z.string(),
});
export type ClaimEmailAnswer = z.infer<typeof claimEmailAnswerSchema>;

/** The answer to POST /api/claims/evidence: the claim waits for an admin. */
export const claimEvidenceAnswerSchema = z.object({ id: z.string(), status: z.literal("pending") });
export type ClaimEvidenceAnswer = z.infer<typeof claimEvidenceAnswerSchema>;

/** The answer to POST /api/admin/claims/{id}/reject. */
export const claimRejectAnswerSchema = z.object({ id: z.string(), status: z.literal("rejected") });
export type ClaimRejectAnswer = z.infer<typeof claimRejectAnswerSchema>;

/**
 * GET /api/admin/claims?status=&page=&limit=: newest first, `pending` by default.
 * Answers an array with X-Total-Count and a next-page Link, like the admin's
 * provider list (decision 002), with the admin lists' page and limit.
 */
export const claimListQuerySchema = z.object({
  status: z.preprocess(
    blankToUndefined,
    z
      .enum(CLAIM_STATUSES, {
        error: "status must be pending, approved, rejected, superseded or expired",
      })
      .default("pending"),
  ),
  page: adminPage,
  limit: adminLimit,
});
export type ClaimListQuery = z.input<typeof claimListQuerySchema>;
