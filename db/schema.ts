import { sql } from "drizzle-orm";
import { LOCALES } from "../src/i18n/locales.ts";
import {
  type AnySQLiteColumn,
  check,
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
import { LEAD_STATUSES } from "../src/lib/lead-schemas.ts";
import { CLAIM_METHODS, CLAIM_STATUSES } from "../src/lib/claim-schemas.ts";
import { EMAIL_SOURCES } from "../src/lib/provider-schemas.ts";
import { EDIT_FIELDS, EDIT_STATUSES } from "../src/lib/edit-schemas.ts";

/** Milliseconds since the epoch; one helper so every table stores time the same way. */
const timestamps = {
  createdAt: integer({ mode: "timestamp_ms" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`),
  updatedAt: integer({ mode: "timestamp_ms" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`),
};

export const ROLES = ["customer", "provider", "admin"] as const;
export type Role = (typeof ROLES)[number];

export const SUGGESTION_STATUSES = ["pending", "rejected", "approved"] as const;
export type SuggestionStatus = (typeof SUGGESTION_STATUSES)[number];

export const users = sqliteTable(
  "users",
  {
    id: text().primaryKey(),
    /** Stored trimmed and lower-cased; unique. */
    email: text().notNull(),
    firstName: text(),
    lastName: text(),
    profileImageUrl: text(),
    role: text({ enum: ROLES }).notNull().default("customer"),
    /** scrypt hash; null for accounts that only sign in with Google. */
    passwordHash: text(),
    emailConfirmedAt: integer({ mode: "timestamp_ms" }),
    /**
     * The language the person last used the site in (decision 022): mails to
     * them (confirmations, resets, lead notices) are written in it.
     */
    locale: text({ enum: LOCALES }).notNull().default("en"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("users_email_unique").on(t.email),
    index("users_role_idx").on(t.role),
    // Admin Manage Users (decision 008): oldest first, with the role filter and
    // the searched columns, so pages and counts scan this index, not the rows.
    index("users_admin_list_idx").on(t.createdAt, t.id, t.role, t.email, t.firstName, t.lastName),
    check("users_role_check", sql`${t.role} in ('customer', 'provider', 'admin')`),
  ],
);

export const serviceCategories = sqliteTable(
  "service_categories",
  {
    id: text().primaryKey(),
    name: text().notNull(),
    /** slugify(name); listing URLs match categories by it. */
    slug: text().notNull(),
    description: text().notNull().default(""),
    /** An icon-font class name, e.g. `icon-shirt`. */
    icon: text().notNull().default(""),
    /** Urdu name and description, shown on Urdu pages; English when null or empty (decision 022). */
    nameUr: text(),
    descriptionUr: text().notNull().default(""),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("service_categories_name_unique").on(sql`lower(${t.name})`),
    uniqueIndex("service_categories_slug_unique").on(t.slug),
  ],
);

export const providers = sqliteTable(
  "providers",
  {
    id: text().primaryKey(),
    /** Owner; null for suggested or admin-created providers nobody has claimed. */
    userId: text().references(() => users.id, { onDelete: "set null" }),
    companyName: text().notNull(),
    /** slugify(companyName), kept in step on every write; URLs are `{slug}-{id}`. */
    slug: text().notNull(),
    description: text().notNull().default(""),
    /** Optional Urdu company name and description, shown on Urdu pages and searched (decision 022). */
    companyNameUr: text(),
    descriptionUr: text().notNull().default(""),
    /** Stored as `City — address`; `city` below is parsed from it. */
    location: text().notNull().default(""),
    /** The known city parsed from `location`, or null; indexed for the city filter. */
    city: text(),
    website: text(),
    phone: text(),
    email: text(),
    /**
     * Where `email` came from (decision 029): a claim link mailed to it proves a claim only
     * while it is an address the directory trusts, never one set by an owner who has since
     * been detached ('owner' on a listing nobody owns) until an admin confirms it. Null
     * without an email.
     */
    emailSource: text({ enum: EMAIL_SOURCES }),
    /** Who set or vouched for `email`: the owner, or the admin who typed, approved or confirmed it. */
    emailSourceUserId: text().references((): AnySQLiteColumn => users.id, { onDelete: "set null" }),
    coverImageUrl: text(),
    logoUrl: text(),
    responseTime: text(),
    pricePkr: integer(),
    isVerified: integer({ mode: "boolean" }).notNull().default(false),
    isActive: integer({ mode: "boolean" }).notNull().default(true),
    isSuggested: integer({ mode: "boolean" }).notNull().default(false),
    /**
     * The business closed for good (an accepted 'permanently closed' edit, decision 025):
     * it is inactive too, and its URL answers 410 instead of 404.
     */
    closedAt: integer({ mode: "timestamp_ms" }),
    /**
     * When the current owner won the listing by a claim (decision 025). Quote requests
     * older than this were sent to a previous owner: the new one does not read them.
     */
    ownerSince: integer({ mode: "timestamp_ms" }),
    /** An accepted 'duplicate of' edit: inactive, and its URL 301s to the kept listing. */
    duplicateOfId: text().references((): AnySQLiteColumn => providers.id, { onDelete: "set null" }),
    /** The provider says its phone number takes WhatsApp ('Chat on WhatsApp' is shown only then). */
    phoneOnWhatsapp: integer({ mode: "boolean" }).notNull().default(false),
    /**
     * Median minutes from a quote request to the provider's first reply over the
     * last 90 days; null with fewer than 3 leads there (the self-declared
     * `responseTime` is shown instead). Recomputed daily and at each publish.
     */
    replyMinutes: integer(),
    /** Among the fastest quarter of providers with a measured reply time. */
    isFastResponder: integer({ mode: "boolean" }).notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("providers_user_id_unique").on(t.userId),
    // The public listing: active providers, verified first, then by name. The
    // DESC must be in the index, or SQLite sorts every active row per page.
    index("providers_listing_v2_idx").on(
      t.isActive,
      sql`${t.isVerified} desc`,
      t.companyName,
      t.id,
    ),
    index("providers_city_listing_v2_idx").on(
      t.isActive,
      t.city,
      sql`${t.isVerified} desc`,
      t.companyName,
      t.id,
    ),
    // Admin Manage Providers (decision 008): newest first, and everything its
    // filters and substring search read, so a page or a count at 100k rows
    // scans this narrow index instead of the wide rows. Also serves the stats'
    // created_at ranges.
    index("providers_admin_list_idx").on(
      t.createdAt,
      t.id,
      t.isActive,
      t.isVerified,
      t.isSuggested,
      t.companyName,
      t.location,
      t.email,
    ),
    check("providers_price_check", sql`${t.pricePkr} is null or ${t.pricePkr} >= 0`),
  ],
);

export const services = sqliteTable(
  "services",
  {
    id: text().primaryKey(),
    providerId: text()
      .notNull()
      .references(() => providers.id, { onDelete: "cascade" }),
    // Restrict: a category in use cannot be deleted (the admin sees a 409).
    categoryId: text()
      .notNull()
      .references(() => serviceCategories.id, { onDelete: "restrict" }),
    name: text().notNull(),
    description: text().notNull().default(""),
    /** Whole rupees; null: not priced ('Price on request'), 0: free (decision 023). */
    pricePkr: integer(),
    isActive: integer({ mode: "boolean" }).notNull().default(true),
    ...timestamps,
  },
  (t) => [
    index("services_provider_idx").on(t.providerId, t.createdAt),
    index("services_category_provider_idx").on(t.categoryId, t.providerId),
    check("services_price_check", sql`${t.pricePkr} is null or ${t.pricePkr} >= 0`),
  ],
);

export const favorites = sqliteTable(
  "favorites",
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    providerId: text()
      .notNull()
      .references(() => providers.id, { onDelete: "cascade" }),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.providerId] }),
    index("favorites_provider_idx").on(t.providerId),
  ],
);

export const galleryImages = sqliteTable(
  "gallery_images",
  {
    id: text().primaryKey(),
    providerId: text()
      .notNull()
      .references(() => providers.id, { onDelete: "cascade" }),
    /** The image's public URL: `/media/{blobKey}` locally. */
    imageUrl: text().notNull(),
    /** Blob-store key, so deleting the row can delete the blob. */
    blobKey: text(),
    createdAt: timestamps.createdAt,
  },
  (t) => [index("gallery_images_provider_idx").on(t.providerId, t.createdAt)],
);

export const providerSuggestions = sqliteTable(
  "provider_suggestions",
  {
    id: text().primaryKey(),
    name: text().notNull(),
    city: text().notNull(),
    /** JSON array of category ids (at least one). */
    categoryIds: text({ mode: "json" }).$type<string[]>().notNull(),
    contact: text().notNull(),
    email: text(),
    website: text(),
    status: text({ enum: SUGGESTION_STATUSES }).notNull().default("pending"),
    submittedBy: text().references(() => users.id, { onDelete: "set null" }),
    reviewedBy: text().references(() => users.id, { onDelete: "set null" }),
    reviewedAt: integer({ mode: "timestamp_ms" }),
    /** The provider an approval created, so approving twice creates nothing new. */
    providerId: text().references(() => providers.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    index("provider_suggestions_status_idx").on(t.status, t.createdAt),
    check(
      "provider_suggestions_status_check",
      sql`${t.status} in ('pending', 'rejected', 'approved')`,
    ),
  ],
);

/**
 * Small key/value table for site-wide state, e.g. `data_version`, which every
 * content change bumps so the publisher knows the pre-rendered pages are stale.
 */
export const siteMeta = sqliteTable("site_meta", {
  key: text().primaryKey(),
  value: text().notNull(),
});

/**
 * Which pages a change touched, and at which data version (decision 014). Tags:
 * `provider:{id}` (its page), `city:{slug}` (the city page and its
 * city×category pages), `all` (every page: categories, seeds). A pre-rendered
 * page is stale when a tag it depends on has a version above its build's; the
 * server then renders it on demand instead of sending the old file.
 */
export const pageChanges = sqliteTable(
  "page_changes",
  {
    tag: text().primaryKey(),
    version: integer().notNull(),
  },
  (t) => [index("page_changes_version_idx").on(t.version)],
);

/**
 * Sign-in sessions. The id is the SHA-256 (hex) of the random token held in
 * the cookie, so a leaked table cannot be replayed.
 */
export const sessions = sqliteTable(
  "sessions",
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Sliding expiry, pushed forward as the session is used. */
    expiresAt: integer({ mode: "timestamp_ms" }).notNull(),
    /** Hard limit: no renewal past this. */
    absoluteExpiresAt: integer({ mode: "timestamp_ms" }).notNull(),
    /**
     * The handle the account page uses to name a session (decision 011). Random and
     * unrelated to the cookie token, so showing it to the browser gives away
     * nothing, and it is only ever looked up together with the owner's user id.
     */
    publicId: text()
      .notNull()
      .$defaultFn(() => newSessionPublicId()),
    /** The browser's User-Agent at sign-in, capped; only shown as "Chrome on Android". */
    userAgent: text(),
    /** Set at sign-in, then bumped at most every few minutes (functions/auth/session.ts). */
    lastUsedAt: integer({ mode: "timestamp_ms" })
      .notNull()
      .$defaultFn(() => new Date()),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    index("sessions_user_idx").on(t.userId),
    index("sessions_expires_idx").on(t.expiresAt),
    uniqueIndex("sessions_public_id_unique").on(t.publicId),
  ],
);

/** 96 random bits, hex: a session's public handle (not a secret, but not guessable either). */
export function newSessionPublicId(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Browsers that signed in to an account before (device cookies, decision 011): a
 * sign-in attempt carrying one is throttled in its own bucket, not the per-email
 * backoff that strangers can fill. The id is the SHA-256 of the cookie's token.
 * https://owasp.org/www-community/Slow_Down_Online_Guessing_Attacks_with_Device_Cookies
 */
export const deviceTrusts = sqliteTable(
  "device_trusts",
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: integer({ mode: "timestamp_ms" }).notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    index("device_trusts_user_idx").on(t.userId),
    index("device_trusts_expires_idx").on(t.expiresAt),
  ],
);

export const EMAIL_TOKEN_PURPOSES = ["confirm_email", "reset_password"] as const;
export type EmailTokenPurpose = (typeof EMAIL_TOKEN_PURPOSES)[number];

/** Single-use emailed links (email confirmation, password reset); the id is the SHA-256 of the token. */
export const emailTokens = sqliteTable(
  "email_tokens",
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text({ enum: EMAIL_TOKEN_PURPOSES }).notNull(),
    expiresAt: integer({ mode: "timestamp_ms" }).notNull(),
    usedAt: integer({ mode: "timestamp_ms" }),
    createdAt: timestamps.createdAt,
  },
  (t) => [index("email_tokens_user_idx").on(t.userId, t.purpose)],
);

/** External sign-in identities (Google) linked to a user. */
export const oauthAccounts = sqliteTable(
  "oauth_accounts",
  {
    provider: text({ enum: ["google"] }).notNull(),
    providerUserId: text().notNull(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.providerUserId] }),
    index("oauth_accounts_user_idx").on(t.userId),
  ],
);

/**
 * Fixed-window request counters for throttling (sign-in, sign-up, …), in the
 * database so every server process and Worker isolate shares them.
 */
export const rateLimits = sqliteTable(
  "rate_limits",
  {
    key: text().primaryKey(),
    count: integer().notNull(),
    windowStart: integer().notNull(),
  },
  (t) => [index("rate_limits_window_idx").on(t.windowStart)],
);

/**
 * Whose contact details an account (`user:{id}`) or an IP (`ip:{ip}`) opened,
 * for the reveal caps (docs/decisions/010-contact-reveal-caps.md). One row per
 * scope and provider, so re-opening a provider inside the day is not counted
 * again; a count over the scope's last day reads only its own index range.
 */
export const contactReveals = sqliteTable(
  "contact_reveals",
  {
    scope: text().notNull(),
    providerId: text().notNull(),
    /** First reveal of this provider in the scope's current day, ms since the epoch. */
    revealedAt: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.providerId] }),
    index("contact_reveals_scope_time_idx").on(t.scope, t.revealedAt),
    index("contact_reveals_time_idx").on(t.revealedAt),
  ],
);

/** Every admin mutation, written in the same transaction as the change, so none goes unrecorded. */
export const adminAudit = sqliteTable(
  "admin_audit",
  {
    id: text().primaryKey(),
    actorId: text().references(() => users.id, { onDelete: "set null" }),
    /** e.g. `suggestion.approve`, `category.create`. */
    action: text().notNull(),
    targetType: text().notNull(),
    targetId: text().notNull(),
    before: text({ mode: "json" }).$type<unknown>(),
    after: text({ mode: "json" }).$type<unknown>(),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    index("admin_audit_created_idx").on(t.createdAt),
    index("admin_audit_target_idx").on(t.targetType, t.targetId),
  ],
);

/**
 * Mail on its way out (functions/lib/queued-mailer.ts, decision 018). Written
 * before the mail API is called, so a crash or an API outage never loses a
 * message; drained with a lease, so two drainers never send one row at once;
 * sent with `idempotency_key`, so the mail API drops a repeat. The body holds
 * one-time links: it is encrypted when a key is configured and cleared as
 * soon as the row is sent, given up on or past `expires_at` (its links' life).
 */
export const mailOutbox = sqliteTable(
  "mail_outbox",
  {
    id: text().primaryKey(),
    idempotencyKey: text().notNull(),
    recipient: text().notNull(),
    subject: text().notNull(),
    /** `{text, html}` as JSON, or `enc1:` + AES-GCM of it; null once no longer needed. */
    body: text(),
    /** Calls made to the mail API so far. */
    attempts: integer().notNull().default(0),
    nextAttemptAt: integer({ mode: "timestamp_ms" }).notNull(),
    /** Who holds the row (a random id per claim) and until when; free once past. */
    leaseId: text(),
    leaseUntil: integer({ mode: "timestamp_ms" }),
    /** The mail API's last refusal, short, never the body. */
    lastError: text(),
    sentAt: integer({ mode: "timestamp_ms" }),
    /** Given up: out of attempts, past its expiry, or unreadable. */
    failedAt: integer({ mode: "timestamp_ms" }),
    expiresAt: integer({ mode: "timestamp_ms" }).notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    uniqueIndex("mail_outbox_idempotency_key_idx").on(t.idempotencyKey),
    // Only rows still to send: the drain's scan stays small however many were sent.
    index("mail_outbox_pending_idx")
      .on(t.nextAttemptAt)
      .where(sql`sent_at IS NULL AND failed_at IS NULL`),
    index("mail_outbox_created_idx").on(t.createdAt),
  ],
);

/* ------------------------------------------------------------------ Leads */

/**
 * Whether a lead reached its provider: `visible` normally; `held` when the same
 * text went to many providers within minutes and waits for an admin; `removed`
 * when an admin judged a held or reported lead to be spam.
 */
export const LEAD_REVIEW_STATES = ["visible", "held", "removed"] as const;
export type LeadReviewState = (typeof LEAD_REVIEW_STATES)[number];

/** A customer's request for a quote, sent to one provider; its thread is `lead_messages`. */
export const leads = sqliteTable(
  "leads",
  {
    id: text().primaryKey(),
    providerId: text()
      .notNull()
      .references(() => providers.id, { onDelete: "cascade" }),
    customerId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** What they need, 20–2,000 characters. */
    need: text().notNull(),
    quantity: text(),
    /** Whole rupees. */
    budgetPkr: integer(),
    /** A known city (src/lib/cities.ts). */
    city: text().notNull(),
    /** `YYYY-MM-DD`, not in the past when sent. */
    neededBy: text(),
    /** Up to 3 private image URLs (`/api/media/leads/…`, decision 030), uploaded with the existing checks. */
    photos: text({ mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    status: text({ enum: LEAD_STATUSES }).notNull().default("new"),
    reviewState: text({ enum: LEAD_REVIEW_STATES }).notNull().default("visible"),
    /** SHA-256 (hex) of the need, lower-cased with spaces collapsed: the same text sent to many providers. */
    needHash: text().notNull(),
    /**
     * When the provider was given the lead: on creation, or when an admin released a
     * held one (null while held or removed). The measured response time counts from here.
     */
    deliveredAt: integer({ mode: "timestamp_ms" }),
    /** The provider's first message, for the measured response time. */
    firstReplyAt: integer({ mode: "timestamp_ms" }),
    lastMessageAt: integer({ mode: "timestamp_ms" }).notNull(),
    /** When each side last opened the thread; a lead is unread for a side with a newer message. */
    providerReadAt: integer({ mode: "timestamp_ms" }),
    customerReadAt: integer({ mode: "timestamp_ms" }),
    /** The last notification mail to each side (at most one per thread per 15 minutes). */
    providerMailedAt: integer({ mode: "timestamp_ms" }),
    customerMailedAt: integer({ mode: "timestamp_ms" }),
    /** The provider reported it as spam; admins see it until they resolve it. */
    reportedAt: integer({ mode: "timestamp_ms" }),
    reportReason: text(),
    reportResolvedAt: integer({ mode: "timestamp_ms" }),
    ...timestamps,
  },
  (t) => [
    index("leads_provider_idx").on(t.providerId, t.reviewState, t.createdAt),
    index("leads_customer_idx").on(t.customerId, t.createdAt),
    index("leads_need_hash_idx").on(t.needHash, t.createdAt),
    index("leads_review_idx").on(t.reviewState, t.createdAt),
    index("leads_reported_idx")
      .on(t.reportedAt)
      .where(sql`reported_at IS NOT NULL AND report_resolved_at IS NULL`),
    check("leads_status_check", sql`${t.status} in ('new', 'replied', 'quoted', 'won', 'lost')`),
    check("leads_review_state_check", sql`${t.reviewState} in ('visible', 'held', 'removed')`),
    check("leads_budget_check", sql`${t.budgetPkr} is null or ${t.budgetPkr} >= 0`),
  ],
);

/** One message of a lead's thread: text, and from the provider optionally a quote. */
export const leadMessages = sqliteTable(
  "lead_messages",
  {
    id: text().primaryKey(),
    leadId: text()
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    senderId: text().references(() => users.id, { onDelete: "set null" }),
    /** Which side wrote it: the customer or the provider (its owner). */
    side: text({ enum: ["customer", "provider"] }).notNull(),
    body: text().notNull(),
    /** A quote: amount in whole rupees and the last day it holds (`YYYY-MM-DD`). */
    quotePkr: integer(),
    quoteValidUntil: text(),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    index("lead_messages_lead_idx").on(t.leadId, t.createdAt),
    check("lead_messages_side_check", sql`${t.side} in ('customer', 'provider')`),
    check("lead_messages_quote_check", sql`${t.quotePkr} is null or ${t.quotePkr} >= 0`),
  ],
);

/* -------------------------------------------------------------- Analytics */

/**
 * What the directory brought each provider, per day (`YYYY-MM-DD`, Pakistan
 * time), kept 13 months. Counts only: no visitor, cookie or IP is stored.
 * Quote requests are not copied here: they are counted from `leads` (decision 019).
 */
export const providerStatsDaily = sqliteTable(
  "provider_stats_daily",
  {
    providerId: text()
      .notNull()
      .references(() => providers.id, { onDelete: "cascade" }),
    day: text().notNull(),
    views: integer().notNull().default(0),
    impressions: integer().notNull().default(0),
    resultClicks: integer().notNull().default(0),
    contactReveals: integer().notNull().default(0),
    phoneTaps: integer().notNull().default(0),
    whatsappTaps: integer().notNull().default(0),
    websiteClicks: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.day] }),
    index("provider_stats_daily_day_idx").on(t.day),
  ],
);

/** The search terms whose results showed a provider, per day: its top queries. */
export const providerSearchTermsDaily = sqliteTable(
  "provider_search_terms_daily",
  {
    providerId: text()
      .notNull()
      .references(() => providers.id, { onDelete: "cascade" }),
    day: text().notNull(),
    /** Normalised (trimmed, lower-cased, spaces collapsed, at most 64 characters). */
    term: text().notNull(),
    count: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.day, t.term] }),
    index("provider_search_terms_daily_day_idx").on(t.day),
  ],
);

/**
 * Directory-wide searches per day, by term and filters ('' when a search had
 * no text, city or category): top queries, top categories by city, and
 * searches that found nothing.
 */
export const searchStatsDaily = sqliteTable(
  "search_stats_daily",
  {
    day: text().notNull(),
    term: text().notNull(),
    city: text().notNull(),
    categoryId: text().notNull(),
    searches: integer().notNull().default(0),
    noResults: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.term, t.city, t.categoryId] })],
);

/**
 * A request to own a listing nobody owns (decision 025). `email` claims are proven
 * by a one-time link mailed to the listing's email on file (only the SHA-256 of the
 * token is kept); `evidence` claims wait for an admin on the Claims tab. Nothing on
 * the listing changes until a claim is approved.
 */
export const listingClaims = sqliteTable(
  "listing_claims",
  {
    id: text().primaryKey(),
    providerId: text()
      .notNull()
      .references(() => providers.id, { onDelete: "cascade" }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    method: text({ enum: CLAIM_METHODS }).notNull(),
    status: text({ enum: CLAIM_STATUSES }).notNull().default("pending"),
    /** `email` claims: SHA-256 (hex) of the mailed token, and when the link stops working. */
    tokenHash: text(),
    expiresAt: integer({ mode: "timestamp_ms" }),
    /**
     * `email` claims: the address the link was mailed to. The link proves a claim only while
     * the listing still has this address, trusted (decision 029).
     */
    sentTo: text(),
    /**
     * `email` claims: the account that confirmed the link and won the listing. Any signed-in
     * account holding the mailed link may confirm it (decision 029), so it may differ from
     * `userId`, who asked for it.
     */
    confirmedBy: text().references(() => users.id, { onDelete: "set null" }),
    /** `evidence` claims: the business phone the requester answers, a note, an optional photo. */
    phone: text(),
    note: text().notNull().default(""),
    photoUrl: text(),
    /** The admin who decided an evidence claim, and the reason given for a rejection. */
    reviewedBy: text().references(() => users.id, { onDelete: "set null" }),
    reason: text(),
    decidedAt: integer({ mode: "timestamp_ms" }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("listing_claims_token_unique").on(t.tokenHash),
    index("listing_claims_status_idx").on(t.status, t.method, t.createdAt),
    index("listing_claims_provider_idx").on(t.providerId, t.status),
    index("listing_claims_user_idx").on(t.userId, t.createdAt),
    check("listing_claims_method_check", sql`${t.method} in ('email', 'evidence')`),
    check(
      "listing_claims_status_check",
      sql`${t.status} in ('pending', 'approved', 'rejected', 'superseded', 'expired')`,
    ),
  ],
);

/** A service as an accepted `categories` proposal removed it, kept whole to restore it. */
export interface RemovedService {
  id: string;
  categoryId: string;
  name: string;
  description: string;
  pricePkr: number | null;
  isActive: boolean;
  createdAt: number;
  updatedAt: number;
}

/** What undoing an accepted `categories` proposal needs (listing_edits.undo). */
export interface CategoriesUndo {
  removed: RemovedService[];
  added: string[];
}

/**
 * A signed-in visitor's correction to a listing ('Suggest an edit', decision 025):
 * one field each. A claimed listing's go to its owner, an unclaimed one's to the
 * admins' Edits tab. `value` is the proposed value as JSON: a string for phone,
 * email, website; `{city, address}` for location; category ids for categories;
 * the kept listing's id for duplicate; null for closed.
 */
export const listingEdits = sqliteTable(
  "listing_edits",
  {
    id: text().primaryKey(),
    providerId: text()
      .notNull()
      .references(() => providers.id, { onDelete: "cascade" }),
    userId: text().references(() => users.id, { onDelete: "set null" }),
    field: text({ enum: EDIT_FIELDS }).notNull(),
    value: text({ mode: "json" }).$type<unknown>(),
    note: text().notNull().default(""),
    status: text({ enum: EDIT_STATUSES }).notNull().default("pending"),
    reviewedBy: text().references(() => users.id, { onDelete: "set null" }),
    reason: text(),
    decidedAt: integer({ mode: "timestamp_ms" }),
    /**
     * An accepted `categories` proposal: what undoing it needs (decision 029), the services
     * it removed, whole, and the ids of those it added.
     */
    undo: text({ mode: "json" }).$type<CategoriesUndo>(),
    /** When and by whom an accepted `categories` proposal was undone. */
    undoneAt: integer({ mode: "timestamp_ms" }),
    undoneBy: text().references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    // One pending proposal per field per listing: a second one is a 409.
    uniqueIndex("listing_edits_pending_field_unique")
      .on(t.providerId, t.field)
      .where(sql`status = 'pending'`),
    index("listing_edits_status_idx").on(t.status, t.createdAt),
    index("listing_edits_provider_idx").on(t.providerId, t.status, t.createdAt),
    index("listing_edits_user_idx").on(t.userId, t.createdAt),
    check(
      "listing_edits_field_check",
      sql`${t.field} in ('phone', 'email', 'website', 'location', 'categories', 'closed', 'duplicate')`,
    ),
    check(
      "listing_edits_status_check",
      sql`${t.status} in ('pending', 'accepted', 'rejected', 'withdrawn')`,
    ),
  ],
);
