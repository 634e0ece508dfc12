import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { sessions, users } from "../../db/schema.ts";
import { createUser } from "../../db/seed/factories.ts";
import { hashToken } from "../../functions/auth/tokens.ts";
import { SESSION_ABSOLUTE_MS, SESSION_SLIDING_MS } from "../../functions/auth/session.ts";
import { client, makeTestApp, SITE, type TestApp } from "../helpers/app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

const PASSWORD = "correct horse battery";
let ipSeq = 0;
/** A fresh IP per test keeps the per-IP throttles out of tests that are not about them. */
const fresh = () => client(t, `10.0.0.${++ipSeq}`);

/** The token of the newest confirmation mail to `to` (links carry it in the fragment). */
function confirmToken(to: string): string {
  const mail = [...t.outbox].reverse().find((m) => m.to === to && /Confirm/.test(m.subject));
  const m = mail?.text.match(/https?:\/\/\S+\/confirm-email#token=(\w+)/);
  if (!m) throw new Error(`no confirmation mail for ${to}`);
  return m[1]!;
}

/** The confirmation page's button. */
const confirm = (token: string) => fresh().post("/api/auth/confirm", { token });

describe("POST /api/auth/signup", () => {
  it("creates an unconfirmed customer and emails a confirmation link", async () => {
    const c = fresh();
    const r = await c.post("/api/auth/signup", {
      firstName: " Hina ",
      lastName: "Raza",
      email: "  Hina.Raza@Example.PK ",
      password: PASSWORD,
      role: "customer",
    });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      message: expect.stringContaining("confirm"),
      user: { email: "hina.raza@example.pk", email_confirmed_at: null },
    });
    const [row] = await t.db.select().from(users).where(eq(users.email, "hina.raza@example.pk"));
    expect(row).toMatchObject({ firstName: "Hina", role: "customer", emailConfirmedAt: null });
    expect(row!.passwordHash).toMatch(/^scrypt\$16384\$8\$5\$/);
    expect(row!.passwordHash).not.toContain(PASSWORD);
    const mail = t.outbox.findLast((m) => m.to === "hina.raza@example.pk")!;
    expect(mail.text).toContain(
      `${SITE}/confirm-email#token=${confirmToken("hina.raza@example.pk")}`,
    );
    // Nothing the sign-up form chose goes out before the address is confirmed.
    expect(mail.text).not.toContain("Hina");
    expect(mail.html).not.toContain("Hina");
    expect(c.cookie).toBe(""); // no session before confirming
  });

  it("answers an existing email exactly like a new one and mails the owner instead", async () => {
    await createUser(t.db, { email: "taken@example.pk", password: PASSWORD });
    const before = t.outbox.length;
    const r = await fresh().post("/api/auth/signup", {
      firstName: "X",
      lastName: "Y",
      email: "Taken@example.pk",
      password: PASSWORD,
      role: "provider",
    });
    expect(r.status).toBe(200);
    expect(r.body.user).toEqual({ email: "taken@example.pk", email_confirmed_at: null });
    expect(t.outbox.slice(before).map((m) => m.subject)).toEqual(["Your Karkhana account"]);
    const rows = await t.db.select().from(users).where(eq(users.email, "taken@example.pk"));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.role).toBe("customer");
  });

  it.each([
    [{ role: "admin" }, /Role must be customer or provider/],
    [{ password: "short" }, /at least 8 characters/],
    [{ password: "x".repeat(257) }, /at most 256 characters/],
    [{ password: "ILoveYou" }, /too common/],
    [{ password: "baseball1" }, /too common/],
    [{ email: "not-an-email" }, /valid email/],
    [{ firstName: "  " }, /First name is required/],
    [{ firstName: "visit evil.com" }, /First name cannot be a web or email address/],
    [{ firstName: "ali@example.pk" }, /First name cannot be a web or email address/],
    [{ lastName: "0300 1234567" }, /Last name can only contain letters/],
  ])("refuses %j with 400", async (patch, message) => {
    const r = await fresh().post("/api/auth/signup", {
      firstName: "A",
      lastName: "B",
      email: `bad-${Math.random()}@example.pk`,
      password: PASSWORD,
      role: "customer",
      ...patch,
    });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatch(message);
  });

  it("refuses a name that is a link in the reader's language, and stores nothing", async () => {
    const email = "link-name@example.pk";
    const r = await fresh().request(
      "POST",
      "/api/auth/signup",
      { firstName: "www.evil", lastName: "B", email, password: PASSWORD, role: "customer" },
      { "Accept-Language": "ur-PK" },
    );
    expect(r.status).toBe(400);
    expect(r.body.error).toContain("پہلا نام ویب سائٹ یا ای میل کا پتا نہیں ہو سکتا");
    expect(await t.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it("refuses malformed JSON with 400", async () => {
    const r = await fresh().request("POST", "/api/auth/signup", undefined, {
      "Content-Type": "application/json",
    });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatch(/JSON/);
  });
});

describe("email confirmation and sign-in", () => {
  it("refuses sign-in before confirming, confirms once, then signs in", async () => {
    const c = fresh();
    const email = "asad@example.pk";
    await c.post("/api/auth/signup", {
      firstName: "Asad",
      lastName: "Ali",
      email,
      password: PASSWORD,
      role: "provider",
    });

    const early = await c.post("/api/auth/signin", { email, password: PASSWORD });
    expect(early.status).toBe(403);
    expect(early.body).toEqual({
      error: expect.stringMatching(/confirm your email/),
      code: "email_not_confirmed",
    });

    const token = confirmToken(email);
    const confirmed = await c.post("/api/auth/confirm", { token });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({
      message: expect.stringMatching(/confirmed/),
      signInPath: "/provider-portal-login",
    });
    const again = await c.post("/api/auth/confirm", { token });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({
      error: "This link is invalid or has expired. Request a new one.",
    });

    const ok = await c.signIn(email, PASSWORD);
    expect(ok.body.user).toMatchObject({ email, firstName: "Asad", role: "provider" });
    expect(ok.body.user.emailConfirmedAt).toEqual(expect.any(String));
    const cookie = ok.res.headers.getSetCookie().join("\n");
    expect(cookie).toMatch(/karkhana_session=[a-z2-7]{32};/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    const me = await c.get("/api/auth/user");
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email, role: "provider", firstName: "Asad" });
  });

  it("GET /api/auth/confirm (links mailed earlier) only moves the token to the page", async () => {
    const email = "old-link@example.pk";
    await fresh().post("/api/auth/signup", {
      firstName: "O",
      lastName: "L",
      email,
      password: PASSWORD,
      role: "customer",
    });
    const token = confirmToken(email);
    const r = await fresh().get(`/api/auth/confirm?token=${token}`);
    expect(r.status).toBe(302);
    expect(r.res.headers.get("Location")).toBe(`/confirm-email#token=${token}`);
    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    expect(row!.emailConfirmedAt).toBeNull(); // a mail scanner's GET confirms nothing
    expect((await fresh().get("/api/auth/confirm")).res.headers.get("Location")).toBe(
      "/confirm-email",
    );
    const from = t.events.length;
    expect((await confirm(token)).status).toBe(200);
    expect(t.events.slice(from)).toEqual([
      { event: "email.confirmed", ip: expect.any(String), userId: row!.id, via: "confirm_link" },
    ]);
  });

  it.each([
    [{}, /incomplete/],
    [{ token: "" }, /incomplete/],
    [{ token: "x".repeat(101) }, /not valid/],
  ])("POST /api/auth/confirm refuses %j with 400", async (body, message) => {
    const r = await fresh().post("/api/auth/confirm", body);
    expect(r.status).toBe(400);
    expect(r.body.error).toMatch(message);
  });

  it("refuses an expired confirmation link", async () => {
    const c = fresh();
    const email = "late@example.pk";
    await c.post("/api/auth/signup", {
      firstName: "L",
      lastName: "T",
      email,
      password: PASSWORD,
      role: "customer",
    });
    const token = confirmToken(email);
    t.clockOffset.ms = 25 * 60 * 60 * 1000;
    try {
      expect((await confirm(token)).status).toBe(400);
    } finally {
      t.clockOffset.ms = 0;
    }
  });

  it("resends a link (the old one stops working) without telling who exists", async () => {
    const c = fresh();
    const email = "resend@example.pk";
    await c.post("/api/auth/signup", {
      firstName: "R",
      lastName: "S",
      email,
      password: PASSWORD,
      role: "customer",
    });
    const first = confirmToken(email);
    const r = await c.post("/api/auth/resend-confirmation", { email });
    expect(r.status).toBe(200);
    const unknown = await c.post("/api/auth/resend-confirmation", { email: "nobody@example.pk" });
    expect(unknown.body).toEqual(r.body);
    // The mail is tried after the answer (decision 028).
    const second = await vi.waitFor(() => {
      const token = confirmToken(email);
      expect(token).not.toBe(first);
      return token;
    });
    expect(second).not.toBe(first);
    expect((await confirm(first)).status).toBe(400);
    expect((await confirm(second)).body.signInPath).toBe("/login");
  });

  it("answers a wrong password and an unknown email the same way", async () => {
    await createUser(t.db, { email: "known@example.pk", password: PASSWORD });
    const wrong = await fresh().post("/api/auth/signin", {
      email: "known@example.pk",
      password: "nope-nope-nope",
    });
    const unknown = await fresh().post("/api/auth/signin", {
      email: "ghost@example.pk",
      password: "nope-nope-nope",
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ error: "Invalid email or password" });
    expect(unknown.body).toEqual(wrong.body);
  });
});

describe("sessions", () => {
  it("GET /api/auth/user is 401 signed out", async () => {
    const r = await fresh().get("/api/auth/user");
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ error: "Unauthorized" });
  });

  it("stores only the token's SHA-256 and starts a new session at every sign-in", async () => {
    await createUser(t.db, { email: "twice@example.pk", password: PASSWORD });
    const a = fresh();
    const b = fresh();
    await a.signIn("twice@example.pk", PASSWORD);
    await b.signIn("twice@example.pk", PASSWORD);
    const tokenA = a.cookieValue("karkhana_session")!;
    const tokenB = b.cookieValue("karkhana_session")!;
    expect(tokenA).not.toBe(tokenB);
    const rows = await t.db.select().from(sessions);
    const ids = rows.map((s) => s.id);
    expect(ids).toContain(hashToken(tokenA));
    expect(ids).not.toContain(tokenA);
  });

  it("POST /api/auth/signin replaces the session the browser already had", async () => {
    await createUser(t.db, { email: "again@example.pk", password: PASSWORD });
    const c = fresh();
    await c.signIn("again@example.pk", PASSWORD);
    const first = hashToken(c.cookieValue("karkhana_session")!);
    await c.signIn("again@example.pk", PASSWORD);
    const second = hashToken(c.cookieValue("karkhana_session")!);
    expect(second).not.toBe(first);
    const ids = (await t.db.select().from(sessions)).map((s) => s.id);
    expect(ids).not.toContain(first);
    expect(ids).toContain(second);
  });

  it("logs sign-in successes and failures with a masked email and no password", async () => {
    const id = await createUser(t.db, { email: "logged@example.pk", password: PASSWORD });
    const from = t.events.length;
    await fresh().post("/api/auth/signin", {
      email: "logged@example.pk",
      password: "wrong-wrong-1",
    });
    await fresh().post("/api/auth/signin", { email: "nobody-here@example.pk", password: PASSWORD });
    const ok = await fresh().signIn("logged@example.pk", PASSWORD);
    const events = t.events.slice(from);
    expect(events).toEqual([
      {
        event: "signin.failure",
        ip: expect.any(String),
        email: "l***@example.pk",
        reason: "bad_password",
      },
      {
        event: "signin.failure",
        ip: expect.any(String),
        email: "n***@example.pk",
        reason: "unknown_email",
      },
      { event: "signin.success", ip: expect.any(String), userId: id, method: "password" },
    ]);
    const json = JSON.stringify(events);
    expect(json).not.toContain(PASSWORD);
    expect(json).not.toContain("wrong-wrong-1");
    // Neither the session token nor the device token (the signed-in hint is a constant).
    for (const set of ok.res.headers.getSetCookie()) {
      if (set.startsWith("karkhana_signed_in=")) continue;
      expect(json).not.toContain(set.split(";")[0]!.split("=")[1]!);
    }
  });

  it("signs out: the session row is gone and the cookie no longer works", async () => {
    await createUser(t.db, { email: "leaver@example.pk", password: PASSWORD });
    const c = fresh();
    await c.signIn("leaver@example.pk", PASSWORD);
    const cookie = c.cookie;
    const token = c.cookieValue("karkhana_session")!;
    const out = await c.post("/api/auth/signout");
    expect(out.status).toBe(200);
    expect(out.res.headers.getSetCookie().join()).toMatch(/karkhana_session=;/);
    c.cookie = cookie;
    expect((await c.get("/api/auth/user")).status).toBe(401);
    expect(
      await t.db
        .select()
        .from(sessions)
        .where(eq(sessions.id, hashToken(token))),
    ).toEqual([]);
  });

  it("slides the expiry when used and ends at the absolute limit", async () => {
    await createUser(t.db, { email: "slider@example.pk", password: PASSWORD });
    const c = fresh();
    await c.signIn("slider@example.pk", PASSWORD);
    const id = hashToken(c.cookieValue("karkhana_session")!);
    const [before] = await t.db.select().from(sessions).where(eq(sessions.id, id));
    try {
      t.clockOffset.ms = 20 * 24 * 60 * 60 * 1000; // day 20: still valid, renewed
      expect((await c.get("/api/auth/user")).status).toBe(200);
      const [after] = await t.db.select().from(sessions).where(eq(sessions.id, id));
      expect(after!.expiresAt.getTime()).toBeGreaterThan(before!.expiresAt.getTime());
      t.clockOffset.ms = 20 * 24 * 60 * 60 * 1000 + SESSION_SLIDING_MS + 1000; // unused for 30 days
      expect((await c.get("/api/auth/user")).status).toBe(401);
    } finally {
      t.clockOffset.ms = 0;
    }
    // Used every day, a session still ends 90 days after sign-in.
    const d = fresh();
    await d.signIn("slider@example.pk", PASSWORD);
    try {
      for (let day = 25; day * 86_400_000 < SESSION_ABSOLUTE_MS; day += 25) {
        t.clockOffset.ms = day * 86_400_000;
        expect((await d.get("/api/auth/user")).status).toBe(200);
      }
      t.clockOffset.ms = SESSION_ABSOLUTE_MS + 1000;
      expect((await d.get("/api/auth/user")).status).toBe(401);
    } finally {
      t.clockOffset.ms = 0;
    }
  });
});

describe("CSRF: Origin on non-GET requests", () => {
  it.each([
    ["no Origin", {}],
    ["a foreign Origin", { Origin: "https://evil.example" }],
  ])("refuses %s with 403", async (_label, headers) => {
    const res = await t.app.request("/api/auth/signout", { method: "POST", headers });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: "Cross-site request refused" });
  });
});

describe("throttling", () => {
  // Retry-After counts whole seconds from the last attempt: the clock stands still
  // (moved only through clockOffset) so a slow machine's scrypt time does not shift it.
  beforeEach(() => void vi.useFakeTimers({ toFake: ["Date"], now: Date.now() }));
  afterEach(() => void vi.useRealTimers());

  it("slows guesses at one email down (2 s, 4 s … 60 s) instead of blocking it", async () => {
    const email = "target@example.pk";
    await createUser(t.db, { email, password: PASSWORD });
    const guess = (i: number, password = `guess-${i}-xxxxx`) =>
      client(t, `10.9.${i}.1`).post("/api/auth/signin", { email, password });
    try {
      // Five wrong passwords go through at once, from anywhere.
      for (let i = 0; i < 5; i++) expect((await guess(i)).status).toBe(401);
      const waits: number[] = [];
      for (let i = 5; i < 12; i++) {
        const refused = await guess(i);
        expect(refused.status).toBe(429);
        expect(refused.body.error).toMatch(/Too many attempts/);
        const wait = Number(refused.res.headers.get("Retry-After"));
        waits.push(wait);
        // Refused attempts do not count and do not extend the wait.
        expect(Number((await guess(i)).res.headers.get("Retry-After"))).toBe(wait);
        t.clockOffset.ms += wait * 1000;
        expect((await guess(i)).status).toBe(401);
      }
      expect(waits).toEqual([2, 4, 8, 16, 32, 60, 60]);
      const throttled = t.events.filter((e) => e.event === "signin.throttled");
      expect(throttled.at(-1)).toMatchObject({ email: "t***@example.pk", retryAfter: 60 });
    } finally {
      t.clockOffset.ms = 0;
    }
  });

  it("lets the owner in after the wait though a stranger keeps failing, and a success resets the run", async () => {
    const email = "owner@example.pk";
    await createUser(t.db, { email, password: PASSWORD });
    const attempt = (ip: string, password: string) =>
      client(t, ip).post("/api/auth/signin", { email, password });
    try {
      // A stranger fails as fast as allowed for a long time…
      for (let i = 0; i < 15; i++) {
        const r = await attempt(`10.7.${i}.1`, `wrong-${i}-xxxxx`);
        if (r.status === 429) {
          t.clockOffset.ms += Number(r.res.headers.get("Retry-After")) * 1000;
          expect((await attempt(`10.7.${i}.2`, `wrong-${i}-xxxxx`)).status).toBe(401);
        }
      }
      // …the owner waits at most a minute, then the right password works.
      const owner = await attempt("10.7.200.1", PASSWORD);
      expect(owner.status).toBe(429);
      expect(Number(owner.res.headers.get("Retry-After"))).toBeLessThanOrEqual(60);
      t.clockOffset.ms += 60_000;
      expect((await attempt("10.7.200.1", PASSWORD)).status).toBe(200);
      // The success ended the run: the next few mistakes go through at once.
      for (let i = 0; i < 5; i++) {
        expect((await attempt(`10.7.201.${i}`, `typo-${i}-xxxxx`)).status).toBe(401);
      }
    } finally {
      t.clockOffset.ms = 0;
    }
  });

  it("starts a fresh run 15 minutes after the last attempt", async () => {
    const email = "patient@example.pk";
    const attempt = (i: number) =>
      client(t, `10.6.${i}.1`).post("/api/auth/signin", { email, password: `wrong-${i}-xxx` });
    try {
      for (let i = 0; i < 5; i++) expect((await attempt(i)).status).toBe(401);
      expect((await attempt(5)).status).toBe(429);
      t.clockOffset.ms = 15 * 60_000;
      for (let i = 6; i < 11; i++) expect((await attempt(i)).status).toBe(401);
    } finally {
      t.clockOffset.ms = 0;
    }
  });

  it("answers 429 after too many sign-ups from one IP", async () => {
    const c = client(t, "10.8.0.1");
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const r = await c.post("/api/auth/signup", {
        firstName: "S",
        lastName: "P",
        email: `spam${i}@example.pk`,
        password: PASSWORD,
        role: "customer",
      });
      statuses.push(r.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe("over https", () => {
  it("names the cookie __Host-karkhana_session and marks it Secure", async () => {
    const https = await makeTestApp({ siteUrl: "https://karkhana.example" });
    try {
      await createUser(https.db, { email: "secure@example.pk", password: PASSWORD });
      const res = await https.app.request("/api/auth/signin", {
        method: "POST",
        headers: { Origin: "https://karkhana.example", "Content-Type": "application/json" },
        body: JSON.stringify({ email: "secure@example.pk", password: PASSWORD }),
      });
      expect(res.status).toBe(200);
      const cookie = res.headers.getSetCookie().join("\n");
      expect(cookie).toMatch(/^__Host-karkhana_session=[a-z2-7]{32};/);
      expect(cookie).toMatch(/Secure/);
      expect(cookie).toMatch(/Path=\//);
      expect(cookie).not.toMatch(/Domain=/);
    } finally {
      await https.close();
    }
  });
});
