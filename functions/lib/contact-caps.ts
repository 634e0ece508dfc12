import type { Context } from "hono";
import { recordContactReveal, type RevealCap } from "../../db/queries/contact-reveals.ts";
import type { AppEnv } from "../ports/app-env.ts";
import { TooManyRequests } from "./rate-limit.ts";

/**
 * Distinct providers whose contact details one account, and one IP, may open
 * (docs/decisions/010-contact-reveal-caps.md). A person comparing suppliers
 * opens a few dozen in a sitting; a scraper wants all 100,000.
 */
export const CONTACT_REVEAL_CAPS = {
  account: { hour: 60, day: 200 },
  // Twice the account's: an office or a mobile carrier's NAT puts several people on one IP.
  ip: { hour: 120, day: 400 },
} as const satisfies Record<string, RevealCap>;

export class ContactRevealCapped extends TooManyRequests {
  constructor(retryAfter: number) {
    super(retryAfter);
    this.message =
      "You have opened the contact details of many providers recently. " +
      `Try again in ${retryAfter < 90 ? `${retryAfter} seconds` : `${Math.ceil(retryAfter / 60)} minutes`}.`;
  }
}

/**
 * Counts this provider against the signed-in caller's account and IP, or
 * answers 429 (and logs `contact.reveal_capped`) when either is at its cap.
 * The caller exempts owners and admins before calling.
 */
export async function assertContactReveal(
  c: Context<AppEnv>,
  userId: string,
  providerId: string,
): Promise<void> {
  const { db, clock } = c.var.deps;
  const check = await recordContactReveal(
    db,
    [
      { key: `user:${userId}`, cap: CONTACT_REVEAL_CAPS.account },
      { key: `ip:${c.var.ip}`, cap: CONTACT_REVEAL_CAPS.ip },
    ],
    providerId,
    clock(),
  );
  if (check.ok) return;
  const scope = check.scope.key.startsWith("user:") ? "account" : "ip";
  c.var.logEvent({ event: "contact.reveal_capped", userId, scope, window: check.window });
  throw new ContactRevealCapped(Math.max(1, Math.ceil(check.retryAfterMs / 1000)));
}
