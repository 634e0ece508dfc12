import { z } from "zod";
import type {
  AdminProvider,
  AdminStats,
  AdminSuggestion,
  AdminUser,
  AuditEntry,
  SuggestionApproved,
} from "./admin-schemas.ts";
import type {
  AccountSession,
  ConfirmAnswer,
  MessageAnswer,
  PendingAccount,
  SessionUser,
  SignupAnswer,
} from "./auth-schemas.ts";
import type { OauthStartAnswer } from "./oauth-schemas.ts";
import { searchSuggestionsSchema } from "./search-schemas.ts";
import { EMAIL_SOURCES } from "./provider-schemas.ts";
import type { SuggestionCreated } from "./suggestion-schemas.ts";
import type { Category, GalleryImage, ProviderPublic, ServicePublic } from "./types.ts";

/**
 * The bodies the API answers with, as zod schemas: the OpenAPI document
 * (/api/openapi.json) is generated from them, and tests can check a real
 * answer against them. They describe the types in types.ts, auth-schemas.ts
 * and admin-schemas.ts; type checks at the bottom keep each schema and its
 * interface from drifting apart.
 *
 * `.meta({ id })` names a schema in the document's components.
 */

const isoTime = z.string().meta({ format: "date-time" });
const uuid = z.string().meta({ format: "uuid" });
const role = z.enum(["customer", "provider", "admin"]);

/** Every error answer: `{ error }`, sometimes with a machine-readable `code`. */
export const errorSchema = z
  .object({
    error: z.string().meta({ description: "A sentence for people; never a stack trace." }),
    code: z
      .string()
      .optional()
      .meta({ description: "Set where a client acts on the error (`email_not_confirmed`)." }),
  })
  .meta({ id: "Error" });

export const okSchema = z.object({ ok: z.literal(true) }).meta({ id: "Ok" });

const nameUr = z
  .string()
  .nullable()
  .meta({ description: "Urdu name; null when none (Urdu pages show the English name)." });
const descriptionUr = z
  .string()
  .meta({ description: 'Urdu description; `""` when none (Urdu pages show the English one).' });

export const categorySchema = z
  .object({
    id: uuid,
    name: z.string(),
    nameUr,
    slug: z.string(),
    description: z.string(),
    descriptionUr,
    icon: z.string(),
  })
  .meta({ id: "Category" });

/** A service's price (decision 023). */
const servicePrice = z.number().int().nullable().meta({
  description: "Whole rupees; 0 means free. Null: not priced, the page reads 'Price on request'.",
});

export const servicePublicSchema = z
  .object({
    id: uuid,
    providerId: uuid,
    categoryId: uuid,
    name: z.string(),
    description: z.string(),
    pricePkr: servicePrice,
    isActive: z.boolean(),
    category: z.object({ id: uuid, name: z.string(), nameUr, slug: z.string() }),
  })
  .meta({ id: "Service" });

const providerPublicFields = {
  id: uuid,
  companyName: z.string(),
  companyNameUr: z.string().nullable().meta({
    description:
      "The provider's Urdu company name; null when none (Urdu pages show the English one).",
  }),
  slug: z.string(),
  description: z.string(),
  descriptionUr,
  location: z.string().meta({ description: "`City — address`." }),
  city: z.string().nullable(),
  coverImageUrl: z.string().nullable(),
  logoUrl: z.string().nullable(),
  responseTime: z
    .string()
    .nullable()
    .meta({ description: "Self-declared, as the provider typed it." }),
  replyMinutes: z.number().int().nullable().meta({
    description:
      "Median minutes to the first reply to a quote request over the last 90 days; null with fewer than 3 requests.",
  }),
  isFastResponder: z.boolean().meta({
    description: "Among the fastest quarter of providers with a measured reply time.",
  }),
  pricePkr: z.number().int().nullable(),
  isVerified: z.boolean(),
  isActive: z.boolean(),
  isSuggested: z.boolean(),
  isClaimed: z.boolean().meta({
    description: "Whether an account owns the listing; only an owned listing takes quote requests.",
  }),
  services: z.array(servicePublicSchema),
  path: z.string().meta({ description: "Canonical page path: /pk/{city}/{category}/{slug}-{id}." }),
  createdAt: isoTime,
  updatedAt: isoTime,
};

/** A provider as anyone may see it: no contact details. */
export const providerPublicSchema = z.object(providerPublicFields).meta({ id: "ProviderPublic" });

const contactFields = {
  email: z.string().nullable(),
  phone: z.string().nullable().meta({
    description:
      "E.164 for a Pakistani number (`+923001234567`), otherwise as the provider typed it.",
  }),
  phoneOnWhatsapp: z.boolean().meta({ description: "The provider says the phone takes WhatsApp." }),
  website: z.string().nullable(),
};

/**
 * GET /api/providers/{id}: the public view, plus the contact details when the
 * caller is signed in (absent otherwise).
 */
export const providerDetailSchema = z
  .object({
    ...providerPublicFields,
    email: contactFields.email.optional(),
    phone: contactFields.phone.optional(),
    phoneOnWhatsapp: contactFields.phoneOnWhatsapp.optional(),
    website: contactFields.website.optional(),
  })
  .meta({ id: "ProviderDetail" });

export const galleryImageSchema = z
  .object({ id: uuid, providerId: uuid, imageUrl: z.string(), createdAt: isoTime })
  .meta({ id: "GalleryImage" });

/** What the owner (and admins) see: public view, contact details, owner and gallery. */
export const providerOwnerViewSchema = z
  .object({
    ...providerPublicFields,
    ...contactFields,
    userId: uuid.nullable(),
    gallery: z.array(galleryImageSchema),
  })
  .meta({ id: "ProviderOwnerView" });

export const favoriteStateSchema = z
  .object({ isFavorite: z.boolean() })
  .meta({ id: "FavoriteState" });

export const searchSuggestionsAnswerSchema = searchSuggestionsSchema.meta({
  id: "SearchSuggestions",
});

export const suggestionCreatedSchema = z
  .object({ id: uuid, status: z.literal("pending") })
  .meta({ id: "SuggestionCreated" });

export const uploadAnswerSchema = z
  .object({
    publicUrl: z.string().meta({ description: "`/media/{key}`: store this URL." }),
    key: z.string(),
    contentType: z.enum(["image/jpeg", "image/png", "image/webp"]),
    width: z.number().int(),
    height: z.number().int(),
    variants: z.array(
      z.object({
        url: z.string(),
        contentType: z.enum(["image/jpeg", "image/webp"]),
        width: z.number().int(),
        height: z.number().int(),
      }),
    ),
  })
  .meta({ id: "Upload" });

// ---------------------------------------------------------------- accounts

export const sessionUserSchema = z
  .object({
    id: uuid,
    email: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    profileImageUrl: z.string().nullable(),
    role,
    emailConfirmedAt: isoTime.nullable(),
  })
  .meta({ id: "SessionUser" });

export const signinAnswerSchema = z.object({ user: sessionUserSchema }).meta({ id: "SignIn" });

export const signupAnswerSchema = z
  .object({
    message: z.string(),
    user: z.object({ email: z.string(), email_confirmed_at: isoTime.nullable() }),
  })
  .meta({ id: "SignUp" });

export const messageAnswerSchema = z.object({ message: z.string() }).meta({ id: "Message" });

export const confirmAnswerSchema = z
  .object({ message: z.string(), signInPath: z.string() })
  .meta({ id: "Confirmed" });

export const pendingAccountSchema = z
  .object({
    email: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    signedUpAt: isoTime,
  })
  .meta({ id: "PendingAccount" });

export const accountSessionSchema = z
  .object({
    id: z.string(),
    device: z.string(),
    lastUsedAt: isoTime,
    createdAt: isoTime,
    current: z.boolean(),
  })
  .meta({ id: "AccountSession" });

export const oauthStartAnswerSchema = z.object({ url: z.string() }).meta({ id: "OauthStart" });

export const hashCallbackGoneSchema = z
  .object({ error: z.string(), redirect: z.string() })
  .meta({ id: "HashCallbackGone" });

// ---------------------------------------------------------------- admin

export const adminStatsSchema = z
  .object({
    totalUsers: z.number().int(),
    totalCustomers: z.number().int(),
    totalProviders: z
      .number()
      .int()
      .meta({ description: "Every provider, active or not (active + inactive)." }),
    activeProviders: z
      .number()
      .int()
      .meta({ description: "Active providers: the 'Total Providers' card (decision 024)." }),
    inactiveProviders: z.number().int().meta({ description: "Deactivated providers." }),
    activeServices: z.number().int(),
    verifiedProviders: z.number().int(),
    monthlyGrowth: z
      .number()
      .nullable()
      .meta({
        description:
          "Percent change (one decimal) of newProvidersLast30Days against " +
          "newProvidersPrevious30Days; null when the earlier window has none (decision 024).",
      }),
    newProvidersLast30Days: z.number().int().meta({
      description: "Providers created in the 30 days up to now that are active now.",
    }),
    newProvidersPrevious30Days: z
      .number()
      .int()
      .meta({ description: "The same for the 30 days before those." }),
  })
  .meta({ id: "AdminStats" });

export const auditEntrySchema = z
  .object({
    id: z.string(),
    actorId: z.string().nullable(),
    action: z.string(),
    targetType: z.string(),
    targetId: z.string(),
    before: z.unknown(),
    after: z.unknown(),
    createdAt: isoTime,
  })
  .meta({ id: "AuditEntry" });

export const adminSuggestionSchema = z
  .object({
    id: uuid,
    name: z.string(),
    city: z.string(),
    categoryIds: z.array(z.string()),
    category_ids: z.array(z.string()),
    categoryId: z.string().nullable(),
    categoryNames: z.array(z.string()),
    contact: z.string(),
    email: z.string().nullable(),
    website: z.string().nullable(),
    status: z.enum(["pending", "rejected", "approved"]),
    providerId: uuid.nullable(),
    createdAt: isoTime,
  })
  .meta({ id: "AdminSuggestion" });

export const suggestionApprovedSchema = z
  .object({
    id: uuid,
    status: z.literal("approved"),
    providerId: uuid.nullable(),
    created: z.boolean(),
  })
  .meta({ id: "SuggestionApproved" });

export const suggestionRejectedSchema = z
  .object({ id: uuid, status: z.literal("rejected") })
  .meta({ id: "SuggestionRejected" });

export const adminUserSchema = z
  .object({
    id: uuid,
    email: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    profileImageUrl: z.string().nullable(),
    role,
    emailConfirmed: z.boolean(),
    providerId: uuid.nullable(),
    createdAt: isoTime,
  })
  .meta({ id: "AdminUser" });

export const adminProviderSchema = z
  .object({
    id: uuid,
    companyName: z.string(),
    companyNameUr: z.string().nullable(),
    slug: z.string(),
    location: z.string().nullable(),
    city: z.string().nullable(),
    description: z.string().nullable(),
    descriptionUr: z.string(),
    email: z.string().nullable(),
    emailSource: z.enum(EMAIL_SOURCES).nullable(),
    emailProvesClaim: z.boolean(),
    phone: z.string().nullable(),
    phoneOnWhatsapp: z.boolean(),
    website: z.string().nullable(),
    pricePkr: z.number().int().nullable(),
    isActive: z.boolean(),
    isVerified: z.boolean(),
    isSuggested: z.boolean(),
    userId: uuid.nullable(),
    ownerEmail: z.string().nullable(),
    services: z.array(
      z.object({
        id: uuid,
        categoryId: uuid,
        categoryName: z.string(),
        name: z.string(),
        pricePkr: servicePrice,
        isActive: z.boolean(),
      }),
    ),
    path: z.string(),
    createdAt: isoTime,
    updatedAt: isoTime,
  })
  .meta({ id: "AdminProvider" });

export const deletedSchema = z
  .object({ id: uuid, deleted: z.literal(true) })
  .meta({ id: "Deleted" });

export const healthSchema = z.object({ ok: z.literal(true) }).meta({ id: "Health" });

// The interfaces the code answers with must fit the schemas the document shows
// (tsc fails here when a field is added to one and not the other).
type Fits<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Check<T extends true> = T;
export type ApiSchemaChecks = [
  Check<Fits<Category, z.infer<typeof categorySchema>>>,
  Check<Fits<ServicePublic, z.infer<typeof servicePublicSchema>>>,
  Check<Fits<ProviderPublic, z.infer<typeof providerPublicSchema>>>,
  Check<Fits<GalleryImage, z.infer<typeof galleryImageSchema>>>,
  Check<Fits<SessionUser, z.infer<typeof sessionUserSchema>>>,
  Check<Fits<SignupAnswer, z.infer<typeof signupAnswerSchema>>>,
  Check<Fits<MessageAnswer, z.infer<typeof messageAnswerSchema>>>,
  Check<Fits<ConfirmAnswer, z.infer<typeof confirmAnswerSchema>>>,
  Check<Fits<PendingAccount, z.infer<typeof pendingAccountSchema>>>,
  Check<Fits<AccountSession, z.infer<typeof accountSessionSchema>>>,
  Check<Fits<OauthStartAnswer, z.infer<typeof oauthStartAnswerSchema>>>,
  Check<Fits<AdminStats, z.infer<typeof adminStatsSchema>>>,
  Check<Fits<AdminSuggestion, z.infer<typeof adminSuggestionSchema>>>,
  Check<Fits<SuggestionApproved, z.infer<typeof suggestionApprovedSchema>>>,
  Check<Fits<AdminUser, z.infer<typeof adminUserSchema>>>,
  Check<Fits<AdminProvider, z.infer<typeof adminProviderSchema>>>,
  Check<Fits<SuggestionCreated, z.infer<typeof suggestionCreatedSchema>>>,
  Check<[AuditEntry] extends [z.infer<typeof auditEntrySchema>] ? true : false>,
];
