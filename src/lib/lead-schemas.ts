import { z } from "zod";
import { adminLimit, adminPage } from "./admin-schemas.ts";
import { isKnownCity } from "./cities.ts";

/**
 * Quote requests ("leads") and their threads: the payloads the islands send
 * and the API checks, and the answers the API sends back. One schema per
 * payload, shared by both sides.
 *
 * Routes (functions/routes/leads.ts, admin-leads.ts):
 *
 *   POST   /api/leads                     customer sends a request       leadCreateSchema → LeadThread (201)
 *   GET    /api/leads                     'My Requests' (the customer's)  → LeadSummary[]
 *   GET    /api/leads/:id                 a thread (either party, admin)   → LeadThread
 *   POST   /api/leads/:id/messages        reply in the thread             leadMessageSchema → LeadMessage (201)
 *   PUT    /api/leads/:id/read            the caller's side has read it   → { ok: true }
 *   PATCH  /api/leads/:id/status          provider sets the status        leadStatusSchema → LeadThread
 *   POST   /api/leads/:id/report          provider reports spam           leadReportSchema → { ok: true }
 *   GET    /api/my-provider/leads         the provider's inbox            → LeadInbox
 *   GET    /api/admin/leads               held and reported leads         → AdminLead[]
 *   POST   /api/admin/leads/:id/release   held → sent to the provider     → AdminLead
 *   POST   /api/admin/leads/:id/remove    held or reported → removed      → AdminLead
 *   POST   /api/admin/leads/:id/dismiss   a report was unfounded          → AdminLead
 */

export const LEAD_STATUSES = ["new", "replied", "quoted", "won", "lost"] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

export const NEED_MIN = 20;
export const NEED_MAX = 2000;
export const MESSAGE_MAX = 2000;
export const MAX_LEAD_PHOTOS = 3;
/** Largest budget or quote accepted, in rupees (a billion: more is a typo). */
export const MAX_LEAD_PKR = 1_000_000_000;

/** Trims strings; empty means "not given". */
const blank = (v: unknown) => {
  if (typeof v !== "string") return v;
  const t = v.trim();
  return t === "" ? undefined : t;
};

/** A rupee amount typed as '150,000' or sent as a number: whole rupees. */
const rupees = (label: string) =>
  z.preprocess(
    (v) => (typeof v === "string" ? blank(v.replace(/[,\s]/g, "")) : v),
    z.coerce
      .number({ error: `${label} must be a number` })
      .int({ error: `${label} must be whole rupees` })
      .min(0, { error: `${label} cannot be negative` })
      .max(MAX_LEAD_PKR, { error: `${label} is too large` })
      .optional(),
  );

const KARACHI_DAY = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Asia/Karachi",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/**
 * `YYYY-MM-DD` of `at` in Pakistan (Asia/Karachi): what "today" means for the
 * dates people pick (needed by, valid until), on the dialog and the API alike.
 */
export function pakistanDay(at: Date): string {
  const parts = KARACHI_DAY.formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value;
  return `${part("year")}-${part("month")}-${part("day")}`;
}

const isoDay = (label: string) =>
  z.preprocess(
    blank,
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: `${label} must be a date` })
      .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), {
        error: `${label} must be a date`,
      })
      .optional(),
  );

/**
 * `/api/media/leads/{userId}/{timestamp}_{name}.jpg`: what the photo upload answered
 * (`publicUrl`; a PNG or WebP sent as it is keeps its own extension). Private:
 * served only to the request's customer, its provider's owner and admins (decision 030).
 */
export const leadPhotoUrlSchema = z
  .string()
  .regex(/^\/api\/media\/leads\/[0-9a-f-]{36}\/[A-Za-z0-9._-]+\.(jpg|png|webp)$/, {
    error: "Photo must be an uploaded image",
  });

export const leadCreateSchema = z.object({
  providerId: z.uuid({ error: "Provider must be a UUID" }).transform((s) => s.toLowerCase()),
  need: z
    .string({ error: "Tell the provider what you need" })
    .trim()
    .min(NEED_MIN, { error: `Describe what you need in at least ${NEED_MIN} characters` })
    .max(NEED_MAX, { error: `Keep it under ${NEED_MAX.toLocaleString("en-PK")} characters` }),
  quantity: z.preprocess(
    blank,
    z.string().max(100, { error: "Quantity must be at most 100 characters" }).optional(),
  ),
  budgetPkr: rupees("Budget"),
  city: z
    .string({ error: "City is required" })
    .trim()
    .min(1, { error: "City is required" })
    .refine(isKnownCity, { error: "Choose a city from the list" }),
  /** Checked against today's date (Pakistan time) by the dialog and the API. */
  neededBy: isoDay("Needed by"),
  photos: z
    .array(leadPhotoUrlSchema)
    .max(MAX_LEAD_PHOTOS, { error: `Add at most ${MAX_LEAD_PHOTOS} photos` })
    .default([]),
});
export type LeadCreateInput = z.input<typeof leadCreateSchema>;
export type LeadCreate = z.output<typeof leadCreateSchema>;

/** A message in a thread; only the provider's side may attach a quote. */
export const leadMessageSchema = z
  .object({
    body: z
      .string({ error: "Message is required" })
      .trim()
      .min(1, { error: "Message is required" })
      .max(MESSAGE_MAX, {
        error: `Keep it under ${MESSAGE_MAX.toLocaleString("en-PK")} characters`,
      }),
    quotePkr: rupees("Quote"),
    quoteValidUntil: isoDay("Valid until"),
  })
  .refine((m) => m.quoteValidUntil === undefined || m.quotePkr !== undefined, {
    error: "Enter the quote amount",
    path: ["quotePkr"],
  });
export type LeadMessageInput = z.input<typeof leadMessageSchema>;

export const leadStatusSchema = z.object({
  status: z.enum(LEAD_STATUSES, { error: "Unknown status" }),
});

export const leadReportSchema = z.object({
  reason: z.preprocess(
    blank,
    z.string().max(500, { error: "Reason must be at most 500 characters" }).optional(),
  ),
});

/* ------------------------------------------------------------- answers */

const isoTime = z.string().meta({ format: "date-time" });
const uuid = z.string().meta({ format: "uuid" });

export const leadMessageAnswerSchema = z
  .object({
    id: uuid,
    side: z.enum(["customer", "provider"]),
    body: z.string(),
    quotePkr: z.number().int().nullable(),
    quoteValidUntil: z.string().nullable(),
    createdAt: isoTime,
  })
  .meta({ id: "LeadMessage" });
export type LeadMessage = z.infer<typeof leadMessageAnswerSchema>;

/** A lead as a list row: the inbox and 'My Requests'. */
export const leadSummarySchema = z
  .object({
    id: uuid,
    provider: z.object({ id: uuid, companyName: z.string(), url: z.string() }),
    /** The customer's display name (first name and initial), for the provider's inbox. */
    customerName: z.string(),
    need: z.string(),
    city: z.string(),
    status: z.enum(LEAD_STATUSES),
    /** held: waiting for an admin (only the customer sees it so); removed: judged spam. */
    reviewState: z.enum(["visible", "held", "removed"]),
    /** A message from the other side that the caller has not opened yet. */
    unread: z.boolean(),
    lastMessageAt: isoTime,
    createdAt: isoTime,
  })
  .meta({ id: "LeadSummary" });
export type LeadSummary = z.infer<typeof leadSummarySchema>;

/** A whole thread, for either party or an admin. */
export const leadThreadSchema = leadSummarySchema
  .extend({
    quantity: z.string().nullable(),
    budgetPkr: z.number().int().nullable(),
    neededBy: z.string().nullable(),
    photos: z.array(z.string()),
    /** Who is reading: which side their messages go on. */
    viewerSide: z.enum(["customer", "provider", "admin"]),
    /** The customer's contact details: for the provider (who was sent the request) and admins only. */
    customer: z.object({ name: z.string(), email: z.string() }).nullable(),
    reportedAt: isoTime.nullable(),
    messages: z.array(leadMessageAnswerSchema),
  })
  .meta({ id: "LeadThread" });
export type LeadThread = z.infer<typeof leadThreadSchema>;

export const leadInboxSchema = z
  .object({ leads: z.array(leadSummarySchema), unread: z.number().int().min(0) })
  .meta({ id: "LeadInbox" });
export type LeadInbox = z.infer<typeof leadInboxSchema>;

/** GET /api/admin/leads?page=&limit=: one page of the review list, as the other admin lists. */
export const adminLeadListQuerySchema = z.object({ page: adminPage, limit: adminLimit });

export const adminLeadSchema = leadSummarySchema
  .extend({
    customerEmail: z.string(),
    /** Why it is here: held for review, or reported by the provider. */
    reason: z.enum(["held", "reported"]),
    reportReason: z.string().nullable(),
    reportedAt: isoTime.nullable(),
  })
  .meta({ id: "AdminLead" });
export type AdminLead = z.infer<typeof adminLeadSchema>;

/* ---------------------------------------------------------------- links */

/** Where a provider reads a lead: the dashboard opens its Leads tab on this thread. */
export const providerLeadPath = (leadId: string) =>
  `/provider-dashboard?lead=${encodeURIComponent(leadId)}`;

/** Where a customer reads their request: 'My Requests' opens this thread. */
export const customerLeadPath = (leadId: string) =>
  `/my-requests?lead=${encodeURIComponent(leadId)}`;
