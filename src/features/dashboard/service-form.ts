/**
 * The service form of the dashboard ('Add New Service' and the edit
 * dialog): category and name required, price in whole rupees, 0 or more.
 * Pure, so it is unit-tested; the add form and the edit dialog share it.
 */
import { serviceCreateSchema } from "../../lib/provider-schemas.ts";
import type { ServicePublic } from "../../lib/types.ts";
import type { ServiceInput } from "./store.ts";

export interface ServiceValues {
  categoryId: string;
  name: string;
  /** As typed in the number input: "" until something is entered. */
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
    pricePkr: String(s.pricePkr),
    description: s.description ?? "",
  };
}

const schema = serviceCreateSchema.omit({ providerId: true });

export type ServiceCheck =
  { ok: true; input: ServiceInput } | { ok: false; errors: ServiceErrors; first: ServiceField };

export function checkService(values: ServiceValues): ServiceCheck {
  const errors: ServiceErrors = {};
  if (!values.categoryId) errors.categoryId = "Category is required";
  // An empty number input would coerce to 0; the price must be entered.
  if (values.pricePkr.trim() === "") errors.pricePkr = "Price is required";
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
        errors[key as ServiceField] ??= issue.message;
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
      pricePkr: parsed.data.pricePkr,
    },
  };
}
