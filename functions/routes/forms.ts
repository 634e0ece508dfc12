/**
 * The sign-in, sign-up and forgot-password forms when their script has not
 * run yet (decision 027). The pages are pre-rendered with a real
 * `<form method="post">`: on a slow phone a person types and taps long before
 * React arrives, and the browser then POSTs the form to the page's own
 * address. These handlers do what the island would have done:
 *
 * - the same checks with the same zod schemas, before anything is sent;
 * - the same JSON endpoint, called in-process with the person's own cookies,
 *   address and page language, so its throttles, security events, mails and
 *   answers are exactly the island's (one implementation of each action);
 * - then a redirect where the island navigates (signed in: 303 to `next` or
 *   the portal's home, cookies set), else the same screen rendered again with
 *   the outcome, in the page's language, with the status the API answered.
 *
 * A POST must come from this site (the Origin check the API makes), be a form
 * (415 otherwise) and at most 64 KB (413). Nothing a person typed is echoed
 * back except names and the email; never a password.
 */
import { Hono, type Context, type ExecutionContext, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { loadAuthPanel } from "../../db/queries/page-data.ts";
import type { Db } from "../../db/client.ts";
import { localizeError } from "../../src/i18n/errors.ts";
import { m } from "../../src/i18n/index.ts";
import {
  LOCALE_TAGS,
  LOCALES,
  localeOfPath,
  localizePath,
  type Locale,
} from "../../src/i18n/locales.ts";
import {
  AUTH_PATHS,
  googleDestination,
  signInDestination,
  signUpDestination,
  type AuthMode,
  type Portal,
} from "../../src/lib/auth-paths.ts";
import {
  forgotPasswordSchema,
  resendConfirmationSchema,
  signinSchema,
  signupSchema,
} from "../../src/lib/auth-schemas.ts";
import {
  FORM_TOAST_COOKIE,
  type AuthFormField,
  type AuthFormState,
  type AuthPanelFacts,
  type ForgotPasswordState,
} from "../../src/lib/form-states.ts";
import type { OnDemandPage } from "../../src/lib/on-demand-page.ts";
import { fromThisSite } from "../middleware/origin.ts";
import type { AppEnv } from "../ports/app-env.ts";

/** What the form handlers call: the app itself (createApp's), in-process. */
export interface InProcessApp {
  fetch(
    request: Request,
    env?: unknown,
    executionCtx?: ExecutionContext,
  ): Promise<Response> | Response;
}

/** The form encodings browsers send; anything else is not one of these forms. */
const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);
/** As the JSON API's limit: these forms hold a few short fields. */
const MAX_FORM_BYTES = 64 * 1024;
/** Names and the email typed are shown again; a field longer than this never passes anyway. */
const ECHO_MAX = 320;

const CROSS_SITE = "Cross-site request refused";
const TOO_LARGE = "Request body too large";
const NOT_A_FORM = "The request must be a form";

/** The fields of one POST, strings only (a file where text belongs counts as empty). */
type Fields = Record<string, string>;

/** The answer to a form POST refused before it was read: its screen again, with the reason. */
type Refusal = (c: Context<AppEnv>, status: 403 | 413 | 415, message: string) => Promise<Response>;

/**
 * The checks every form POST passes before its fields are read: from this
 * site (403), a form (415), small enough (413).
 */
function formGuard(refuse: Refusal): MiddlewareHandler<AppEnv> {
  const limit = bodyLimit({
    maxSize: MAX_FORM_BYTES,
    onError: (c) => refuse(c as Context<AppEnv>, 413, TOO_LARGE),
  }) as MiddlewareHandler<AppEnv>;
  return async (c, next) => {
    if (!fromThisSite(c)) return refuse(c, 403, CROSS_SITE);
    const type = c.req.header("Content-Type")?.split(";")[0]?.trim().toLowerCase() ?? "";
    if (!FORM_TYPES.has(type)) return refuse(c, 415, NOT_A_FORM);
    return limit(c, next);
  };
}

async function readFields(c: Context<AppEnv>): Promise<Fields> {
  let body: Record<string, unknown>;
  try {
    body = await c.req.parseBody();
  } catch {
    // A malformed multipart body: as if nothing was typed.
    return {};
  }
  const fields: Fields = {};
  for (const [name, value] of Object.entries(body)) {
    if (typeof value === "string") fields[name] = value;
  }
  return fields;
}

const clip = (value: string | undefined) => (value ?? "").slice(0, ECHO_MAX);

/** The first message of each field, in the page's language (as the island shows them). */
function fieldErrors(
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>,
  locale: Locale,
): Partial<Record<AuthFormField, string>> {
  const errors: Partial<Record<string, string>> = {};
  for (const issue of issues) {
    const key = issue.path[0];
    if (typeof key !== "string") continue;
    errors[key] ??= localizeError(issue.message, locale);
  }
  return errors;
}

interface ApiAnswer {
  status: number;
  body: Record<string, unknown>;
  /** Set-Cookie headers to hand on (the session, its hint, the device cookie, Google's flow). */
  cookies: string[];
  retryAfter: string | null;
}

/** Request headers the endpoint reads differently from a form's (the rest are the person's). */
const REPLACED = ["content-type", "content-length", "accept", "accept-encoding", "accept-language"];

/**
 * Calls one of the app's own JSON endpoints for this form POST, as the island
 * would from this page: the person's cookies, address and user agent, the
 * page's language (the island sends it as Accept-Language), JSON in and out.
 */
async function callApi(
  c: Context<AppEnv>,
  app: InProcessApp,
  path: string,
  payload: unknown,
  locale: Locale,
): Promise<ApiAnswer> {
  const headers = new Headers(c.req.raw.headers);
  for (const name of REPLACED) headers.delete(name);
  headers.set("Content-Type", "application/json");
  headers.set("Accept", "application/json");
  headers.set("Accept-Language", LOCALE_TAGS[locale]);
  const request = new Request(new URL(path, c.req.url), {
    method: "POST",
    headers,
    body: JSON.stringify(payload),
  });
  let executionCtx: ExecutionContext | undefined;
  try {
    executionCtx = c.executionCtx;
  } catch {
    // Node has no ExecutionContext; the Worker's is handed on (mail sent after the answer).
  }
  const res = await app.fetch(request, c.env, executionCtx);
  let body: Record<string, unknown> = {};
  try {
    const parsed: unknown = await res.json();
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) {
      body = parsed as Record<string, unknown>;
    }
  } catch {
    // Every answer of these endpoints is JSON; an empty body says no more than its status.
  }
  return {
    status: res.status,
    body,
    cookies: res.headers.getSetCookie(),
    retryAfter: res.headers.get("Retry-After"),
  };
}

/** The API's sentence (already in the page's language), or 'Please try again'. */
function sentence(answer: ApiAnswer, locale: Locale): string {
  const text = answer.body.error ?? answer.body.message;
  return typeof text === "string" && text ? text : m.auth_try_again({}, { locale });
}

/** A refusal's status as the page answers it: the API's own (a success never reaches here). */
const refusalStatus = (status: number) => (status >= 400 ? status : 500);

const PANEL_TTL_MS = 10 * 60_000;
const panels = new WeakMap<Db, { at: number; facts: Promise<AuthPanelFacts | null> }>();

/**
 * The auth screens' decorative figures, read at most every 10 minutes per
 * database: a screen rendered after a refused POST must cost little, and an
 * out-of-reach database (whose refusal is being shown) must not fail it.
 */
function authPanel(db: Db, now: number): Promise<AuthPanelFacts | null> {
  const kept = panels.get(db);
  if (kept && now - kept.at < PANEL_TTL_MS) return kept.facts;
  const facts = loadAuthPanel(db).catch(() => {
    panels.delete(db);
    return null;
  });
  panels.set(db, { at: now, facts });
  return facts;
}

/** A form's screen rendered again with the build's components, never kept in a cache. */
async function renderScreen(
  c: Context<AppEnv>,
  page: OnDemandPage,
  status: number,
  answer?: ApiAnswer,
): Promise<Response> {
  const res = await c.var.deps.pages.render(c.req.raw, page);
  if (res.status !== 200) return res;
  const headers = new Headers(res.headers);
  headers.set("Content-Type", "text/html; charset=utf-8");
  // It holds what this person typed.
  headers.set("Cache-Control", "no-store");
  for (const cookie of answer?.cookies ?? []) headers.append("Set-Cookie", cookie);
  if (answer?.retryAfter) headers.set("Retry-After", answer.retryAfter);
  return new Response(res.body, { status, headers });
}

/** A 303 (the browser GETs the new address), handing on the endpoint's cookies. */
function seeOther(location: string, answer?: ApiAnswer, extraCookies: string[] = []): Response {
  const headers = new Headers({ Location: location, "Cache-Control": "no-store" });
  for (const cookie of [...(answer?.cookies ?? []), ...extraCookies]) {
    headers.append("Set-Cookie", cookie);
  }
  return new Response(null, { status: 303, headers });
}

/**
 * The toast the island would keep for the next page, by name, in a cookie the
 * next page's Toaster reads once (src/features/toast/signals.ts).
 */
function toastCookie(c: Context<AppEnv>, name: "signed_in"): string {
  const secure = c.var.deps.config.siteUrl.startsWith("https:") ? "; Secure" : "";
  return `${FORM_TOAST_COOKIE}=${name}; Path=/; Max-Age=60; SameSite=Lax${secure}`;
}

interface AuthScreenArgs {
  portal: Portal;
  mode: AuthMode;
  form: AuthFormState;
  status: number;
  answer?: ApiAnswer;
}

async function authScreen(c: Context<AppEnv>, args: AuthScreenArgs): Promise<Response> {
  const panel = await authPanel(c.var.deps.db, c.var.deps.clock().getTime());
  return renderScreen(
    c,
    { kind: "auth", data: { portal: args.portal, mode: args.mode, form: args.form, panel } },
    args.status,
    args.answer,
  );
}

/** The `?next=` of the address the form was posted to (the page's own). */
const nextOf = (c: Context<AppEnv>) => new URL(c.req.url).searchParams.get("next");

async function signIn(
  c: Context<AppEnv>,
  app: InProcessApp,
  portal: Portal,
  fields: Fields,
  locale: Locale,
): Promise<Response> {
  const values = { email: clip(fields.email) };
  const parsed = signinSchema.safeParse({ email: fields.email, password: fields.password });
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error.issues, locale);
    return authScreen(c, { portal, mode: "signin", form: { values, errors }, status: 400 });
  }
  const answer = await callApi(c, app, "/api/auth/signin", parsed.data, locale);
  if (answer.status === 200) {
    return seeOther(signInDestination(portal, nextOf(c), locale), answer, [
      toastCookie(c, "signed_in"),
    ]);
  }
  const form: AuthFormState =
    answer.status === 403 && answer.body.code === "email_not_confirmed"
      ? {
          values,
          errors: {},
          unconfirmed: { email: parsed.data.email, reason: sentence(answer, locale) },
        }
      : { values, errors: {}, failure: { message: sentence(answer, locale) } };
  return authScreen(c, {
    portal,
    mode: "signin",
    form,
    status: refusalStatus(answer.status),
    answer,
  });
}

async function signUp(
  c: Context<AppEnv>,
  app: InProcessApp,
  portal: Portal,
  fields: Fields,
  locale: Locale,
): Promise<Response> {
  const values = {
    firstName: clip(fields.firstName),
    lastName: clip(fields.lastName),
    email: clip(fields.email),
  };
  const parsed = signupSchema.safeParse({
    firstName: fields.firstName,
    lastName: fields.lastName,
    email: fields.email,
    password: fields.password,
    role: portal,
  });
  const errors = parsed.success ? {} : fieldErrors(parsed.error.issues, locale);
  if (!fields.confirmPassword) {
    errors.confirmPassword ??= m.auth_confirm_password_required({}, { locale });
  }
  if (!parsed.success || Object.keys(errors).length > 0) {
    return authScreen(c, { portal, mode: "signup", form: { values, errors }, status: 400 });
  }
  if (fields.password !== fields.confirmPassword) {
    const form: AuthFormState = {
      values,
      errors: { confirmPassword: m.auth_passwords_differ({}, { locale }) },
      mismatch: true,
    };
    return authScreen(c, { portal, mode: "signup", form, status: 400 });
  }
  const answer = await callApi(c, app, "/api/auth/signup", parsed.data, locale);
  if (answer.status !== 200) {
    const form: AuthFormState = {
      values,
      errors: {},
      failure: { message: sentence(answer, locale) },
    };
    return authScreen(c, {
      portal,
      mode: "signup",
      form,
      status: refusalStatus(answer.status),
      answer,
    });
  }
  const user = answer.body.user as { email_confirmed_at?: unknown } | undefined;
  if (user?.email_confirmed_at) return seeOther(signUpDestination(portal, true, locale), answer);
  // As the island: the portal's sign-in screen, the address filled in, waiting for the link.
  const email = parsed.data.email;
  const form: AuthFormState = {
    values: { email },
    errors: {},
    unconfirmed: { email, reason: sentence(answer, locale) },
    notice: "account_created",
  };
  return authScreen(c, { portal, mode: "signin", form, status: 200, answer });
}

async function resendConfirmation(
  c: Context<AppEnv>,
  app: InProcessApp,
  portal: Portal,
  fields: Fields,
  locale: Locale,
): Promise<Response> {
  const values = { email: clip(fields.email) };
  const parsed = resendConfirmationSchema.safeParse({ email: fields.email });
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error.issues, locale);
    return authScreen(c, { portal, mode: "signin", form: { values, errors }, status: 400 });
  }
  const email = parsed.data.email;
  const answer = await callApi(c, app, "/api/auth/resend-confirmation", parsed.data, locale);
  const ok = answer.status === 200;
  const form: AuthFormState = ok
    ? {
        values: { email },
        errors: {},
        unconfirmed: { email, reason: sentence(answer, locale) },
        notice: "confirmation_sent",
      }
    : {
        values: { email },
        errors: {},
        unconfirmed: { email, reason: m.auth_confirm_before_signin({}, { locale }) },
        failure: { message: sentence(answer, locale), during: "resend" },
      };
  return authScreen(c, {
    portal,
    mode: "signin",
    form,
    status: ok ? 200 : refusalStatus(answer.status),
    answer,
  });
}

async function startGoogle(
  c: Context<AppEnv>,
  app: InProcessApp,
  portal: Portal,
  mode: AuthMode,
  fields: Fields,
  locale: Locale,
): Promise<Response> {
  const next = googleDestination(portal, mode, nextOf(c), locale);
  const answer = await callApi(
    c,
    app,
    "/api/auth/oauth",
    { provider: "google", role: portal, next },
    locale,
  );
  if (answer.status === 200 && typeof answer.body.url === "string") {
    return seeOther(answer.body.url, answer);
  }
  const values =
    mode === "signup"
      ? {
          firstName: clip(fields.firstName),
          lastName: clip(fields.lastName),
          email: clip(fields.email),
        }
      : { email: clip(fields.email) };
  const form: AuthFormState = {
    values,
    errors: {},
    failure: { message: sentence(answer, locale), during: "google" },
  };
  return authScreen(c, { portal, mode, form, status: refusalStatus(answer.status), answer });
}

/** POST to an auth screen: sign in, sign up, a new confirmation link, or Google, by its fields. */
async function authForm(
  c: Context<AppEnv>,
  app: InProcessApp,
  portal: Portal,
  pathMode: AuthMode,
): Promise<Response> {
  const locale = localeOfPath(c.req.path);
  const fields = await readFields(c);
  // The island names its mode: after a sign-up the sign-in form shows at the sign-up address.
  const mode: AuthMode =
    fields.mode === "signin" || fields.mode === "signup" ? fields.mode : pathMode;
  if (fields.intent === "google") return startGoogle(c, app, portal, mode, fields, locale);
  if (fields.intent === "resend") return resendConfirmation(c, app, portal, fields, locale);
  return mode === "signin"
    ? signIn(c, app, portal, fields, locale)
    : signUp(c, app, portal, fields, locale);
}

async function forgotScreen(
  c: Context<AppEnv>,
  state: ForgotPasswordState,
  status: number,
  answer?: ApiAnswer,
): Promise<Response> {
  return renderScreen(c, { kind: "forgot-password", data: state }, status, answer);
}

async function forgotPassword(c: Context<AppEnv>, app: InProcessApp): Promise<Response> {
  const locale = localeOfPath(c.req.path);
  const fields = await readFields(c);
  const email = clip(fields.email);
  const parsed = forgotPasswordSchema.safeParse({ email: fields.email });
  if (!parsed.success) {
    const error = fieldErrors(parsed.error.issues, locale).email;
    return forgotScreen(c, { email, ...(error ? { error } : {}) }, 400);
  }
  const answer = await callApi(c, app, "/api/auth/forgot-password", parsed.data, locale);
  if (answer.status === 200) return forgotScreen(c, { email, sent: sentence(answer, locale) }, 200);
  return forgotScreen(
    c,
    { email, failure: sentence(answer, locale) },
    refusalStatus(answer.status),
    answer,
  );
}

/**
 * POST handlers for the pages whose forms work before their script runs,
 * in English and Urdu. `app` is the app they belong to, for the in-process calls.
 */
export function formRoutes(app: () => InProcessApp) {
  const routes = new Hono<AppEnv>();
  for (const [portal, paths] of Object.entries(AUTH_PATHS) as [
    Portal,
    Record<AuthMode, string>,
  ][]) {
    for (const [mode, path] of Object.entries(paths) as [AuthMode, string][]) {
      const refuse: Refusal = (c, status, message) =>
        authScreen(c, {
          portal,
          mode,
          form: {
            values: {},
            errors: {},
            failure: { message: localizeError(message, localeOfPath(c.req.path)) },
          },
          status,
        });
      for (const locale of LOCALES) {
        routes.post(localizePath(path, locale), formGuard(refuse), (c) =>
          authForm(c, app(), portal, mode),
        );
      }
    }
  }
  const refuseForgot: Refusal = (c, status, message) =>
    forgotScreen(
      c,
      { email: "", failure: localizeError(message, localeOfPath(c.req.path)) },
      status,
    );
  for (const locale of LOCALES) {
    routes.post(localizePath("/forgot-password", locale), formGuard(refuseForgot), (c) =>
      forgotPassword(c, app()),
    );
  }
  return routes;
}
