import type { MailMessage } from "../ports/types.ts";
import { CONFIRM_TTL_MS, RESET_TTL_MS } from "./accounts.ts";

const escape = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** A mail's text and html from a title, paragraphs (escaped) and one button link. */
export function layout(
  title: string,
  paragraphs: string[],
  link?: { href: string; label: string },
) {
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a;max-width:560px;margin:auto;padding:24px">
<h1 style="font-size:20px;color:#0f6b4a">Karkhana</h1><h2 style="font-size:18px">${escape(title)}</h2>
${paragraphs.map((p) => `<p>${escape(p)}</p>`).join("\n")}
${link ? `<p><a href="${escape(link.href)}" style="display:inline-block;background:#0f6b4a;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">${escape(link.label)}</a></p><p style="font-size:13px;color:#475569">Or open this link: ${escape(link.href)}</p>` : ""}
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
export function confirmEmailMessage(to: string, link: string): MailMessage {
  const body = layout(
    "Confirm your email address",
    [
      "Hello,",
      "Please confirm your email address to finish creating your Karkhana account. The link works once and expires in 24 hours.",
      "If you did not sign up, you can ignore this message.",
    ],
    { href: link, label: "Confirm email address" },
  );
  return { to, subject: "Confirm your Karkhana account", ...body, validForMs: CONFIRM_TTL_MS };
}

/** The forgot-password link; also how the owner of an address takes back an unconfirmed account. */
export function resetPasswordMessage(to: string, link: string): MailMessage {
  const body = layout(
    "Reset your password",
    [
      "Hello,",
      "Someone (hopefully you) asked to reset the password of the Karkhana account for this email address. Choose a new password with the link below.",
      "The link works once and expires in 1 hour. Setting a new password signs the account out everywhere.",
      "If you did not ask for this, you can ignore this message: your password stays as it is.",
    ],
    { href: link, label: "Choose a new password" },
  );
  return { to, subject: "Reset your Karkhana password", ...body, validForMs: RESET_TTL_MS };
}

/**
 * A second sign-up for an address whose account was never confirmed. The first
 * sign-up's password may be a stranger's (someone squatting the address), so
 * instead of a confirmation link, which would confirm that password, the person
 * at the mailbox chooses the password now.
 */
export function finishSignupMessage(to: string, link: string): MailMessage {
  const body = layout(
    "Finish creating your account",
    [
      "Hello,",
      "Someone (hopefully you) signed up to Karkhana with this email address, which already has an account waiting for confirmation.",
      "To finish, choose your password with the link below: that also confirms your address. The link works once and expires in 1 hour.",
      "If you did not sign up, you can ignore this message.",
    ],
    { href: link, label: "Choose your password" },
  );
  return {
    to,
    subject: "Finish creating your Karkhana account",
    ...body,
    validForMs: RESET_TTL_MS,
  };
}

/** Sent instead of a second account, so sign-up never reveals who has an account. */
export function alreadyRegisteredMessage(to: string, signInUrl: string): MailMessage {
  const body = layout(
    "You already have an account",
    [
      "Someone (hopefully you) tried to create a Karkhana account with this email address, which already has one.",
      "Sign in with your password or with Google. If this wasn't you, no action is needed.",
    ],
    { href: signInUrl, label: "Sign in" },
  );
  // No link that expires; after a day the notice is stale news.
  return { to, subject: "Your Karkhana account", ...body, validForMs: 24 * 60 * 60 * 1000 };
}
