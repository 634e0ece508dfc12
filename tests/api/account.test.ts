import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import { emailTokens, sessions, users } from "../../db/schema.ts";
import { createUser } from "../../db/seed/factories.ts";
import { describeDevice } from "../../functions/auth/device.ts";
import { createSession, LAST_USED_GRANULARITY_MS } from "../../functions/auth/session.ts";
import { hashToken } from "../../functions/auth/tokens.ts";
import { client, makeTestApp, SITE, type TestApp } from "../helpers/app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

const PASSWORD = "correct horse battery";
const NEW_PASSWORD = "a brand new passphrase";
/** Every secret this file sends or receives, to check no event ever carries one. */
const secrets = new Set<string>([PASSWORD, NEW_PASSWORD]);

let ipSeq = 0;
/** A fresh IP per client keeps the per-IP throttles out of tests that are not about them. */
const fresh = () => client(t, `10.2.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`);

const UA = {
  chromeAndroid:
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
  safariIphone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
  firefoxWindows:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0",
  edgeWindows:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
  chromeMac:
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  safariMac:
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
  chromeIphone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1",
  samsungAndroid:
    "Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36",
  operaWindows:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 OPR/115.0.0.0",
  firefoxLinux: "Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
  safariIpad:
    "Mozilla/5.0 (iPad; CPU OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1",
  chromeOs:
    "Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
};

describe.each([
  [UA.chromeAndroid, "Chrome on Android"],
  [UA.safariIphone, "Safari on iPhone"],
  [UA.firefoxWindows, "Firefox on Windows"],
  [UA.edgeWindows, "Edge on Windows"],
  [UA.chromeMac, "Chrome on Mac"],
  [UA.safariMac, "Safari on Mac"],
  [UA.chromeIphone, "Chrome on iPhone"],
  [UA.samsungAndroid, "Samsung Internet on Android"],
  [UA.operaWindows, "Opera on Windows"],
  [UA.firefoxLinux, "Firefox on Linux"],
  [UA.safariIpad, "Safari on iPad"],
  [UA.chromeOs, "Chrome on ChromeOS"],
  ["curl/8.5.0", "Unknown device"],
  ["", "Unknown device"],
  [null, "Unknown device"],
])("describeDevice(%j)", (ua, device) => {
  it(`is ${device}`, () => expect(describeDevice(ua)).toBe(device));
});

/** Signs in with a browser's User-Agent; returns the client (cookie jar). */
async function signIn(email: string, password = PASSWORD, ua = UA.chromeAndroid) {
  const c = fresh();
  const r = await c.request("POST", "/api/auth/signin", { email, password }, { "User-Agent": ua });
  if (r.status !== 200) throw new Error(`sign-in failed: ${r.status} ${r.text}`);
  secrets.add(c.cookieValue("karkhana_session")!);
  secrets.add(c.cookieValue("karkhana_device")!);
  return c;
}

/** The token of the newest reset mail to `to`. */
function resetToken(to: string): string {
  const mail = t.outbox.findLast((m) => m.to === to && /password/i.test(m.subject));
  const m = mail?.text.match(/\/reset-password#token=(\w+)/);
  if (!m) throw new Error(`no reset mail for ${to}`);
  secrets.add(m[1]!);
  return m[1]!;
}

const forgot = (email: string) => fresh().post("/api/auth/forgot-password", { email });
const reset = (token: string, password = NEW_PASSWORD) =>
  fresh().post("/api/auth/reset-password", { token, password });
const sessionCount = async (userId: string) =>
  (await t.db.select().from(sessions).where(eq(sessions.userId, userId))).length;

describe("POST /api/auth/forgot-password", () => {
  it("answers the same for unknown emails, and mails only real accounts", async () => {
    await createUser(t.db, { email: "known-forgot@example.pk", password: PASSWORD });
    const before = t.outbox.length;
    const known = await forgot("Known-Forgot@example.pk");
    const unknown = await forgot("nobody-forgot@example.pk");
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual({
      message:
        "If an account with that email exists, we sent a link to reset its password. The link works once, for 1 hour.",
    });
    expect(unknown.body).toEqual(known.body);
    expect(t.outbox.slice(before).map((m) => m.to)).toEqual(["known-forgot@example.pk"]);
  });

  it("mails a single-use link for 1 hour, stored only as its SHA-256", async () => {
    const id = await createUser(t.db, { email: "hashed@example.pk", password: PASSWORD });
    const from = t.events.length;
    await forgot("hashed@example.pk");
    const mail = t.outbox.findLast((m) => m.to === "hashed@example.pk")!;
    expect(mail.subject).toBe("Reset your Karkhana password");
    expect(mail.text).toMatch(/1 hour/);
    expect(mail.text).toMatch(/works once/);
    expect(mail.text).toMatch(/did not ask for this, you can ignore/);
    const token = resetToken("hashed@example.pk");
    expect(mail.text).toContain(`${SITE}/reset-password#token=${token}`);
    const rows = await t.db.select().from(emailTokens).where(eq(emailTokens.userId, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: hashToken(token), purpose: "reset_password" });
    expect(JSON.stringify(rows)).not.toContain(token);
    const ttl = rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime();
    expect(ttl).toBe(60 * 60 * 1000);
    expect(t.events.slice(from)).toEqual([
      {
        event: "password.reset_requested",
        ip: expect.any(String),
        email: "h***@example.pk",
        userId: id,
        sent: true,
      },
    ]);
  });

  it("voids every earlier link when a new one is sent", async () => {
    await createUser(t.db, { email: "twice-forgot@example.pk", password: PASSWORD });
    await forgot("twice-forgot@example.pk");
    const first = resetToken("twice-forgot@example.pk");
    await forgot("twice-forgot@example.pk");
    const second = resetToken("twice-forgot@example.pk");
    expect(second).not.toBe(first);
    expect((await reset(first)).status).toBe(400);
    expect((await reset(second)).status).toBe(200);
  });

  it("throttles per email (3 an hour) with 429 and Retry-After, known or not", async () => {
    for (const email of ["limited@example.pk", "limited-ghost@example.pk"]) {
      if (email === "limited@example.pk") await createUser(t.db, { email, password: PASSWORD });
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push(await forgot(email));
      expect(statuses.map((r) => r.status)).toEqual([200, 200, 200, 429]);
      expect(Number(statuses[3]!.res.headers.get("Retry-After"))).toBeGreaterThan(0);
      expect(statuses[3]!.body.error).toMatch(/Too many attempts/);
    }
  });

  it("throttles per IP (10 an hour)", async () => {
    const c = client(t, "10.3.0.1");
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (await c.post("/api/auth/forgot-password", { email: `ip${i}@example.pk` })).status,
      );
    }
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
  });

  it("refuses an invalid email with 400", async () => {
    const r = await fresh().post("/api/auth/forgot-password", { email: "not-an-email" });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatch(/valid email/);
  });
});

describe("POST /api/auth/reset-password", () => {
  it("sets the new password and signs the account out everywhere, without signing in", async () => {
    const id = await createUser(t.db, { email: "reset-me@example.pk", password: PASSWORD });
    const phone = await signIn("reset-me@example.pk");
    const laptop = await signIn("reset-me@example.pk", PASSWORD, UA.firefoxWindows);
    expect(await sessionCount(id)).toBe(2);
    await forgot("reset-me@example.pk");
    const from = t.events.length;
    const r = await reset(resetToken("reset-me@example.pk"));
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ message: expect.stringMatching(/signed out everywhere/) });
    expect(r.res.headers.getSetCookie().join()).not.toMatch(/karkhana_session=[a-z2-7]/);
    expect(await sessionCount(id)).toBe(0);
    expect((await phone.get("/api/auth/user")).status).toBe(401);
    expect((await laptop.get("/api/auth/user")).status).toBe(401);
    expect(
      (await fresh().post("/api/auth/signin", { email: "reset-me@example.pk", password: PASSWORD }))
        .status,
    ).toBe(401);
    expect(t.events[from]).toEqual({ event: "password.reset", ip: expect.any(String), userId: id });
    await signIn("reset-me@example.pk", NEW_PASSWORD);
  });

  it("uses a link once", async () => {
    await createUser(t.db, { email: "once@example.pk", password: PASSWORD });
    await forgot("once@example.pk");
    const token = resetToken("once@example.pk");
    expect((await reset(token)).status).toBe(200);
    const again = await reset(token, "yet another passphrase");
    expect(again.status).toBe(400);
    expect(again.body).toEqual({
      error: "This link is invalid or has expired. Request a new one.",
    });
  });

  it("refuses a link after its hour", async () => {
    await createUser(t.db, { email: "slow@example.pk", password: PASSWORD });
    await forgot("slow@example.pk");
    const token = resetToken("slow@example.pk");
    t.clockOffset.ms = 60 * 60 * 1000 + 1000;
    try {
      expect((await reset(token)).status).toBe(400);
    } finally {
      t.clockOffset.ms = 0;
    }
  });

  it.each([
    [{ password: "baseball1" }, /too common/],
    [{ password: "short" }, /at least 8 characters/],
    [{ password: "x".repeat(257) }, /at most 256 characters/],
    [{ token: "" }, /incomplete/],
  ])("refuses %j with 400 and leaves the link usable", async (patch, message) => {
    const email = `rules-${Math.random().toString(36).slice(2)}@example.pk`;
    await createUser(t.db, { email, password: PASSWORD });
    await forgot(email);
    const token = resetToken(email);
    const r = await fresh().post("/api/auth/reset-password", {
      token,
      password: NEW_PASSWORD,
      ...patch,
    });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatch(message);
    expect((await reset(token)).status).toBe(200);
  });

  it("answers the sign-up form's message for a common password", async () => {
    const signup = await fresh().post("/api/auth/signup", {
      firstName: "A",
      lastName: "B",
      email: "common-check@example.pk",
      password: "ILoveYou",
    });
    const r = await reset("whatever", "ILoveYou");
    expect(r.status).toBe(400);
    expect(r.body).toEqual(signup.body);
  });

  it("refuses an unknown token with 400", async () => {
    const r = await reset("abcdefghijklmnopqrstuvwxyz234567");
    expect(r.status).toBe(400);
    expect(r.body.error).toMatch(/invalid or has expired/);
  });

  it("throttles per IP (20 an hour)", async () => {
    const c = client(t, "10.3.1.1");
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const r = await c.post("/api/auth/reset-password", {
        token: `nope${i}`,
        password: NEW_PASSWORD,
      });
      statuses.push(r.status);
    }
    expect(statuses).toEqual([...Array(20).fill(400), 429]);
  });

  it("gives a Google-only account a password", async () => {
    await createUser(t.db, { email: "google-only@example.pk" });
    await forgot("google-only@example.pk");
    expect((await reset(resetToken("google-only@example.pk"))).status).toBe(200);
    await signIn("google-only@example.pk", NEW_PASSWORD);
  });

  it("confirms an unconfirmed account, since the link proved the mailbox", async () => {
    const id = await createUser(t.db, {
      email: "unconfirmed-reset@example.pk",
      password: "a squatter's password",
      confirmed: false,
    });
    secrets.add("a squatter's password");
    await forgot("unconfirmed-reset@example.pk");
    const from = t.events.length;
    expect((await reset(resetToken("unconfirmed-reset@example.pk"))).status).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, id));
    expect(row!.emailConfirmedAt).not.toBeNull();
    expect(t.events.slice(from).map((e) => e.event)).toEqual(["password.reset", "email.confirmed"]);
    await signIn("unconfirmed-reset@example.pk", NEW_PASSWORD);
  });
});

describe("POST /api/auth/change-password", () => {
  it("is 401 signed out", async () => {
    const r = await fresh().post("/api/auth/change-password", {
      currentPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect(r.status).toBe(401);
  });

  it("changes the password, keeps this session and ends every other", async () => {
    const id = await createUser(t.db, { email: "changer@example.pk", password: PASSWORD });
    const here = await signIn("changer@example.pk");
    const elsewhere = await signIn("changer@example.pk", PASSWORD, UA.safariIphone);
    const from = t.events.length;
    const r = await here.post("/api/auth/change-password", {
      currentPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ message: expect.stringMatching(/changed/) });
    expect((await here.get("/api/auth/user")).status).toBe(200);
    expect((await elsewhere.get("/api/auth/user")).status).toBe(401);
    expect(await sessionCount(id)).toBe(1);
    await signIn("changer@example.pk", NEW_PASSWORD);
    expect(t.events.slice(from)[0]).toEqual({
      event: "password.changed",
      ip: expect.any(String),
      userId: id,
    });
  });

  it("refuses a wrong current password with 400, then slows guesses down", async () => {
    await createUser(t.db, { email: "guessed@example.pk", password: PASSWORD });
    const thief = await signIn("guessed@example.pk");
    const attempt = (currentPassword: string) =>
      thief.post("/api/auth/change-password", { currentPassword, newPassword: NEW_PASSWORD });
    // The clock stands still, so the Retry-After below is exact on a slow machine too.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    onTestFinished(() => void vi.useRealTimers());
    const first = await attempt("not-it-000");
    expect(first.status).toBe(400);
    expect(first.body).toEqual({ error: "Current password is incorrect" });
    for (let i = 1; i < 5; i++) expect((await attempt(`not-it-00${i}`)).status).toBe(400);
    const throttled = await attempt("not-it-005");
    expect(throttled.status).toBe(429);
    expect(Number(throttled.res.headers.get("Retry-After"))).toBe(2);
    // Shared with sign-in: the guesses count against the account, not the session.
    const other = await fresh().post("/api/auth/signin", {
      email: "guessed@example.pk",
      password: PASSWORD,
    });
    expect(other.status).toBe(429);
    expect(t.events.findLast((e) => e.event === "signin.failure")).toMatchObject({
      email: "g***@example.pk",
      reason: "bad_current_password",
    });
  });

  it("tells a Google-only account to use Forgot password", async () => {
    const id = await createUser(t.db, { email: "no-password@example.pk" });
    const c = await clientFor(id);
    const r = await c.post("/api/auth/change-password", {
      currentPassword: "anything-at-all",
      newPassword: NEW_PASSWORD,
    });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatch(/Forgot password/);
  });

  it.each([
    [{ newPassword: "baseball1" }, /too common/],
    [{ newPassword: "short" }, /at least 8 characters/],
    [{ currentPassword: "" }, /Current password is required/],
  ])("refuses %j with 400", async (patch, message) => {
    const id = await createUser(t.db, {
      email: `change-rules-${Math.random().toString(36).slice(2)}@example.pk`,
      password: PASSWORD,
    });
    const c = await clientFor(id);
    const r = await c.post("/api/auth/change-password", {
      currentPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
      ...patch,
    });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatch(message);
  });
});

/** Signed in through the database, like the permission matrix (no scrypt, no throttle). */
async function clientFor(userId: string) {
  const c = fresh();
  const { token } = await createSession(t.db, userId, new Date(), UA.firefoxWindows);
  c.cookie = `karkhana_session=${token}`;
  secrets.add(token);
  return c;
}

describe("GET /api/auth/sessions", () => {
  it("is 401 signed out", async () => {
    expect((await fresh().get("/api/auth/sessions")).status).toBe(401);
  });

  it("lists the account's sessions, newest use first, this one marked", async () => {
    const id = await createUser(t.db, { email: "devices@example.pk", password: PASSWORD });
    const phone = await signIn("devices@example.pk", PASSWORD, UA.chromeAndroid);
    const laptop = await signIn("devices@example.pk", PASSWORD, UA.edgeWindows);
    await signIn("devices@example.pk", PASSWORD, "");
    await clientFor(await createUser(t.db, { email: "someone-else@example.pk" }));
    try {
      // Five minutes on, the phone is used again, then the laptop asks (and is used too).
      t.clockOffset.ms = LAST_USED_GRANULARITY_MS + 1000;
      expect((await phone.get("/api/auth/user")).status).toBe(200);
      t.clockOffset.ms += 1000;
      const r = await laptop.get("/api/auth/sessions");
      expect(r.status).toBe(200);
      expect(r.body.map((s: { device: string }) => s.device)).toEqual([
        "Edge on Windows",
        "Chrome on Android",
        "Unknown device",
      ]);
      expect(r.body.map((s: { current: boolean }) => s.current)).toEqual([true, false, false]);
      for (const s of r.body) {
        expect(Object.keys(s).sort()).toEqual([
          "createdAt",
          "current",
          "device",
          "id",
          "lastUsedAt",
        ]);
        expect(s.id).toMatch(/^[0-9a-f]{24}$/);
        expect(new Date(s.lastUsedAt).getTime()).toBeGreaterThanOrEqual(
          new Date(s.createdAt).getTime(),
        );
      }
      // The handle is neither the cookie token nor its stored hash.
      const rows = await t.db.select().from(sessions).where(eq(sessions.userId, id));
      const secretsOfRows = new Set(rows.map((row) => row.id));
      for (const s of r.body) expect(secretsOfRows.has(s.id)).toBe(false);
      expect(JSON.stringify(r.body)).not.toContain(laptop.cookieValue("karkhana_session")!);
      // …nor usable as one.
      const forged = fresh();
      forged.cookie = `karkhana_session=${r.body[0].id}`;
      expect((await forged.get("/api/auth/user")).status).toBe(401);
    } finally {
      t.clockOffset.ms = 0;
    }
  });

  it("bumps last use at most every 5 minutes", async () => {
    const id = await createUser(t.db, { email: "bumped@example.pk" });
    const c = await clientFor(id);
    const lastUsed = async () =>
      (await t.db.select().from(sessions).where(eq(sessions.userId, id)))[0]!.lastUsedAt.getTime();
    const start = await lastUsed();
    try {
      t.clockOffset.ms = LAST_USED_GRANULARITY_MS - 10_000;
      await c.get("/api/auth/user");
      expect(await lastUsed()).toBe(start);
      t.clockOffset.ms = LAST_USED_GRANULARITY_MS + 10_000;
      await c.get("/api/auth/user");
      expect(await lastUsed()).toBeGreaterThan(start + LAST_USED_GRANULARITY_MS);
    } finally {
      t.clockOffset.ms = 0;
    }
  });
});

describe("DELETE /api/auth/sessions/:id", () => {
  it("is 401 signed out", async () => {
    expect((await fresh().del("/api/auth/sessions/abcdef")).status).toBe(401);
  });

  it("signs another device of the account out", async () => {
    const id = await createUser(t.db, { email: "revoker@example.pk" });
    const here = await clientFor(id);
    const lost = await clientFor(id);
    const list = (await here.get("/api/auth/sessions")).body;
    const other = list.find((s: { current: boolean }) => !s.current);
    const from = t.events.length;
    const r = await here.del(`/api/auth/sessions/${other.id}`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ message: expect.any(String) });
    expect(r.res.headers.getSetCookie()).toEqual([]);
    expect((await lost.get("/api/auth/user")).status).toBe(401);
    expect((await here.get("/api/auth/user")).status).toBe(200);
    expect(t.events.slice(from)).toEqual([
      { event: "session.revoked", ip: expect.any(String), userId: id, current: false },
    ]);
    expect((await here.del(`/api/auth/sessions/${other.id}`)).status).toBe(404);
  });

  it("signs this device out and clears its cookie", async () => {
    const id = await createUser(t.db, { email: "self-revoker@example.pk" });
    const here = await clientFor(id);
    const [mine] = (await here.get("/api/auth/sessions")).body;
    const r = await here.del(`/api/auth/sessions/${mine.id}`);
    expect(r.status).toBe(200);
    expect(r.res.headers.getSetCookie().join()).toMatch(/karkhana_session=;/);
    expect(await sessionCount(id)).toBe(0);
  });

  it("answers 404 for another account's session, leaving it alone (no IDOR)", async () => {
    const victim = await createUser(t.db, { email: "idor-victim@example.pk" });
    const attacker = await createUser(t.db, { email: "idor-attacker@example.pk" });
    const victimClient = await clientFor(victim);
    const [victimSession] = (await victimClient.get("/api/auth/sessions")).body;
    const c = await clientFor(attacker);
    for (const path of [victimSession.id, "0123456789abcdef01234567", "NOT-HEX", "x".repeat(65)]) {
      const r = await c.del(`/api/auth/sessions/${path}`);
      expect(r.status).toBe(404);
      expect(r.body).toEqual({ error: "Session not found" });
    }
    expect((await victimClient.get("/api/auth/user")).status).toBe(200);
  });
});

describe("POST /api/auth/signout-everywhere", () => {
  it("is 401 signed out", async () => {
    expect((await fresh().post("/api/auth/signout-everywhere")).status).toBe(401);
  });

  it("ends every session of the account, this one included", async () => {
    const id = await createUser(t.db, { email: "everywhere@example.pk" });
    const bystander = await clientFor(await createUser(t.db, { email: "bystander@example.pk" }));
    const here = await clientFor(id);
    const there = await clientFor(id);
    const from = t.events.length;
    const r = await here.post("/api/auth/signout-everywhere");
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ message: expect.stringMatching(/every device/) });
    expect(r.res.headers.getSetCookie().join()).toMatch(/karkhana_session=;/);
    expect(await sessionCount(id)).toBe(0);
    expect((await there.get("/api/auth/user")).status).toBe(401);
    expect((await bystander.get("/api/auth/user")).status).toBe(200);
    expect(t.events.slice(from)).toEqual([
      { event: "sessions.revoked_all", ip: expect.any(String), userId: id, count: 2 },
    ]);
  });
});

describe("security events", () => {
  it("PATCH /api/admin/users/:id logs role.changed (who, by whom, from, to)", async () => {
    const admin = await createUser(t.db, { email: "role-admin@example.pk", role: "admin" });
    const target = await createUser(t.db, { email: "role-target@example.pk" });
    const c = await clientFor(admin);
    const from = t.events.length;
    expect((await c.patch(`/api/admin/users/${target}`, { role: "provider" })).status).toBe(200);
    // Setting the role it already has changes nothing and logs nothing.
    expect((await c.patch(`/api/admin/users/${target}`, { role: "provider" })).status).toBe(200);
    expect(t.events.slice(from)).toEqual([
      {
        event: "role.changed",
        ip: expect.any(String),
        userId: target,
        by: admin,
        from: "customer",
        to: "provider",
      },
    ]);
  });

  it("never carry a password, token or cookie", () => {
    expect(t.events.length).toBeGreaterThan(10);
    const json = JSON.stringify(t.events);
    for (const secret of secrets) expect(json).not.toContain(secret);
    for (const e of t.events) {
      if (e.email !== undefined) expect(e.email).toMatch(/^.\*\*\*@/);
    }
  });
});
