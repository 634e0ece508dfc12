/**
 * The provider setup form: company name required; empty website, phone and email are left
 * out of the payload. Checked with the same schema the API uses.
 */
import { joinLocation } from "../../lib/location.ts";
import { providerProfileSchema } from "../../lib/provider-schemas.ts";

export interface SetupValues {
  companyName: string;
  description: string;
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
  "description",
  "city",
  "address",
  "phone",
  "website",
  "email",
];

export const EMPTY_SETUP: SetupValues = {
  companyName: "",
  description: "",
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
  description: string;
  location: string;
  website?: string;
  phone?: string;
  phoneOnWhatsapp?: boolean;
  email?: string;
}

/** The POST /api/providers body of the setup screen. */
export function setupPayload(values: SetupValues, userId: string): SetupPayload {
  const payload: SetupPayload = {
    userId,
    companyName: values.companyName.trim(),
    description: values.description.trim(),
    location: joinLocation(values.city, values.address),
  };
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
  description: "description",
  location: "address",
  phone: "phone",
  website: "website",
  email: "email",
};

export type SetupCheck =
  { ok: true; payload: SetupPayload } | { ok: false; errors: SetupErrors; first: SetupField };

export function checkSetup(values: SetupValues, userId: string): SetupCheck {
  const payload = setupPayload(values, userId);
  const parsed = providerProfileSchema.safeParse(payload);
  if (parsed.success) return { ok: true, payload };
  const errors: SetupErrors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0];
    const field = typeof key === "string" ? SETUP_FIELD_OF_PAYLOAD[key] : undefined;
    if (field) errors[field] ??= issue.message;
  }
  const first = SETUP_FIELDS.find((f) => errors[f]) ?? "companyName";
  if (!errors[first]) errors.companyName ??= parsed.error.issues[0]?.message ?? "Check this form";
  return { ok: false, errors, first };
}
