/**
 * The provider setup form: company name required; empty website, phone and email are left
 * out of the payload. Checked with the same schema the API uses.
 */
import { localizeError } from "../../i18n/errors.ts";
import { currentLocale, type Locale } from "../../i18n/index.ts";
import { joinLocation } from "../../lib/location.ts";
import { providerProfileSchema } from "../../lib/provider-schemas.ts";

export interface SetupValues {
  companyName: string;
  /** Optional; Urdu pages show it instead of `companyName`. */
  companyNameUr: string;
  description: string;
  /** Optional; Urdu pages show it instead of `description`. */
  descriptionUr: string;
  /** Location, as a city from the list plus an optional address. */
  city: string;
  address: string;
  phone: string;
  /** The phone takes WhatsApp; sent only with a phone. */
  phoneOnWhatsapp: boolean;
  website: string;
  email: string;
}

export type SetupField = keyof SetupValues;
export type SetupErrors = Partial<Record<SetupField, string>>;

export const SETUP_FIELDS: readonly SetupField[] = [
  "companyName",
  "companyNameUr",
  "description",
  "descriptionUr",
  "city",
  "address",
  "phone",
  "website",
  "email",
];

export const EMPTY_SETUP: SetupValues = {
  companyName: "",
  companyNameUr: "",
  description: "",
  descriptionUr: "",
  city: "",
  address: "",
  phone: "",
  // Most Pakistani mobiles take WhatsApp: on until the provider says otherwise (decision 020).
  phoneOnWhatsapp: true,
  website: "",
  email: "",
};

export interface SetupPayload {
  userId: string;
  companyName: string;
  companyNameUr?: string;
  description: string;
  descriptionUr?: string;
  location: string;
  website?: string;
  phone?: string;
  phoneOnWhatsapp?: boolean;
  email?: string;
}

/** The POST /api/providers body of the setup screen; empty optional fields are left out. */
export function setupPayload(values: SetupValues, userId: string): SetupPayload {
  const payload: SetupPayload = {
    userId,
    companyName: values.companyName.trim(),
    description: values.description.trim(),
    location: joinLocation(values.city, values.address),
  };
  const companyNameUr = values.companyNameUr.trim();
  const descriptionUr = values.descriptionUr.trim();
  if (companyNameUr) payload.companyNameUr = companyNameUr;
  if (descriptionUr) payload.descriptionUr = descriptionUr;
  const website = values.website.trim();
  const phone = values.phone.trim();
  const email = values.email.trim();
  if (website) payload.website = website;
  if (phone) {
    payload.phone = phone;
    payload.phoneOnWhatsapp = values.phoneOnWhatsapp;
  }
  if (email) payload.email = email;
  return payload;
}

/** Payload fields (schema paths) and the form field that shows their errors. */
export const SETUP_FIELD_OF_PAYLOAD: Readonly<Record<string, SetupField>> = {
  companyName: "companyName",
  companyNameUr: "companyNameUr",
  description: "description",
  descriptionUr: "descriptionUr",
  location: "address",
  phone: "phone",
  website: "website",
  email: "email",
};

export type SetupCheck =
  { ok: true; payload: SetupPayload } | { ok: false; errors: SetupErrors; first: SetupField };

/** Messages are in `locale` (the spec's English ones translated through the error catalogue). */
export function checkSetup(
  values: SetupValues,
  userId: string,
  locale: Locale = currentLocale(),
): SetupCheck {
  const payload = setupPayload(values, userId);
  const parsed = providerProfileSchema.safeParse(payload);
  if (parsed.success) return { ok: true, payload };
  const errors: SetupErrors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0];
    const field = typeof key === "string" ? SETUP_FIELD_OF_PAYLOAD[key] : undefined;
    if (field) errors[field] ??= localizeError(issue.message, locale);
  }
  const first = SETUP_FIELDS.find((f) => errors[f]) ?? "companyName";
  if (!errors[first]) {
    errors.companyName ??= localizeError(
      parsed.error.issues[0]?.message ?? "Check this form",
      locale,
    );
  }
  return { ok: false, errors, first };
}
