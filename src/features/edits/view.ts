/**
 * How a proposal reads on the owner's 'Suggested changes' and the admin Edits
 * tab: the field's name, the listing's value now and the proposed one as text,
 * the status label. Pure, so it is unit-tested.
 */
import { categoryName, cityName, m, type Locale } from "../../i18n/index.ts";
import type { EditField, EditStatus, EditView } from "../../lib/edit-schemas.ts";
import { toLocalPhone } from "../../lib/phone.ts";

export function fieldLabel(field: EditField, locale: Locale): string {
  const o = { locale };
  switch (field) {
    case "phone":
      return m.edits_field_phone({}, o);
    case "email":
      return m.edits_field_email({}, o);
    case "website":
      return m.edits_field_website({}, o);
    case "location":
      return m.edits_field_location({}, o);
    case "categories":
      return m.edits_field_categories({}, o);
    case "closed":
      return m.edits_field_closed({}, o);
    case "duplicate":
      return m.edits_field_duplicate({}, o);
  }
}

export function statusLabel(status: EditStatus, locale: Locale): string {
  const o = { locale };
  switch (status) {
    case "pending":
      return m.edits_status_pending({}, o);
    case "accepted":
      return m.edits_status_accepted({}, o);
    case "rejected":
      return m.edits_status_rejected({}, o);
    case "withdrawn":
      return m.edits_status_withdrawn({}, o);
  }
}

export interface CategoryNames {
  get(id: string): { name: string; nameUr?: string | null } | undefined;
}

const str = (v: unknown): string => (typeof v === "string" ? v.trim() : "");

/**
 * A value of `field` in the shape listing_edits.value holds (see db/schema.ts):
 * a string for phone, email and website, `{city, address}` for location,
 * category ids for categories, a listing id for duplicate, null for closed.
 * `which` says whether it is the proposed value or the listing's value now
 * (for `closed`, now is 'Open' unless the listing has a closing date). Null when there is nothing to show.
 */
export function valueText(
  field: EditField,
  value: unknown,
  which: "proposed" | "current",
  locale: Locale,
  categories: CategoryNames,
  duplicateOf: EditView["duplicateOf"] = null,
): string | null {
  switch (field) {
    case "phone": {
      const phone = str(value);
      return phone ? toLocalPhone(phone) : null;
    }
    case "email":
    case "website":
      return str(value) || null;
    case "location": {
      const v = (value ?? {}) as { city?: unknown; address?: unknown };
      const city = str(v.city);
      const parts = [city && cityName(city, locale), str(v.address)].filter(Boolean);
      return parts.length ? parts.join(locale === "ur" ? "، " : ", ") : null;
    }
    case "categories": {
      if (!Array.isArray(value) || value.length === 0) return null;
      const names = value.map((id) => {
        const c = categories.get(String(id));
        return c ? categoryName(c, locale) : String(id);
      });
      return names.join(locale === "ur" ? "، " : ", ");
    }
    case "closed":
      if (which === "current") {
        // The listing's closedAt (an ISO date) when it is closed, else null.
        return value ? m.edits_value_closed({}, { locale }) : m.edits_value_open({}, { locale });
      }
      return m.edits_value_closed({}, { locale });
    case "duplicate":
      if (which === "current") return null;
      return duplicateOf?.companyName ?? (str(value) || null);
  }
}

/** Pending first (oldest first, as they came), then the decided ones, newest decision first. */
export function splitByStatus(items: readonly EditView[]): {
  pending: EditView[];
  decided: EditView[];
} {
  const pending = items.filter((e) => e.status === "pending");
  const decided = items.filter((e) => e.status !== "pending");
  return { pending, decided };
}

/** Text typed into these reads left to right also on an Urdu page. */
export function isLatinValue(field: EditField): boolean {
  return field === "phone" || field === "email" || field === "website";
}
