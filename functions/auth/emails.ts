import type { MailMessage } from "../ports/types.ts";

const escape = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

function layout(title: string, paragraphs: string[], link?: { href: string; label: string }) {
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

export function confirmEmailMessage(to: string, name: string | null, link: string): MailMessage {
  const body = layout(
    "Confirm your email address",
    [
      `Hello${name ? ` ${name}` : ""},`,
      "Please confirm your email address to finish creating your Karkhana account. The link works once and expires in 24 hours.",
      "If you did not sign up, you can ignore this message.",
    ],
    { href: link, label: "Confirm email address" },
  );
  return { to, subject: "Confirm your Karkhana account", ...body };
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
  return { to, subject: "Your Karkhana account", ...body };
}
