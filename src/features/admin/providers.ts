/**
 * Pure helpers of the Manage Providers panel: the list query, the
 * Edit details form (values, rules, payload) and the toast sentences.
 * Unit-tested.
 */
import {
  ADMIN_PAGE_SIZE,
  adminProviderDetailsSchema,
  type AdminProvider,
  type AdminProviderFilter,
  type AdminProviderService,
} from "../../lib/admin-schemas.ts";
import { joinLocation, splitLocation } from "../../lib/location.ts";
import { toLocalPhone } from "../../lib/phone.ts";
import type { Category } from "../../lib/types.ts";

export const PROVIDER_FILTER_LABELS: Readonly<Record<AdminProviderFilter, string>> = {
  all: "All",
  active: "Active",
  inactive: "Inactive",
  verified: "Verified",
  unverified: "Unverified",
  suggested: "Suggested",
};

export interface ProvidersQuery {
  q: string;
  filter: AdminProviderFilter;
  page: number;
}

/**
 * The query string of GET /api/admin/providers; empty values are left out of
 * the request, and so are status "all" and page 1.
 */
export function providersQuery(query: ProvidersQuery, limit: number = ADMIN_PAGE_SIZE) {
  return {
    q: query.q.trim(),
    status: query.filter === "all" ? "" : query.filter,
    page: query.page > 1 ? String(query.page) : "",
    limit: String(limit),
  };
}

export function replaceProvider(
  items: readonly AdminProvider[],
  next: AdminProvider,
): AdminProvider[] {
  return items.map((p) => (p.id === next.id ? next : p));
}

/** Categories the provider does not offer yet: what the add-category picker lists. */
export function addableCategories(
  provider: Pick<AdminProvider, "services">,
  categories: readonly Category[],
): Category[] {
  const offered = new Set(provider.services.map((s) => s.categoryId.toLowerCase()));
  return categories.filter((c) => !offered.has(c.id.toLowerCase()));
}

/** The success toast's sentence for a flag change. */
export function flagSentence(
  companyName: string,
  flag: "isActive" | "isVerified",
  on: boolean,
): string {
  if (flag === "isActive") {
    return on
      ? `${companyName} is active and will be listed after the next publish.`
      : `${companyName} is hidden from the directory.`;
  }
  return on ? `${companyName} is verified.` : `${companyName} is no longer verified.`;
}

// ---------------------------------------------------------------- edit details

export interface DetailsValues {
  companyName: string;
  /** The Urdu company name and description (decision 022); empty: none. */
  companyNameUr: string;
  city: string;
  address: string;
  email: string;
  phone: string;
  /** The phone takes WhatsApp (a checkbox). */
  phoneOnWhatsapp: boolean;
  website: string;
  description: string;
  descriptionUr: string;
  pricePkr: string;
}

export type DetailsField = keyof DetailsValues;
export type DetailsErrors = Partial<Record<DetailsField, string>>;

/** Form order: the first invalid field in this order gets the focus. */
export const DETAILS_FIELDS: readonly DetailsField[] = [
  "companyName",
  "companyNameUr",
  "city",
  "address",
  "email",
  "phone",
  "website",
  "pricePkr",
  "description",
  "descriptionUr",
];

/** The form filled from a provider; its stored `City — address` is split back. */
export function detailsValuesFrom(p: AdminProvider): DetailsValues {
  const { city, address } = splitLocation(p.location);
  return {
    companyName: p.companyName,
    companyNameUr: p.companyNameUr ?? "",
    city,
    address,
    email: p.email ?? "",
    // The local form ('0300 1234567'); stored in E.164 again on save.
    phone: p.phone ? toLocalPhone(p.phone) : "",
    phoneOnWhatsapp: p.phoneOnWhatsapp,
    website: p.website ?? "",
    description: p.description ?? "",
    descriptionUr: p.descriptionUr,
    pricePkr: p.pricePkr == null ? "" : String(p.pricePkr),
  };
}

/** PATCH /api/admin/providers/{id}/details as this form sends it: every field, "" clears. */
export interface DetailsPayload {
  companyName: string;
  companyNameUr: string;
  location: string;
  email: string;
  phone: string;
  phoneOnWhatsapp: boolean;
  website: string;
  description: string;
  descriptionUr: string;
  /** Null clears the "From PKR" price. */
  pricePkr: number | null;
}

/** Payload fields (as a 400 from the API names them) and the form field that shows them. */
export const DETAILS_FIELD_OF_PAYLOAD: Readonly<Record<string, DetailsField>> = {
  companyName: "companyName",
  companyNameUr: "companyNameUr",
  location: "city",
  email: "email",
  phone: "phone",
  website: "website",
  description: "description",
  descriptionUr: "descriptionUr",
  pricePkr: "pricePkr",
};

export type DetailsCheck =
  { ok: true; payload: DetailsPayload } | { ok: false; errors: DetailsErrors; first: DetailsField };

/**
 * A location problem belongs next to the city when it is missing and next
 * to the address when it is too long (the city names are short).
 */
function locationField(code: string): DetailsField {
  return code === "too_big" ? "address" : "city";
}

/** Checks the form with the API's own schema and builds the payload. */
export function checkDetails(values: DetailsValues): DetailsCheck {
  const price = values.pricePkr.trim();
  const payload: DetailsPayload = {
    companyName: values.companyName.trim(),
    companyNameUr: values.companyNameUr.trim(),
    location: joinLocation(values.city, values.address),
    email: values.email.trim(),
    phone: values.phone.trim(),
    phoneOnWhatsapp: values.phoneOnWhatsapp,
    website: values.website.trim(),
    description: values.description.trim(),
    descriptionUr: values.descriptionUr.trim(),
    pricePkr: price === "" ? null : Number(price),
  };
  // The schema reads the raw price text, so "12.5" and "abc" get its own messages.
  const parsed = adminProviderDetailsSchema.safeParse({ ...payload, pricePkr: price });
  if (parsed.success) return { ok: true, payload };
  const errors: DetailsErrors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0];
    if (key === "location") errors[locationField(issue.code)] ??= issue.message;
    else if (typeof key === "string" && key in DETAILS_FIELD_OF_PAYLOAD) {
      errors[DETAILS_FIELD_OF_PAYLOAD[key]!] ??= issue.message;
    }
  }
  const first = DETAILS_FIELDS.find((f) => errors[f]) ?? "companyName";
  return { ok: false, errors, first };
}

export interface ServiceGroup {
  categoryId: string;
  categoryName: string;
  services: AdminProviderService[];
}

/**
 * A provider's services by category, in the order the categories first
 * appear: an admin thinks in categories, but removes one service at a time
 * (a provider may offer several in one category, each with its own price).
 */
export function groupServices(services: readonly AdminProviderService[]): ServiceGroup[] {
  const groups = new Map<string, ServiceGroup>();
  for (const s of services) {
    const key = s.categoryId.toLowerCase();
    const group = groups.get(key);
    if (group) group.services.push(s);
    else groups.set(key, { categoryId: key, categoryName: s.categoryName, services: [s] });
  }
  return [...groups.values()];
}
