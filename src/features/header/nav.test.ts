import { describe, expect, it } from "vitest";
import { setServerLocaleSource } from "../../i18n/index.ts";
import {
  ADMIN_LINK,
  BECOME_PROVIDER_LINK,
  FAVORITES_LINK,
  MAIN_LINKS,
  memberLinks,
} from "./nav.ts";

describe("memberLinks", () => {
  it.each([
    ["customer", "desktop", ["Favorites", "Become a Provider"]],
    ["customer", "mobile", ["Favorites", "My Requests", "Provider Dashboard", "Become a Provider"]],
    ["provider", "desktop", ["Favorites", "Provider Dashboard"]],
    ["provider", "mobile", ["Favorites", "My Requests", "Provider Dashboard"]],
    ["admin", "desktop", ["Favorites", "Admin"]],
    ["admin", "mobile", ["Favorites", "My Requests", "Provider Dashboard", "Admin"]],
  ] as const)("%s on %s sees %j", (role, surface, labels) => {
    expect(memberLinks({ role }, surface).map((l) => l.label)).toEqual(labels);
  });

  it("takes a signed-in customer straight to provider setup, not to a second sign-up", () => {
    const become = memberLinks({ role: "customer" }, "desktop").at(-1);
    expect(become).toBe(BECOME_PROVIDER_LINK);
    expect(become?.href).toBe("/provider-setup");
  });

  it("gives a signed-out visitor nothing extra", () => {
    expect(memberLinks(null, "desktop")).toEqual([]);
    expect(memberLinks(null, "mobile")).toEqual([]);
  });

  it("reads its labels and paths in the page's language each time", () => {
    // Outside a page render the language is English.
    expect(MAIN_LINKS.map((l) => [l.label, l.href])).toEqual([
      ["Find Services", "/"],
      ["How It Works", "/#how-it-works"],
    ]);
    setServerLocaleSource(() => "ur");
    try {
      expect([FAVORITES_LINK.label, FAVORITES_LINK.href]).toEqual(["پسندیدہ", "/ur/favorites"]);
      expect(MAIN_LINKS[1]?.href).toBe("/ur#how-it-works");
      // The admin dashboard has no Urdu twin.
      expect(ADMIN_LINK.href).toBe("/admin-dashboard");
    } finally {
      setServerLocaleSource(() => undefined);
    }
  });
});
