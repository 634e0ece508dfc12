import { z } from "zod";

/**
 * Payloads of provider self-service (decision 006), shared by the dashboard islands
 * that send them and the API that checks them.
 */

/**
 * Where a listing's email came from (providers.email_source, decision 029):
 * `seed` the demo or benchmark data; `legacy` on a listing nobody owned when sources
 * began to be recorded; `admin` typed or confirmed by an admin; `suggestion` an approved
 * public suggestion; `edit` a 'Suggest an edit' proposal an admin accepted; `owner` typed
 * by the listing's owner, or a proposal the owner accepted.
 */
export const EMAIL_SOURCES = ["seed", "legacy", "admin", "suggestion", "edit", "owner"] as const;
export type EmailSource = (typeof EMAIL_SOURCES)[number];

/**
 * Whether a claim link mailed to the listing's email proves a claim: the address must
 * be one the directory trusts. An address the listing's own owner set proves nothing
 * once that owner is gone (detached, or their account deleted): they could take the
 * listing back through it. An admin's confirmation makes it trusted again.
 */
export function emailProvesClaim(listing: {
  email: string | null;
  emailSource: EmailSource | null;
}): boolean {
  return listing.email !== null && listing.emailSource !== "owner";
}

/** Whole rupees; the ceiling only guards against typos and overflow. */
export const pricePkrSchema = z.coerce
  .number({ error: "Price must be a number" })
  .int({ error: "Price must be whole rupees" })
  .min(0, { error: "Price cannot be negative" })
  .max(10_000_000_000, { error: "Price is too large" });

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters` })
    .optional();

/** Empty strings mean "not given" (the setup form omits them, the dashboard may send ""). */
const blank = (v: unknown) => (typeof v === "string" && v.trim() === "" ? null : v);

/** `www.example.pk` is accepted and stored as `https://www.example.pk`. */
export const websiteSchema = z.preprocess(
  (v) => {
    const b = blank(v);
    if (typeof b !== "string") return b;
    const t = b.trim();
    return /^[a-z][a-z0-9+.-]*:/i.test(t) ? t : `https://${t}`;
  },
  z
    .url({ protocol: /^https?$/, error: "Website must be a web address (https://…)" })
    .max(300, { error: "Website must be at most 300 characters" })
    .nullable()
    .optional(),
);

export const contactEmailSchema = z.preprocess(
  blank,
  z
    .email({ error: "Email must be a valid email address" })
    .max(254)
    .transform((e) => e.toLowerCase())
    .nullable()
    .optional(),
);

/** Phone as typed; the server stores a Pakistani number in E.164 (+923001234567). */
export const phoneSchema = z.preprocess(
  blank,
  z
    .string()
    .trim()
    .max(40, { error: "Phone must be at most 40 characters" })
    .regex(/^[+()\d\s-]{7,}$/, { error: "Phone may only contain digits, spaces, + ( ) and -" })
    .nullable()
    .optional(),
);

/**
 * `/media/{key}` with a key the blob store would accept: safe segments of
 * `A-Za-z0-9._-`, none empty, `.` or `..`. The same rule as isSafeBlobKey in
 * functions/lib/blob-keys.ts (src/lib may not import functions/;
 * tests/unit/media-url.test.ts keeps the two in step).
 */
export function isMediaUrl(url: string): boolean {
  if (!url.startsWith("/media/")) return false;
  const key = url.slice("/media/".length);
  if (key.length === 0 || key.length > 512) return false;
  return key
    .split("/")
    .every((seg) => seg !== "" && seg !== "." && seg !== ".." && /^[A-Za-z0-9._-]+$/.test(seg));
}

const MEDIA_URL_ERROR = "must be an image uploaded to this site (/media/…), not a web address";

/**
 * Cover and logo are uploads of this site, never any URL on the web: an
 * outside URL would let a profile show (and our CSP allow) anything, track its
 * visitors or change the picture after review. Empty means none.
 */
export const imageUrlSchema = z.preprocess(
  blank,
  z
    .string({ error: `Image ${MEDIA_URL_ERROR}` })
    .refine(isMediaUrl, { error: `Image ${MEDIA_URL_ERROR}` })
    .nullable()
    .optional(),
);

/** Longest company name and description (the Urdu ones share the limits). */
export const COMPANY_NAME_MAX = 200;
export const DESCRIPTION_MAX = 5000;

/**
 * The provider's own Urdu company name (decision 022): optional, shown on Urdu
 * pages instead of the English one. Empty means none (stored as null).
 */
export const companyNameUrSchema = z.preprocess(
  blank,
  z
    .string()
    .trim()
    .max(COMPANY_NAME_MAX, {
      error: `Urdu company name must be at most ${COMPANY_NAME_MAX} characters`,
    })
    .nullable()
    .optional(),
);

/** The Urdu description; "" means none (Urdu pages show the English one). */
export const descriptionUrSchema = optionalText(DESCRIPTION_MAX, "Urdu description");

/** POST /api/providers and PUT /api/providers/{id}. */
export const providerProfileSchema = z.object({
  companyName: z
    .string({ error: "Company name is required" })
    .trim()
    .min(1, { error: "Company name is required" })
    .max(COMPANY_NAME_MAX, {
      error: `Company name must be at most ${COMPANY_NAME_MAX} characters`,
    }),
  companyNameUr: companyNameUrSchema,
  description: optionalText(DESCRIPTION_MAX, "Description"),
  descriptionUr: descriptionUrSchema,
  /** Stored as `City — address`. */
  location: optionalText(300, "Location"),
  website: websiteSchema,
  phone: phoneSchema,
  /** The phone takes WhatsApp; a new listing without it: yes for a Pakistani mobile. */
  phoneOnWhatsapp: z.boolean({ error: "phoneOnWhatsapp must be true or false" }).optional(),
  email: contactEmailSchema,
  coverImageUrl: imageUrlSchema,
  logoUrl: imageUrlSchema,
  responseTime: optionalText(60, "Response time"),
  pricePkr: z.preprocess(blank, pricePkrSchema.nullable().optional()),
  /** Sent by the setup form; the server always uses the signed-in user instead. */
  userId: z.string().optional(),
});
export type ProviderProfileInput = z.input<typeof providerProfileSchema>;

/** PUT may send any subset of the profile fields. */
export const providerUpdateSchema = providerProfileSchema.partial();

/**
 * POST /api/services: category and name required. The price is optional
 * (decision 023): a whole number ≥ 0, 0 meaning free; left out, empty or null
 * it is not priced and reads 'Price on request'.
 */
export const serviceCreateSchema = z.object({
  providerId: z.uuid({ error: "providerId must be a UUID" }),
  categoryId: z.uuid({ error: "Category is required" }),
  name: z
    .string({ error: "Name is required" })
    .trim()
    .min(1, { error: "Name is required" })
    .max(200, { error: "Name must be at most 200 characters" }),
  description: optionalText(2000, "Description"),
  pricePkr: z.preprocess(blank, pricePkrSchema.nullable().optional()),
});
export type ServiceCreateInput = z.input<typeof serviceCreateSchema>;

/** PATCH /api/services/{id}: any subset of the editable fields. */
export const serviceUpdateSchema = serviceCreateSchema.omit({ providerId: true }).partial();

/** POST /api/providers/gallery. Admins may name the provider; providers act on their own. */
export const galleryAddSchema = z.object({
  imageUrl: z
    .string({ error: "imageUrl is required" })
    .refine(isMediaUrl, { error: `imageUrl ${MEDIA_URL_ERROR}` }),
  providerId: z.uuid().optional(),
});

/** Uploads: at most 5 MB and 4,000 px a side (decision 006). */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const MAX_IMAGE_SIDE = 4000;
export const UPLOAD_CONTENT_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;

/** Image sizes the browser produces before uploading: cover and logo cropped to these sizes. */
export const COVER_SIZE = { width: 800, height: 600 } as const;
export const LOGO_SIZE = { width: 400, height: 400 } as const;
export const GALLERY_MAX = { width: 1200, height: 900 } as const;
export const JPEG_QUALITY = 0.9;
