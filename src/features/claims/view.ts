/**
 * Which screen the claim page shows for what GET /api/claims/listing/{id}
 * answered (issue 18, decision 025). Pure, so every state is unit-tested.
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
  /** A link is on its way to the listing's email (masked). */
  | { kind: "linkSent"; email: string }
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

/** `sentTo`: the masked address a link was just sent to on this page, if any. */
export function claimView(t: ClaimTarget, sentTo: string | null = null): ClaimView {
  const mine = t.myClaim;
  // Owned by the caller: won by a claim, or their own listing from the start.
  if (t.blockedBy === "yours") return { kind: "owned" };
  if (t.blockedBy === "claimed") return { kind: "claimed" };
  if (t.blockedBy === "owns_other") return { kind: "ownsOther" };
  if (mine?.status === "pending" && mine.method === "evidence") return { kind: "review" };
  const usable = t.emailUsable ? t.emailOnFile : null;
  const email = sentTo ?? (mine?.status === "pending" ? usable : null);
  if (email) return { kind: "linkSent", email };
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
