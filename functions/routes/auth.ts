import { eq } from "drizzle-orm";
import { Hono, type Context } from "hono";
import { users } from "../../db/schema.ts";
import {
  resendConfirmationSchema,
  signinSchema,
  signupSchema,
  type SignupAnswer,
} from "../../src/lib/auth-schemas.ts";
import type { AppEnv } from "../app.ts";
import { consumeConfirmToken, createConfirmToken, findUserByEmail } from "../auth/accounts.ts";
import { alreadyRegisteredMessage, confirmEmailMessage } from "../auth/emails.ts";
import {
  hashPassword,
  isCommonPassword,
  timingDummyHash,
  verifyPassword,
} from "../auth/password.ts";
import { createSession, invalidateSession } from "../auth/session.ts";
import { parseJson } from "../lib/http.ts";
import { LIMITS, rateLimit } from "../lib/rate-limit.ts";
import {
  clearSessionCookie,
  requireUser,
  setSessionCookie,
  toSessionUser,
} from "../middleware/session.ts";

const SIGNUP_MESSAGE =
  "Check your email: we sent a link to confirm your address. Confirm it, then sign in.";
const RESEND_MESSAGE =
  "If that account exists and is not confirmed yet, a new confirmation link is on its way.";
export const NOT_CONFIRMED_MESSAGE =
  "Please confirm your email address first: open the link we emailed you. We can send a new link if you need one.";
const BAD_CREDENTIALS = "Invalid email or password";

function portalLogin(role: string): string {
  return role === "provider" ? "/provider-portal-login" : "/login";
}

async function sendConfirmation(
  c: Context<AppEnv>,
  user: { id: string; email: string; firstName: string | null },
) {
  const { db, mailer, clock, config } = c.var.deps;
  const token = await createConfirmToken(db, user.id, clock());
  const link = `${config.siteUrl}/api/auth/confirm?token=${token}`;
  await mailer.send(confirmEmailMessage(user.email, user.firstName, link));
}

export const authRoutes = new Hono<AppEnv>()
  .post("/signup", async (c) => {
    const { db, mailer, clock, config } = c.var.deps;
    const now = clock();
    await rateLimit(db, `signup:ip:${c.var.ip}`, LIMITS.signupIp, now);
    const input = await parseJson(c, signupSchema);
    await rateLimit(db, `signup:email:${input.email}`, LIMITS.signupEmail, now);
    if (isCommonPassword(input.password)) {
      return c.json(
        { error: "This password is too common. Choose one that is harder to guess." },
        400,
      );
    }
    const answer: SignupAnswer = {
      message: SIGNUP_MESSAGE,
      user: { email: input.email, email_confirmed_at: null },
    };
    const existing = await findUserByEmail(db, input.email);
    if (existing?.emailConfirmedAt) {
      // Same answer as a new account; the owner learns about it by email instead.
      await mailer.send(
        alreadyRegisteredMessage(existing.email, `${config.siteUrl}${portalLogin(existing.role)}`),
      );
      return c.json(answer, 200);
    }
    if (existing) {
      // Nobody has proven they own this unconfirmed address yet: the latest sign-up
      // replaces the earlier one (so no one can squat an address), and only the
      // newest emailed link can confirm it.
      await db
        .update(users)
        .set({
          firstName: input.firstName,
          lastName: input.lastName,
          role: existing.role === "admin" ? existing.role : input.role,
          passwordHash: await hashPassword(input.password),
          updatedAt: now,
        })
        .where(eq(users.id, existing.id));
      await sendConfirmation(c, {
        id: existing.id,
        email: existing.email,
        firstName: input.firstName,
      });
      return c.json(answer, 200);
    }
    const id = crypto.randomUUID();
    const inserted = await db
      .insert(users)
      .values({
        id,
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        role: input.role,
        passwordHash: await hashPassword(input.password),
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    // Lost a race with a parallel sign-up of the same email: answer as above.
    if (inserted.length === 0) return c.json(answer, 200);
    await sendConfirmation(c, { id, email: input.email, firstName: input.firstName });
    return c.json(answer, 200);
  })
  .post("/signin", async (c) => {
    const { db, clock } = c.var.deps;
    const now = clock();
    await rateLimit(db, `signin:ip:${c.var.ip}`, LIMITS.signinIp, now);
    const input = await parseJson(c, signinSchema);
    await rateLimit(db, `signin:email:${input.email}`, LIMITS.signinEmail, now);
    const user = await findUserByEmail(db, input.email);
    if (!user?.passwordHash) {
      await verifyPassword(await timingDummyHash(), input.password);
      return c.json({ error: BAD_CREDENTIALS }, 401);
    }
    if (!(await verifyPassword(user.passwordHash, input.password))) {
      return c.json({ error: BAD_CREDENTIALS }, 401);
    }
    // Only after the password matched, so this tells nothing to a guesser.
    if (!user.emailConfirmedAt) {
      return c.json({ error: NOT_CONFIRMED_MESSAGE, code: "email_not_confirmed" }, 403);
    }
    const { token, expiresAt } = await createSession(db, user.id, now);
    setSessionCookie(c, token, expiresAt);
    return c.json({ user: toSessionUser(user) }, 200);
  })
  .post("/signout", async (c) => {
    const session = c.var.session;
    if (session) await invalidateSession(c.var.deps.db, session.id);
    clearSessionCookie(c);
    return c.json({ ok: true }, 200);
  })
  .get("/user", (c) => {
    const user = requireUser(c);
    c.header("Cache-Control", "no-store");
    return c.json(toSessionUser(user), 200);
  })
  .post("/resend-confirmation", async (c) => {
    const { db, clock } = c.var.deps;
    const now = clock();
    await rateLimit(db, `resend:ip:${c.var.ip}`, LIMITS.resendIp, now);
    const { email } = await parseJson(c, resendConfirmationSchema);
    await rateLimit(db, `resend:email:${email}`, LIMITS.resendEmail, now);
    const user = await findUserByEmail(db, email);
    if (user && !user.emailConfirmedAt) await sendConfirmation(c, user);
    return c.json({ message: RESEND_MESSAGE }, 200);
  })
  .get("/confirm", async (c) => {
    const token = c.req.query("token") ?? "";
    const user =
      token && token.length <= 100
        ? await consumeConfirmToken(c.var.deps.db, token, c.var.deps.clock())
        : null;
    if (!user) return c.redirect("/login?confirmed=0", 302);
    return c.redirect(`${portalLogin(user.role)}?confirmed=1`, 302);
  });
