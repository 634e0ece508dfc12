import { m, type Locale } from "../../src/i18n/index.ts";
import { layout } from "../auth/emails.ts";
import type { MailMessage } from "../ports/types.ts";

/**
 * The mails of listing claims (decision 025), each in its reader's language:
 * the requester's (users.locale), also for the link mailed to the listing's
 * address, since the requester is the one who opens it. They carry the
 * listing's name, our links and an admin's reason, never text the requester
 * typed: the link goes to a business's inbox on a stranger's say-so, and must
 * not become a way to deliver their words (as decision 011 keeps sign-up mails).
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * To the listing's email on file: the one-time link (24 h). It names the
 * requesting account masked, so the owner can tell their own request from
 * someone else's.
 */
export function claimLinkMessage(
  to: string,
  locale: Locale,
  claim: { companyName: string; requester: string; link: string; validForMs: number },
): MailMessage {
  const o = { locale };
  const title = m.claims_mail_link_title({ company: claim.companyName }, o);
  const body = layout(
    locale,
    title,
    [
      m.claims_mail_hello({}, o),
      m.claims_mail_link_body({ company: claim.companyName, account: claim.requester }, o),
      m.claims_mail_link_how({}, o),
      m.claims_mail_link_ignore({}, o),
    ],
    { href: claim.link, label: m.claims_mail_link_button({}, o) },
  );
  return {
    to,
    subject: m.claims_mail_link_subject({ company: claim.companyName }, o),
    ...body,
    validForMs: claim.validForMs,
  };
}

/** To the requester: an admin approved their proof; the listing is theirs. */
export function claimApprovedMessage(
  to: string,
  locale: Locale,
  claim: { companyName: string; link: string },
): MailMessage {
  const o = { locale };
  const title = m.claims_mail_approved_title({ company: claim.companyName }, o);
  const body = layout(
    locale,
    title,
    [m.claims_mail_hello({}, o), m.claims_mail_approved_body({ company: claim.companyName }, o)],
    { href: claim.link, label: m.claims_mail_approved_button({}, o) },
  );
  return { to, subject: title, ...body, validForMs: 7 * DAY_MS };
}

/** To the requester: an admin turned the claim down, with the reason. */
export function claimRejectedMessage(
  to: string,
  locale: Locale,
  claim: { companyName: string; reason: string; link: string },
): MailMessage {
  const o = { locale };
  const title = m.claims_mail_rejected_title({ company: claim.companyName }, o);
  const body = layout(
    locale,
    title,
    [
      m.claims_mail_hello({}, o),
      m.claims_mail_rejected_body({ company: claim.companyName }, o),
      m.claims_mail_rejected_reason({ reason: claim.reason }, o),
      m.claims_mail_rejected_again({}, o),
    ],
    { href: claim.link, label: m.claims_mail_rejected_button({}, o) },
  );
  return { to, subject: title, ...body, validForMs: 7 * DAY_MS };
}

/** To the requester of a competing claim: someone else proved ownership first. */
export function claimSupersededMessage(
  to: string,
  locale: Locale,
  claim: { companyName: string; link: string },
): MailMessage {
  const o = { locale };
  const title = m.claims_mail_superseded_title({ company: claim.companyName }, o);
  const body = layout(
    locale,
    title,
    [
      m.claims_mail_hello({}, o),
      m.claims_mail_superseded_body({ company: claim.companyName }, o),
      m.claims_mail_superseded_help({}, o),
    ],
    { href: claim.link, label: m.claims_mail_superseded_button({}, o) },
  );
  return { to, subject: title, ...body, validForMs: 7 * DAY_MS };
}
