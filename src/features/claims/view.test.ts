import { describe, expect, it } from "vitest";
import type { ClaimTarget } from "../../lib/claim-schemas.ts";
import { localizePath } from "../../i18n/locales.ts";
import { claimPagePath, confirmPagePath, providerFromSearch, signInPath } from "./paths.ts";
import { claimView } from "./view.ts";

const ID = "0b6f7c1e-2d4a-4f5b-9c8d-1e2f3a4b5c6d";

function target(over: Partial<ClaimTarget> = {}): ClaimTarget {
  return {
    provider: {
      id: ID,
      companyName: "Iqbal Steel Works",
      companyNameUr: null,
      city: "Lahore",
      path: `/providers/iqbal-steel-works-${ID}`,
      isClaimed: false,
    },
    emailOnFile: "i•••@g•••.com",
    emailUsable: true,
    myClaim: null,
    blockedBy: null,
    ...over,
  };
}

const claim = (
  method: "email" | "evidence",
  status: "pending" | "approved" | "rejected" | "superseded" | "expired",
  reason: string | null = null,
) => ({ id: "c1", method, status, reason });

describe("claimView", () => {
  it.each([
    [
      "a claimable listing with an email",
      target(),
      { kind: "start", email: "i•••@g•••.com", unconfirmed: false, previous: null },
    ],
    [
      "a claimable listing without one",
      target({ emailOnFile: null, emailUsable: false }),
      { kind: "start", email: null, unconfirmed: false, previous: null },
    ],
    [
      "a listing whose email a former owner set, not confirmed by our team",
      target({ emailUsable: false }),
      { kind: "start", email: null, unconfirmed: true, previous: null },
    ],
    [
      "a link that went to such an address before it stopped proving claims",
      target({ emailUsable: false, myClaim: claim("email", "pending") }),
      { kind: "start", email: null, unconfirmed: true, previous: null },
    ],
    ["someone else's listing", target({ blockedBy: "claimed" }), { kind: "claimed" }],
    [
      "the caller's own, won by their claim",
      target({ blockedBy: "yours", myClaim: claim("email", "approved") }),
      { kind: "owned" },
    ],
    ["the caller's own from the start", target({ blockedBy: "yours" }), { kind: "owned" }],
    [
      "won once, then detached and claimed by someone else",
      target({ blockedBy: "claimed", myClaim: claim("email", "approved") }),
      { kind: "claimed" },
    ],
    [
      "an account owning another listing",
      target({ blockedBy: "owns_other" }),
      { kind: "ownsOther" },
    ],
    [
      "a link on its way",
      target({ myClaim: claim("email", "pending") }),
      { kind: "linkSent", email: "i•••@g•••.com", held: false },
    ],
    ["proof with an admin", target({ myClaim: claim("evidence", "pending") }), { kind: "review" }],
    [
      "a rejected request",
      target({ myClaim: claim("evidence", "rejected", "Not the business phone") }),
      {
        kind: "start",
        email: "i•••@g•••.com",
        unconfirmed: false,
        previous: { kind: "rejected", reason: "Not the business phone" },
      },
    ],
    [
      "an expired link",
      target({ myClaim: claim("email", "expired") }),
      {
        kind: "start",
        email: "i•••@g•••.com",
        unconfirmed: false,
        previous: { kind: "expired" },
      },
    ],
  ] as const)("%s", (_, t, view) => {
    expect(claimView(t)).toEqual(view);
  });

  it("shows where a link just went, before the reload says so", () => {
    expect(claimView(target(), { email: "i•••@g•••.com", mailed: true })).toEqual({
      kind: "linkSent",
      email: "i•••@g•••.com",
      held: false,
    });
  });

  it("says when nothing new was mailed because a working link is in the mailbox already", () => {
    expect(claimView(target(), { email: "i•••@g•••.com", mailed: false })).toEqual({
      kind: "linkSent",
      email: "i•••@g•••.com",
      held: true,
    });
  });

  it("never offers a link or evidence on a blocked listing, whatever was sent", () => {
    const sent = { email: "i•••@g•••.com", mailed: true };
    expect(claimView(target({ blockedBy: "claimed" }), sent).kind).toBe("claimed");
    expect(
      claimView(target({ blockedBy: "owns_other", myClaim: claim("evidence", "pending") })).kind,
    ).toBe("ownsOther");
  });
});

describe("claim paths", () => {
  it("names the listing in the claim page's query", () => {
    expect(claimPagePath(ID)).toBe(`/claim-listing?provider=${ID}`);
  });

  it.each([
    [`?provider=${ID}`, ID],
    [`?provider=${ID.toUpperCase()}`, ID],
    ["?provider=not-an-id", null],
    ["", null],
  ])("reads %j as %j", (search, id) => {
    expect(providerFromSearch(search)).toBe(id);
  });

  it("keeps the token of a confirm link through sign-in, in the page's language", () => {
    const back = localizePath(confirmPagePath("ABCdef_123-xyzXYZ7890"), "ur");
    expect(back).toBe("/ur/claim-listing/confirm#token=ABCdef_123-xyzXYZ7890");
    const login = localizePath(signInPath(back), "ur");
    expect(login).toBe(
      "/ur/login?next=%2Fur%2Fclaim-listing%2Fconfirm%23token%3DABCdef_123-xyzXYZ7890",
    );
    expect(new URLSearchParams(login.split("?")[1]).get("next")).toBe(back);
  });
});
