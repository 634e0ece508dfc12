/**
 * The service form of the dashboard ('Add New Service' and the edit
 * dialog): category and name required; the price in whole rupees, 0 or more,
 * or empty for 'Price on request' (decision 023).
 * Pure, so it is unit-tested; the add form and the edit dialog share it.
 */
import { localizeError } from "../../i18n/errors.ts";
import { currentLocale, type Locale } from "../../i18n/index.ts";
import { serviceCreateSchema } from "../../lib/provider-schemas.ts";
import type { ServicePublic } from "../../lib/types.ts";
import type { ServiceInput } from "./store.ts";

export interface ServiceValues {
  categoryId: string;
  name: string;
  /** As typed in the number input; "": not priced. */
  pricePkr: string;
  description: string;
}

export type ServiceField = keyof ServiceValues;
export type ServiceErrors = Partial<Record<ServiceField, string>>;

export const SERVICE_FIELDS: readonly ServiceField[] = [
  "categoryId",
  "name",
  "pricePkr",
  "description",
];

export const EMPTY_SERVICE: ServiceValues = {
  categoryId: "",
  name: "",
  pricePkr: "",
  description: "",
};

export function serviceValuesFrom(s: ServicePublic): ServiceValues {
  return {
    categoryId: s.categoryId || s.category.id,
    name: s.name,
    pricePkr: s.pricePkr === null ? "" : String(s.pricePkr),
    description: s.description ?? "",
  };
}

const schema = serviceCreateSchema.omit({ providerId: true });

export type ServiceCheck =
  { ok: true; input: ServiceInput } | { ok: false; errors: ServiceErrors; first: ServiceField };

/** Messages are in `locale` (the spec's English ones translated through the error catalogue). */
export function checkService(
  values: ServiceValues,
  locale: Locale = currentLocale(),
): ServiceCheck {
  const errors: ServiceErrors = {};
  if (!values.categoryId) errors.categoryId = localizeError("Category is required", locale);
  const parsed = schema.safeParse({
    categoryId: values.categoryId,
    name: values.name,
    description: values.description,
    pricePkr: values.pricePkr.trim(),
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path[0];
      if (typeof key === "string" && key in EMPTY_SERVICE) {
        errors[key as ServiceField] ??= localizeError(issue.message, locale);
      }
    }
  }
  const first = SERVICE_FIELDS.find((f) => errors[f]);
  if (first || !parsed.success) return { ok: false, errors, first: first ?? "name" };
  return {
    ok: true,
    input: {
      categoryId: parsed.data.categoryId,
      name: parsed.data.name,
      description: parsed.data.description ?? "",
      pricePkr: parsed.data.pricePkr ?? null,
    },
  };
}
