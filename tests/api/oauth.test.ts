import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { deviceTrusts, oauthAccounts, sessions, users } from "../../db/schema.ts";
import { hashPassword } from "../../src/lib/password-hash.ts";
import { hashToken } from "../../functions/auth/tokens.ts";
import { GOOGLE_NOT_CONFIGURED, HASH_CALLBACK_GONE } from "../../src/lib/oauth-schemas.ts";
import { makeTestApp, SITE, type TestApp } from "../helpers/app.ts";
import { startFakeGoogle, type FakeGoogle, type GoogleClaims } from "../helpers/fake-google.ts";

const SESSION = "karkhana_session";
const CALLBACK = `${SITE}/api/auth/callback/google`;

let google: FakeGoogle;
let t: TestApp;
let bare: TestApp;
/** Every URL the code under test fetched: only the fake may be reached. */
const fetched: string[] = [];

beforeAll(async () => {
  const realFetch = globalThis.fetch;
  vi.stubGlobal("fetch", (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    fetched.push(url.href);
    if (url.hostname !== "127.0.0.1") throw new Error(`a test tried to reach ${url.origin}`);
    return realFetch(input, init);
  });
  google = await startFakeGoogle();
  t = await makeTestApp({ google: google.config });
  bare = await makeTestApp();
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await t.close();
  await bare.close();
  await google.close();
  expect(fetched.every((u) => u.startsWith("http://127.0.0.1:"))).toBe(true);
});

type Jar = Record<string, string>;

/** Cookies a response sets (deletions drop out), merged over `jar`. */
function cookies(res: Response, jar: Jar = {}): Jar {
  const out = { ...jar };
  for (const line of res.headers.getSetCookie()) {
    const [pair = "", ...attrs] = line.split(";").map((s) => s.trim());
    const i = pair.indexOf("=");
    const name = pair.slice(0, i);
    if (attrs.some((a) => /^max-age=0$/i.test(a))) delete out[name];
    else out[name] = pair.slice(i + 1);
  }
  return out;
}

function cookieHeader(jar: Jar): string {
  return Object.entries(jar)
    .map(([k, v]) => `${k}=${v}`)
    .join("; ");
}

let ipCount = 0;
/** A fresh client IP, so rate limits of one test do not touch another. */
const freshIp = () => `10.0.${Math.floor(++ipCount / 250)}.${ipCount % 250}`;

function post(app: TestApp, path: string, body: unknown, headers: Record<string, string> = {}) {
  return app.app.request(path, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Origin: SITE,
      "x-test-ip": freshIp(),
      ...headers,
    },
    body: JSON.stringify(body),
  });
}

async function startFlow(body: object = {}, opts: { app?: TestApp; ip?: string } = {}) {
  const res = await post(
    opts.app ?? t,
    "/api/auth/oauth",
    { provider: "google", ...body },
    { "x-test-ip": opts.ip ?? freshIp() },
  );
  expect(res.status).toBe(200);
  const { url } = (await res.json()) as { url: string };
  return { res, url, jar: cookies(res) };
}

function callback(query: Record<string, string>, jar: Jar, app: TestApp = t) {
  return app.app.request(`/api/auth/callback/google?${new URLSearchParams(query)}`, {
    headers: { Cookie: cookieHeader(jar), "x-test-ip": freshIp() },
  });
}

/** The whole round trip: start, Google's consent (the fake), callback. */
async function signInWithGoogle(
  opts: { role?: string; next?: string; claims?: Partial<GoogleClaims>; jar?: Jar } = {},
) {
  const { role, next, claims } = opts;
  const start = await startFlow({ ...(role ? { role } : {}), ...(next ? { next } : {}) });
  const { code, state } = google.authorize(start.url, claims);
  const jar = { ...opts.jar, ...start.jar };
  const res = await callback({ code, state }, jar);
  return { res, location: res.headers.get("location"), jar: cookies(res, jar), start };
}

async function currentUser(jar: Jar) {
  const res = await t.app.request("/api/auth/user", { headers: { Cookie: cookieHeader(jar) } });
  return { status: res.status, body: res.status === 200 ? await res.json() : null };
}

async function usersWithEmail(email: string) {
  return t.db.select().from(users).where(eq(users.email, email));
}

async function insertUser(values: {
  email: string;
  role: "customer" | "provider" | "admin";
  password?: string;
  confirmed: boolean;
}) {
  const id = crypto.randomUUID();
  const now = new Date();
  await t.db.insert(users).values({
    id,
    email: values.email,
    firstName: "Existing",
    lastName: "Person",
    role: values.role,
    passwordHash: values.password ? await hashPassword(values.password) : null,
    emailConfirmedAt: values.confirmed ? now : null,
    createdAt: now,
    updatedAt: now,
  });
  return id;
}

describe("POST /api/auth/oauth", () => {
  it("answers 503 with a clear reason when Google is not configured", async () => {
    const res = await post(bare, "/api/auth/oauth", { provider: "google", role: "customer" });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ error: GOOGLE_NOT_CONFIGURED });
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it("answers 400 for another provider or a bad role", async () => {
    const a = await post(t, "/api/auth/oauth", { provider: "github" });
    expect(a.status).toBe(400);
    expect((await a.json()).error).toMatch(/provider/);
    const b = await post(t, "/api/auth/oauth", { provider: "google", role: "admin" });
    expect(b.status).toBe(400);
    expect((await b.json()).error).toMatch(/Role/);
    const c = await t.app.request("/api/auth/oauth", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: SITE },
      body: "{nope",
    });
    expect(c.status).toBe(400);
  });

  it("refuses a cross-site request", async () => {
    const res = await post(
      t,
      "/api/auth/oauth",
      { provider: "google" },
      { Origin: "https://evil.com" },
    );
    expect(res.status).toBe(403);
  });

  it.each([
    ["//evil.com"],
    ["https://evil.com"],
    ["/\\evil.com"],
    ["/\t/evil.com"],
    ["/\n/evil.com"],
    ["evil.com"],
  ])("answers 400 for next %j (not a path on this site)", async (next) => {
    const res = await post(t, "/api/auth/oauth", { provider: "google", next });
    expect(res.status).toBe(400);
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it("answers Google's consent URL with state, PKCE S256 and the scopes", async () => {
    const { res, url, jar } = await startFlow({ role: "provider", next: "/favorites" });
    const u = new URL(url);
    expect(`${u.origin}${u.pathname}`).toBe(google.config.authorizationEndpoint);
    const p = u.searchParams;
    expect(p.get("response_type")).toBe("code");
    expect(p.get("client_id")).toBe(google.config.clientId);
    expect(p.get("redirect_uri")).toBe(CALLBACK);
    expect(p.get("scope")).toBe("openid email profile");
    expect(p.get("code_challenge_method")).toBe("S256");
    expect(p.get("state")).toBe(jar.karkhana_oauth_state);
    const verifier = decodeURIComponent(jar.karkhana_oauth_verifier!);
    expect(p.get("code_challenge")).toBe(createHash("sha256").update(verifier).digest("base64url"));
    expect(url).not.toContain(verifier);
    expect(decodeURIComponent(jar.karkhana_oauth_role!)).toBe("provider");
    expect(decodeURIComponent(jar.karkhana_oauth_next!)).toBe("/favorites");
    for (const line of res.headers.getSetCookie()) {
      expect(line).toMatch(/^karkhana_oauth_(state|verifier|role|next)=/);
      expect(line).toMatch(/; Max-Age=600/);
      expect(line).toMatch(/; Path=\//);
      expect(line).toMatch(/; HttpOnly/);
      expect(line).toMatch(/; SameSite=Lax/);
    }
  });

  it("gives every flow its own state and verifier", async () => {
    const a = await startFlow();
    const b = await startFlow();
    expect(a.jar.karkhana_oauth_state).not.toBe(b.jar.karkhana_oauth_state);
    expect(a.jar.karkhana_oauth_verifier).not.toBe(b.jar.karkhana_oauth_verifier);
  });

  it("is rate limited per IP", async () => {
    const ip = freshIp();
    for (let i = 0; i < 30; i++) {
      const res = await post(t, "/api/auth/oauth", { provider: "google" }, { "x-test-ip": ip });
      expect(res.status).toBe(200);
    }
    const res = await post(t, "/api/auth/oauth", { provider: "google" }, { "x-test-ip": ip });
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBeTruthy();
  });
});

describe("GET /api/auth/callback/google", () => {
  it("creates a customer with a confirmed email, signs them in and goes to /", async () => {
    const before = new Date();
    const { res, location, jar } = await signInWithGoogle({
      claims: {
        sub: "g-new-customer",
        email: "Ayesha.Khan@Gmail.com",
        given_name: "Ayesha",
        family_name: "Khan",
        picture: "https://lh3.googleusercontent.com/a/photo",
      },
    });
    expect(res.status).toBe(302);
    expect(location).toBe("/");
    expect(fetched).toContain(google.config.tokenEndpoint);
    // The flow cookies are spent.
    for (const name of ["state", "verifier", "role", "next"]) {
      expect(jar[`karkhana_oauth_${name}`]).toBeUndefined();
    }
    expect(res.headers.get("cache-control")).toBe("no-store");
    const me = await currentUser(jar);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      email: "ayesha.khan@gmail.com",
      firstName: "Ayesha",
      lastName: "Khan",
      profileImageUrl: "https://lh3.googleusercontent.com/a/photo",
      role: "customer",
    });
    expect(new Date(me.body.emailConfirmedAt).getTime()).toBeGreaterThanOrEqual(
      before.getTime() - 1000,
    );
    const [row] = await usersWithEmail("ayesha.khan@gmail.com");
    expect(row!.passwordHash).toBeNull();
    const links = await t.db.select().from(oauthAccounts).where(eq(oauthAccounts.userId, row!.id));
    expect(links).toMatchObject([{ provider: "google", providerUserId: "g-new-customer" }]);
    // The browser is trusted for the account's password sign-ins too (device cookie).
    const trusts = await t.db.select().from(deviceTrusts).where(eq(deviceTrusts.userId, row!.id));
    expect(trusts.map((d) => d.id)).toEqual([hashToken(jar.karkhana_device!)]);
    const logged = t.events.filter((e) => e.userId === row!.id);
    expect(logged).toEqual([
      { event: "signup", ip: expect.any(String), userId: row!.id, method: "google" },
      { event: "signin.success", ip: expect.any(String), userId: row!.id, method: "google" },
    ]);
  });

  it("creates a provider through the provider portal and sends them to /provider-setup", async () => {
    const { location, jar } = await signInWithGoogle({
      role: "provider",
      claims: { sub: "g-new-provider", email: "bilal@works.pk", given_name: "Bilal" },
    });
    expect(location).toBe("/provider-setup");
    const me = await currentUser(jar);
    expect(me.body).toMatchObject({ email: "bilal@works.pk", role: "provider", lastName: null });
    expect(me.body.emailConfirmedAt).not.toBeNull();

    // Next time through the provider portal: the dashboard.
    const again = await signInWithGoogle({
      role: "provider",
      claims: { sub: "g-new-provider", email: "bilal@works.pk" },
    });
    expect(again.location).toBe("/provider-dashboard");
  });

  it("makes Google's profile names fit the name rule instead of refusing the sign-in", async () => {
    const { res, jar } = await signInWithGoogle({
      claims: {
        sub: "g-odd-names",
        email: "odd.names@gmail.com",
        given_name: "Win at evil.com Ahmed 😀",
        family_name: "0300 1234567",
      },
    });
    expect(res.status).toBe(302);
    const me = await currentUser(jar);
    expect(me.body).toMatchObject({ firstName: "Win at Ahmed", lastName: null });
  });

  it("reuses the user on a second sign-in with the same Google account", async () => {
    const first = await signInWithGoogle({
      claims: { sub: "g-repeat", email: "repeat@gmail.com" },
    });
    const firstUser = await currentUser(first.jar);
    // Even through the other portal and with a changed Google email.
    const second = await signInWithGoogle({
      role: "provider",
      claims: { sub: "g-repeat", email: "renamed@gmail.com" },
    });
    expect(second.location).toBe("/");
    const secondUser = await currentUser(second.jar);
    expect(secondUser.body.id).toBe(firstUser.body.id);
    expect(secondUser.body.role).toBe("customer");
    expect(await usersWithEmail("renamed@gmail.com")).toHaveLength(0);
    expect(await usersWithEmail("repeat@gmail.com")).toHaveLength(1);
    // Both sessions work: each sign-in is its own session.
    expect((await currentUser(first.jar)).status).toBe(200);
  });

  it("links an existing password account with the same email, keeping its role and password", async () => {
    const id = await insertUser({
      email: "sana@textiles.pk",
      role: "provider",
      password: "correct horse battery",
      confirmed: true,
    });
    const { location, jar } = await signInWithGoogle({
      claims: { sub: "g-sana", email: "SANA@textiles.pk", given_name: "Other" },
    });
    expect(location).toBe("/");
    const me = await currentUser(jar);
    expect(me.body).toMatchObject({ id, role: "provider", firstName: "Existing" });
    expect(await usersWithEmail("sana@textiles.pk")).toHaveLength(1);
    const links = await t.db.select().from(oauthAccounts).where(eq(oauthAccounts.userId, id));
    expect(links).toMatchObject([{ providerUserId: "g-sana" }]);
    const signin = await post(
      t,
      "/api/auth/signin",
      { email: "sana@textiles.pk", password: "correct horse battery" },
      { "x-test-ip": freshIp() },
    );
    expect(signin.status).toBe(200);
  });

  it("confirms an unconfirmed account it links, and drops the password nobody proved", async () => {
    const id = await insertUser({
      email: "victim@gmail.com",
      role: "customer",
      password: "attacker's password",
      confirmed: false,
    });
    const from = t.events.length;
    const { location, jar } = await signInWithGoogle({
      claims: { sub: "g-victim", email: "victim@gmail.com" },
    });
    expect(location).toBe("/");
    expect(t.events.slice(from)).toEqual([
      { event: "signin.success", ip: expect.any(String), userId: id, method: "google" },
    ]);
    const me = await currentUser(jar);
    expect(me.body.id).toBe(id);
    expect(me.body.emailConfirmedAt).not.toBeNull();
    const [row] = await usersWithEmail("victim@gmail.com");
    expect(row!.passwordHash).toBeNull();
    const signin = await post(
      t,
      "/api/auth/signin",
      { email: "victim@gmail.com", password: "attacker's password" },
      { "x-test-ip": freshIp() },
    );
    expect(signin.status).toBe(401);
  });

  it("refuses a Google account whose email is not verified", async () => {
    const { res, location, jar } = await signInWithGoogle({
      claims: { sub: "g-unverified", email: "unverified@example.com", email_verified: false },
    });
    expect(res.status).toBe(302);
    expect(location).toBe("/login?error=google");
    expect(jar[SESSION]).toBeUndefined();
    expect(await usersWithEmail("unverified@example.com")).toHaveLength(0);
  });

  it("refuses an existing account's email when Google has not verified it", async () => {
    await insertUser({ email: "owner@example.com", role: "customer", confirmed: true });
    const { location, jar } = await signInWithGoogle({
      claims: { sub: "g-squatter", email: "owner@example.com", email_verified: false },
    });
    expect(location).toBe("/login?error=google");
    expect(jar[SESSION]).toBeUndefined();
    const links = await t.db
      .select()
      .from(oauthAccounts)
      .where(eq(oauthAccounts.providerUserId, "g-squatter"));
    expect(links).toHaveLength(0);
  });

  it("refuses an ID token issued to another app", async () => {
    const { location, jar } = await signInWithGoogle({
      claims: {
        sub: "g-other-aud",
        email: "aud@gmail.com",
        aud: "someone-else.apps.googleusercontent.com",
      },
    });
    expect(location).toBe("/login?error=google");
    expect(jar[SESSION]).toBeUndefined();
  });

  it("redirects with ?error=google and no session when the state does not match", async () => {
    const start = await startFlow({ role: "provider" });
    const { code } = google.authorize(start.url, { sub: "g-csrf", email: "csrf@gmail.com" });
    const requests = google.tokenRequests.length;
    const res = await callback({ code, state: "not-the-state" }, start.jar);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/provider-portal-login?error=google");
    const jar = cookies(res, start.jar);
    expect(jar[SESSION]).toBeUndefined();
    // The flow is spent; the code was never redeemed.
    expect(jar.karkhana_oauth_state).toBeUndefined();
    expect(google.tokenRequests.length).toBe(requests);
    expect(await usersWithEmail("csrf@gmail.com")).toHaveLength(0);
  });

  it("redirects with ?error=google without the flow cookies (another browser, or expired)", async () => {
    const start = await startFlow();
    const { code, state } = google.authorize(start.url, { sub: "g-nocookie" });
    const res = await callback({ code, state }, {});
    expect(res.headers.get("location")).toBe("/login?error=google");
    expect(cookies(res)[SESSION]).toBeUndefined();
  });

  it("redirects with ?error=google when the person cancels at Google", async () => {
    const start = await startFlow({ role: "provider" });
    const state = new URL(start.url).searchParams.get("state")!;
    const res = await callback({ error: "access_denied", state }, start.jar);
    expect(res.headers.get("location")).toBe("/provider-portal-login?error=google");
  });

  it("really checks PKCE: a code redeemed with another verifier fails", async () => {
    const a = await startFlow();
    const b = await startFlow();
    const { code, state } = google.authorize(a.url, { sub: "g-pkce", email: "pkce@gmail.com" });
    // a's state, b's verifier: the state matches, the verifier does not.
    const jar = { ...a.jar, karkhana_oauth_verifier: b.jar.karkhana_oauth_verifier! };
    const res = await callback({ code, state }, jar);
    expect(res.headers.get("location")).toBe("/login?error=google");
    expect(google.tokenRequests.at(-1)).toEqual({ status: 400, error: "invalid_grant" });
    expect(await usersWithEmail("pkce@gmail.com")).toHaveLength(0);
  });

  it("accepts a code once", async () => {
    const start = await startFlow();
    const { code, state } = google.authorize(start.url, { sub: "g-once", email: "once@gmail.com" });
    const first = await callback({ code, state }, start.jar);
    expect(first.headers.get("location")).toBe("/");
    // Replaying the same callback with the (stale) flow cookies.
    const replay = await callback({ code, state }, start.jar);
    expect(replay.headers.get("location")).toBe("/login?error=google");
    expect(cookies(replay)[SESSION]).toBeUndefined();
  });

  it("redirects with ?error=google when Google's token endpoint fails", async () => {
    google.failWith = 500;
    try {
      const { location, jar } = await signInWithGoogle({ claims: { sub: "g-down" } });
      expect(location).toBe("/login?error=google");
      expect(jar[SESSION]).toBeUndefined();
    } finally {
      google.failWith = null;
    }
  });

  it("redirects with ?error=google when Google cannot be reached", async () => {
    const offline = await makeTestApp({
      google: { ...google.config, tokenEndpoint: "http://127.0.0.1:9/token" },
    });
    try {
      const start = await startFlow({}, { app: offline });
      const { code, state } = google.authorize(start.url);
      const res = await callback({ code, state }, start.jar, offline);
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/login?error=google");
    } finally {
      await offline.close();
    }
  });

  it("redirects with ?error=google when Google is not configured", async () => {
    const res = await callback({ code: "x", state: "y" }, { karkhana_oauth_state: "y" }, bare);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/login?error=google");
  });

  it("goes to the `next` path given at the start", async () => {
    const { location, jar } = await signInWithGoogle({
      next: "/pk/lahore/cnc?page=2",
      claims: { sub: "g-next" },
    });
    expect(location).toBe("/pk/lahore/cnc?page=2");
    expect((await currentUser(jar)).status).toBe(200);
  });

  it.each([
    ["//evil.com", 1],
    ["https://evil.com", 2],
    ["/\\evil.com", 3],
    ["/\t/evil.com", 4],
  ])("falls back to / when the next cookie was changed to %j", async (next, i) => {
    const start = await startFlow({ next: "/favorites" });
    const { code, state } = google.authorize(start.url, { sub: `g-evil-${i}` });
    const jar = { ...start.jar, karkhana_oauth_next: encodeURIComponent(next) };
    const res = await callback({ code, state }, jar);
    expect(res.headers.get("location")).toBe("/");
    expect(cookies(res)[SESSION]).toBeDefined();
  });

  it("replaces the session the browser already had", async () => {
    const a = await signInWithGoogle({ claims: { sub: "g-first-person" } });
    const oldCount = (await t.db.select().from(sessions)).length;
    const b = await signInWithGoogle({ claims: { sub: "g-second-person" }, jar: a.jar });
    expect((await currentUser(b.jar)).body.email).toBe("userg-second-person@gmail.com");
    // a's token no longer works; the number of sessions did not grow.
    expect((await currentUser(a.jar)).status).toBe(401);
    expect((await t.db.select().from(sessions)).length).toBe(oldCount);
  });
});

describe("POST /api/auth/hash-callback", () => {
  it("refuses to sign in from a URL-hash token: 410 with the portal's login page", async () => {
    const requests = google.tokenRequests.length;
    const fetches = fetched.length;
    const res = await post(t, "/api/auth/hash-callback", {
      accessToken: "ya29.a-real-looking-google-token",
      role: "customer",
      next: "/favorites",
    });
    expect(res.status).toBe(410);
    expect(await res.json()).toEqual({
      error: HASH_CALLBACK_GONE,
      redirect: "/login?error=google",
    });
    expect(res.headers.getSetCookie()).toEqual([]);
    // Nothing was asked of Google.
    expect(google.tokenRequests.length).toBe(requests);
    expect(fetched.length).toBe(fetches);

    const provider = await post(t, "/api/auth/hash-callback", {
      accessToken: "ya29.token",
      role: "provider",
    });
    expect(provider.status).toBe(410);
    expect((await provider.json()).redirect).toBe("/provider-portal-login?error=google");
  });

  it("validates its input: 400 for a missing token, a bad role or a foreign next", async () => {
    for (const body of [
      {},
      { accessToken: "" },
      { accessToken: "x".repeat(5000) },
      { accessToken: "t", role: "admin" },
      { accessToken: "t", next: "//evil.com" },
      { accessToken: "t", next: "https://evil.com" },
    ]) {
      const res = await post(t, "/api/auth/hash-callback", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(await res.json())).not.toContain("evil.com");
    }
  });

  it("refuses a cross-site request", async () => {
    const res = await post(
      t,
      "/api/auth/hash-callback",
      { accessToken: "t" },
      { Origin: "https://evil.com" },
    );
    expect(res.status).toBe(403);
  });

  it("is rate limited per IP", async () => {
    const ip = freshIp();
    const send = () =>
      post(t, "/api/auth/hash-callback", { accessToken: "t" }, { "x-test-ip": ip });
    for (let i = 0; i < 30; i++) expect((await send()).status).toBe(410);
    expect((await send()).status).toBe(429);
  });
});
