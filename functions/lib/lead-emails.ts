import { formatPkr } from "../../src/lib/money.ts";
import { layout } from "../auth/emails.ts";
import type { MailMessage } from "../ports/types.ts";

/**
 * Notification mails of quote requests (docs/decisions/021-leads.md). They
 * carry names, the city, a quote's amount and a link, never the text a
 * customer or provider typed: our mail must not become a way to deliver a
 * stranger's words (links, phone numbers, phishing) to someone's inbox, and
 * the reply belongs in the thread, where a provider can report spam. The
 * customer's email is not in them either: the provider reads it in the thread.
 */

/** A notification is news for a day; after that the dashboard shows it anyway. */
const VALID_FOR_MS = 24 * 60 * 60 * 1000;

/** To the provider's owner: a request reached them (sent, or released by an admin). */
export function newLeadMessage(
  to: string,
  lead: { companyName: string; customerName: string; city: string; link: string },
): MailMessage {
  const body = layout(
    `New quote request for ${lead.companyName}`,
    [
      "Hello,",
      `${lead.customerName} from ${lead.city} asked ${lead.companyName} for a quote on Karkhana.`,
      "Open the request to read what they need, see their contact details and reply in the thread. Customers often choose the provider who answers first.",
    ],
    { href: lead.link, label: "Open the request" },
  );
  return {
    to,
    subject: `New quote request for ${lead.companyName}`,
    ...body,
    validForMs: VALID_FOR_MS,
  };
}

/** To the provider's owner: the customer wrote in the thread. */
export function customerMessageMessage(
  to: string,
  lead: { companyName: string; customerName: string; link: string },
): MailMessage {
  const body = layout(
    `New message from ${lead.customerName}`,
    [
      "Hello,",
      `${lead.customerName} wrote in the thread of their quote request to ${lead.companyName}.`,
      "Open the thread to read it and reply.",
    ],
    { href: lead.link, label: "Open the thread" },
  );
  return {
    to,
    subject: `New message about a quote request to ${lead.companyName}`,
    ...body,
    validForMs: VALID_FOR_MS,
  };
}

/** To the customer: the provider wrote in the thread, perhaps with a quote. */
export function providerMessageMessage(
  to: string,
  lead: {
    companyName: string;
    link: string;
    quotePkr: number | null;
    quoteValidUntil: string | null;
  },
): MailMessage {
  const quote =
    lead.quotePkr === null
      ? null
      : `${lead.companyName} quoted ${formatPkr(lead.quotePkr)}${
          lead.quoteValidUntil ? `, valid until ${lead.quoteValidUntil}` : ""
        }.`;
  const title = quote
    ? `${lead.companyName} sent you a quote`
    : `${lead.companyName} replied to your request`;
  const body = layout(
    title,
    [
      "Hello,",
      quote ?? `${lead.companyName} replied to your quote request on Karkhana.`,
      "Open your request to read the reply and answer in the same thread.",
    ],
    { href: lead.link, label: "Open your request" },
  );
  return { to, subject: title, ...body, validForMs: VALID_FOR_MS };
}
