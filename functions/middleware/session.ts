import type { Context, MiddlewareHandler } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { Role } from "../../db/schema.ts";
import type { SessionUser } from "../../src/lib/auth-schemas.ts";
import { SESSION_HINT_VALUE, sessionHintCookieName } from "../../src/lib/session-hint.ts";
import type { AppEnv } from "../ports/app-env.ts";
import { validateSessionToken, type ValidSession } from "../auth/session.ts";
import { HttpError } from "../lib/http.ts";

/**
 * Over https the cookie is `__Host-` prefixed and Secure, so no subdomain or
 * plain-http page can set it; plain http locally.
 */
export function sessionCookieName(secure: boolean): string {
  return secure ? "__Host-karkhana_session" : "karkhana_session";
}

function isSecure(c: Context<AppEnv>): boolean {
  return c.var.deps.config.siteUrl.startsWith("https://");
}

/**
 * Sets the session cookie and, beside it, the signed-in hint
 * (src/lib/session-hint.ts): readable by the page, so an anonymous view never
 * has to ask the API who is signed in. Same lifetime, so neither outlives the other.
 */
export function setSessionCookie(c: Context<AppEnv>, token: string, expiresAt: Date): void {
  const secure = isSecure(c);
  setCookie(c, sessionCookieName(secure), token, {
    httpOnly: true,
    sameSite: "Lax",
    secure,
    path: "/",
    expires: expiresAt,
  });
  setSessionHint(c, expiresAt);
}

export function clearSessionCookie(c: Context<AppEnv>): void {
  const secure = isSecure(c);
  deleteCookie(c, sessionCookieName(secure), { path: "/", secure });
  clearSessionHint(c);
}

function setSessionHint(c: Context<AppEnv>, expiresAt: Date): void {
  const secure = isSecure(c);
  // Not HttpOnly on purpose: the page reads it. It holds a constant, never the token.
  setCookie(c, sessionHintCookieName(secure), SESSION_HINT_VALUE, {
    httpOnly: false,
    sameSite: "Lax",
    secure,
    path: "/",
    expires: expiresAt,
  });
}

function clearSessionHint(c: Context<AppEnv>): void {
  const secure = isSecure(c);
  deleteCookie(c, sessionHintCookieName(secure), { path: "/", secure });
}

/** The device cookie (functions/auth/device-trust.ts), named like the session cookie. */
export function deviceCookieName(secure: boolean): string {
  return secure ? "__Host-karkhana_device" : "karkhana_device";
}

/** The device token the browser sent, if it could be one. */
export function readDeviceCookie(c: Context<AppEnv>): string | undefined {
  const token = getCookie(c, deviceCookieName(isSecure(c)));
  return token && token.length <= 100 ? token : undefined;
}

export function setDeviceCookie(c: Context<AppEnv>, token: string, expiresAt: Date): void {
  const secure = isSecure(c);
  setCookie(c, deviceCookieName(secure), token, {
    httpOnly: true,
    sameSite: "Lax",
    secure,
    path: "/",
    expires: expiresAt,
  });
}

export function clearDeviceCookie(c: Context<AppEnv>): void {
  const secure = isSecure(c);
  deleteCookie(c, deviceCookieName(secure), { path: "/", secure });
}

/** Validates the session cookie once per request and sets `session` (or null). */
export const sessionMiddleware: MiddlewareHandler<AppEnv> = async (c, next) => {
  const token = getCookie(c, sessionCookieName(isSecure(c)));
  const hint = getCookie(c, sessionHintCookieName(isSecure(c)));
  let session: ValidSession | null = null;
  if (token && token.length <= 100) {
    session = await validateSessionToken(c.var.deps.db, token, c.var.deps.clock());
    if (!session) clearSessionCookie(c);
    else if (session.renewed) setSessionCookie(c, token, session.expiresAt);
    // A session from before the hint existed gets one.
    else if (hint !== SESSION_HINT_VALUE) setSessionHint(c, session.expiresAt);
  } else if (hint !== undefined) {
    // A hint without a session (the session cookie was removed, or the hint forged) goes.
    clearSessionHint(c);
  }
  c.set("session", session);
  await next();
};

/** The signed-in user, or 401. */
export function requireUser(c: Context<AppEnv>): ValidSession["user"] {
  const session = c.var.session;
  if (!session) throw new HttpError(401, "Unauthorized");
  return session.user;
}

/** The signed-in user with one of `roles`: 401 signed out, 403 otherwise. */
export function requireRole(c: Context<AppEnv>, ...roles: Role[]): ValidSession["user"] {
  const user = requireUser(c);
  if (!roles.includes(user.role)) throw new HttpError(403, "Forbidden");
  return user;
}

export function toSessionUser(u: ValidSession["user"]): SessionUser {
  return {
    id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    profileImageUrl: u.profileImageUrl,
    role: u.role,
    emailConfirmedAt: u.emailConfirmedAt ? u.emailConfirmedAt.toISOString() : null,
  };
}
