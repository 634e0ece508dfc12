import { describe, expect, it } from "vitest";
import type { AdminSuggestion, SuggestionFilter } from "../../lib/admin-schemas.ts";
import {
  buildApprovePayload,
  contactLooksLikePhone,
  emptyText,
  initialDraft,
  primaryCategoryId,
  suggestionActions,
} from "./suggestions.ts";

type Status = AdminSuggestion["status"];

describe("suggestionActions", () => {
  it.each<[SuggestionFilter, Status, boolean, boolean]>([
    ["pending", "pending", true, true],
    ["rejected", "rejected", true, false],
    ["approved", "approved", false, false],
    // "All" shows every status, but reviewing is only offered under Pending or Rejected.
    ["all", "pending", false, false],
    ["all", "rejected", false, false],
    ["all", "approved", false, false],
    // A row whose status changed since the list loaded: an approval is final.
    ["pending", "approved", false, false],
    ["rejected", "approved", false, false],
    ["pending", "rejected", true, false],
  ])("filter %s, status %s: approve %s, reject %s", (filter, status, canApprove, canReject) => {
    expect(suggestionActions(filter, status)).toEqual({ canApprove, canReject });
  });
});

describe("emptyText", () => {
  it.each<[SuggestionFilter, string]>([
    ["pending", "No pending suggestions."],
    ["rejected", "No rejected suggestions."],
    ["approved", "No approved suggestions."],
    ["all", "No suggestions yet."],
  ])("%s → %s", (filter, text) => {
    expect(emptyText(filter)).toBe(text);
  });
});

describe("contactLooksLikePhone", () => {
  it.each<[string, boolean]>([
    ["0300 1234567", true],
    ["+92 42 35123456", true],
    ["(042) 3512-3456", true],
    ["  03001234567 ", true],
    ["call 0300 1234567", false],
    ["ali@example.pk", false],
    ["123", false],
    ["+-- ()", false],
    ["1".repeat(41), false],
  ])("%j → %s", (contact, phone) => {
    expect(contactLooksLikePhone(contact)).toBe(phone);
  });
});

describe("initialDraft", () => {
  it("prefills email and website, and the phone from a phone-like contact", () => {
    expect(
      initialDraft({ email: "a@b.pk", website: "https://b.pk", contact: " 0300 1234567 " }),
    ).toEqual({ email: "a@b.pk", phone: "0300 1234567", website: "https://b.pk" });
  });

  it("leaves the phone empty when the contact is something else", () => {
    expect(
      initialDraft({ email: null, website: null, contact: "Ask for Imran at the shop" }),
    ).toEqual({ email: "", phone: "", website: "" });
  });
});

describe("buildApprovePayload", () => {
  it("sends the edited details, normalised like the API does", () => {
    expect(
      buildApprovePayload({
        email: " Sales@Foundry.PK ",
        phone: " 0300 7654321 ",
        website: "www.foundry.pk",
      }),
    ).toEqual({
      ok: true,
      payload: {
        email: "sales@foundry.pk",
        phone: "0300 7654321",
        website: "https://www.foundry.pk",
      },
    });
  });

  it("sends empty fields as null, so the server keeps what the visitor sent", () => {
    expect(buildApprovePayload({ email: "", phone: "  ", website: "" })).toEqual({
      ok: true,
      payload: { email: null, phone: null, website: null },
    });
  });

  it("reports every invalid field, the first one to focus", () => {
    const r = buildApprovePayload({
      email: "not-an-email",
      phone: "call me",
      website: "ftp://x.pk",
    });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.first).toBe("email");
    expect(r.errors).toEqual({
      email: "Email must be a valid email address",
      phone: "Phone may only contain digits, spaces, + ( ) and -",
      website: "Website must be a web address (https://…)",
    });
  });

  it("points at the phone when only the phone is wrong", () => {
    const r = buildApprovePayload({ email: "", phone: "12", website: "" });
    expect(r).toMatchObject({ ok: false, first: "phone" });
  });
});

describe("primaryCategoryId", () => {
  it("reads either spelling", () => {
    expect(primaryCategoryId({ categoryId: "a", categoryIds: ["b"], category_ids: ["b"] })).toBe(
      "a",
    );
    expect(primaryCategoryId({ categoryId: null, categoryIds: ["b", "c"], category_ids: [] })).toBe(
      "b",
    );
    expect(primaryCategoryId({ categoryId: null, categoryIds: [], category_ids: ["d"] })).toBe("d");
    expect(primaryCategoryId({ categoryId: null, categoryIds: [], category_ids: [] })).toBeNull();
  });
});
