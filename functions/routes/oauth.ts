/**
 * Google sign-in routes. The browser asks for a
 * consent URL, Google sends it back to the callback with a code, the server
 * exchanges the code (PKCE) and redirects to where the person was going.
 * Decision record: docs/decisions/004-google-sign-in-and-hash-callback.md.
 */
import { constantTimeEqual } from "@oslojs/crypto/subtle";
import { ArcticFetchError, OAuth2RequestError } from "arctic";
import { Hono, type Context } from "hono";
import { z } from "zod";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { oauthStartSchema, type SignupRole } from "../../src/lib/auth-schemas.ts";
import { siteNextPath } from "../../src/lib/next-path.ts";
import {
  GOOGLE_NOT_CONFIGURED,
  HASH_CALLBACK_GONE,
  OAUTH_ERROR_GOOGLE,
  OAUTH_ERROR_PARAM,
  hashCallbackSchema,
  type OauthStartAnswer,
} from "../../src/lib/oauth-schemas.ts";
import { hashCallbackGoneSchema, oauthStartAnswerSchema } from "../../src/lib/api-schemas.ts";
import { basePath, localeOfPath, localizePath } from "../../src/i18n/locales.ts";
import type { AppEnv } from "../ports/app-env.ts";
import { ANYONE, jsonBody, LOCATION, queryOf, route, SET_COOKIE } from "../openapi/describe.ts";
import {
  createGoogleAuthorization,
  exchangeGoogleCode,
  GoogleIdentityRefused,
  signInGoogleIdentity,
  type GoogleIdentity,
} from "../auth/google.ts";
import { issueDeviceTrust } from "../auth/device-trust.ts";
import { createSession, invalidateSession } from "../auth/session.ts";
import { HttpError, parseJson } from "../lib/http.ts";
import { rememberLocale, requestLocale } from "../lib/locale.ts";
import { LIMITS, rateLimit, TooManyRequests } from "../lib/rate-limit.ts";
import { readDeviceCookie, setDeviceCookie, setSessionCookie } from "../middleware/session.ts";

/** State and verifier live 10 minutes: long enough to pick an account, short enough to go stale. */
const FLOW_COOKIE_MAX_AGE = 10 * 60;
const FLOW_COOKIES = ["state", "verifier", "role", "next"] as const;
type FlowCookie = (typeof FLOW_COOKIES)[number];

function isSecure(c: Context<AppEnv>): boolean {
  return c.var.deps.config.siteUrl.startsWith("https://");
}

/** `__Host-` and Secure over https, like the session cookie; plain names on local http. */
function flowCookieName(kind: FlowCookie, secure: boolean): string {
  return `${secure ? "__Host-" : ""}karkhana_oauth_${kind}`;
}

function setFlowCookies(c: Context<AppEnv>, values: Record<FlowCookie, string>): void {
  const secure = isSecure(c);
  for (const kind of FLOW_COOKIES) {
    // Lax: the cookies must come along on Google's top-level redirect back to the callback.
    setCookie(c, flowCookieName(kind, secure), values[kind], {
      httpOnly: true,
      sameSite: "Lax",
      secure,
      path: "/",
      maxAge: FLOW_COOKIE_MAX_AGE,
    });
  }
}

/** Reads the flow cookies and deletes them: a state is good for one callback only. */
function takeFlowCookies(c: Context<AppEnv>): Partial<Record<FlowCookie, string>> {
  const secure = isSecure(c);
  const values: Partial<Record<FlowCookie, string>> = {};
  for (const kind of FLOW_COOKIES) {
    const name = flowCookieName(kind, secure);
    const value = getCookie(c, name);
    if (value !== undefined) {
      values[kind] = value;
      deleteCookie(c, name, { path: "/", secure });
    }
  }
  return values;
}

function sameString(a: string, b: string): boolean {
  const enc = new TextEncoder();
  return constantTimeEqual(enc.encode(a), enc.encode(b));
}

function portalLogin(role: SignupRole): string {
  return role === "provider" ? "/provider-portal-login" : "/login";
}

function failedLogin(role: SignupRole): string {
  return `${portalLogin(role)}?${OAUTH_ERROR_PARAM}=${OAUTH_ERROR_GOOGLE}`;
}

/**
 * Where a successful sign-in goes: an explicit `next`, else the portal's home:
 * from the provider portal a new account goes to /provider-setup and
 * an existing provider to /provider-dashboard; everyone else to /. The home
 * of a `next` of /ur is the Urdu one.
 */
function destination(
  next: string | null,
  portal: SignupRole,
  signedIn: { role: string; created: boolean },
): string {
  if (next && basePath(next) !== "/") return next;
  const home = (path: string) => localizePath(path, localeOfPath(next ?? "/"));
  if (portal === "provider") {
    if (signedIn.created) return home("/provider-setup");
    if (signedIn.role === "provider") return home("/provider-dashboard");
  }
  return home("/");
}

function logFailure(c: Context<AppEnv>, err: unknown, step: string): void {
  // An expired or replayed code and an identity we refuse are people, not outages.
  if (err instanceof GoogleIdentityRefused) return;
  if (err instanceof OAuth2RequestError && err.code === "invalid_grant") return;
  const log =
    c.var.deps.logError ?? ((e: unknown, ctx: string) => console.error(`[karkhana] ${ctx}`, e));
  const what =
    err instanceof OAuth2RequestError
      ? `Google refused the request (${err.code})`
      : err instanceof ArcticFetchError
        ? "Google could not be reached"
        : "unexpected error";
  log(err, `Google sign-in, ${step}: ${what}`);
}

const tags = ["Accounts"];

export const oauthRoutes = new Hono<AppEnv>()
  .post(
    "/oauth",
    route(
      {
        summary: "Start Google sign-in",
        description:
          "Answers Google's consent URL and sets short-lived flow cookies (state, PKCE verifier, role, next). Counted per IP.",
        tags,
        roles: ANYONE,
        limited: true,
        ok: {
          200: {
            description: "Send the browser to `url`.",
            schema: oauthStartAnswerSchema,
            headers: SET_COOKIE,
          },
        },
        errors: {
          400: "A field is invalid, the body is not JSON, or `next must be a path on this site`.",
          503: "`Google sign-in is not configured on this server`, or the database is out of reach.",
        },
      },
      "write",
    ),
    jsonBody(oauthStartSchema),
    async (c) => {
      const { db, clock, google, config } = c.var.deps;
      await rateLimit(db, `oauth:ip:${c.var.ip}`, LIMITS.oauthIp, clock());
      const input = await parseJson(c, oauthStartSchema);
      // The one rule the sign-in screens use too (src/lib/next-path.ts, decision 027).
      const next = siteNextPath(input.next);
      if (next === null) throw new HttpError(400, "next must be a path on this site");
      if (!google) return c.json({ error: GOOGLE_NOT_CONFIGURED }, 503);
      const { url, state, codeVerifier } = createGoogleAuthorization(google, config.siteUrl);
      setFlowCookies(c, { state, verifier: codeVerifier, role: input.role, next });
      const answer: OauthStartAnswer = { url: url.toString() };
      return c.json(answer, 200);
    },
  )
  .get(
    "/callback/google",
    route(
      {
        summary: "Google's redirect back after consent",
        description:
          "Exchanges the code (PKCE), signs the person in (sets the session cookie) and redirects to where they were going; any failure, throttling included, redirects to the portal's login page with `?error=google`.",
        tags,
        roles: ANYONE,
        ok: {
          302: {
            description: "Signed in, or back to the login page with `?error=google`.",
            headers: { ...LOCATION, ...SET_COOKIE },
          },
        },
      },
      "get",
    ),
    queryOf(
      z.object({
        state: z.string().optional(),
        code: z.string().optional(),
        error: z.string().optional(),
      }),
    ),
    async (c) => {
      const { db, clock, google, config } = c.var.deps;
      const now = clock();
      const saved = takeFlowCookies(c);
      const portal: SignupRole = saved.role === "provider" ? "provider" : "customer";
      const next = siteNextPath(saved.next);
      // The page the flow started on chose `next` in its own language (/ur/… from an Urdu
      // page): this navigation from Google carries only the browser's Accept-Language.
      const locale = localeOfPath(next ?? "/");
      const fail = () => c.redirect(localizePath(failedLogin(portal), locale), 302);

      try {
        // Each callback may cost a request to Google: throttle it too.
        await rateLimit(db, `oauth-callback:ip:${c.var.ip}`, LIMITS.oauthIp, now);
      } catch (err) {
        if (err instanceof TooManyRequests) return fail();
        throw err;
      }
      if (!google) return fail();
      // `error` is set when the person cancelled or Google refused (e.g. access_denied).
      const { state, code, error } = c.req.query();
      if (error !== undefined) return fail();
      if (!saved.state || !saved.verifier || !state || !code) return fail();
      if (state.length > 200 || code.length > 2048 || !sameString(state, saved.state))
        return fail();

      let identity: GoogleIdentity;
      try {
        identity = await exchangeGoogleCode(google, config.siteUrl, code, saved.verifier);
      } catch (err) {
        logFailure(c, err, "code exchange");
        return fail();
      }
      let signedIn: Awaited<ReturnType<typeof signInGoogleIdentity>>;
      try {
        signedIn = await signInGoogleIdentity(db, identity, portal, now);
      } catch (err) {
        logFailure(c, err, "finding the user");
        return fail();
      }

      // A new sign-in replaces whatever session this browser had.
      if (c.var.session) await invalidateSession(db, c.var.session.id);
      const { token, expiresAt } = await createSession(
        db,
        signedIn.user.id,
        now,
        c.req.header("User-Agent"),
      );
      setSessionCookie(c, token, expiresAt);
      // Google vouched for this browser: its password sign-ins get their own bucket too.
      const device = await issueDeviceTrust(db, signedIn.user.id, readDeviceCookie(c), now);
      setDeviceCookie(c, device.token, device.expiresAt);
      if (signedIn.user.locale !== locale) await rememberLocale(db, signedIn.user.id, locale);
      if (signedIn.created) {
        c.var.logEvent({ event: "signup", userId: signedIn.user.id, method: "google" });
      }
      c.var.logEvent({ event: "signin.success", userId: signedIn.user.id, method: "google" });
      return c.redirect(
        destination(next, portal, { role: signedIn.user.role, created: signedIn.created }),
        302,
      );
    },
  )
  .post(
    "/hash-callback",
    route(
      {
        summary: "Implicit-flow token sign-in (not supported)",
        description:
          "Kept so the call exists and answers clearly: signs nobody in from a token in a URL (decision 004). Counted per IP.",
        tags,
        roles: ANYONE,
        limited: true,
        ok: {},
        errors: { 400: "A field is invalid or the body is not JSON." },
        gone: {
          description: "Always: start Google sign-in again.",
          schema: hashCallbackGoneSchema,
        },
      },
      "write",
    ),
    jsonBody(hashCallbackSchema),
    async (c) => {
      // Kept for clients of the implicit flow (a token in the URL hash). This server
      // uses the code flow with PKCE and signs nobody in from such a token (decision 004).
      const { db, clock } = c.var.deps;
      await rateLimit(db, `hash-callback:ip:${c.var.ip}`, LIMITS.oauthIp, clock());
      const input = await parseJson(c, hashCallbackSchema);
      const redirect = localizePath(failedLogin(input.role), requestLocale(c));
      return c.json({ error: HASH_CALLBACK_GONE, redirect }, 410);
    },
  );
