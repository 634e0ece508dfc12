/**
 * The dashboard's Company Profile form:
 * its values, its rules and the payload it sends. Pure, so it is unit-tested.
 */
import { z } from "zod";
import { currentLocale, type Locale } from "../../i18n/index.ts";
import { localizeError } from "../../i18n/errors.ts";
import { joinLocation, splitLocation } from "../../lib/location.ts";
import { toLocalPhone } from "../../lib/phone.ts";
import { phoneSchema, providerProfileSchema } from "../../lib/provider-schemas.ts";
import type { MyProvider } from "./my-provider.ts";

export interface ProfileValues {
  companyName: string;
  /** Optional; Urdu pages show it instead of `companyName`. */
  companyNameUr: string;
  email: string;
  phone: string;
  /** The phone takes WhatsApp (a checkbox, not a text field). */
  phoneOnWhatsapp: boolean;
  city: string;
  address: string;
  website: string;
  responseTime: string;
  description: string;
  /** Optional; Urdu pages show it instead of `description`. */
  descriptionUr: string;
  coverImageUrl: string;
  logoUrl: string;
}

export type ProfileField = keyof ProfileValues;
export type ProfileErrors = Partial<Record<ProfileField, string>>;

/** Form order: the first invalid field in this order gets the focus. */
export const PROFILE_FIELDS: readonly ProfileField[] = [
  "companyName",
  "companyNameUr",
  "email",
  "phone",
  "city",
  "address",
  "website",
  "responseTime",
  "description",
  "descriptionUr",
  "coverImageUrl",
  "logoUrl",
];

export const EMPTY_PROFILE: ProfileValues = {
  companyName: "",
  companyNameUr: "",
  email: "",
  phone: "",
  // Most Pakistani mobiles take WhatsApp: on until the provider says otherwise (decision 020).
  phoneOnWhatsapp: true,
  city: "",
  address: "",
  website: "",
  responseTime: "",
  description: "",
  descriptionUr: "",
  coverImageUrl: "",
  logoUrl: "",
};

/** The form filled from a saved provider; the stored `City — address` is split back. */
export function profileValuesFrom(p: MyProvider | null): ProfileValues {
  if (!p) return EMPTY_PROFILE;
  const { city, address } = splitLocation(p.location);
  return {
    companyName: p.companyName,
    companyNameUr: p.companyNameUr ?? "",
    email: p.email ?? "",
    // Shown as people write it here ('0300 1234567'); stored in E.164 again on save.
    phone: p.phone ? toLocalPhone(p.phone) : "",
    phoneOnWhatsapp: p.phoneOnWhatsapp,
    // A city the list does not know stays in the address, so nothing typed is lost.
    city: city || p.city || "",
    address,
    website: p.website ?? "",
    responseTime: p.responseTime ?? "",
    description: p.description ?? "",
    descriptionUr: p.descriptionUr ?? "",
    coverImageUrl: p.coverImageUrl ?? "",
    logoUrl: p.logoUrl ?? "",
  };
}

const shape = providerProfileSchema.shape;

/**
 * The provider schema with website and email relaxed to any string
 * (the server normalises and checks them), and cover, logo and city required.
 */
export const profileFormSchema = z.object({
  companyName: shape.companyName,
  companyNameUr: shape.companyNameUr,
  email: z.string().trim().max(254, { error: "Email must be at most 254 characters" }),
  phone: phoneSchema,
  phoneOnWhatsapp: z.boolean(),
  city: z.string().trim().min(1, { error: "City is required" }),
  address: z.string().trim().max(240, { error: "Address must be at most 240 characters" }),
  website: z.string().trim().max(300, { error: "Website must be at most 300 characters" }),
  responseTime: shape.responseTime,
  description: shape.description,
  descriptionUr: shape.descriptionUr,
  coverImageUrl: z.string().trim().min(1, { error: "Cover image is required" }),
  logoUrl: z.string().trim().min(1, { error: "Logo is required" }),
});

/** Payload fields (as the API names them in a 400) and the form field that shows them. */
export const PROFILE_FIELD_OF_PAYLOAD: Readonly<Record<string, ProfileField>> = {
  companyName: "companyName",
  companyNameUr: "companyNameUr",
  description: "description",
  descriptionUr: "descriptionUr",
  location: "address",
  website: "website",
  phone: "phone",
  email: "email",
  coverImageUrl: "coverImageUrl",
  logoUrl: "logoUrl",
  responseTime: "responseTime",
};

/** What POST /api/providers and PUT /api/providers/{id} receive from the dashboard. */
export interface ProfilePayload {
  companyName: string;
  /** null clears it. */
  companyNameUr: string | null;
  description: string;
  descriptionUr: string;
  location: string;
  website: string;
  phone: string;
  phoneOnWhatsapp: boolean;
  email: string;
  coverImageUrl: string;
  logoUrl: string;
  responseTime: string;
}

export type ProfileCheck =
  { ok: true; payload: ProfilePayload } | { ok: false; errors: ProfileErrors; first: ProfileField };

/**
 * Checks the form and builds the payload. Empty optional fields are sent as
 * "" (the Urdu name as null) so that clearing one in an update really clears
 * it on the server. Messages are in `locale`.
 */
export function checkProfile(
  values: ProfileValues,
  locale: Locale = currentLocale(),
): ProfileCheck {
  const parsed = profileFormSchema.safeParse(values);
  if (!parsed.success) {
    const errors: ProfileErrors = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path[0];
      if (typeof key === "string" && key in EMPTY_PROFILE) {
        errors[key as ProfileField] ??= localizeError(issue.message, locale);
      }
    }
    const first = PROFILE_FIELDS.find((f) => errors[f]) ?? "companyName";
    return { ok: false, errors, first };
  }
  const v = values;
  return {
    ok: true,
    payload: {
      companyName: v.companyName.trim(),
      companyNameUr: v.companyNameUr.trim() || null,
      description: v.description.trim(),
      descriptionUr: v.descriptionUr.trim(),
      location: joinLocation(v.city, v.address),
      website: v.website.trim(),
      phone: v.phone.trim(),
      phoneOnWhatsapp: v.phoneOnWhatsapp,
      email: v.email.trim(),
      coverImageUrl: v.coverImageUrl.trim(),
      logoUrl: v.logoUrl.trim(),
      responseTime: v.responseTime.trim(),
    },
  };
}
