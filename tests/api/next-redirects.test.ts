import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createUser } from "../../db/seed/factories.ts";
import { makeTestApp, SITE, type TestApp } from "../helpers/app.ts";
import { startFakeGoogle, type FakeGoogle } from "../helpers/fake-google.ts";
import { HOSTILE_NEXT, staysOnSite } from "../helpers/hostile-next.ts";

/**
 * Every place the server reads a `next` (decision 027), tried with every
 * hostile value: the sign-in forms' POST handlers, Google sign-in's start and
 * its callback (whose flow cookie a person can change), and /api/login. Each
 * either refuses it or sends the browser somewhere on this site.
 */

let t: TestApp;
let google: FakeGoogle;
const PASSWORD = "correct horse battery";
const EMAIL = "next-redirects@example.pk";
let ipSeq = 0;
const freshIp = () => `10.27.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

beforeAll(async () => {
  const realFetch = globalThis.fetch;
  // Only the fake Google may be reached.
  vi.stubGlobal("fetch", (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.hostname !== "127.0.0.1") throw new Error(`a test tried to reach ${url.origin}`);
    return realFetch(input, init);
  });
  google = await startFakeGoogle();
  t = await makeTestApp({ google: google.config });
  await createUser(t.db, { email: EMAIL, password: PASSWORD });
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await t.close();
  await google.close();
});

const query = (next: string) => `?next=${encodeURIComponent(next)}`;

/** Where the browser ends up for a Location header (relative to the site, as browsers resolve it). */
function landsOnSite(location: string | null): boolean {
  if (location === null) return false;
  if (location.startsWith(`${SITE}/`)) return staysOnSite(location.slice(SITE.length));
  return staysOnSite(location);
}

describe("POST /login and /provider-portal-login (the forms' handlers)", () => {
  const pages = ["/login", "/ur/login", "/provider-portal-login"];
  it.each(HOSTILE_NEXT.map((next, i) => [next, pages[i % pages.length]!]))(
    "sign in at ?next=%j on %s and stay on the site",
    async (next, page) => {
      const res = await t.app.request(`${page}${query(next)}`, {
        method: "POST",
        headers: {
          Origin: SITE,
          "Content-Type": "application/x-www-form-urlencoded",
          "x-test-ip": freshIp(),
        },
        body: new URLSearchParams({ mode: "signin", email: EMAIL, password: PASSWORD }).toString(),
      });
      expect(res.status).toBe(303);
      expect(landsOnSite(res.headers.get("Location")), res.headers.get("Location")!).toBe(true);
    },
  );

  it("sends the reported value home, not to evil.example", async () => {
    for (const next of ["/ur//evil.example", "/ur/\\evil.example"]) {
      const res = await t.app.request(`/login${query(next)}`, {
        method: "POST",
        headers: {
          Origin: SITE,
          "Content-Type": "application/x-www-form-urlencoded",
          "x-test-ip": freshIp(),
        },
        body: new URLSearchParams({ mode: "signin", email: EMAIL, password: PASSWORD }).toString(),
      });
      expect(res.headers.get("Location")).toBe("/");
    }
  });
});

describe("Google sign-in", () => {
  function start(body: Record<string, unknown>) {
    return t.app.request("/api/auth/oauth", {
      method: "POST",
      headers: { Origin: SITE, "Content-Type": "application/json", "x-test-ip": freshIp() },
      body: JSON.stringify({ provider: "google", ...body }),
    });
  }

  it.each(HOSTILE_NEXT)("POST /api/auth/oauth refuses next %j", async (next) => {
    const res = await start({ next });
    expect(res.status).toBe(400);
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it.each(HOSTILE_NEXT)(
    "the callback stays on the site when the next cookie was changed to %j",
    async (next) => {
      const begun = await start({ next: "/favorites" });
      expect(begun.status).toBe(200);
      const { url } = (await begun.json()) as { url: string };
      const { code, state } = google.authorize(url, { sub: `g-next-${++ipSeq}` });
      const jar = begun.headers
        .getSetCookie()
        .map((c) => c.split(";")[0]!)
        .filter((c) => !c.startsWith("karkhana_oauth_next="));
      jar.push(`karkhana_oauth_next=${encodeURIComponent(next)}`);
      const res = await t.app.request(
        `/api/auth/callback/google?${new URLSearchParams({ code, state })}`,
        { headers: { Cookie: jar.join("; "), "x-test-ip": freshIp() } },
      );
      expect(res.status).toBe(302);
      expect(landsOnSite(res.headers.get("Location")), res.headers.get("Location")!).toBe(true);
    },
  );

  it.each(HOSTILE_NEXT)(
    "'Continue with Google' sent as a form at ?next=%j comes back to the site",
    async (next) => {
      const res = await t.app.request(`/login${query(next)}`, {
        method: "POST",
        headers: {
          Origin: SITE,
          "Content-Type": "application/x-www-form-urlencoded",
          "x-test-ip": freshIp(),
        },
        body: new URLSearchParams({ intent: "google", mode: "signin" }).toString(),
      });
      expect(res.status).toBe(303);
      expect(res.headers.get("Location")).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/.*[?&]state=/);
      const kept = res.headers
        .getSetCookie()
        .find((c) => c.startsWith("karkhana_oauth_next="))!
        .split(";")[0]!
        .slice("karkhana_oauth_next=".length);
      expect(staysOnSite(decodeURIComponent(kept))).toBe(true);
    },
  );
});

describe("GET /api/login", () => {
  it.each(HOSTILE_NEXT)("drops next %j or keeps it on the site", async (next) => {
    const res = await t.app.request(`/api/login${query(next)}`);
    expect(res.status).toBe(302);
    const location = res.headers.get("Location")!;
    expect(location.startsWith("/login")).toBe(true);
    const handed = new URL(location, SITE).searchParams.get("next");
    if (handed !== null) expect(staysOnSite(handed)).toBe(true);
  });
});
