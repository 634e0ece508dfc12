import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../../db/seed/factories.ts";
import { hasSessionHint } from "../../src/lib/session-hint.ts";
import { client, clientAs, makeTestApp, type TestApp } from "../helpers/app.ts";

/**
 * The signed-in hint (decision 012): set and cleared with the session cookie,
 * readable by scripts, and never more than a constant.
 */
let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

const PASSWORD = "correct horse battery";
let ipSeq = 0;
const fresh = () => client(t, `10.7.0.${++ipSeq}`);

/** The Set-Cookie line for `name`, if the answer sent one. */
function setCookie(res: Response, name: string): string | undefined {
  return res.headers.getSetCookie().find((l) => l.startsWith(`${name}=`));
}

async function signedIn(email: string) {
  await createUser(t.db, { email, password: PASSWORD, confirmed: true });
  const c = fresh();
  const r = await c.signIn(email, PASSWORD);
  return { c, r };
}

describe("the signed-in hint cookie", () => {
  it("POST /api/auth/signin sets it beside the session cookie: readable, no secret, same expiry", async () => {
    const { c, r } = await signedIn("hinted@example.pk");
    const session = setCookie(r.res, "karkhana_session")!;
    const hint = setCookie(r.res, "karkhana_signed_in")!;
    expect(hint).toMatch(/^karkhana_signed_in=1;/);
    expect(hint).not.toMatch(/HttpOnly/i);
    expect(hint).toMatch(/SameSite=Lax/);
    expect(hint).toMatch(/Path=\//);
    expect(hint).toContain(session.match(/Expires=[^;]+/)![0]);
    expect(hint).not.toContain(c.cookieValue("karkhana_session")!);
    expect(hasSessionHint(c.cookie)).toBe(true);
  });

  it("POST /api/auth/signup sets no hint: there is no session before the email is confirmed", async () => {
    const c = fresh();
    const r = await c.post("/api/auth/signup", {
      firstName: "Nida",
      lastName: "Ali",
      email: "unhinted@example.pk",
      password: PASSWORD,
      role: "customer",
    });
    expect(r.status).toBe(200);
    expect(setCookie(r.res, "karkhana_signed_in")).toBeUndefined();
    expect(c.cookie).toBe("");
  });

  it("POST /api/auth/signout clears it with the session cookie", async () => {
    const { c } = await signedIn("leaving@example.pk");
    const out = await c.post("/api/auth/signout");
    expect(out.status).toBe(200);
    expect(setCookie(out.res, "karkhana_session")).toMatch(/^karkhana_session=;/);
    expect(setCookie(out.res, "karkhana_signed_in")).toMatch(/^karkhana_signed_in=;.*Max-Age=0/);
    expect(hasSessionHint(c.cookie)).toBe(false);
  });

  it("POST /api/auth/signout-everywhere clears it", async () => {
    const { c } = await signedIn("everywhere@example.pk");
    const out = await c.post("/api/auth/signout-everywhere");
    expect(out.status).toBe(200);
    expect(hasSessionHint(c.cookie)).toBe(false);
  });

  it("goes when the session behind it is no longer valid", async () => {
    const { c } = await signedIn("revoked@example.pk");
    const other = fresh();
    other.cookie = c.cookie;
    await other.post("/api/auth/signout");
    const r = await c.get("/api/auth/user");
    expect(r.status).toBe(401);
    expect(setCookie(r.res, "karkhana_signed_in")).toMatch(/^karkhana_signed_in=;/);
    expect(hasSessionHint(c.cookie)).toBe(false);
    expect(c.cookieValue("karkhana_session")).toBeUndefined();
  });

  it("goes when it comes without a session cookie (forged or left behind)", async () => {
    const c = fresh();
    c.cookie = "karkhana_signed_in=1";
    const r = await c.get("/api/auth/user");
    expect(r.status).toBe(401);
    expect(setCookie(r.res, "karkhana_signed_in")).toMatch(/^karkhana_signed_in=;/);
  });

  it("is given to a session that predates it, on its next request", async () => {
    const id = await createUser(t.db, { email: "older@example.pk", confirmed: true });
    const c = await clientAs(t, id, "10.7.1.1");
    const r = await c.get("/api/auth/user");
    expect(r.status).toBe(200);
    expect(setCookie(r.res, "karkhana_signed_in")).toMatch(/^karkhana_signed_in=1;/);
    const again = await c.get("/api/auth/user");
    expect(again.res.headers.getSetCookie()).toEqual([]);
  });

  it("is __Host- prefixed and Secure over https, like the session cookie", async () => {
    const https = await makeTestApp({ siteUrl: "https://karkhana.example" });
    try {
      await createUser(https.db, { email: "tls@example.pk", password: PASSWORD, confirmed: true });
      const res = await https.app.request("/api/auth/signin", {
        method: "POST",
        headers: { Origin: "https://karkhana.example", "Content-Type": "application/json" },
        body: JSON.stringify({ email: "tls@example.pk", password: PASSWORD }),
      });
      expect(res.status).toBe(200);
      const hint = setCookie(res, "__Host-karkhana_signed_in")!;
      expect(hint).toMatch(/^__Host-karkhana_signed_in=1;/);
      expect(hint).toMatch(/Secure/);
      expect(hint).not.toMatch(/HttpOnly/i);
      expect(hasSessionHint(hint.split(";")[0]!)).toBe(true);
    } finally {
      await https.close();
    }
  });
});

describe("hasSessionHint", () => {
  it.each([
    ["karkhana_signed_in=1", true],
    ["a=b; karkhana_signed_in=1; c=d", true],
    ["__Host-karkhana_signed_in=1", true],
    ["karkhana_signed_in=0", false],
    ["karkhana_signed_in=", false],
    ["xkarkhana_signed_in=1", false],
    ["karkhana_signed_in=11", false],
    ["", false],
  ])("reads %j as %s", (cookies, expected) => {
    expect(hasSessionHint(cookies)).toBe(expected);
  });
});
