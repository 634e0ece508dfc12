/** How the lead screens word and format things. Pure, so it is unit-tested. */
import {
  currentLocale,
  dateFormat,
  formatCount,
  formatRupees,
  LOCALE_DIRS,
  m,
  type Locale,
} from "../../i18n/index.ts";
import type { LeadMessage, LeadStatus, LeadSummary } from "../../lib/lead-schemas.ts";

export { fullTime, lastUsedText as timeAgo } from "../account/time.ts";

const DAY_OPTIONS: Intl.DateTimeFormatOptions = {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
};

/** `2026-12-15` → '15 Dec 2026' ('15 دسمبر، 2026' in Urdu); anything unreadable as it is. */
export function formatDay(day: string, locale: Locale = currentLocale()): string {
  const t = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(t) ? day : dateFormat(locale, DAY_OPTIONS).format(t);
}

/** 'PKR 150,000, valid until 15 Dec 2026', or null for a message without a quote. */
export function quoteText(
  msg: Pick<LeadMessage, "quotePkr" | "quoteValidUntil">,
  locale: Locale = currentLocale(),
): string | null {
  if (msg.quotePkr === null) return null;
  const amount = formatRupees(msg.quotePkr, locale);
  if (!msg.quoteValidUntil) return amount;
  return m.leads_quote_valid_until(
    { amount, day: formatDay(msg.quoteValidUntil, locale) },
    { locale },
  );
}

const STATUS_LABELS = {
  new: m.leads_status_new,
  replied: m.leads_status_replied,
  quoted: m.leads_status_quoted,
  won: m.leads_status_won,
  lost: m.leads_status_lost,
} satisfies Record<LeadStatus, (inputs: object, options: { locale: Locale }) => string>;

/** New / Replied / Quoted / Won / Lost in the reader's language. */
export function statusLabel(status: LeadStatus, locale: Locale = currentLocale()): string {
  return STATUS_LABELS[status]({}, { locale });
}

/** The badge a list row and a thread show: its status, or why it is not with the provider. */
export function statusBadge(
  lead: Pick<LeadSummary, "status" | "reviewState">,
  locale: Locale = currentLocale(),
): {
  label: string;
  tone: "new" | "active" | "won" | "lost" | "muted";
} {
  if (lead.reviewState === "held")
    return { label: m.leads_status_held({}, { locale }), tone: "muted" };
  if (lead.reviewState === "removed") {
    return { label: m.leads_status_removed({}, { locale }), tone: "lost" };
  }
  const label = statusLabel(lead.status, locale);
  switch (lead.status) {
    case "new":
      return { label, tone: "new" };
    case "won":
      return { label, tone: "won" };
    case "lost":
      return { label, tone: "lost" };
    default:
      return { label, tone: "active" };
  }
}

/**
 * A name (or other text someone typed) inside a sentence of the catalog: on a
 * right-to-left page it is isolated (FSI … PDI), so an English name ending in
 * a full stop ('Hira H.') keeps it on its own side instead of the sentence's.
 * Left-to-right pages get it as it is.
 */
export function inSentence(text: string, locale: Locale = currentLocale()): string {
  return LOCALE_DIRS[locale] === "rtl" ? `\u2068${text}\u2069` : text;
}

/** A line of the request for a list row: the first words of what they need. */
export function excerpt(text: string, max = 120): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

/** What the customer is told about a request that is not (or no longer) with the provider. */
export function reviewNote(
  lead: Pick<LeadSummary, "reviewState">,
  locale: Locale = currentLocale(),
): string | null {
  if (lead.reviewState === "held") return m.leads_review_held({}, { locale });
  if (lead.reviewState === "removed") return m.leads_review_removed({}, { locale });
  return null;
}

/** '3 unread' for the unread count beside a heading, or null when there is none. */
export function unreadText(n: number, locale: Locale = currentLocale()): string | null {
  return n > 0 ? m.leads_unread_count({ count: formatCount(n, locale) }, { locale }) : null;
}
