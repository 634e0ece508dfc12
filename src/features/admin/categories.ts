/**
 * The category forms ("Add Service Category" and the inline edit of
 * "Service Categories"): checked with the API's own schemas before sending.
 * Pure, so it is unit-tested.
 */
import { categoryCreateSchema, categoryUpdateSchema } from "../../lib/admin-schemas.ts";
import type { Category } from "../../lib/types.ts";

export interface CategoryValues {
  name: string;
  description: string;
  icon: string;
  /** The reviewed Urdu name and description (decision 022); empty: Urdu pages show the English. */
  nameUr: string;
  descriptionUr: string;
}

export type CategoryField = keyof CategoryValues;
export type CategoryErrors = Partial<Record<CategoryField, string>>;

/** In the form's order: the first wrong one takes the focus. */
export const CATEGORY_FIELDS: readonly CategoryField[] = [
  "name",
  "icon",
  "description",
  "nameUr",
  "descriptionUr",
];

export const EMPTY_CATEGORY: CategoryValues = {
  name: "",
  description: "",
  icon: "",
  nameUr: "",
  descriptionUr: "",
};

export function categoryValuesFrom(
  c: Pick<Category, "name" | "description" | "icon"> &
    Partial<Pick<Category, "nameUr" | "descriptionUr">>,
): CategoryValues {
  return {
    name: c.name,
    description: c.description ?? "",
    icon: c.icon ?? "",
    nameUr: c.nameUr ?? "",
    descriptionUr: c.descriptionUr ?? "",
  };
}

/** What the API is sent: every field trimmed; no Urdu name is null. */
export type CategoryPayload = Omit<CategoryValues, "nameUr"> & { nameUr: string | null };

export type CategoryCheck =
  | { ok: true; payload: CategoryPayload }
  | { ok: false; errors: CategoryErrors; first: CategoryField };

function collect(issues: readonly { path: PropertyKey[]; message: string }[]): CategoryErrors {
  const errors: CategoryErrors = {};
  for (const issue of issues) {
    const key = issue.path[0];
    if (typeof key === "string" && (CATEGORY_FIELDS as readonly string[]).includes(key)) {
      errors[key as CategoryField] ??= issue.message;
    }
  }
  return errors;
}

/** The API refuses names without a letter or digit ("!!!" would have an empty slug). */
const SLUGGABLE = /[\p{L}\p{N}]/u;
const NAME_NEEDS_LETTER = "Name must contain a letter or digit";

function finish(errors: CategoryErrors, data: CategoryPayload | null): CategoryCheck {
  if (data && !errors.name && !SLUGGABLE.test(data.name)) errors.name = NAME_NEEDS_LETTER;
  const first = CATEGORY_FIELDS.find((f) => errors[f]);
  if (first || !data) return { ok: false, errors, first: first ?? "name" };
  return { ok: true, payload: data };
}

/** POST /api/service-categories: name required, the rest optional (trimmed). */
export function checkCategoryCreate(values: CategoryValues): CategoryCheck {
  const parsed = categoryCreateSchema.safeParse(values);
  if (!parsed.success) return finish(collect(parsed.error.issues), null);
  return finish({}, parsed.data);
}

/** PATCH /api/service-categories/{id}: the inline edit sends every field. */
export function checkCategoryUpdate(values: CategoryValues): CategoryCheck {
  const parsed = categoryUpdateSchema.safeParse(values);
  if (!parsed.success) return finish(collect(parsed.error.issues), null);
  const { name, description, icon, nameUr, descriptionUr } = parsed.data;
  return finish(
    {},
    {
      name: name ?? "",
      description: description ?? "",
      icon: icon ?? "",
      nameUr: nameUr ?? null,
      descriptionUr: descriptionUr ?? "",
    },
  );
}

/** True when the edit changed nothing worth a request (trimmed, like the server). */
export function sameCategory(
  a: CategoryValues | CategoryPayload,
  b: CategoryValues | CategoryPayload,
): boolean {
  return CATEGORY_FIELDS.every((f) => (a[f] ?? "").trim() === (b[f] ?? "").trim());
}
