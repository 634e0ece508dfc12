import { describe, expect, it } from "vitest";
import { HOSTILE_NEXT, staysOnSite } from "../../tests/helpers/hostile-next.ts";
import { siteNextPath } from "./next-path.ts";

describe("siteNextPath", () => {
  it.each([
    ["/favorites", undefined, "/favorites"],
    ["/", undefined, "/"],
    ["/pk/lahore/cnc/acme-1?x=1#y", undefined, "/pk/lahore/cnc/acme-1?x=1#y"],
    ["/claim-listing/confirm#token=ABC_12-x", undefined, "/claim-listing/confirm#token=ABC_12-x"],
    ["/pk/lahore?q=cnc%20machining&page=2", undefined, "/pk/lahore?q=cnc%20machining&page=2"],
    // A query may hold what a path may not.
    ["/search?url=https://x.example//y", undefined, "/search?url=https://x.example//y"],
    ["/favorites", "ur", "/ur/favorites"],
    ["/ur/favorites", "en", "/favorites"],
    ["/ur", "en", "/"],
    ["/", "ur", "/ur"],
    ["/admin-dashboard", "ur", "/admin-dashboard"],
    // Dot segments resolve as the browser will resolve them.
    ["/pk/../favorites", undefined, "/favorites"],
  ] as const)("%j in %j → %j", (raw, locale, expected) => {
    expect(siteNextPath(raw, locale)).toBe(expected);
  });

  it.each([undefined, null, 42, {}, ["/favorites"], "x".repeat(2001)])(
    "refuses what is not a short string: %j",
    (raw) => {
      expect(siteNextPath(raw)).toBeNull();
    },
  );

  describe.each([undefined, "en", "ur"] as const)("in %j", (locale) => {
    it.each(HOSTILE_NEXT)("never leaves the site for %j", (raw) => {
      const path = siteNextPath(raw, locale);
      if (path !== null) expect(staysOnSite(path), path).toBe(true);
    });
  });

  it("checks the path after its language prefix goes (the reported redirect)", () => {
    // Harmless on the Urdu site, `//evil.example` once `/ur` is taken off.
    expect(siteNextPath("/ur//evil.example", "en")).toBeNull();
    expect(siteNextPath("/ur/\\evil.example", "en")).toBeNull();
    expect(siteNextPath("/ur//evil.example", "ur")).toBeNull();
    // Whatever language it is taken into later, it stays a path here: refused in both.
    expect(siteNextPath("/ur/%2F%2Fevil.example")).toBeNull();
    expect(siteNextPath("/ur/%5Cevil.example", "ur")).toBeNull();
  });

  it("refuses dot segments that climb to another host", () => {
    expect(siteNextPath("/..//evil.example")).toBeNull();
    expect(siteNextPath("/%2e%2e//evil.example")).toBeNull();
    expect(siteNextPath("/ur/..//evil.example", "en")).toBeNull();
  });
});
