import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEED_CATEGORIES } from "../../db/seed/categories.ts";
import { createProvider, createUser } from "../../db/seed/factories.ts";
import { createSession } from "../../functions/auth/session.ts";
import { makeTestApp, SITE, type TestApp } from "../helpers/app.ts";

/**
 * Every /api route with every kind of caller. A new route must be added here:
 * the last test fails when the app has a route this table does not cover.
 */
const ROLES = ["anonymous", "customer", "provider", "provider2", "admin"] as const;
type Who = (typeof ROLES)[number];

let t: TestApp;
const ids: Record<string, string> = {};
const cookies: Partial<Record<Who, () => Promise<string>>> = {};

beforeAll(async () => {
  t = await makeTestApp();
  const users: Record<Exclude<Who, "anonymous">, string> = {
    customer: await createUser(t.db, { email: "c@example.pk", role: "customer" }),
    provider: await createUser(t.db, { email: "p@example.pk", role: "provider" }),
    provider2: await createUser(t.db, { email: "p2@example.pk", role: "provider" }),
    admin: await createUser(t.db, { email: "a@example.pk", role: "admin" }),
  };
  ids.provider = await createProvider(t.db, {
    companyName: "Owned Works",
    city: "Lahore",
    userId: users.provider,
    services: [{ categoryId: SEED_CATEGORIES[0]!.id, name: "Thing", pricePkr: 10 }],
  });
  for (const [who, userId] of Object.entries(users)) {
    // Log in through the database (a fresh session per request: sign-out ends one).
    cookies[who as Who] = async () => {
      const { token } = await createSession(t.db, userId, new Date());
      return `karkhana_session=${token}`;
    };
  }
});
afterAll(() => t.close());

interface Row {
  method: "GET" | "POST" | "DELETE" | "PUT" | "PATCH";
  /** Path as registered in the app (with :params). */
  route: string;
  path: () => string;
  /** A function gets the caller, so per-email throttles do not mix the rows up. */
  body?: unknown | ((who: Who) => unknown);
  expect: Record<Who, number>;
}

const all = (status: number): Record<Who, number> => ({
  anonymous: status,
  customer: status,
  provider: status,
  provider2: status,
  admin: status,
});
const signedIn = (status: number): Record<Who, number> => ({ ...all(status), anonymous: 401 });

const MATRIX: Row[] = [
  { method: "GET", route: "/api/health", path: () => "/api/health", expect: all(200) },
  {
    method: "GET",
    route: "/api/service-categories",
    path: () => "/api/service-categories",
    expect: all(200),
  },
  { method: "GET", route: "/api/providers", path: () => "/api/providers", expect: all(200) },
  {
    method: "GET",
    route: "/api/providers/:id",
    path: () => `/api/providers/${ids.provider}`,
    expect: all(200),
  },
  {
    method: "GET",
    route: "/api/providers/:id/services",
    path: () => `/api/providers/${ids.provider}/services`,
    expect: all(200),
  },
  {
    method: "GET",
    route: "/api/providers/:id/gallery",
    path: () => `/api/providers/${ids.provider}/gallery`,
    expect: all(200),
  },
  { method: "GET", route: "/api/auth/user", path: () => "/api/auth/user", expect: signedIn(200) },
  {
    method: "POST",
    route: "/api/auth/signout",
    path: () => "/api/auth/signout",
    body: {},
    expect: all(200),
  },
  {
    method: "POST",
    route: "/api/auth/signin",
    path: () => "/api/auth/signin",
    body: { email: "nobody@example.pk", password: "whatever-123" },
    expect: all(401),
  },
  {
    method: "POST",
    route: "/api/auth/signup",
    path: () => "/api/auth/signup",
    body: { email: "x" },
    expect: all(400),
  },
  {
    method: "POST",
    route: "/api/auth/resend-confirmation",
    path: () => "/api/auth/resend-confirmation",
    body: (who: Who) => ({ email: `nobody-${who}@example.pk` }),
    expect: all(200),
  },
  {
    method: "GET",
    route: "/api/auth/confirm",
    path: () => "/api/auth/confirm?token=nope",
    expect: all(302),
  },
  {
    method: "POST",
    route: "/api/auth/oauth",
    path: () => "/api/auth/oauth",
    body: { provider: "google" },
    expect: all(503),
  },
  {
    method: "GET",
    route: "/api/auth/callback/google",
    path: () => "/api/auth/callback/google?state=x&code=y",
    expect: all(302),
  },
  {
    method: "POST",
    route: "/api/auth/hash-callback",
    path: () => "/api/auth/hash-callback",
    body: { accessToken: "token" },
    expect: all(410),
  },
  { method: "GET", route: "/api/favorites", path: () => "/api/favorites", expect: signedIn(200) },
  {
    method: "GET",
    route: "/api/favorites/:providerId/check",
    path: () => `/api/favorites/${ids.provider}/check`,
    expect: signedIn(200),
  },
  {
    method: "POST",
    route: "/api/favorites/:providerId",
    path: () => `/api/favorites/${ids.provider}`,
    body: {},
    expect: signedIn(200),
  },
  {
    method: "DELETE",
    route: "/api/favorites/:providerId",
    path: () => `/api/favorites/${ids.provider}`,
    expect: signedIn(200),
  },
];

describe("permission matrix", () => {
  for (const row of MATRIX) {
    for (const who of ROLES) {
      it(`${row.method} ${row.route} as ${who} → ${row.expect[who]}`, async () => {
        const headers: Record<string, string> = {
          Origin: SITE,
          "x-test-ip": `10.1.${ROLES.indexOf(who)}.1`,
        };
        const cookie = cookies[who];
        if (cookie) headers.Cookie = await cookie();
        if (row.body !== undefined) headers["Content-Type"] = "application/json";
        const res = await t.app.request(row.path(), {
          method: row.method,
          headers,
          ...(row.body === undefined
            ? {}
            : { body: JSON.stringify(typeof row.body === "function" ? row.body(who) : row.body) }),
        });
        expect(res.status).toBe(row.expect[who]);
      });
    }
  }

  it("covers every /api route the app has", () => {
    const registered = new Set(
      t.app.routes
        .filter((r) => r.path.startsWith("/api/") && r.method !== "ALL")
        .map((r) => `${r.method} ${r.path}`),
    );
    const covered = new Set(MATRIX.map((r) => `${r.method} ${r.route}`));
    expect([...registered].filter((r) => !covered.has(r))).toEqual([]);
  });
});
