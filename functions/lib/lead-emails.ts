import { shortName } from "../../db/queries/leads.ts";
import { dateFormat, formatRupees, m, type Locale } from "../../src/i18n/index.ts";
import { isPersonName, tidyName } from "../../src/lib/person-name.ts";
import { layout } from "../auth/emails.ts";
import type { MailMessage } from "../ports/types.ts";

/**
 * Notification mails of quote requests (docs/decisions/021-leads.md). They
 * carry names, the city, a quote's amount and a link, never the text a
 * customer or provider typed: our mail must not become a way to deliver a
 * stranger's words (links, phone numbers, phishing) to someone's inbox, and
 * the reply belongs in the thread, where a provider can report spam. The
 * customer's email is not in them either: the provider reads it in the thread.
 *
 * Each is written in its recipient's language (users.locale, decision 022):
 * the caller passes names already in it and a link to the page in it.
 */

/**
 * The customer as a mail to a provider names them: "Hina R.". Only the parts
 * of the name that pass today's name rule (decision 028): an account from
 * before it may hold a link or an address, which a mail must not carry; with
 * neither part left, "Customer" in the reader's language.
 */
export function customerMailName(
  first: string | null,
  last: string | null,
  locale: Locale,
): string {
  const f = isPersonName(first) ? tidyName(first) : "";
  const l = isPersonName(last) ? tidyName(last) : "";
  return f || l ? shortName(f, l) : m.leads_customer({}, { locale });
}

/** A notification is news for a day; after that the dashboard shows it anyway. */
const VALID_FOR_MS = 24 * 60 * 60 * 1000;

/** To the provider's owner: a request reached them (sent, or released by an admin). */
export function newLeadMessage(
  to: string,
  locale: Locale,
  lead: { companyName: string; customerName: string; city: string; link: string },
): MailMessage {
  const o = { locale };
  const title = m.emails_new_lead_title({ company: lead.companyName }, o);
  const body = layout(
    locale,
    title,
    [
      m.emails_hello({}, o),
      m.emails_new_lead_body(
        { customer: lead.customerName, city: lead.city, company: lead.companyName },
        o,
      ),
      m.emails_new_lead_open({}, o),
    ],
    { href: lead.link, label: m.emails_new_lead_button({}, o) },
    [lead.customerName, lead.companyName],
  );
  return { to, subject: title, ...body, validForMs: VALID_FOR_MS };
}

/** To the provider's owner: the customer wrote in the thread. */
export function customerMessageMessage(
  to: string,
  locale: Locale,
  lead: { companyName: string; customerName: string; link: string },
): MailMessage {
  const o = { locale };
  const body = layout(
    locale,
    m.emails_customer_message_title({ customer: lead.customerName }, o),
    [
      m.emails_hello({}, o),
      m.emails_customer_message_body({ customer: lead.customerName, company: lead.companyName }, o),
      m.emails_customer_message_open({}, o),
    ],
    { href: lead.link, label: m.emails_customer_message_button({}, o) },
    [lead.customerName, lead.companyName],
  );
  return {
    to,
    subject: m.emails_customer_message_subject({ company: lead.companyName }, o),
    ...body,
    validForMs: VALID_FOR_MS,
  };
}

/** A quote's last day (`YYYY-MM-DD`) as the reader writes dates; English keeps the ISO day. */
function quoteDay(day: string, locale: Locale): string {
  if (locale === "en") return day;
  const at = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(at.getTime())) return day;
  return dateFormat(locale, {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(at);
}

/** To the customer: the provider wrote in the thread, perhaps with a quote. */
export function providerMessageMessage(
  to: string,
  locale: Locale,
  lead: {
    companyName: string;
    link: string;
    quotePkr: number | null;
    quoteValidUntil: string | null;
  },
): MailMessage {
  const o = { locale };
  const company = lead.companyName;
  const quote =
    lead.quotePkr === null
      ? null
      : lead.quoteValidUntil
        ? m.emails_provider_quote_valid(
            {
              company,
              amount: formatRupees(lead.quotePkr, locale),
              date: quoteDay(lead.quoteValidUntil, locale),
            },
            o,
          )
        : m.emails_provider_quote({ company, amount: formatRupees(lead.quotePkr, locale) }, o);
  const title = quote
    ? m.emails_provider_quote_title({ company }, o)
    : m.emails_provider_reply_title({ company }, o);
  const body = layout(
    locale,
    title,
    [
      m.emails_hello({}, o),
      quote ?? m.emails_provider_reply_body({ company }, o),
      m.emails_provider_open({}, o),
    ],
    { href: lead.link, label: m.emails_provider_button({}, o) },
    [company],
  );
  return { to, subject: title, ...body, validForMs: VALID_FOR_MS };
}
