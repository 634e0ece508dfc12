import { describe, expect, it } from "vitest";
import type { AdminUser } from "../../lib/admin-schemas.ts";
import { fullName, joinedDate, replaceUser, usersQuery, type UsersQuery } from "./users.ts";
import { searchOf } from "../../lib/api-client.ts";

const user = (over: Partial<AdminUser> = {}): AdminUser => ({
  id: "u1",
  email: "ayesha@example.pk",
  firstName: "Ayesha",
  lastName: "Khan",
  profileImageUrl: null,
  role: "customer",
  emailConfirmed: true,
  providerId: null,
  createdAt: "2026-11-21T20:30:00.000Z",
  ...over,
});

describe("usersQuery", () => {
  const sent = (query: UsersQuery) => `/api/admin/users${searchOf(usersQuery(query))}`;

  it("asks for the first 20 with no filters", () => {
    expect(sent({ q: "", role: "", page: 1 })).toBe("/api/admin/users?limit=20");
  });

  it("sends the trimmed search, the role and the page", () => {
    expect(sent({ q: "  khan ", role: "provider", page: 3 })).toBe(
      "/api/admin/users?q=khan&role=provider&page=3&limit=20",
    );
  });

  it("encodes what people type", () => {
    expect(sent({ q: "a+b@x.pk", role: "", page: 1 })).toBe(
      "/api/admin/users?q=a%2Bb%40x.pk&limit=20",
    );
  });
});

describe("fullName", () => {
  it.each([
    ["Ayesha", "Khan", "Ayesha Khan"],
    [" Ayesha ", null, "Ayesha"],
    [null, "Khan", "Khan"],
    [null, null, null],
    ["  ", "", null],
  ])("%s + %s → %s", (firstName, lastName, name) => {
    expect(fullName({ firstName, lastName })).toBe(name);
  });
});

describe("joinedDate", () => {
  it("shows the day in Pakistan time", () => {
    // 20:30 UTC on the 21st is already the 22nd in Karachi (UTC+5).
    expect(joinedDate("2026-11-21T20:30:00.000Z")).toBe("22 Nov 2026");
  });

  it("shows a dash for an unreadable timestamp", () => {
    expect(joinedDate("not a date")).toBe("—");
  });
});

describe("replaceUser", () => {
  it("swaps one user in place", () => {
    const items = [user({ id: "a" }), user({ id: "b" }), user({ id: "c" })];
    const next = replaceUser(items, user({ id: "b", role: "admin" }));
    expect(next.map((u) => [u.id, u.role])).toEqual([
      ["a", "customer"],
      ["b", "admin"],
      ["c", "customer"],
    ]);
  });
});
