/**
 * Provider suggestion moderation (the Provider Suggestions tab): which
 * buttons a row enables, what its contact inputs start with, and the approve
 * payload. Pure, so it is unit-tested.
 */
import {
  suggestionApproveSchema,
  type AdminSuggestion,
  type SuggestionFilter,
} from "../../lib/admin-schemas.ts";

export const FILTER_LABELS: Record<SuggestionFilter, string> = {
  pending: "Pending",
  rejected: "Rejected",
  approved: "Approved",
  all: "All",
};

/** What an empty list says, per filter. */
export function emptyText(filter: SuggestionFilter): string {
  return filter === "all" ? "No suggestions yet." : `No ${filter} suggestions.`;
}

export interface ActionState {
  canApprove: boolean;
  canReject: boolean;
}

/**
 * Approve and Reject are enabled only when the filter is pending or
 * rejected; Reject is disabled if the suggestion is already rejected. An
 * approved suggestion is final (the API refuses to reject it), whatever the filter.
 */
export function suggestionActions(
  filter: SuggestionFilter,
  status: AdminSuggestion["status"],
): ActionState {
  const reviewable = (filter === "pending" || filter === "rejected") && status !== "approved";
  return { canApprove: reviewable, canReject: reviewable && status !== "rejected" };
}

export interface ContactDraft {
  email: string;
  phone: string;
  website: string;
}

export type ContactField = keyof ContactDraft;
export type ContactErrors = Partial<Record<ContactField, string>>;

export const CONTACT_FIELDS: readonly ContactField[] = ["email", "phone", "website"];

/**
 * The suggest dialog has one "Phone / Contact" box; it is a phone number only
 * when it looks like one (the same test the API applies when it approves).
 */
export function contactLooksLikePhone(contact: string): boolean {
  const t = contact.trim();
  if (t.length > 40 || !/^[+()\d\s.-]{7,}$/.test(t)) return false;
  return (t.match(/\d/g) ?? []).length >= 7;
}

/** The inputs start from what the visitor sent. */
export function initialDraft(
  s: Pick<AdminSuggestion, "email" | "website" | "contact">,
): ContactDraft {
  return {
    email: s.email ?? "",
    phone: contactLooksLikePhone(s.contact) ? s.contact.trim() : "",
    website: s.website ?? "",
  };
}

export interface ApprovePayload {
  email: string | null;
  phone: string | null;
  website: string | null;
}

export type ApproveCheck =
  { ok: true; payload: ApprovePayload } | { ok: false; errors: ContactErrors; first: ContactField };

/**
 * Checks the edited contact details with the API's own schema. Empty fields
 * are sent as null, which lets the server keep what the visitor suggested.
 */
export function buildApprovePayload(draft: ContactDraft): ApproveCheck {
  // A pasted address often carries a space the email check would refuse.
  const parsed = suggestionApproveSchema.safeParse({
    email: draft.email.trim(),
    phone: draft.phone.trim(),
    website: draft.website.trim(),
  });
  if (!parsed.success) {
    const errors: ContactErrors = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path[0];
      if (typeof key === "string" && (CONTACT_FIELDS as readonly string[]).includes(key)) {
        errors[key as ContactField] ??= issue.message;
      }
    }
    const first = CONTACT_FIELDS.find((f) => errors[f]) ?? "email";
    return { ok: false, errors, first };
  }
  return {
    ok: true,
    payload: {
      email: parsed.data.email ?? null,
      phone: parsed.data.phone ?? null,
      website: parsed.data.website ?? null,
    },
  };
}

/** The suggestion's first category id (spec: "category id"), in either spelling. */
export function primaryCategoryId(
  s: Pick<AdminSuggestion, "categoryId" | "categoryIds" | "category_ids">,
): string | null {
  return s.categoryId ?? s.categoryIds[0] ?? s.category_ids[0] ?? null;
}
