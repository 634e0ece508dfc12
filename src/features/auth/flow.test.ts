import { describe, expect, it } from "vitest";
import { afterSignIn, afterSignUp, authTitle, googleNext, safeNextPath } from "./flow.ts";

describe("safeNextPath", () => {
  it.each([
    ["/favorites", "/favorites"],
    ["/pk/lahore/cnc/acme-1?x=1#y", "/pk/lahore/cnc/acme-1?x=1#y"],
    ["/", "/"],
    ["//evil.example", null],
    ["/\\evil.example", null],
    ["https://evil.example/", null],
    ["javascript:alert(1)", null],
    ["favorites", null],
    ["/a\nb", null],
    ["", null],
    [null, null],
  ])("%j → %j", (raw, expected) => {
    expect(safeNextPath(raw)).toBe(expected);
  });
});

describe("where the flows lead", () => {
  it.each([
    ["customer", null, "/"],
    ["provider", null, "/provider-dashboard"],
    ["customer", "/favorites", "/favorites"],
    ["provider", "/favorites", "/favorites"],
  ] as const)("sign-in on the %s portal with next %j → %s", (portal, next, to) => {
    expect(afterSignIn(portal, next)).toBe(to);
  });

  it.each([
    ["customer", true, "/"],
    ["provider", true, "/provider-setup"],
    ["customer", false, "/login"],
    ["provider", false, "/provider-portal-login"],
  ] as const)("sign-up on the %s portal, confirmed %s → %s", (portal, confirmed, to) => {
    expect(afterSignUp(portal, confirmed)).toBe(to);
  });

  it.each([
    ["customer", "signin", null, "/"],
    ["customer", "signup", null, "/"],
    ["provider", "signin", null, "/provider-dashboard"],
    ["provider", "signup", null, "/provider-setup"],
    ["provider", "signup", "/favorites", "/favorites"],
  ] as const)("Google on the %s portal (%s), next %j → %s", (portal, mode, next, to) => {
    expect(googleNext(portal, mode, next)).toBe(to);
  });

  it("titles each screen", () => {
    expect(authTitle("customer", "signin")).toBe("Sign In | Karkhana");
    expect(authTitle("provider", "signup")).toBe("Provider Sign Up | Karkhana");
  });
});
