/**
 * Security-relevant events as one-line JSON (ASVS 5.0 V16): what happened, to
 * which account, from where, and never a secret. Passwords, tokens, cookies and
 * session ids are never fields; in failures, where the email may belong to
 * nobody (or be a password typed into the wrong box), only a masked form is kept.
 *
 *   {"ts":"2026-11-25T10:00:00.000Z","event":"signin.failure","ip":"203.0.113.7","email":"a***@example.com","reason":"bad_password"}
 */
export type SecurityEventName =
  | "signin.success"
  | "signin.failure"
  | "signin.throttled"
  | "signup"
  | "signup.declined"
  | "signup.confirmation_resent"
  | "email.confirmed"
  | "password.reset_requested"
  | "password.reset"
  | "password.changed"
  | "session.revoked"
  | "sessions.revoked_all"
  | "role.changed"
  | "contact.reveal_capped"
  | "rate_limited"
  | "mail.failed"
  | "lead.held"
  | "lead.reported"
  | "lead.released"
  | "lead.removed"
  | "lead.report_dismissed"
  | "claim.link_sent"
  | "claim.link_held"
  | "claim.evidence_sent"
  | "claim.refused"
  | "claim.won"
  | "claim.rejected"
  | "provider.detached"
  | "provider.email_confirmed"
  | "media.refused";

export interface SecurityEvent {
  event: SecurityEventName;
  /** Client IP as the runtime knows it (already the /64 for IPv6). */
  ip?: string;
  userId?: string;
  /** A masked email (`maskEmail`) in failures; a full one only for the account's own successes. */
  email?: string;
  [field: string]: string | number | boolean | null | undefined;
}

export type EventLogger = (event: SecurityEvent) => void;

/** The default sink: one JSON line on stdout (wrangler tail and journald keep it). */
export const consoleEventLogger: EventLogger = (event) => {
  console.log(JSON.stringify({ ts: new Date().toISOString(), ...event }));
};

/** `ahmed.khan@example.com` → `a***@example.com`: enough to correlate, not to harvest. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return "***";
  return `${email[0]}***${email.slice(at)}`;
}
