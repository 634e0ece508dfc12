import { describe, expect, it } from "vitest";
import { memberLinks } from "./nav.ts";

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

  it("gives a signed-out visitor nothing extra", () => {
    expect(memberLinks(null, "desktop")).toEqual([]);
    expect(memberLinks(null, "mobile")).toEqual([]);
  });
});
