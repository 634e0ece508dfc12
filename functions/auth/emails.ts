import { LOCALE_DIRS, m, type Locale } from "../../src/i18n/index.ts";
import type { MailMessage } from "../ports/types.ts";
import { CONFIRM_TTL_MS, RESET_TTL_MS } from "./accounts.ts";

const escape = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * A name in a mail's html that no mail client turns into a link: a zero-width
 * non-joiner after each `.`, `@`, `:` and `/` breaks the pattern autolinkers
 * look for (`evil.com`, `a@b.pk`) and shows nothing. Names that reach a mail
 * already pass the name rule (decision 028); this holds for older ones, and
 * for company names, whatever they hold.
 */
function unlinkable(escapedName: string): string {
  return escapedName.replace(/([.@:/])/g, "$1&#8204;");
}

/** `escape(text)`, with every occurrence of one of `names` made unlinkable. */
function escapeWithNames(text: string, names: readonly string[]): string {
  let html = escape(text);
  for (const name of names) {
    const escaped = escape(name);
    if (escaped && /[.@:/]/.test(escaped)) html = html.split(escaped).join(unlinkable(escaped));
  }
  return html;
}

/**
 * A mail's text and html from a title, paragraphs (escaped) and one button
 * link, in `locale` (decision 022). An English mail keeps the bare <html> it
 * always had; an Urdu one names its language and reads right to left.
 * `names` are people's or companies' names the text carries: never links.
 */
export function layout(
  locale: Locale,
  title: string,
  paragraphs: string[],
  link?: { href: string; label: string },
  names: readonly string[] = [],
) {
  const lang = locale === "en" ? "" : ` lang="${locale}" dir="${LOCALE_DIRS[locale]}"`;
  const html = `<!doctype html><html${lang}><body style="font-family:system-ui,sans-serif;color:#0f172a;max-width:560px;margin:auto;padding:24px">
<h1 style="font-size:20px;color:#0f6b4a">${escape(m.emails_brand({}, { locale }))}</h1><h2 style="font-size:18px">${escapeWithNames(title, names)}</h2>
${paragraphs.map((p) => `<p>${escapeWithNames(p, names)}</p>`).join("\n")}
${link ? `<p><a href="${escape(link.href)}" style="display:inline-block;background:#0f6b4a;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">${escape(link.label)}</a></p><p style="font-size:13px;color:#475569">${escape(m.emails_or_open_link({ url: link.href }, { locale }))}</p>` : ""}
</body></html>`;
  const text = [
    title,
    "",
    ...paragraphs,
    ...(link ? ["", `${link.label}: ${link.href}`] : []),
  ].join("\n");
  return { html, text };
}

/**
 * No name or other text the sign-up form chose: until the address is confirmed,
 * whoever typed it may not own it, and a greeting they picked would let them
 * send our mail with their words to anyone (decision 011).
 */
export function confirmEmailMessage(to: string, link: string, locale: Locale): MailMessage {
  const o = { locale };
  const body = layout(
    locale,
    m.emails_confirm_title({}, o),
    [m.emails_hello({}, o), m.emails_confirm_body({}, o), m.emails_confirm_not_you({}, o)],
    { href: link, label: m.emails_confirm_button({}, o) },
  );
  return {
    to,
    subject: m.emails_confirm_subject({}, o),
    ...body,
    validForMs: CONFIRM_TTL_MS,
  };
}

/** The forgot-password link; also how the owner of an address takes back an unconfirmed account. */
export function resetPasswordMessage(to: string, link: string, locale: Locale): MailMessage {
  const o = { locale };
  const body = layout(
    locale,
    m.emails_reset_title({}, o),
    [
      m.emails_hello({}, o),
      m.emails_reset_body({}, o),
      m.emails_reset_expiry({}, o),
      m.emails_reset_ignore({}, o),
    ],
    { href: link, label: m.emails_reset_button({}, o) },
  );
  return { to, subject: m.emails_reset_subject({}, o), ...body, validForMs: RESET_TTL_MS };
}

/** Sent instead of a second account, so sign-up never reveals who has an account. */
export function alreadyRegisteredMessage(
  to: string,
  signInUrl: string,
  locale: Locale,
): MailMessage {
  const o = { locale };
  const body = layout(
    locale,
    m.emails_registered_title({}, o),
    [m.emails_registered_body({}, o), m.emails_registered_sign_in({}, o)],
    { href: signInUrl, label: m.emails_registered_button({}, o) },
  );
  // No link that expires; after a day the notice is stale news.
  return {
    to,
    subject: m.emails_registered_subject({}, o),
    ...body,
    validForMs: 24 * 60 * 60 * 1000,
  };
}
