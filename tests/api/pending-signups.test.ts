/**
 * Who a pending sign-up is (decision 028): a second sign-up of an unconfirmed
 * email replaces the first and voids its links; the user, its token and its
 * mail are written in one transaction; the confirmation page names the
 * account and can remove it ("This was not me"); and "resend confirmation"
 * does the same work whatever the address.
 */
import { createClient } from "@libsql/client";
import { and, eq, isNull, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/libsql";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Db } from "../../db/client.ts";
import * as schema from "../../db/schema.ts";
import { emailTokens, mailOutbox, sessions, users } from "../../db/schema.ts";
import { serializeClient } from "../../db/serialize.ts";
import { createUser } from "../../db/seed/factories.ts";
import { createEmailToken } from "../../functions/auth/accounts.ts";
import { createSession } from "../../functions/auth/session.ts";
import type { MailMessage, Mailer } from "../../functions/ports/types.ts";
import { client, makeTestApp, type TestApp } from "../helpers/app.ts";

const PASSWORD = "correct horse battery";
let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

let ipSeq = 0;
const fresh = () => client(t, `10.9.0.${++ipSeq}`);

/** The token of the newest confirmation mail to `to`. */
function confirmToken(to: string, outbox: MailMessage[] = t.outbox): string {
  const mail = outbox.findLast((m) => m.to === to && /\/confirm-email#token=/.test(m.text));
  const match = mail?.text.match(/\/confirm-email#token=(\w+)/);
  if (!match) throw new Error(`no confirmation mail for ${to}`);
  return match[1]!;
}

const signup = (email: string, patch: Record<string, unknown> = {}) =>
  fresh().post("/api/auth/signup", {
    firstName: "Sana",
    lastName: "Mir",
    email,
    password: PASSWORD,
    role: "customer",
    ...patch,
  });

const userRow = async (email: string) =>
  (await t.db.select().from(users).where(eq(users.email, email)))[0];

describe("a second sign-up of an unconfirmed email", () => {
  it("replaces the first (names, password, role, language) and voids every link of it", async () => {
    const email = "twice@example.pk";
    await signup(email, { firstName: "Eve", lastName: "Stranger", password: "eves password 1" });
    const first = await userRow(email);
    const evesToken = confirmToken(email);
    // A reset link asked for meanwhile is one of its links too.
    await fresh().post("/api/auth/forgot-password", { email });
    const resetMail = await vi.waitFor(() => {
      const mail = t.outbox.findLast((m) => m.to === email && /reset-password/.test(m.text));
      expect(mail).toBeDefined();
      return mail!;
    });
    const resetToken = resetMail.text.match(/#token=(\w+)/)![1]!;
    const before = t.outbox.length;

    const second = await fresh().request(
      "POST",
      "/api/auth/signup",
      { firstName: "Amna", lastName: "Owner", email, password: PASSWORD, role: "provider" },
      { "Accept-Language": "ur-PK" },
    );
    expect(second.status).toBe(200);
    expect(second.body.user).toEqual({ email, email_confirmed_at: null });

    const after = await userRow(email);
    expect(after).toMatchObject({
      id: first!.id,
      firstName: "Amna",
      lastName: "Owner",
      role: "provider",
      locale: "ur",
      emailConfirmedAt: null,
    });
    expect(after!.passwordHash).not.toBe(first!.passwordHash);
    // One new mail: a confirmation link, in the second sign-up's language, naming nobody.
    const mails = t.outbox.slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toMatch(/\/ur\/confirm-email#token=\w+/);
    expect(mails[0]!.text).not.toMatch(/Amna|Eve/);

    expect((await fresh().post("/api/auth/confirm", { token: evesToken })).status).toBe(400);
    expect(
      (
        await fresh().post("/api/auth/reset-password", {
          token: resetToken,
          password: "another good one 1",
        })
      ).status,
    ).toBe(400);
    const confirmed = await fresh().post("/api/auth/confirm", {
      token: confirmToken(email, mails),
    });
    expect(confirmed.body.signInPath).toBe("/provider-portal-login");
    expect(
      (await fresh().post("/api/auth/signin", { email, password: "eves password 1" })).status,
    ).toBe(401);
    await fresh().signIn(email, PASSWORD);
    expect(t.events.filter((e) => e.event === "signup" && e.userId === first!.id)).toEqual([
      expect.objectContaining({ outcome: "created", email: "t***@example.pk" }),
      expect.objectContaining({ outcome: "replaced_unconfirmed", email: "t***@example.pk" }),
    ]);
  });

  it("ends any session or trusted browser the account had, and keeps an admin an admin", async () => {
    const email = "pending-admin@example.pk";
    const id = await createUser(t.db, { email, password: PASSWORD, confirmed: false });
    await t.db.update(users).set({ role: "admin" }).where(eq(users.id, id));
    await createSession(t.db, id, new Date());
    await signup(email, { role: "customer" });
    expect(await userRow(email)).toMatchObject({ id, role: "admin", firstName: "Sana" });
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, id))).toEqual([]);
  });

  it("leaves a confirmed account alone and mails its owner instead", async () => {
    const email = "settled@example.pk";
    await createUser(t.db, { email, password: PASSWORD, firstName: "Owner" });
    const before = t.outbox.length;
    const r = await signup(email, { firstName: "Other", password: "another good one 1" });
    expect(r.status).toBe(200);
    expect(await userRow(email)).toMatchObject({ firstName: "Owner" });
    expect(t.outbox.slice(before).map((m) => m.subject)).toEqual(["Your Karkhana account"]);
  });
});

describe("sign-up writes the user, its token and its mail in one transaction", () => {
  /** Makes every insert into the mail queue fail, as a full disk or lost database would. */
  async function withMailInsertFailing(run: () => Promise<void>) {
    await t.db.run(sql`CREATE TRIGGER no_mail BEFORE INSERT ON mail_outbox
      BEGIN SELECT RAISE(ABORT, 'mail queue unavailable'); END`);
    try {
      await run();
    } finally {
      await t.db.run(sql`DROP TRIGGER no_mail`);
    }
  }

  it("a new sign-up whose mail cannot be queued leaves no account and no token", async () => {
    const email = "no-mail@example.pk";
    await withMailInsertFailing(async () => {
      const r = await signup(email);
      expect(r.status).toBe(500);
      expect(r.body).toEqual({ error: "Internal server error" });
    });
    expect(await userRow(email)).toBeUndefined();
    // So the person can simply sign up again.
    expect((await signup(email)).status).toBe(200);
    expect(confirmToken(email)).toBeTruthy();
  });

  it("a replacing sign-up whose mail cannot be queued changes nothing: the first's link still works", async () => {
    const email = "no-mail-twice@example.pk";
    await signup(email, { firstName: "First" });
    const firstRow = await userRow(email);
    const firstToken = confirmToken(email);
    await withMailInsertFailing(async () => {
      expect((await signup(email, { firstName: "Second" })).status).toBe(500);
    });
    expect(await userRow(email)).toEqual(firstRow);
    const live = await t.db
      .select()
      .from(emailTokens)
      .where(and(eq(emailTokens.userId, firstRow!.id), isNull(emailTokens.usedAt)));
    expect(live).toHaveLength(1);
    expect((await fresh().post("/api/auth/confirm", { token: firstToken })).status).toBe(200);
  });
});

describe("the confirmation page names the account and offers 'This was not me'", () => {
  it("POST /api/auth/confirm/details names the account without using the link", async () => {
    const email = "named@example.pk";
    const at = Date.now();
    await signup(email, { firstName: "Hina", lastName: "Raza" });
    const token = confirmToken(email);
    const r = await fresh().post("/api/auth/confirm/details", { token });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      email,
      firstName: "Hina",
      lastName: "Raza",
      signedUpAt: expect.any(String),
    });
    expect(Date.parse(r.body.signedUpAt)).toBeGreaterThanOrEqual(at - 1000);
    // Asking again works: nothing was used up, and the link still confirms.
    expect((await fresh().post("/api/auth/confirm/details", { token })).status).toBe(200);
    expect((await fresh().post("/api/auth/confirm", { token })).status).toBe(200);
    // Once used, it names nobody.
    expect((await fresh().post("/api/auth/confirm/details", { token })).body).toEqual({
      error: "This link is invalid or has expired. Request a new one.",
    });
  });

  it.each([
    ["an unknown token", "a".repeat(32)],
    ["an empty token", ""],
  ])("answers 400 for %s", async (_, token) => {
    for (const path of ["/api/auth/confirm/details", "/api/auth/confirm/decline"]) {
      const r = await fresh().post(path, { token });
      expect(r.status).toBe(400);
      expect(r.body.error).toEqual(expect.any(String));
    }
  });

  it("an expired link names nobody and removes nothing", async () => {
    const email = "expired-decline@example.pk";
    await signup(email);
    const token = confirmToken(email);
    t.clockOffset.ms = 25 * 60 * 60 * 1000;
    try {
      expect((await fresh().post("/api/auth/confirm/details", { token })).status).toBe(400);
      expect((await fresh().post("/api/auth/confirm/decline", { token })).status).toBe(400);
    } finally {
      t.clockOffset.ms = 0;
    }
    expect(await userRow(email)).toBeDefined();
  });

  it("POST /api/auth/confirm/decline removes the unconfirmed account with its links and sessions, and logs it", async () => {
    const email = "not-me@example.pk";
    await signup(email, { firstName: "Squatter" });
    const { id } = (await userRow(email))!;
    await createSession(t.db, id, new Date());
    const token = confirmToken(email);
    const r = await fresh().post("/api/auth/confirm/decline", { token });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      message:
        "This sign-up is removed: nobody can sign in with it, and its links no longer work. You do not need to do anything else.",
    });
    expect(await userRow(email)).toBeUndefined();
    expect(await t.db.select().from(emailTokens).where(eq(emailTokens.userId, id))).toEqual([]);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, id))).toEqual([]);
    expect((await fresh().post("/api/auth/confirm", { token })).status).toBe(400);
    expect((await fresh().post("/api/auth/confirm/decline", { token })).status).toBe(400);
    expect(t.events.findLast((e) => e.event === "signup.declined")).toEqual({
      event: "signup.declined",
      ip: expect.stringMatching(/^10\.9\.0\./),
      userId: id,
      email: "n***@example.pk",
    });
    // The address is free again: its owner can sign up.
    expect((await signup(email, { firstName: "Owner" })).status).toBe(200);
    expect(await userRow(email)).toMatchObject({ firstName: "Owner" });
  });

  it("answers in Urdu for an Urdu page", async () => {
    const email = "not-me-ur@example.pk";
    await signup(email);
    const r = await fresh().request(
      "POST",
      "/api/auth/confirm/decline",
      { token: confirmToken(email) },
      { "Accept-Language": "ur-PK" },
    );
    expect(r.status).toBe(200);
    expect(r.body.message).toMatch(/^یہ سائن اپ ختم کر دیا گیا ہے/);
  });

  it("never removes a confirmed account (409), whose link may still be live", async () => {
    const email = "confirmed-decline@example.pk";
    const id = await createUser(t.db, { email, password: PASSWORD });
    const token = await createEmailToken(t.db, id, "confirm_email", new Date());
    const r = await fresh().post("/api/auth/confirm/decline", { token });
    expect(r.status).toBe(409);
    expect(r.body.error).toMatch(/already confirmed/);
    expect(await userRow(email)).toBeDefined();
  });

  it("a password-reset link cannot remove an account", async () => {
    const email = "reset-decline@example.pk";
    const id = await createUser(t.db, { email, password: PASSWORD, confirmed: false });
    const token = await createEmailToken(t.db, id, "reset_password", new Date());
    expect((await fresh().post("/api/auth/confirm/decline", { token })).status).toBe(400);
    expect(await userRow(email)).toBeDefined();
  });
});

describe("POST /api/auth/resend-confirmation does the same work for every address", () => {
  /**
   * An app whose database logs every statement it runs, and whose mail API
   * holds each send until released, so nothing after the answer can mix
   * into what the request itself did.
   */
  let app: TestApp;
  let dir: string;
  let statements: string[] | null = null;
  const held: (() => void)[] = [];
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "karkhana-resend-"));
    const raw = createClient({ url: `file:${join(dir, "resend.db")}` });
    await raw.execute("PRAGMA foreign_keys = ON");
    const db: Db = drizzle(serializeClient(raw), {
      schema,
      casing: "snake_case",
      logger: { logQuery: (query) => void statements?.push(query) },
    });
    const transport: Mailer = {
      send: () => new Promise<void>((resolve) => held.push(resolve)),
    };
    app = await makeTestApp({
      db,
      mailTransport: transport,
      mailQueue: { immediateTimeoutMs: 60_000 },
    });
  });
  afterAll(async () => {
    for (const release of held) release();
    await app.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("unknown, confirmed and pending addresses get the same answer after the same statements", async () => {
    await createUser(app.db, { email: "known@example.pk", password: PASSWORD });
    await createUser(app.db, {
      email: "waiting@example.pk",
      password: PASSWORD,
      confirmed: false,
    });
    const runs: { status: number; body: unknown; statements: string[] }[] = [];
    for (const [i, email] of [
      "nobody@example.pk",
      "known@example.pk",
      "waiting@example.pk",
    ].entries()) {
      statements = [];
      const r = await client(app, `10.8.0.${i + 1}`).post("/api/auth/resend-confirmation", {
        email,
      });
      runs.push({ status: r.status, body: r.body, statements });
      statements = null;
    }
    const [unknown, confirmed, pending] = runs;
    expect(unknown!.status).toBe(200);
    expect(unknown!.body).toEqual({
      message:
        "If that account exists and is not confirmed yet, a new confirmation link is on its way.",
    });
    for (const other of [confirmed!, pending!]) {
      expect(other.status).toBe(unknown!.status);
      expect(other.body).toEqual(unknown!.body);
      expect(other.statements).toEqual(unknown!.statements);
    }
    // Two throttle counters, the voided links, the token, and one conditional write to the
    // mail queue: the pending address's only difference is in what those rows matched.
    expect(unknown!.statements).toHaveLength(5);
    expect(unknown!.statements.filter((s) => /mail_outbox/.test(s))).toHaveLength(1);

    // Only the pending account got a mail, sent after the answer.
    const queued = await app.db.select().from(mailOutbox);
    expect(queued.map((r) => r.recipient)).toEqual(["waiting@example.pk"]);
    expect(held).toHaveLength(1);
    const sent = app.events.filter((e) => e.event === "signup.confirmation_resent");
    expect(sent.map((e) => [e.email, e.sent])).toEqual([
      ["n***@example.pk", false],
      ["k***@example.pk", false],
      ["w***@example.pk", true],
    ]);
  });
});
