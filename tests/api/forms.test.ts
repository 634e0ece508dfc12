import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema.ts";
import { createUser } from "../../db/seed/factories.ts";
import { LIMITS } from "../../functions/lib/rate-limit.ts";
import { makeTestApp, SITE, type TestApp } from "../helpers/app.ts";
import { formState } from "../helpers/fake-pages.ts";

/**
 * The auth screens' forms sent before their script ran (decision 027): an
 * ordinary form POST to the page's own address, handled the way the island
 * would handle it, through the same JSON endpoints.
 */

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

const PASSWORD = "correct horse battery";
let ipSeq = 0;
const freshIp = () => `10.29.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

/** What a browser sends for a form POST from this site. */
function postForm(
  path: string,
  fields: Record<string, string>,
  opts: { ip?: string; cookie?: string; headers?: Record<string, string> } = {},
) {
  return t.app.request(path, {
    method: "POST",
    headers: {
      Origin: SITE,
      "Content-Type": "application/x-www-form-urlencoded",
      "x-test-ip": opts.ip ?? freshIp(),
      "User-Agent": "Mozilla/5.0 (Linux; Android 14) Chrome/142.0 Mobile Safari/537.36",
      ...(opts.cookie ? { Cookie: opts.cookie } : {}),
      ...opts.headers,
    },
    body: new URLSearchParams(fields).toString(),
  });
}

/** The cookies a response sets, by name (deletions as ""). */
function setCookies(res: Response): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of res.headers.getSetCookie()) {
    const pair = line.split(";")[0]!;
    const i = pair.indexOf("=");
    out[pair.slice(0, i)] = pair.slice(i + 1);
  }
  return out;
}

async function screen(res: Response) {
  expect(res.headers.get("Content-Type")).toMatch(/^text\/html/);
  expect(res.headers.get("Cache-Control")).toBe("no-store");
  return formState(await res.text());
}

async function confirmedUser(email: string, role: "customer" | "provider" = "customer") {
  return createUser(t.db, { email, password: PASSWORD, role });
}

describe("POST /login (the sign-in form without its script)", () => {
  it("signs in and sends the browser home with the session, hint and device cookies", async () => {
    const id = await confirmedUser("form-signin@example.pk");
    const from = t.events.length;
    const res = await postForm("/login", {
      mode: "signin",
      email: "Form-Signin@Example.PK ",
      password: PASSWORD,
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/");
    const cookies = setCookies(res);
    expect(cookies.karkhana_session).toMatch(/\w{20,}/);
    expect(cookies.karkhana_signed_in).toBe("1");
    expect(cookies.karkhana_device).toMatch(/\w{20,}/);
    // The island's 'Signed in' toast, named for the next page.
    expect(cookies.karkhana_toast).toBe("signed_in");
    expect(res.headers.getSetCookie().find((c) => c.startsWith("karkhana_session="))).toMatch(
      /HttpOnly/i,
    );
    // The session is a real one.
    const me = await t.app.request("/api/auth/user", {
      headers: { Cookie: `karkhana_session=${cookies.karkhana_session}` },
    });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { id: string }).id).toBe(id);
    // The island's security event, from the same endpoint.
    expect(t.events.slice(from)).toEqual([
      { event: "signin.success", ip: expect.any(String), userId: id, method: "password" },
    ]);
  });

  it.each([
    ["/login?next=%2Ffavorites", "/favorites"],
    ["/login?next=%2Fur%2Ffavorites", "/favorites"],
    ["/ur/login", "/ur"],
    ["/ur/login?next=%2Ffavorites", "/ur/favorites"],
    ["/provider-portal-login", "/provider-dashboard"],
    ["/ur/provider-portal-login", "/ur/provider-dashboard"],
  ])("from %s goes where the island would: %s", async (path, to) => {
    await confirmedUser(`form-dest-${ipSeq}@example.pk`);
    const res = await postForm(path, {
      mode: "signin",
      email: `form-dest-${ipSeq}@example.pk`,
      password: PASSWORD,
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(to);
  });

  it("shows a wrong password beside the form, 401, with the email kept and no password echoed", async () => {
    await confirmedUser("form-wrong@example.pk");
    const from = t.events.length;
    const res = await postForm("/login", {
      mode: "signin",
      email: "form-wrong@example.pk",
      password: "not the password 123",
    });
    expect(res.status).toBe(401);
    expect(res.headers.getSetCookie()).toEqual([]);
    const html = await res.clone().text();
    expect(html).not.toContain("not the password 123");
    expect(await screen(res)).toMatchObject({
      portal: "customer",
      mode: "signin",
      form: {
        values: { email: "form-wrong@example.pk" },
        errors: {},
        failure: { message: "Invalid email or password" },
      },
    });
    expect(t.events.slice(from)).toEqual([
      {
        event: "signin.failure",
        ip: expect.any(String),
        email: "f***@example.pk",
        reason: "bad_password",
      },
    ]);
  });

  it("answers an Urdu page in Urdu", async () => {
    const res = await postForm("/ur/login", {
      mode: "signin",
      email: "nobody-ur@example.pk",
      password: "whatever 123",
    });
    expect(res.status).toBe(401);
    const state = await screen(res);
    expect(state.form.failure.message).not.toBe("Invalid email or password");
    expect(state.form.failure.message).toMatch(/[\u0600-\u06ff]/);

    const empty = await postForm("/ur/login", { mode: "signin", email: "", password: "" });
    expect(empty.status).toBe(400);
    const errors = (await screen(empty)).form.errors;
    expect(errors.email).toMatch(/[\u0600-\u06ff]/);
    expect(errors.password).toMatch(/[\u0600-\u06ff]/);
  });

  it("checks the fields with the sign-in schema before asking: 400, nothing counted", async () => {
    const from = t.events.length;
    const res = await postForm("/login", { mode: "signin", email: "not-an-email", password: "" });
    expect(res.status).toBe(400);
    expect((await screen(res)).form).toEqual({
      values: { email: "not-an-email" },
      errors: { email: "Enter a valid email address", password: "Password is required" },
    });
    expect(t.events.slice(from)).toEqual([]);
  });

  it("explains an unconfirmed address (403) and offers the link again", async () => {
    await createUser(t.db, {
      email: "form-unconfirmed@example.pk",
      password: PASSWORD,
      confirmed: false,
    });
    const res = await postForm("/login", {
      mode: "signin",
      email: "form-unconfirmed@example.pk",
      password: PASSWORD,
    });
    expect(res.status).toBe(403);
    expect((await screen(res)).form.unconfirmed).toEqual({
      email: "form-unconfirmed@example.pk",
      reason: expect.stringContaining("confirm your email address first"),
    });

    const before = t.outbox.length;
    const resend = await postForm("/login", {
      intent: "resend",
      email: "form-unconfirmed@example.pk",
    });
    expect(resend.status).toBe(200);
    expect((await screen(resend)).form).toMatchObject({
      notice: "confirmation_sent",
      unconfirmed: { email: "form-unconfirmed@example.pk" },
    });
    expect(t.outbox.slice(before).map((m) => m.to)).toEqual(["form-unconfirmed@example.pk"]);
  });

  it("shares the API's throttle: the form and the island count in one bucket", async () => {
    const ip = freshIp();
    const signin = { email: "nobody-throttle@example.pk", password: "whatever 123" };
    // The island's calls count before their body is read: invalid ones fill the bucket cheaply.
    for (let i = 0; i < LIMITS.signinIp.max - 1; i++) {
      const api = await t.app.request("/api/auth/signin", {
        method: "POST",
        headers: { Origin: SITE, "Content-Type": "application/json", "x-test-ip": ip },
        body: JSON.stringify({ email: "" }),
      });
      expect(api.status).toBe(400);
    }
    const last = await postForm("/login", { mode: "signin", ...signin }, { ip });
    expect(last.status).toBe(401);
    const refused = await postForm("/login", { mode: "signin", ...signin }, { ip });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await screen(refused)).form.failure.message).toMatch(/^Too many attempts/);
  });
});

describe("the form handlers' guards", () => {
  it.each([
    ["no Origin", { Origin: "" }],
    ["another site", { Origin: "https://evil.example" }],
    ["Origin null", { Origin: "null" }],
  ])("refuse a POST from %s (403) before reading it", async (_what, headers) => {
    const id = await confirmedUser(`form-csrf-${ipSeq}@example.pk`);
    const from = t.events.length;
    const init = {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        "x-test-ip": freshIp(),
        ...headers,
      } as Record<string, string>,
      body: new URLSearchParams({
        mode: "signin",
        email: `form-csrf-${ipSeq}@example.pk`,
        password: PASSWORD,
      }).toString(),
    };
    if (!init.headers.Origin) delete init.headers.Origin;
    const res = await t.app.request("/login", init);
    expect(res.status).toBe(403);
    expect(res.headers.getSetCookie()).toEqual([]);
    expect((await screen(res)).form.failure.message).toBe("Cross-site request refused");
    expect(t.events.slice(from)).toEqual([]);
    expect(id).toBeTruthy();
  });

  it("refuses what is not a form (415) and a body over 64 KB (413)", async () => {
    const json = await t.app.request("/login", {
      method: "POST",
      headers: { Origin: SITE, "Content-Type": "application/json", "x-test-ip": freshIp() },
      body: JSON.stringify({ email: "a@example.pk", password: PASSWORD }),
    });
    expect(json.status).toBe(415);
    expect((await screen(json)).form.failure.message).toBe("The request must be a form");

    const big = await postForm("/forgot-password", {
      email: "a@example.pk",
      pad: "x".repeat(70_000),
    });
    expect(big.status).toBe(413);
    expect((await screen(big)).failure).toBe("Request body too large");
  });

  it("takes a multipart form too", async () => {
    await confirmedUser("form-multipart@example.pk");
    const body = new FormData();
    body.set("mode", "signin");
    body.set("email", "form-multipart@example.pk");
    body.set("password", PASSWORD);
    const res = await t.app.request("/login", {
      method: "POST",
      headers: { Origin: SITE, "x-test-ip": freshIp() },
      body,
    });
    expect(res.status).toBe(303);
  });
});

describe("POST /signup and /provider-portal-signup", () => {
  const signup = (email: string, extra: Record<string, string> = {}) => ({
    mode: "signup",
    firstName: "Hina",
    lastName: "Raza",
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    ...extra,
  });

  it("creates the account, mails the link and shows the sign-in screen waiting for it", async () => {
    const from = t.events.length;
    const res = await postForm("/signup", signup("Form-Signup@Example.pk"));
    expect(res.status).toBe(200);
    expect(await screen(res)).toMatchObject({
      portal: "customer",
      mode: "signin",
      form: {
        values: { email: "form-signup@example.pk" },
        notice: "account_created",
        unconfirmed: {
          email: "form-signup@example.pk",
          reason: expect.stringContaining("Check your email"),
        },
      },
    });
    const [row] = await t.db.select().from(users).where(eq(users.email, "form-signup@example.pk"));
    expect(row).toMatchObject({ role: "customer", firstName: "Hina", emailConfirmedAt: null });
    expect(t.outbox.findLast((m) => m.to === "form-signup@example.pk")?.text).toMatch(
      /\/confirm-email#token=/,
    );
    expect(t.events.slice(from).map((e) => e.event)).toEqual(["signup"]);
  });

  it("signs a provider up through the provider portal, mails in Urdu from the Urdu page", async () => {
    const res = await postForm("/ur/provider-portal-signup", signup("form-provider@example.pk"));
    expect(res.status).toBe(200);
    expect((await screen(res)).portal).toBe("provider");
    const [row] = await t.db
      .select()
      .from(users)
      .where(eq(users.email, "form-provider@example.pk"));
    expect(row).toMatchObject({ role: "provider", locale: "ur" });
    const mail = t.outbox.findLast((m) => m.to === "form-provider@example.pk")!;
    expect(mail.text).toContain("/ur/confirm-email#token=");
  });

  it("refuses passwords that differ or a missing confirmation, creating nothing", async () => {
    const mismatch = await postForm(
      "/signup",
      signup("form-mismatch@example.pk", { confirmPassword: `${PASSWORD}-typo` }),
    );
    expect(mismatch.status).toBe(400);
    expect((await screen(mismatch)).form).toEqual({
      values: { firstName: "Hina", lastName: "Raza", email: "form-mismatch@example.pk" },
      errors: { confirmPassword: "The passwords do not match" },
      mismatch: true,
    });
    const missing = await postForm(
      "/signup",
      signup("form-mismatch@example.pk", { confirmPassword: "" }),
    );
    expect(missing.status).toBe(400);
    expect((await screen(missing)).form.errors).toEqual({
      confirmPassword: "Please confirm your password",
    });
    const empty = await postForm("/signup", { mode: "signup" });
    expect(empty.status).toBe(400);
    expect(Object.keys((await screen(empty)).form.errors).sort()).toEqual([
      "confirmPassword",
      "email",
      "firstName",
      "lastName",
      "password",
    ]);
    expect(
      await t.db.select().from(users).where(eq(users.email, "form-mismatch@example.pk")),
    ).toEqual([]);
  });

  it("shows the server's refusal of a common password beside the form", async () => {
    const res = await postForm(
      "/signup",
      signup("form-common@example.pk", { password: "baseball1", confirmPassword: "baseball1" }),
    );
    expect(res.status).toBe(400);
    const state = await screen(res);
    expect(state.mode).toBe("signup");
    expect(state.form.failure.message).toMatch(/too common/);
    expect(state.form.values.firstName).toBe("Hina");
  });

  it("follows the form's own mode: the sign-in form shown at /signup signs in", async () => {
    await confirmedUser("form-mode@example.pk");
    const res = await postForm("/signup", {
      mode: "signin",
      email: "form-mode@example.pk",
      password: PASSWORD,
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/");
  });
});

describe("POST /forgot-password", () => {
  it("mails a real account and answers any address the same", async () => {
    await confirmedUser("form-forgot@example.pk");
    const before = t.outbox.length;
    const known = await postForm("/forgot-password", { email: "form-forgot@example.pk" });
    const unknown = await postForm("/forgot-password", { email: "nobody-form-forgot@example.pk" });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    const sent = (await screen(known)).sent;
    expect(sent).toMatch(/^If an account with that email exists/);
    expect((await screen(unknown)).sent).toBe(sent);
    await expect
      .poll(() => t.outbox.slice(before).map((m) => m.to))
      .toEqual(["form-forgot@example.pk"]);
  });

  it("shows a bad address beside the field (400) in the page's language", async () => {
    const res = await postForm("/forgot-password", { email: "" });
    expect(res.status).toBe(400);
    expect(await screen(res)).toEqual({ email: "", error: "Email is required" });
    const ur = await postForm("/ur/forgot-password", { email: "nope" });
    expect((await screen(ur)).error).toMatch(/[\u0600-\u06ff]/);
  });

  it("is throttled like the API (10 an hour per address)", async () => {
    const ip = freshIp();
    for (let i = 0; i < LIMITS.forgotIp.max; i++) {
      const ok = await postForm("/forgot-password", { email: `nobody-${i}@example.pk` }, { ip });
      expect(ok.status).toBe(200);
    }
    const refused = await postForm("/forgot-password", { email: "nobody@example.pk" }, { ip });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect((await screen(refused)).failure).toMatch(/^Too many attempts/);
  });
});

describe("Continue with Google before the script runs", () => {
  it("says so beside the form when Google sign-in is not configured (503)", async () => {
    const res = await postForm("/signup", { intent: "google", mode: "signup", firstName: "Hina" });
    expect(res.status).toBe(503);
    const state = await screen(res);
    expect(state.mode).toBe("signup");
    expect(state.form.failure).toEqual({
      message: "Google sign-in is not configured on this server",
      during: "google",
    });
  });
});

describe("other methods and pages", () => {
  it.each([
    ["PUT", "/login"],
    ["DELETE", "/signup"],
    ["POST", "/reset-password"],
    ["POST", "/"],
    ["POST", "/pk/lahore"],
    ["POST", "/no-such-page"],
    ["POST", "/ur/no-such-page"],
  ])("%s %s answers the site's own 404 page", async (method, path) => {
    const res = await t.app.request(path, {
      method,
      headers: { Origin: SITE, "Content-Type": "application/x-www-form-urlencoded" },
      body: "a=1",
    });
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain("404 Page Not Found");
    expect(html).not.toMatch(/add the page to the router|راؤٹر/);
  });
});
