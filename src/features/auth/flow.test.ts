import { afterEach, describe, expect, it, vi } from "vitest";
import {
  afterConfirmation,
  rememberNextForConfirmation,
  takeNextForConfirmation,
  afterSignIn,
  afterSignUp,
  authTitle,
  googleNext,
  safeNextPath,
} from "./flow.ts";

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

  it("sends a confirmed provider through sign-in on to setup, a customer just to sign-in", () => {
    expect(afterConfirmation("/provider-portal-login")).toBe(
      "/provider-portal-login?confirmed=1&next=%2Fprovider-setup",
    );
    expect(afterConfirmation("/login")).toBe("/login?confirmed=1");
    expect(afterConfirmation("/provider-portal-login", "ur")).toBe(
      "/ur/provider-portal-login?confirmed=1&next=%2Fur%2Fprovider-setup",
    );
    // The sign-in screen reads `next` back as the way on after signing in.
    const next = new URL(afterConfirmation("/provider-portal-login"), "http://x").searchParams;
    expect(afterSignIn("provider", safeNextPath(next.get("next")))).toBe("/provider-setup");
  });

  it("takes someone who signed up on the way somewhere back there after confirming", () => {
    expect(afterConfirmation("/login", "en", "/claim-listing?provider=abc")).toBe(
      "/login?confirmed=1&next=%2Fclaim-listing%3Fprovider%3Dabc",
    );
    // Their way on wins over the provider's default of setup.
    expect(afterConfirmation("/provider-portal-login", "ur", "/claim-listing?provider=abc")).toBe(
      "/ur/provider-portal-login?confirmed=1&next=%2Fur%2Fclaim-listing%3Fprovider%3Dabc",
    );
  });

  it("remembers the sign-up's next across tabs once, for a day, and never a fragment", () => {
    const data = new Map<string, string>();
    const store = {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => void data.set(k, v),
      removeItem: (k: string) => void data.delete(k),
    };
    const t0 = Date.UTC(2026, 10, 27);
    rememberNextForConfirmation("/claim-listing?provider=abc", t0, store);
    expect(takeNextForConfirmation(t0 + 60_000, store)).toBe("/claim-listing?provider=abc");
    expect(takeNextForConfirmation(t0 + 60_000, store)).toBeNull();

    rememberNextForConfirmation("/favorites", t0, store);
    expect(takeNextForConfirmation(t0 + 25 * 60 * 60_000, store)).toBeNull();

    for (const unsafe of ["https://evil.example/", "//evil.example", null]) {
      rememberNextForConfirmation(unsafe, t0, store);
      expect(takeNextForConfirmation(t0, store)).toBeNull();
    }
    rememberNextForConfirmation("/claim-listing/confirm#token=secret", t0, store);
    expect(data.size).toBe(0);
  });

  it("titles each screen", () => {
    expect(authTitle("customer", "signin")).toBe("Sign In | Karkhana");
    expect(authTitle("provider", "signup")).toBe("Provider Sign Up | Karkhana");
  });
});

describe("on an Urdu screen", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("titles the screen in Urdu", () => {
    vi.stubGlobal("document", { documentElement: { lang: "ur" } });
    expect(authTitle("customer", "signin")).toMatch(/^سائن ان \| /);
    expect(authTitle("provider", "signup")).toMatch(/^سروس فراہم کنندہ کا سائن اپ \| /);
  });

  it("leads to the Urdu pages", () => {
    expect(afterSignIn("customer", null, "ur")).toBe("/ur");
    expect(afterSignIn("provider", null, "ur")).toBe("/ur/provider-dashboard");
    expect(afterSignUp("provider", true, "ur")).toBe("/ur/provider-setup");
    expect(afterSignUp("customer", false, "ur")).toBe("/ur/login");
    expect(afterSignUp("provider", false, "ur")).toBe("/ur/provider-portal-login");
    expect(googleNext("provider", "signup", null, "ur")).toBe("/ur/provider-setup");
    expect(googleNext("customer", "signin", null, "ur")).toBe("/ur");
  });

  it("takes `next` into the screen's language, whichever it was in", () => {
    expect(afterSignIn("customer", "/favorites?x=1#y", "ur")).toBe("/ur/favorites?x=1#y");
    expect(afterSignIn("customer", "/ur/favorites", "ur")).toBe("/ur/favorites");
    expect(afterSignIn("customer", "/ur/favorites", "en")).toBe("/favorites");
    expect(googleNext("customer", "signin", "/pk/lahore", "ur")).toBe("/ur/pk/lahore");
  });

  it("leaves a `next` to an English-only screen as it is", () => {
    expect(afterSignIn("customer", "/admin-dashboard", "ur")).toBe("/admin-dashboard");
    expect(googleNext("customer", "signin", "/api-reference", "ur")).toBe("/api-reference");
  });
});
