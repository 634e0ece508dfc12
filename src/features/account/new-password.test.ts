import { afterEach, describe, expect, it, vi } from "vitest";
import { checkNewPassword, firstIssues } from "./new-password.ts";

// Sign-up's own messages.
const CONFIRM_REQUIRED = "Please confirm your password";
const MISMATCH_FIELD = "The passwords do not match";

describe("checkNewPassword", () => {
  it.each([
    ["passes two equal passwords", undefined, "long-enough", "long-enough", {}, false],
    [
      "asks for the confirmation",
      undefined,
      "long-enough",
      "",
      { confirm: CONFIRM_REQUIRED },
      false,
    ],
    [
      "says when they differ",
      undefined,
      "long-enough",
      "long-enougH",
      { confirm: MISMATCH_FIELD },
      true,
    ],
    [
      "reports the password's rule before any mismatch",
      "Too short",
      "short",
      "other",
      { password: "Too short" },
      false,
    ],
    [
      "reports both a rule and a missing confirmation",
      "Too short",
      "short",
      "",
      { password: "Too short", confirm: CONFIRM_REQUIRED },
      false,
    ],
  ] as const)("%s", (_name, rule, password, confirm, errors, mismatch) => {
    expect(checkNewPassword(rule, password, confirm)).toEqual({ errors, mismatch });
  });
});

describe("firstIssues", () => {
  it("keeps the first message per known field and maps its name", () => {
    const issues = [
      { path: ["newPassword"], message: "first" },
      { path: ["newPassword"], message: "second" },
      { path: ["token"], message: "not a form field" },
    ];
    expect(firstIssues(issues, { newPassword: "next" })).toEqual({ next: "first" });
  });
});

describe("on an Urdu page", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("says it in Urdu", () => {
    vi.stubGlobal("document", { documentElement: { lang: "ur" } });
    expect(checkNewPassword(undefined, "long-enough", "").errors.confirm).toBe(
      "براہ کرم اپنا پاس ورڈ دوبارہ درج کریں",
    );
    expect(checkNewPassword(undefined, "long-enough", "other").errors.confirm).toBe(
      "دونوں پاس ورڈ ایک جیسے نہیں ہیں",
    );
  });
});
