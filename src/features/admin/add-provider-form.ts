/**
 * The "Add Provider (Admin)" form: its values, its rules and the payload it
 * sends (POST /api/admin/providers).
 * Pure, so it is unit-tested.
 */
import {
  adminProviderCreateSchema,
  type AdminProviderCreateInput,
} from "../../lib/admin-schemas.ts";
import { joinLocation } from "../../lib/location.ts";

export interface AddProviderValues {
  companyName: string;
  /** The Urdu company name and description (decision 022), optional. */
  companyNameUr: string;
  city: string;
  address: string;
  email: string;
  phone: string;
  website: string;
  description: string;
  descriptionUr: string;
  ownerEmail: string;
  categoryIds: string[];
}

export type AddProviderField = keyof AddProviderValues;
export type AddProviderErrors = Partial<Record<AddProviderField, string>>;

export const EMPTY_ADD_PROVIDER: AddProviderValues = {
  companyName: "",
  companyNameUr: "",
  city: "",
  address: "",
  email: "",
  phone: "",
  website: "",
  description: "",
  descriptionUr: "",
  ownerEmail: "",
  categoryIds: [],
};

/** Form order: the first invalid field in this order gets the focus. */
export const ADD_PROVIDER_FIELDS: readonly AddProviderField[] = [
  "companyName",
  "companyNameUr",
  "city",
  "address",
  "email",
  "phone",
  "website",
  "description",
  "descriptionUr",
  "ownerEmail",
  "categoryIds",
];

/** The toast for a form without company name or location. */
export const MISSING_FIELDS_TOAST = {
  title: "Missing fields",
  description: "Company name and location are required",
} as const;

/** Payload fields (as a 400 from the API names them) and the form field that shows them. */
export const ADD_PROVIDER_FIELD_OF_PAYLOAD: Readonly<Record<string, AddProviderField>> = {
  companyName: "companyName",
  companyNameUr: "companyNameUr",
  location: "city",
  email: "email",
  phone: "phone",
  website: "website",
  description: "description",
  descriptionUr: "descriptionUr",
  ownerEmail: "ownerEmail",
  categoryIds: "categoryIds",
};

export type AddProviderCheck =
  | { ok: true; payload: AdminProviderCreateInput }
  /** Company name or location missing; nothing is sent. */
  | { ok: false; missing: true; errors: AddProviderErrors; first: AddProviderField }
  | { ok: false; missing: false; errors: AddProviderErrors; first: AddProviderField };

/**
 * Builds the create payload: trimmed text, the city and address joined into
 * `City — address`, empty optional fields left out, categories deduplicated.
 */
export function addProviderPayload(values: AddProviderValues): AdminProviderCreateInput {
  const payload: AdminProviderCreateInput = {
    companyName: values.companyName.trim(),
    location: joinLocation(values.city, values.address),
  };
  const optional = [
    "companyNameUr",
    "email",
    "phone",
    "website",
    "description",
    "descriptionUr",
    "ownerEmail",
  ] as const;
  for (const key of optional) {
    const v = values[key].trim();
    if (v) payload[key] = v;
  }
  payload.categoryIds = [...new Set(values.categoryIds)];
  return payload;
}

/**
 * The client rule first (company name and a city, else 'Missing fields'),
 * then the API's own schema so format errors show by their inputs.
 */
export function checkAddProvider(values: AddProviderValues): AddProviderCheck {
  const errors: AddProviderErrors = {};
  if (!values.companyName.trim()) errors.companyName = "Company name is required";
  // The stored location is `City — address`; an address with no city is not one.
  if (!values.city.trim()) errors.city = "City is required";
  if (errors.companyName || errors.city) {
    return { ok: false, missing: true, errors, first: errors.companyName ? "companyName" : "city" };
  }
  const payload = addProviderPayload(values);
  const parsed = adminProviderCreateSchema.safeParse(payload);
  if (parsed.success) return { ok: true, payload };
  for (const issue of parsed.error.issues) {
    const key = issue.path[0];
    if (key === "location") {
      errors[issue.code === "too_big" ? "address" : "city"] ??= issue.message;
    } else if (typeof key === "string" && key in ADD_PROVIDER_FIELD_OF_PAYLOAD) {
      errors[ADD_PROVIDER_FIELD_OF_PAYLOAD[key]!] ??= issue.message;
    }
  }
  const first = ADD_PROVIDER_FIELDS.find((f) => errors[f]) ?? "companyName";
  return { ok: false, missing: false, errors, first };
}
