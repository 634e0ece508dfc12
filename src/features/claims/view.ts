/**
 * Which screen the claim page shows for what GET /api/claims/listing/{id}
 * answered (decision 025). Pure, so every state is unit-tested.
 */
import type { ClaimTarget } from "../../lib/claim-schemas.ts";

export type ClaimView =
  /** The caller's claim won: the listing is theirs. */
  | { kind: "owned" }
  /** Someone else owns it. */
  | { kind: "claimed" }
  /** The caller's account owns another listing (one listing per account). */
  | { kind: "ownsOther" }
  /** Evidence sent; an admin decides. */
  | { kind: "review" }
  /**
   * A link is on its way to the listing's email (masked); `held`: this request
   * mailed nothing new, a working link went there less than a day ago.
   */
  | { kind: "linkSent"; email: string; held: boolean }
  /**
   * The caller may claim: by email link when the listing has an address on
   * file that can prove it, else by evidence (`unconfirmed`: it has one, set
   * by a former owner and not confirmed by our team); `previous` says how
   * their last attempt ended.
   */
  | {
      kind: "start";
      email: string | null;
      unconfirmed: boolean;
      previous: { kind: "rejected"; reason: string | null } | { kind: "expired" } | null;
    };

/** What the last link request on this page answered: where it went, and whether it mailed. */
export interface SentLink {
  email: string;
  mailed: boolean;
}

/** `sent`: what a link request made on this page answered, if any. */
export function claimView(t: ClaimTarget, sent: SentLink | null = null): ClaimView {
  const mine = t.myClaim;
  // Owned by the caller: won by a claim, or their own listing from the start.
  if (t.blockedBy === "yours") return { kind: "owned" };
  if (t.blockedBy === "claimed") return { kind: "claimed" };
  if (t.blockedBy === "owns_other") return { kind: "ownsOther" };
  if (mine?.status === "pending" && mine.method === "evidence") return { kind: "review" };
  const usable = t.emailUsable ? t.emailOnFile : null;
  if (sent) return { kind: "linkSent", email: sent.email, held: !sent.mailed };
  if (mine?.status === "pending" && usable) return { kind: "linkSent", email: usable, held: false };
  const previous =
    mine?.status === "rejected"
      ? ({ kind: "rejected", reason: mine.reason } as const)
      : mine?.status === "expired"
        ? ({ kind: "expired" } as const)
        : null;
  return {
    kind: "start",
    email: usable,
    unconfirmed: usable === null && t.emailOnFile !== null,
    previous,
  };
}
