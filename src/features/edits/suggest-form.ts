/**
 * The 'Suggest an edit' form (decision 025): what the visitor ticked
 * and typed, checked with the API's own schema, and the payload it sends.
 * Pure, so it is unit-tested.
 */
import { currentLocale, type Locale } from "../../i18n/index.ts";
import { localizeError } from "../../i18n/errors.ts";
import { m } from "../../i18n/index.ts";
import { splitLocation } from "../../lib/location.ts";
import {
  EDIT_FIELDS,
  editCreateSchema,
  editProposalSchema,
  type EditCreate,
  type EditField,
  type EditProposal,
} from "../../lib/edit-schemas.ts";

/** The listing this one repeats, as the duplicate picker found it. */
export interface DuplicateChoice {
  id: string;
  companyName: string;
  companyNameUr: string | null;
  city: string | null;
}

export interface EditDraft {
  selected: Readonly<Record<EditField, boolean>>;
  phone: string;
  email: string;
  website: string;
  city: string;
  address: string;
  categoryIds: readonly string[];
  duplicate: DuplicateChoice | null;
  notes: Readonly<Record<EditField, string>>;
}

/** The inputs that can show an error: a field's value inputs, each note, and the whole form. */
export type DraftInput =
  | "phone"
  | "email"
  | "website"
  | "city"
  | "address"
  | "categories"
  | "duplicate"
  | `note-${EditField}`
  | "form";
export type DraftErrors = Partial<Record<DraftInput, string>>;

/** What the listing shows now, for the inputs to start from and the 'unchanged' checks. */
export interface ListingNow {
  id: string;
  location: string | null;
  city: string | null;
  categoryIds: readonly string[];
}

const none = <T>(v: T) =>
  Object.fromEntries(EDIT_FIELDS.map((f) => [f, v])) as Record<EditField, T>;

/** Nothing ticked; the location and categories start from the listing's own. */
export function initialDraft(listing: ListingNow): EditDraft {
  const { city, address } = splitLocation(listing.location);
  return {
    selected: none(false),
    phone: "",
    email: "",
    website: "",
    city: city || listing.city || "",
    address,
    categoryIds: [...listing.categoryIds],
    duplicate: null,
    notes: none(""),
  };
}

/** The unique category ids of a listing's services, in their order. */
export function categoryIdsOf(services: readonly { categoryId: string }[]): string[] {
  return [...new Set(services.map((s) => s.categoryId))];
}

/** Where each field's value errors show (the location's city and address are two inputs). */
function inputOf(field: EditField, path: readonly PropertyKey[]): DraftInput {
  if (path[0] === "note") return `note-${field}`;
  if (field === "location") return path[1] === "address" ? "address" : "city";
  if (field === "closed") return "form";
  return field;
}

/** The proposal a ticked field sends, before the schema checks it. */
function rawProposal(field: EditField, d: EditDraft): { field: EditField; value: unknown } {
  switch (field) {
    case "phone":
    case "email":
    case "website":
      return { field, value: d[field] };
    case "location":
      return { field, value: { city: d.city, address: d.address } };
    case "categories":
      return { field, value: [...d.categoryIds] };
    case "closed":
      return { field, value: null };
    case "duplicate":
      return { field, value: d.duplicate?.id ?? null };
  }
}

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && new Set([...a, ...b]).size === a.length;

/** Form order: the first input in it with an error gets the focus. */
export const INPUT_ORDER: readonly DraftInput[] = [
  "form",
  ...EDIT_FIELDS.flatMap((f): DraftInput[] => {
    const own: DraftInput[] =
      f === "location"
        ? ["city", "address"]
        : f === "categories"
          ? ["categories"]
          : f === "closed"
            ? []
            : [f];
    return [...own, `note-${f}`];
  }),
];

export type DraftCheck =
  { ok: true; payload: EditCreate } | { ok: false; errors: DraftErrors; first: DraftInput };

/**
 * Checks every ticked field with the API's proposal schema (messages in the
 * page's language), plus what only the form can know: a location or a set of
 * categories the listing already shows, a listing named as its own duplicate.
 */
export function buildEditPayload(
  d: EditDraft,
  listing: ListingNow,
  locale: Locale = currentLocale(),
): DraftCheck {
  const errors: DraftErrors = {};
  const proposals: EditProposal[] = [];
  const fields = EDIT_FIELDS.filter((f) => d.selected[f]);
  if (fields.length === 0) errors.form = m.edits_choose_one({}, { locale });

  for (const field of fields) {
    if (field === "duplicate" && !d.duplicate) {
      errors.duplicate = m.edits_duplicate_required({}, { locale });
      continue;
    }
    if (field === "duplicate" && d.duplicate?.id.toLowerCase() === listing.id.toLowerCase()) {
      errors.duplicate = m.edits_duplicate_self({}, { locale });
      continue;
    }
    const parsed = editProposalSchema.safeParse({ ...rawProposal(field, d), note: d.notes[field] });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        errors[inputOf(field, issue.path)] ??= localizeError(issue.message, locale);
      }
      continue;
    }
    const p = parsed.data;
    if (p.field === "location") {
      const now = splitLocation(listing.location);
      const city = now.city || listing.city || "";
      if (p.value.city === city && p.value.address === now.address) {
        errors.city = m.edits_location_unchanged({}, { locale });
        continue;
      }
    }
    if (p.field === "categories" && sameSet(p.value, listing.categoryIds)) {
      errors.categories = m.edits_categories_unchanged({}, { locale });
      continue;
    }
    proposals.push(p);
  }

  const first = INPUT_ORDER.find((k) => errors[k]);
  if (first) return { ok: false, errors, first };
  // The whole payload through its schema too, so the form never sends what the API refuses.
  const payload = editCreateSchema.parse({ providerId: listing.id, proposals });
  return { ok: true, payload };
}
