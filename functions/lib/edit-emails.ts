import { m, type Locale } from "../../src/i18n/index.ts";
import { localizePath } from "../../src/i18n/locales.ts";
import { companyName } from "../../src/i18n/names.ts";
import type { EditField } from "../../src/lib/edit-schemas.ts";
import type { EditDecision } from "../../db/queries/edits.ts";
import { layout } from "../auth/emails.ts";
import type { MailMessage } from "../ports/types.ts";

/**
 * The proposer hears the outcome of a suggested edit (decision 025), in their
 * language (users.locale). The mail names the listing and the field and links
 * to the listing's page (a closed one's answers 410 with its closed page, a
 * merged one's 301s to the kept listing). A rejection quotes its reason: unlike
 * the text of a lead (decision 021), it goes only to the person who asked for
 * the review, once per proposal they made, at most 500 characters, from the
 * listing's proven owner or an admin.
 */

/** Old news after a week: the listing itself shows the outcome anyway. */
const VALID_FOR_MS = 7 * 24 * 60 * 60 * 1000;

const FIELD: Record<EditField, (o: { locale: Locale }) => string> = {
  phone: (o) => m.edits_mail_field_phone({}, o),
  email: (o) => m.edits_mail_field_email({}, o),
  website: (o) => m.edits_mail_field_website({}, o),
  location: (o) => m.edits_mail_field_location({}, o),
  categories: (o) => m.edits_mail_field_categories({}, o),
  closed: (o) => m.edits_mail_field_closed({}, o),
  duplicate: (o) => m.edits_mail_field_duplicate({}, o),
};

export function editDecidedMessage(
  to: string,
  locale: Locale,
  input: { siteUrl: string; decision: EditDecision },
): MailMessage {
  const o = { locale };
  const { view } = input.decision;
  const company = companyName(
    { companyName: input.decision.companyName, companyNameUr: input.decision.companyNameUr },
    locale,
  );
  const field = FIELD[view.field](o);
  const accepted = view.status === "accepted";
  const title = accepted
    ? m.edits_mail_accepted_title({ company }, o)
    : m.edits_mail_rejected_title({ company }, o);
  const paragraphs = [m.emails_hello({}, o)];
  if (accepted) {
    paragraphs.push(m.edits_mail_accepted_body({ company, field }, o));
  } else {
    paragraphs.push(m.edits_mail_rejected_body({ company, field }, o));
    if (view.reason) {
      paragraphs.push(m.edits_mail_rejected_reason({ reason: view.reason }, o));
    }
    paragraphs.push(m.edits_mail_rejected_again({}, o));
  }
  paragraphs.push(m.edits_mail_thanks({}, o));
  const body = layout(locale, title, paragraphs, {
    href: `${input.siteUrl}${localizePath(view.provider.path, locale)}`,
    label: m.edits_mail_button({}, o),
  });
  return { to, subject: title, ...body, validForMs: VALID_FOR_MS };
}

/**
 * To a claimed listing's owner: someone suggested changes, waiting in the dashboard.
 * It names the fields, never the values or notes a stranger typed (the reasons of
 * decision 021: our mail is no channel for their words); the dashboard shows them.
 * At most seven can be waiting per listing (one per field), so this cannot flood anyone.
 */
export function editWaitingMessage(
  to: string,
  locale: Locale,
  input: {
    siteUrl: string;
    companyName: string;
    companyNameUr: string | null;
    fields: readonly EditField[];
  },
): MailMessage {
  const o = { locale };
  const company = companyName(
    { companyName: input.companyName, companyNameUr: input.companyNameUr },
    locale,
  );
  const fields = input.fields.map((f) => FIELD[f](o)).join(locale === "ur" ? "، " : ", ");
  const title = m.edits_mail_waiting_title({ company }, o);
  const body = layout(
    locale,
    title,
    [
      m.emails_hello({}, o),
      m.edits_mail_waiting_body({ company, fields }, o),
      m.edits_mail_waiting_review({}, o),
    ],
    {
      href: `${input.siteUrl}${localizePath("/provider-dashboard", locale)}`,
      label: m.edits_mail_waiting_button({}, o),
    },
  );
  return { to, subject: title, ...body, validForMs: VALID_FOR_MS };
}
