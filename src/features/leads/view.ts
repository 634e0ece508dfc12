/** How the lead screens word and format things. Pure, so it is unit-tested. */
import { formatPkr } from "../../lib/money.ts";
import { LEAD_STATUS_LABELS, type LeadMessage, type LeadSummary } from "../../lib/lead-schemas.ts";

export { fullTime, lastUsedText as timeAgo } from "../account/time.ts";

const dayFormat = new Intl.DateTimeFormat("en-PK", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});

/** `2026-12-15` → '15 Dec 2026'; anything unreadable as it is. */
export function formatDay(day: string): string {
  const t = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(t) ? day : dayFormat.format(t);
}

/** 'Quote: PKR 150,000, valid until 15 Dec 2026', or null for a message without a quote. */
export function quoteText(m: Pick<LeadMessage, "quotePkr" | "quoteValidUntil">): string | null {
  if (m.quotePkr === null) return null;
  const amount = formatPkr(m.quotePkr);
  return m.quoteValidUntil ? `${amount}, valid until ${formatDay(m.quoteValidUntil)}` : amount;
}

/** The badge a list row and a thread show: its status, or why it is not with the provider. */
export function statusBadge(lead: Pick<LeadSummary, "status" | "reviewState">): {
  label: string;
  tone: "new" | "active" | "won" | "lost" | "muted";
} {
  if (lead.reviewState === "held") return { label: "In review", tone: "muted" };
  if (lead.reviewState === "removed") return { label: "Removed", tone: "lost" };
  const label = LEAD_STATUS_LABELS[lead.status];
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

/** A line of the request for a list row: the first words of what they need. */
export function excerpt(text: string, max = 120): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

/** What the customer is told about a request that is not (or no longer) with the provider. */
export function reviewNote(lead: Pick<LeadSummary, "reviewState">): string | null {
  if (lead.reviewState === "held") {
    return "This request is waiting for a quick review by our team before it goes to the provider.";
  }
  if (lead.reviewState === "removed") {
    return "This request was removed by our team and was not sent to the provider.";
  }
  return null;
}

/** '3 new' for the unread count beside a heading, or null when there is none. */
export function unreadText(n: number): string | null {
  return n > 0 ? `${n} unread` : null;
}
