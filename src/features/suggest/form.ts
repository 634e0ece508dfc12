import { m } from "../../i18n/index.ts";
import type { SuggestionInput } from "../../lib/suggestion-schemas.ts";
import { HONEYPOT_FIELD } from "../../lib/suggestion-schemas.ts";

/** What the dialog's fields hold. */
export interface SuggestForm {
  name: string;
  city: string;
  categoryIds: string[];
  contact: string;
  email: string;
  website: string;
  /** The honeypot: people never see it, so it stays empty. */
  trap: string;
}

export const EMPTY_FORM: SuggestForm = {
  name: "",
  city: "",
  categoryIds: [],
  contact: "",
  email: "",
  website: "",
  trap: "",
};

/** Submit only when these hold (the server checks the full schema). */
export function canSubmit(f: SuggestForm): boolean {
  return (
    f.name.trim().length >= 2 &&
    f.city !== "" &&
    f.categoryIds.length >= 1 &&
    f.contact.trim().length >= 3
  );
}

/** The toast for an attempt while invalid. */
export function invalidToast(f: SuggestForm): { title: string; description: string } {
  if (f.categoryIds.length === 0) {
    return {
      title: m.search_suggest_no_category(),
      description: m.search_suggest_no_category_text(),
    };
  }
  return {
    title: m.search_suggest_missing_fields(),
    description: m.search_suggest_missing_fields_text(),
  };
}

/** The request body: trimmed, empty email and website left out. */
export function toPayload(f: SuggestForm): SuggestionInput {
  const email = f.email.trim();
  const website = f.website.trim();
  return {
    name: f.name.trim(),
    city: f.city,
    categoryIds: f.categoryIds,
    contact: f.contact.trim(),
    ...(email ? { email } : {}),
    ...(website ? { website } : {}),
    ...(f.trap ? { [HONEYPOT_FIELD]: f.trap } : {}),
  };
}
