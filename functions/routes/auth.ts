import { eq } from "drizzle-orm";
import { Hono, type Context } from "hono";
import { z } from "zod";
import { users } from "../../db/schema.ts";
import {
  changePasswordSchema,
  confirmEmailSchema,
  forgotPasswordSchema,
  resendConfirmationSchema,
  resetPasswordSchema,
  signinSchema,
  signupSchema,
  type AccountSession,
  type ConfirmAnswer,
  type MessageAnswer,
  type PendingAccount,
  type SignupAnswer,
} from "../../src/lib/auth-schemas.ts";
import { hashPassword, verifyPassword } from "../../src/lib/password-hash.ts";
import {
  accountSessionSchema,
  confirmAnswerSchema,
  messageAnswerSchema,
  okSchema,
  pendingAccountSchema,
  sessionUserSchema,
  signinAnswerSchema,
  signupAnswerSchema,
} from "../../src/lib/api-schemas.ts";
import { localizePath } from "../../src/i18n/locales.ts";
import type { AppEnv } from "../ports/app-env.ts";
import {
  ANYONE,
  jsonBody,
  LOCATION,
  paramsOf,
  queryOf,
  route,
  SIGNED_IN,
} from "../openapi/describe.ts";
import {
  changePasswordHash,
  consumeConfirmToken,
  createEmailToken,
  createNoEmailToken,
  createPendingSignup,
  declinePendingSignup,
  findConfirmTokenUser,
  findResetTokenUser,
  findUserByEmail,
  reissueConfirmation,
  replacePendingSignup,
  resetPasswordWithToken,
} from "../auth/accounts.ts";
import { describeDevice } from "../auth/device.ts";
import { deleteUserDeviceTrusts, findDeviceTrust, issueDeviceTrust } from "../auth/device-trust.ts";
import {
  alreadyRegisteredMessage,
  confirmEmailMessage,
  resetPasswordMessage,
} from "../auth/emails.ts";
import { isCommonPassword, timingDummyHash } from "../auth/password.ts";
import { generateToken } from "../auth/tokens.ts";
import {
  createSession,
  invalidateSession,
  invalidateUserSessions,
  listUserSessions,
  revokeUserSession,
} from "../auth/session.ts";
import {
  claimSigninAttempt,
  clearSigninBackoff,
  signinBackoffKey,
} from "../auth/signin-backoff.ts";
import { maskEmail } from "../lib/events.ts";
import { HttpError, parseJson } from "../lib/http.ts";
import { declaredLocale, rememberLocale, requestLocale } from "../lib/locale.ts";
import { LIMITS, rateLimit, TooManyRequests } from "../lib/rate-limit.ts";
import type { PreparedMail } from "../lib/queued-mailer.ts";
import type { MailMessage } from "../ports/types.ts";
import {
  clearDeviceCookie,
  clearSessionCookie,
  readDeviceCookie,
  requireUser,
  setDeviceCookie,
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
export const COMMON_PASSWORD_MESSAGE =
  "This password is too common. Choose one that is harder to guess.";
export const INVALID_LINK_MESSAGE = "This link is invalid or has expired. Request a new one.";
export const CONFIRMED_MESSAGE = "Your email address is confirmed. You can sign in now.";
export const DECLINED_MESSAGE =
  "This sign-up is removed: nobody can sign in with it, and its links no longer work. You do not need to do anything else.";
export const ALREADY_CONFIRMED_MESSAGE =
  "This account is already confirmed, so it cannot be removed here. If you did not create it, set a new password with “Forgot password?” on the sign-in page: that signs everyone else out.";
export const FORGOT_MESSAGE =
  "If an account with that email exists, we sent a link to reset its password. The link works once, for 1 hour.";
export const RESET_MESSAGE =
  "Your password is set. For your safety you were signed out everywhere: sign in with the new password.";
export const WRONG_CURRENT_PASSWORD = "Current password is incorrect";
export const NO_PASSWORD_MESSAGE =
  "This account signs in with Google and has no password yet. To set one, sign out and use “Forgot password?” on the sign-in page.";
export const PASSWORD_CHANGED_MESSAGE =
  "Your password is changed. Every other device was signed out.";
const SESSION_NOT_FOUND = "Session not found";
const tags = ["Accounts"];
/** Public session ids are hex (new ones 24 characters); anything else is nobody's. */
const SESSION_ID_PATTERN = /^[0-9a-f]{1,64}$/;

function portalLogin(role: string): string {
  return role === "provider" ? "/provider-portal-login" : "/login";
}

/** A page of the site, in the language of the page the request came from (decision 022). */
function siteLink(c: Context<AppEnv>, path: string): string {
  return `${c.var.deps.config.siteUrl}${localizePath(path, requestLocale(c))}`;
}

/**
 * Links carry their token in the fragment: browsers never send it to a server
 * (ours, a proxy's log, or a third party in a Referer), and the page posts it.
 */
function emailLink(c: Context<AppEnv>, page: "confirm-email" | "reset-password", token: string) {
  return `${siteLink(c, `/${page}`)}#token=${token}`;
}

/**
 * Runs `work` without making the answer wait for it, where waiting would tell
 * a caller whether the account exists (forgot password, resend confirmation).
 * A Worker must be told to keep running (waitUntil); Node just carries on.
 */
function inBackground(c: Context<AppEnv>, work: Promise<void>): void {
  try {
    c.executionCtx.waitUntil(work);
  } catch {
    // No ExecutionContext outside Workers: the process outlives the request.
  }
}

/** Hands a message to the mailer in the background (see `inBackground`). */
function sendInBackground(c: Context<AppEnv>, message: MailMessage): void {
  inBackground(
    c,
    c.var.deps.mailer.send(message).catch((err: unknown) => {
      const log = c.var.deps.logError ?? ((e, ctx) => console.error(`[karkhana] ${ctx}`, e));
      log(err, `sending "${message.subject}"`);
    }),
  );
}

/**
 * Mails a request asks for are written in its page's language: whoever asked
 * reads them, and until they sign in nothing else says which language is theirs.
 * The confirmation mail is sealed into its queue row here, and stored by the
 * caller in the transaction of the token it carries.
 */
async function prepareConfirmation(
  c: Context<AppEnv>,
  email: string,
): Promise<{ token: string; mail: PreparedMail }> {
  const token = generateToken();
  const message = confirmEmailMessage(
    email,
    emailLink(c, "confirm-email", token),
    requestLocale(c),
  );
  return { token, mail: await c.var.deps.mailer.prepare(message) };
}

/**
 * Claims a password attempt for `email` (signin-backoff.ts) in the email's bucket,
 * or in the device's when the browser holds a device cookie of that account
 * (`deviceTrustId`); a refusal is logged and answered 429.
 */
async function claimAttempt(
  c: Context<AppEnv>,
  email: string,
  deviceTrustId: string | null,
  now: Date,
): Promise<void> {
  const key = deviceTrustId
    ? signinBackoffKey.device(deviceTrustId)
    : signinBackoffKey.email(email);
  try {
    await claimSigninAttempt(c.var.deps.db, key, now);
  } catch (err) {
    if (err instanceof TooManyRequests) {
      c.var.logEvent({
        event: "signin.throttled",
        email: maskEmail(email),
        bucket: deviceTrustId ? "device" : "email",
        retryAfter: err.retryAfter,
      });
    }
    throw err;
  }
}

function requireSession(c: Context<AppEnv>) {
  const user = requireUser(c);
  // requireUser has thrown 401 unless there is a session.
  return { user, sessionId: c.var.session!.id };
}

export const authRoutes = new Hono<AppEnv>()
  .post(
    "/signup",
    route(
      {
        summary: "Sign up with email and password",
        description:
          "Sends a confirmation link. The answer is the same whether or not the address has an account (its owner is told by email instead). A sign-up of an address whose account is not confirmed yet replaces that account (names, password, role) and voids its links. Counted per IP and per email.",
        tags,
        roles: ANYONE,
        limited: true,
        ok: { 200: { description: "Check your email.", schema: signupAnswerSchema } },
        errors: { 400: "A field is invalid, the body is not JSON, or the password is too common." },
      },
      "write",
    ),
    jsonBody(signupSchema),
    async (c) => {
      const { db, mailer, clock } = c.var.deps;
      const now = clock();
      await rateLimit(db, `signup:ip:${c.var.ip}`, LIMITS.signupIp, now);
      const input = await parseJson(c, signupSchema);
      await rateLimit(db, `signup:email:${input.email}`, LIMITS.signupEmail, now);
      if (isCommonPassword(input.password)) {
        return c.json({ error: COMMON_PASSWORD_MESSAGE }, 400);
      }
      const answer: SignupAnswer = {
        message: SIGNUP_MESSAGE,
        user: { email: input.email, email_confirmed_at: null },
      };
      // Hashed whatever happens next, so the answer's timing does not tell new from known.
      const passwordHash = await hashPassword(input.password);
      const existing = await findUserByEmail(db, input.email);
      if (existing?.emailConfirmedAt) {
        // Same answer as a new account; the owner learns about it by email instead.
        await mailer.send(
          alreadyRegisteredMessage(
            existing.email,
            siteLink(c, portalLogin(existing.role)),
            requestLocale(c),
          ),
        );
        c.var.logEvent({
          event: "signup",
          email: maskEmail(input.email),
          outcome: "existing_account",
        });
        return c.json(answer, 200);
      }
      // Nobody has proven they own this address yet: the newest sign-up replaces an
      // unconfirmed one (decision 028), whose links stop working. The confirmation page
      // names the account it confirms, so the mailbox's owner sees whose sign-up it is
      // and can remove it ("This was not me").
      const { token, mail } = await prepareConfirmation(c, input.email);
      const fields = {
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        role: input.role,
        passwordHash,
        locale: requestLocale(c),
      };
      if (existing) {
        if (await replacePendingSignup(db, existing.id, fields, token, mail.row, now)) {
          await mailer.deliver(mail);
          c.var.logEvent({
            event: "signup",
            userId: existing.id,
            email: maskEmail(input.email),
            outcome: "replaced_unconfirmed",
          });
        }
        return c.json(answer, 200);
      }
      // The user, its token and its mail in one transaction; null: a parallel sign-up of
      // the same email won the race, and this one answers as above.
      const id = await createPendingSignup(db, fields, token, mail.row, now);
      if (!id) return c.json(answer, 200);
      await mailer.deliver(mail);
      c.var.logEvent({
        event: "signup",
        userId: id,
        email: maskEmail(input.email),
        outcome: "created",
      });
      return c.json(answer, 200);
    },
  )
  .post(
    "/signin",
    route(
      {
        summary: "Sign in with email and password",
        description:
          "Sets the session cookie (and a device cookie that gives this browser its own backoff). Counted per IP; failed attempts back off per email (or per trusted device).",
        tags,
        roles: ANYONE,
        limited: true,
        cookies: true,
        ok: { 200: { description: "Signed in.", schema: signinAnswerSchema } },
        errors: {
          400: "A field is invalid or the body is not JSON.",
          401: "`Invalid email or password`.",
          403: "The email address is not confirmed yet (`code`: `email_not_confirmed`).",
        },
      },
      "write",
    ),
    jsonBody(signinSchema),
    async (c) => {
      const { db, clock } = c.var.deps;
      const now = clock();
      await rateLimit(db, `signin:ip:${c.var.ip}`, LIMITS.signinIp, now);
      const input = await parseJson(c, signinSchema);
      // A browser that signed in to this account before has its own backoff bucket,
      // so strangers failing at this email cannot keep the owner out (device-trust.ts).
      const deviceToken = readDeviceCookie(c);
      const deviceTrustId = deviceToken
        ? await findDeviceTrust(db, deviceToken, input.email, now)
        : null;
      await claimAttempt(c, input.email, deviceTrustId, now);
      const fail = (reason: string) => {
        c.var.logEvent({ event: "signin.failure", email: maskEmail(input.email), reason });
        return c.json({ error: BAD_CREDENTIALS }, 401);
      };
      const user = await findUserByEmail(db, input.email);
      if (!user?.passwordHash) {
        await verifyPassword(await timingDummyHash(), input.password);
        return fail(user ? "no_password" : "unknown_email");
      }
      if (!(await verifyPassword(user.passwordHash, input.password))) return fail("bad_password");
      // The owner is in: the email's run ends too, so their other browsers need not wait.
      await clearSigninBackoff(db, signinBackoffKey.email(input.email));
      if (deviceTrustId) await clearSigninBackoff(db, signinBackoffKey.device(deviceTrustId));
      // Only after the password matched, so this tells nothing to a guesser.
      if (!user.emailConfirmedAt) {
        c.var.logEvent({
          event: "signin.failure",
          email: maskEmail(input.email),
          reason: "email_not_confirmed",
        });
        return c.json({ error: NOT_CONFIRMED_MESSAGE, code: "email_not_confirmed" }, 403);
      }
      // A new sign-in replaces whatever session this browser had (as Google sign-in does).
      if (c.var.session) await invalidateSession(db, c.var.session.id);
      const { token, expiresAt } = await createSession(
        db,
        user.id,
        now,
        c.req.header("User-Agent"),
      );
      setSessionCookie(c, token, expiresAt);
      const device = await issueDeviceTrust(db, user.id, deviceToken, now);
      setDeviceCookie(c, device.token, device.expiresAt);
      const locale = declaredLocale(c);
      if (locale && locale !== user.locale) await rememberLocale(db, user.id, locale);
      c.var.logEvent({ event: "signin.success", userId: user.id, method: "password" });
      return c.json({ user: toSessionUser(user) }, 200);
    },
  )
  .post(
    "/signout",
    route(
      {
        summary: "Sign out",
        description: "Ends this browser's session, if any, and clears its cookies.",
        tags,
        roles: ANYONE,
        cookies: true,
        ok: { 200: { description: "Signed out.", schema: okSchema } },
      },
      "write",
    ),
    async (c) => {
      const session = c.var.session;
      if (session) await invalidateSession(c.var.deps.db, session.id);
      clearSessionCookie(c);
      return c.json({ ok: true }, 200);
    },
  )
  .get(
    "/user",
    route(
      {
        summary: "Who is signed in",
        tags,
        roles: SIGNED_IN,
        ok: { 200: { description: "The signed-in user.", schema: sessionUserSchema } },
      },
      "get",
    ),
    async (c) => {
      const user = requireUser(c);
      // Every page with the header asks this once: the language the person reads now is
      // the one their mails are written in. A write only when it changed.
      const locale = declaredLocale(c);
      if (locale && locale !== user.locale) await rememberLocale(c.var.deps.db, user.id, locale);
      c.header("Cache-Control", "no-store");
      return c.json(toSessionUser(user), 200);
    },
  )
  .post(
    "/resend-confirmation",
    route(
      {
        summary: "Send a new confirmation link",
        description:
          "The same answer, after the same work, whether or not the account exists or is confirmed; the mail goes out after the answer. Counted per IP and per email.",
        tags,
        roles: ANYONE,
        limited: true,
        ok: { 200: { description: "Sent if it applies.", schema: messageAnswerSchema } },
        errors: { 400: "A field is invalid or the body is not JSON." },
      },
      "write",
    ),
    jsonBody(resendConfirmationSchema),
    async (c) => {
      const { db, clock, mailer } = c.var.deps;
      const now = clock();
      await rateLimit(db, `resend:ip:${c.var.ip}`, LIMITS.resendIp, now);
      const { email } = await parseJson(c, resendConfirmationSchema);
      // The same work for every address, unknown, confirmed or pending (decision 028): a
      // token and a sealed mail made, one transaction that counts the email's throttle
      // (so it always writes) and whose other statements match only a pending account,
      // and the mail tried after the answer. Nothing in the answer or its time tells a
      // stranger that someone is signing up with this address.
      const { token, mail } = await prepareConfirmation(c, email);
      const queued = await reissueConfirmation(db, email, token, mail.row, now, (tx) =>
        rateLimit(tx, `resend:email:${email}`, LIMITS.resendEmail, now),
      );
      if (queued) inBackground(c, mailer.deliver(mail));
      c.var.logEvent({
        event: "signup.confirmation_resent",
        email: maskEmail(email),
        sent: queued,
      });
      const answer: MessageAnswer = { message: RESEND_MESSAGE };
      return c.json(answer, 200);
    },
  )
  // Older confirmation mails link here (decision 011). Mail scanners open links, so a GET
  // confirms nothing: it only moves the token to the page whose button POSTs it.
  .get(
    "/confirm",
    route(
      {
        summary: "Old confirmation links: forward to the page",
        description:
          "Confirms nothing (mail scanners open links): moves the token to `/confirm-email#token=…`, whose button POSTs it.",
        tags,
        roles: ANYONE,
        ok: { 302: { description: "To the confirmation page.", headers: LOCATION } },
      },
      "get",
    ),
    queryOf(z.object({ token: z.string().optional() })),
    (c) => {
      const token = c.req.query("token") ?? "";
      if (!token || token.length > 100) return c.redirect("/confirm-email", 302);
      return c.redirect(`/confirm-email#token=${encodeURIComponent(token)}`, 302);
    },
  )
  .post(
    "/confirm",
    route(
      {
        summary: "Confirm an email address",
        tags,
        roles: ANYONE,
        ok: { 200: { description: "Confirmed: sign in next.", schema: confirmAnswerSchema } },
        errors: {
          400: "A field is invalid, the body is not JSON, or `This link is invalid or has expired. Request a new one.`",
        },
      },
      "write",
    ),
    jsonBody(confirmEmailSchema),
    async (c) => {
      const { db, clock } = c.var.deps;
      const { token } = await parseJson(c, confirmEmailSchema);
      const user = await consumeConfirmToken(db, token, clock());
      if (!user) return c.json({ error: INVALID_LINK_MESSAGE }, 400);
      c.var.logEvent({ event: "email.confirmed", userId: user.id, via: "confirm_link" });
      const answer: ConfirmAnswer = {
        message: CONFIRMED_MESSAGE,
        signInPath: portalLogin(user.role),
      };
      return c.json(answer, 200);
    },
  )
  .post(
    "/confirm/details",
    route(
      {
        summary: "Whose sign-up a confirmation link is for",
        description:
          "The confirmation page names the account before anyone confirms it: its email, the names and the time of the sign-up. Uses nothing up; only the holder of the emailed link can ask.",
        tags,
        roles: ANYONE,
        ok: {
          200: { description: "The account the link confirms.", schema: pendingAccountSchema },
        },
        errors: {
          400: "A field is invalid, the body is not JSON, or `This link is invalid or has expired. Request a new one.`",
        },
      },
      "write",
    ),
    jsonBody(confirmEmailSchema),
    async (c) => {
      const { db, clock } = c.var.deps;
      const { token } = await parseJson(c, confirmEmailSchema);
      const user = await findConfirmTokenUser(db, token, clock());
      if (!user) return c.json({ error: INVALID_LINK_MESSAGE }, 400);
      const answer: PendingAccount = {
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        signedUpAt: user.createdAt.toISOString(),
      };
      return c.json(answer, 200);
    },
  )
  .post(
    "/confirm/decline",
    route(
      {
        summary: "This was not me: remove an unconfirmed sign-up",
        description:
          "With a live confirmation link, deletes its account while it is unconfirmed, with its links and sessions. A confirmed account is never removed here.",
        tags,
        roles: ANYONE,
        ok: { 200: { description: "Removed.", schema: messageAnswerSchema } },
        errors: {
          400: "A field is invalid, the body is not JSON, or `This link is invalid or has expired. Request a new one.`",
          409: "The account is already confirmed.",
        },
      },
      "write",
    ),
    jsonBody(confirmEmailSchema),
    async (c) => {
      const { db, clock } = c.var.deps;
      const { token } = await parseJson(c, confirmEmailSchema);
      const outcome = await declinePendingSignup(db, token, clock());
      if (outcome.kind === "invalid") return c.json({ error: INVALID_LINK_MESSAGE }, 400);
      if (outcome.kind === "confirmed") return c.json({ error: ALREADY_CONFIRMED_MESSAGE }, 409);
      c.var.logEvent({
        event: "signup.declined",
        userId: outcome.user.id,
        email: maskEmail(outcome.user.email),
      });
      const answer: MessageAnswer = { message: DECLINED_MESSAGE };
      return c.json(answer, 200);
    },
  )
  .post(
    "/forgot-password",
    route(
      {
        summary: "Email a password reset link",
        description:
          "The same answer whether or not the account exists. The link works once, for 1 hour. Counted per IP and per email.",
        tags,
        roles: ANYONE,
        limited: true,
        ok: { 200: { description: "Sent if the account exists.", schema: messageAnswerSchema } },
        errors: { 400: "A field is invalid or the body is not JSON." },
      },
      "write",
    ),
    jsonBody(forgotPasswordSchema),
    async (c) => {
      const { db, clock } = c.var.deps;
      const now = clock();
      await rateLimit(db, `forgot:ip:${c.var.ip}`, LIMITS.forgotIp, now);
      const { email } = await parseJson(c, forgotPasswordSchema);
      await rateLimit(db, `forgot:email:${email}`, LIMITS.forgotEmail, now);
      const user = await findUserByEmail(db, email);
      // Every account may reset: one with no password (Google only) gets one, and an
      // unconfirmed one is confirmed by the reset, since using the link proves the mailbox.
      if (user) {
        const token = await createEmailToken(db, user.id, "reset_password", now);
        sendInBackground(
          c,
          resetPasswordMessage(user.email, emailLink(c, "reset-password", token), requestLocale(c)),
        );
      } else {
        await createNoEmailToken(db, now);
      }
      c.var.logEvent({
        event: "password.reset_requested",
        email: maskEmail(email),
        ...(user ? { userId: user.id } : {}),
        sent: user !== null,
      });
      const answer: MessageAnswer = { message: FORGOT_MESSAGE };
      return c.json(answer, 200);
    },
  )
  .post(
    "/reset-password",
    route(
      {
        summary: "Set a new password with an emailed link",
        description:
          "Signs the account out everywhere (this browser's cookies are cleared when it was signed in as that account). Counted per IP.",
        tags,
        roles: ANYONE,
        limited: true,
        cookies: true,
        ok: { 200: { description: "The password is set.", schema: messageAnswerSchema } },
        errors: {
          400: "A field is invalid, the body is not JSON, the password is too common, or the link is invalid or expired.",
        },
      },
      "write",
    ),
    jsonBody(resetPasswordSchema),
    async (c) => {
      const { db, clock } = c.var.deps;
      const now = clock();
      await rateLimit(db, `reset:ip:${c.var.ip}`, LIMITS.resetIp, now);
      const input = await parseJson(c, resetPasswordSchema);
      if (isCommonPassword(input.password)) return c.json({ error: COMMON_PASSWORD_MESSAGE }, 400);
      // Checked before hashing, so an invalid link costs no scrypt work; used up below.
      if (!(await findResetTokenUser(db, input.token, now))) {
        return c.json({ error: INVALID_LINK_MESSAGE }, 400);
      }
      const passwordHash = await hashPassword(input.password);
      const before = await resetPasswordWithToken(db, input.token, passwordHash, now);
      if (!before) return c.json({ error: INVALID_LINK_MESSAGE }, 400);
      await clearSigninBackoff(db, signinBackoffKey.email(before.email));
      // The reset ended every session and device trust, this browser's included.
      if (c.var.session?.userId === before.id) {
        clearSessionCookie(c);
        clearDeviceCookie(c);
      }
      c.var.logEvent({ event: "password.reset", userId: before.id });
      if (!before.emailConfirmedAt) {
        c.var.logEvent({ event: "email.confirmed", userId: before.id, via: "password_reset" });
      }
      const answer: MessageAnswer = { message: RESET_MESSAGE };
      return c.json(answer, 200);
    },
  )
  .post(
    "/change-password",
    route(
      {
        summary: "Change my password",
        description: "Signs every other device out. Wrong current passwords back off like sign-in.",
        tags,
        roles: SIGNED_IN,
        limited: true,
        cookies: true,
        ok: { 200: { description: "Changed.", schema: messageAnswerSchema } },
        errors: {
          400: "A field is invalid, the body is not JSON, the account has no password (Google only), the new password is too common, or `Current password is incorrect`.",
        },
      },
      "write",
    ),
    jsonBody(changePasswordSchema),
    async (c) => {
      const { db, clock } = c.var.deps;
      const now = clock();
      const { user, sessionId } = requireSession(c);
      const input = await parseJson(c, changePasswordSchema);
      const [row] = await db
        .select({ passwordHash: users.passwordHash })
        .from(users)
        .where(eq(users.id, user.id));
      if (!row?.passwordHash) return c.json({ error: NO_PASSWORD_MESSAGE }, 400);
      if (isCommonPassword(input.newPassword))
        return c.json({ error: COMMON_PASSWORD_MESSAGE }, 400);
      // A stolen session must not become a password-guessing oracle: same backoff as sign-in.
      await claimAttempt(c, user.email, null, now);
      if (!(await verifyPassword(row.passwordHash, input.currentPassword))) {
        c.var.logEvent({
          event: "signin.failure",
          userId: user.id,
          email: maskEmail(user.email),
          reason: "bad_current_password",
        });
        return c.json({ error: WRONG_CURRENT_PASSWORD }, 400);
      }
      await clearSigninBackoff(db, signinBackoffKey.email(user.email));
      const passwordHash = await hashPassword(input.newPassword);
      await changePasswordHash(db, user.id, passwordHash, sessionId, now);
      // Every device trust went with the old password; this browser just proved it knows it.
      const device = await issueDeviceTrust(db, user.id, undefined, now);
      setDeviceCookie(c, device.token, device.expiresAt);
      c.var.logEvent({ event: "password.changed", userId: user.id });
      const answer: MessageAnswer = { message: PASSWORD_CHANGED_MESSAGE };
      return c.json(answer, 200);
    },
  )
  .get(
    "/sessions",
    route(
      {
        summary: "My signed-in devices",
        tags,
        roles: SIGNED_IN,
        ok: {
          200: {
            description: "Sessions, most recently used first.",
            schema: z.array(accountSessionSchema),
          },
        },
      },
      "get",
    ),
    async (c) => {
      const { user, sessionId } = requireSession(c);
      const rows = await listUserSessions(c.var.deps.db, user.id, c.var.deps.clock());
      const answer: AccountSession[] = rows.map((s) => ({
        id: s.publicId,
        device: describeDevice(s.userAgent),
        lastUsedAt: s.lastUsedAt.toISOString(),
        createdAt: s.createdAt.toISOString(),
        current: s.id === sessionId,
      }));
      return c.json(answer, 200);
    },
  )
  .delete(
    "/sessions/:id",
    route(
      {
        summary: "Sign one device out",
        description: "Clears this browser's cookies when it is this browser's session.",
        tags,
        roles: SIGNED_IN,
        cookies: true,
        ok: { 200: { description: "Signed out there.", schema: messageAnswerSchema } },
        errors: { 404: "`Session not found` (another account's session answers the same)." },
      },
      "write",
    ),
    paramsOf(z.object({ id: z.string().regex(SESSION_ID_PATTERN) })),
    async (c) => {
      const { user, sessionId } = requireSession(c);
      const publicId = c.req.param("id");
      if (!SESSION_ID_PATTERN.test(publicId)) throw new HttpError(404, SESSION_NOT_FOUND);
      const revoked = await revokeUserSession(c.var.deps.db, user.id, publicId);
      // Another account's session answers exactly like one that does not exist.
      if (!revoked) throw new HttpError(404, SESSION_NOT_FOUND);
      const current = revoked === sessionId;
      if (current) clearSessionCookie(c);
      c.var.logEvent({ event: "session.revoked", userId: user.id, current });
      const answer: MessageAnswer = {
        message: current ? "You are signed out on this device." : "That device is signed out.",
      };
      return c.json(answer, 200);
    },
  )
  .post(
    "/signout-everywhere",
    route(
      {
        summary: "Sign out on every device",
        tags,
        roles: SIGNED_IN,
        cookies: true,
        ok: { 200: { description: "Signed out everywhere.", schema: messageAnswerSchema } },
      },
      "write",
    ),
    async (c) => {
      const { user } = requireSession(c);
      const count = await invalidateUserSessions(c.var.deps.db, user.id);
      await deleteUserDeviceTrusts(c.var.deps.db, user.id);
      clearSessionCookie(c);
      clearDeviceCookie(c);
      c.var.logEvent({ event: "sessions.revoked_all", userId: user.id, count });
      const answer: MessageAnswer = { message: "You are signed out on every device." };
      return c.json(answer, 200);
    },
  );
