import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { deviceTrusts, users } from "../../db/schema.ts";
import { createUser } from "../../db/seed/factories.ts";
import { DEVICE_TRUST_MS } from "../../functions/auth/device-trust.ts";
import { hashToken } from "../../functions/auth/tokens.ts";
import { pruneExpiredRows } from "../../functions/lib/housekeeping.ts";
import { client, makeTestApp, type TestApp } from "../helpers/app.ts";

/**
 * Device cookies (decision 011, OWASP "Slow Down Online Guessing Attacks with
 * Device Cookies"): a browser that signed in to an account before has its own
 * sign-in backoff, so a stranger who keeps the email's backoff full cannot keep
 * the owner out.
 */
let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

// The clock stands still and moves only through clockOffset, as in auth.test.ts's
// throttling tests, so Retry-After does not depend on how fast scrypt runs here.
beforeEach(() => void vi.useFakeTimers({ toFake: ["Date"], now: Date.now() }));
afterEach(() => {
  vi.useRealTimers();
  t.clockOffset.ms = 0;
});

const PASSWORD = "correct horse battery";
const NEW_PASSWORD = "a brand new passphrase";
let ipSeq = 0;
/** A browser at a fresh IP, so the per-IP limit stays out of the way. */
const browser = () => client(t, `10.40.${Math.floor(++ipSeq / 200)}.${ipSeq % 200}`);
type Browser = ReturnType<typeof browser>;

/** Every device token a browser here was given, for the events test. */
const deviceTokens = new Set<string>();

async function signin(c: Browser, email: string, password: string) {
  const r = await c.post("/api/auth/signin", { email, password });
  const device = c.cookieValue("karkhana_device");
  if (device) deviceTokens.add(device);
  return r;
}

/** The owner's browser: signed in once (so it holds the device cookie), then signed out. */
async function ownerBrowser(email: string): Promise<Browser> {
  const c = browser();
  expect((await signin(c, email, PASSWORD)).status).toBe(200);
  expect(c.cookieValue("karkhana_device")).toMatch(/^[a-z2-7]{32}$/);
  expect((await c.post("/api/auth/signout")).status).toBe(200);
  expect(c.cookieValue("karkhana_session")).toBeUndefined();
  return c;
}

/**
 * A stranger fails at `email` the moment each slot opens, from a new IP every
 * time, until the email's backoff is at its 60 s ceiling and was just used.
 */
async function saturate(email: string): Promise<void> {
  for (let i = 0; i < 12; i++) {
    const r = await signin(browser(), email, `stranger-${i}-xxxx`);
    if (r.status === 429) {
      t.clockOffset.ms += Number(r.res.headers.get("Retry-After")) * 1000;
      expect((await signin(browser(), email, `stranger-${i}-yyyy`)).status).toBe(401);
    } else {
      expect(r.status).toBe(401);
    }
  }
  const blocked = await signin(browser(), email, "stranger-last-xxxx");
  expect(blocked.status).toBe(429);
  expect(blocked.res.headers.get("Retry-After")).toBe("60");
}

const lastThrottle = () => t.events.filter((e) => e.event === "signin.throttled").at(-1);

const trustsOf = (userId: string) =>
  t.db.select().from(deviceTrusts).where(eq(deviceTrusts.userId, userId));

describe("POST /api/auth/signin with a device cookie", () => {
  it("lets the owner's browser in at once while a stranger keeps the email's backoff full", async () => {
    const email = "owner@example.pk";
    const id = await createUser(t.db, { email, password: PASSWORD });
    const owner = await ownerBrowser(email);
    const oldDevice = owner.cookieValue("karkhana_device")!;
    await saturate(email);

    const r = await signin(owner, email, PASSWORD);
    expect(r.status).toBe(200);
    expect(r.body.user.email).toBe(email);
    // The cookie is replaced at each sign-in; only the new one's hash is stored.
    const newDevice = owner.cookieValue("karkhana_device")!;
    expect(newDevice).not.toBe(oldDevice);
    expect((await trustsOf(id)).map((row) => row.id)).toEqual([hashToken(newDevice)]);
    // The owner got in, so the email's run ended too: other browsers need not wait.
    expect((await signin(browser(), email, "stranger-after-xxxx")).status).toBe(401);
  });

  it("leaves a browser without the cookie to the email's backoff (429)", async () => {
    const email = "cookieless@example.pk";
    await createUser(t.db, { email, password: PASSWORD });
    await ownerBrowser(email);
    await saturate(email);
    const r = await signin(browser(), email, PASSWORD);
    expect(r.status).toBe(429);
    expect(lastThrottle()).toMatchObject({
      email: "c***@example.pk",
      bucket: "email",
      retryAfter: 60,
    });
  });

  it("does not count another account's device cookie: the email's backoff applies", async () => {
    const email = "victim@example.pk";
    await createUser(t.db, { email, password: PASSWORD });
    await createUser(t.db, { email: "neighbour@example.pk", password: PASSWORD });
    const neighbour = await ownerBrowser("neighbour@example.pk");
    await saturate(email);
    const r = await signin(neighbour, email, PASSWORD);
    expect(r.status).toBe(429);
    expect(lastThrottle()).toMatchObject({ email: "v***@example.pk", bucket: "email" });
  });

  it("slows guesses with a device cookie in the device's own bucket, copies of the cookie included", async () => {
    const email = "stolen@example.pk";
    await createUser(t.db, { email, password: PASSWORD });
    const owner = await ownerBrowser(email);
    // A thief with a copy of the cookie, elsewhere.
    const thief = browser();
    thief.cookie = `karkhana_device=${owner.cookieValue("karkhana_device")}`;
    for (let i = 0; i < 5; i++) {
      expect((await signin(thief, email, `thief-${i}-xxxx`)).status).toBe(401);
    }
    const refused = await signin(thief, email, "thief-5-xxxx");
    expect(refused.status).toBe(429);
    expect(refused.res.headers.get("Retry-After")).toBe("2");
    expect(lastThrottle()).toMatchObject({ email: "s***@example.pk", bucket: "device" });
    // The same bucket holds the owner's browser back…
    expect((await signin(owner, email, PASSWORD)).status).toBe(429);
    // …but not browsers without the cookie: the email's own run is untouched.
    expect((await signin(browser(), email, "typo-xxxx")).status).toBe(401);
    t.clockOffset.ms += 2000;
    expect((await signin(owner, email, PASSWORD)).status).toBe(200);
    // The thief's copy died with the new cookie: back to the email's backoff.
    for (let i = 0; i < 5; i++) {
      expect((await signin(thief, email, `thief-again-${i}`)).status).toBe(401);
    }
    expect((await signin(thief, email, "thief-again-5")).status).toBe(429);
    expect(lastThrottle()).toMatchObject({ bucket: "email" });
  });

  it("ignores an expired device cookie, and pruneExpiredRows deletes it", async () => {
    const email = "expired@example.pk";
    const id = await createUser(t.db, { email, password: PASSWORD });
    const owner = await ownerBrowser(email);
    t.clockOffset.ms = DEVICE_TRUST_MS + 1000;
    await saturate(email);
    expect((await signin(owner, email, PASSWORD)).status).toBe(429);
    expect(lastThrottle()).toMatchObject({ bucket: "email" });
    await pruneExpiredRows(t.db, new Date(Date.now() + t.clockOffset.ms));
    expect(await trustsOf(id)).toEqual([]);
  });

  it("names the cookie karkhana_device: HttpOnly, SameSite=Lax, Path=/, for a year", async () => {
    await createUser(t.db, { email: "attrs@example.pk", password: PASSWORD });
    const r = await signin(browser(), "attrs@example.pk", PASSWORD);
    const line = r.res.headers.getSetCookie().find((l) => l.startsWith("karkhana_device="))!;
    expect(line).toMatch(/; HttpOnly/);
    expect(line).toMatch(/; SameSite=Lax/);
    expect(line).toMatch(/; Path=\//);
    const expires = new Date(line.match(/Expires=([^;]+)/)![1]!).getTime();
    expect(Math.abs(expires - (Date.now() + DEVICE_TRUST_MS))).toBeLessThan(2000);
  });

  it("over https names it __Host-karkhana_device and marks it Secure", async () => {
    const https = await makeTestApp({ siteUrl: "https://karkhana.example" });
    try {
      await createUser(https.db, { email: "secure@example.pk", password: PASSWORD });
      const res = await https.app.request("/api/auth/signin", {
        method: "POST",
        headers: { Origin: "https://karkhana.example", "Content-Type": "application/json" },
        body: JSON.stringify({ email: "secure@example.pk", password: PASSWORD }),
      });
      expect(res.status).toBe(200);
      const line = res.headers.getSetCookie().find((l) => l.includes("karkhana_device"))!;
      expect(line).toMatch(/^__Host-karkhana_device=[a-z2-7]{32};/);
      expect(line).toMatch(/; Secure/);
      expect(line).not.toMatch(/Domain=/);
    } finally {
      await https.close();
    }
  });
});

describe("device trusts end with the password or the sessions", () => {
  it("POST /api/auth/reset-password deletes every device trust of the account", async () => {
    const email = "reset@example.pk";
    const id = await createUser(t.db, { email, password: PASSWORD });
    const owner = await ownerBrowser(email);
    await ownerBrowser(email);
    expect(await trustsOf(id)).toHaveLength(2);
    expect((await browser().post("/api/auth/forgot-password", { email })).status).toBe(200);
    const mail = t.outbox.findLast((m) => m.to === email)!;
    const token = mail.text.match(/\/reset-password#token=(\w+)/)![1]!;
    const r = await browser().post("/api/auth/reset-password", { token, password: NEW_PASSWORD });
    expect(r.status).toBe(200);
    expect(await trustsOf(id)).toEqual([]);
    // The old cookie no longer opens the device's bucket.
    await saturate(email);
    expect((await signin(owner, email, NEW_PASSWORD)).status).toBe(429);
    expect(lastThrottle()).toMatchObject({ bucket: "email" });
  });

  it("POST /api/auth/change-password keeps only a fresh trust for this browser", async () => {
    const email = "change@example.pk";
    const id = await createUser(t.db, { email, password: PASSWORD });
    await ownerBrowser(email);
    const c = browser();
    expect((await signin(c, email, PASSWORD)).status).toBe(200);
    const before = c.cookieValue("karkhana_device")!;
    const r = await c.post("/api/auth/change-password", {
      currentPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect(r.status).toBe(200);
    const after = c.cookieValue("karkhana_device")!;
    expect(after).not.toBe(before);
    expect((await trustsOf(id)).map((row) => row.id)).toEqual([hashToken(after)]);
  });

  it("POST /api/auth/signout-everywhere deletes every trust and clears the cookie", async () => {
    const email = "everywhere@example.pk";
    const id = await createUser(t.db, { email, password: PASSWORD });
    await ownerBrowser(email);
    const c = browser();
    expect((await signin(c, email, PASSWORD)).status).toBe(200);
    const r = await c.post("/api/auth/signout-everywhere");
    expect(r.status).toBe(200);
    expect(r.res.headers.getSetCookie().join()).toMatch(/karkhana_device=;/);
    expect(c.cookieValue("karkhana_device")).toBeUndefined();
    expect(await trustsOf(id)).toEqual([]);
  });

  it("deletes the account's trusts with the account (foreign key cascade)", async () => {
    const email = "gone@example.pk";
    const id = await createUser(t.db, { email, password: PASSWORD });
    await ownerBrowser(email);
    await t.db.delete(users).where(eq(users.id, id));
    expect(await trustsOf(id)).toEqual([]);
  });
});

describe("security events", () => {
  it("never carry a device token or its hash", async () => {
    // The tests above ran in this file's order and logged every kind of event.
    expect(t.events.some((e) => e.event === "signin.throttled" && e.bucket === "device")).toBe(
      true,
    );
    expect(deviceTokens.size).toBeGreaterThan(10);
    const json = JSON.stringify(t.events);
    for (const token of deviceTokens) {
      expect(json).not.toContain(token);
      expect(json).not.toContain(hashToken(token));
      expect(json).not.toContain(hashToken(token).slice(0, 32));
    }
    expect(json).not.toMatch(/karkhana_device/);
  });
});
