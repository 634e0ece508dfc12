/**
 * Where the auth screens live and where each outcome leads. Pure,
 * shared by the four pages and the AuthForm island, and unit-tested.
 * Every destination is in the language of the screen the person signed in on
 * (the page's, unless a locale is given): signing in on /ur/login leads to /ur/….
 */
import { currentLocale, localizePath, m, type Locale } from "../../i18n/index.ts";
import { pageTitle } from "../../lib/seo.ts";

export type Portal = "customer" | "provider";
export type AuthMode = "signin" | "signup";

export const AUTH_PATHS: Readonly<Record<Portal, Readonly<Record<AuthMode, string>>>> = {
  customer: { signin: "/login", signup: "/signup" },
  provider: { signin: "/provider-portal-login", signup: "/provider-portal-signup" },
};

const TITLES: Readonly<Record<Portal, Readonly<Record<AuthMode, () => string>>>> = {
  customer: { signin: m.auth_title_signin, signup: m.auth_title_signup },
  provider: { signin: m.auth_title_provider_signin, signup: m.auth_title_provider_signup },
};

/** The document title of an auth screen, in the page's language. */
export function authTitle(portal: Portal, mode: AuthMode): string {
  return pageTitle(TITLES[portal][mode]());
}

/**
 * A `?next=` value that stays on this site: a path starting with one slash
 * (never `//host` or `/\host`), without control characters. Else null.
 */
export function safeNextPath(raw: string | null | undefined): string | null {
  if (!raw || raw.length > 2000) return null;
  if (!/^\/(?![/\\])/.test(raw)) return null;
  // Not nextPathSchema: that one also refuses spaces and backslashes anywhere in the path.
  // eslint-disable-next-line no-control-regex -- finding control characters is the point here
  if (/[\u0000-\u001f\u007f]/.test(raw)) return null;
  return raw;
}

/**
 * After signing in: `next`, else the provider dashboard (provider portal) or
 * home. `next` too is taken into the screen's language: the page that sent the
 * person here may have been in the other one, but this screen is their latest choice.
 */
export function afterSignIn(
  portal: Portal,
  next: string | null,
  locale: Locale = currentLocale(),
): string {
  return localizePath(next ?? (portal === "provider" ? "/provider-dashboard" : "/"), locale);
}

/**
 * After signing up: with the email already confirmed, provider setup or home;
 * otherwise the portal's sign-in screen (to sign in once the link is opened).
 */
export function afterSignUp(
  portal: Portal,
  emailConfirmed: boolean,
  locale: Locale = currentLocale(),
): string {
  if (emailConfirmed) return localizePath(portal === "provider" ? "/provider-setup" : "/", locale);
  return localizePath(AUTH_PATHS[portal].signin, locale);
}

/**
 * Where a confirmed email leads: the portal's sign-in screen (`signInPath`, named by
 * the server) with the 'confirmed' notice, and on after signing in to `next`: the page
 * the person was on when they signed up (a claim, a quote), else for a new provider
 * 'Complete Your Provider Profile' rather than an empty dashboard (decision 026).
 */
export function afterConfirmation(
  signInPath: string,
  locale: Locale = currentLocale(),
  next: string | null = null,
): string {
  const params = new URLSearchParams({ confirmed: "1" });
  if (next) params.set("next", localizePath(next, locale));
  else if (signInPath === AUTH_PATHS.provider.signin) {
    params.set("next", localizePath("/provider-setup", locale));
  }
  return `${localizePath(signInPath, locale)}?${params.toString()}`;
}

/** localStorage key of the page to return to once a new account's email is confirmed. */
const NEXT_AFTER_CONFIRM_KEY = "karkhana_next_after_confirm";
/** As long as a confirmation link works: after that the sign-up is forgotten anyway. */
const NEXT_AFTER_CONFIRM_MS = 24 * 60 * 60 * 1000;

type Store = Pick<Storage, "getItem" | "setItem" | "removeItem">;
const browserStore = (): Store | undefined => {
  try {
    return typeof localStorage === "undefined" ? undefined : localStorage;
  } catch {
    return undefined;
  }
};

/**
 * Remembers, across tabs (the mailed link opens a new one), where someone who signed up
 * was going: `next` of the sign-up screen, a path on this site only.
 */
export function rememberNextForConfirmation(
  next: string | null,
  now = Date.now(),
  store: Store | undefined = browserStore(),
): void {
  const path = safeNextPath(next);
  // A fragment may hold a one-time token (a claim link): no secret goes into storage.
  if (!path || path.includes("#")) return;
  try {
    store?.setItem(NEXT_AFTER_CONFIRM_KEY, JSON.stringify({ path, at: now }));
  } catch {
    // Storage refused: after confirming they start from the portal's default page.
  }
}

/** The remembered `next`, once (it is removed), unless older than a confirmation link lives. */
export function takeNextForConfirmation(
  now = Date.now(),
  store: Store | undefined = browserStore(),
): string | null {
  try {
    const raw = store?.getItem(NEXT_AFTER_CONFIRM_KEY);
    if (!raw) return null;
    store?.removeItem(NEXT_AFTER_CONFIRM_KEY);
    const saved = JSON.parse(raw) as { path?: unknown; at?: unknown };
    if (typeof saved.at !== "number" || now - saved.at > NEXT_AFTER_CONFIRM_MS) return null;
    return typeof saved.path === "string" ? safeNextPath(saved.path) : null;
  } catch {
    return null;
  }
}

/** Where Google sign-in returns to: `next`, else what a password sign-in/up would lead to. */
export function googleNext(
  portal: Portal,
  mode: AuthMode,
  next: string | null,
  locale: Locale = currentLocale(),
): string {
  if (next) return localizePath(next, locale);
  if (portal === "provider") {
    return localizePath(mode === "signup" ? "/provider-setup" : "/provider-dashboard", locale);
  }
  return localizePath("/", locale);
}
