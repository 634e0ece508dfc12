/**
 * Where the auth screens live and where each outcome leads, for the four
 * pages and the AuthForm island; unit-tested. Destinations are in the
 * language of the screen the person signed in on (the page's, unless a locale
 * is given). Every `next` goes through the one rule of src/lib/next-path.ts,
 * after it is taken into that language (decision 027).
 */
import { currentLocale, localizePath, m, type Locale } from "../../i18n/index.ts";
import {
  AUTH_PATHS,
  googleDestination,
  signInDestination,
  signUpDestination,
  type AuthMode,
  type Portal,
} from "../../lib/auth-paths.ts";
import { siteNextPath } from "../../lib/next-path.ts";
import { pageTitle } from "../../lib/seo.ts";

export { AUTH_PATHS, type AuthMode, type Portal };

const TITLES: Readonly<Record<Portal, Readonly<Record<AuthMode, () => string>>>> = {
  customer: { signin: m.auth_title_signin, signup: m.auth_title_signup },
  provider: { signin: m.auth_title_provider_signin, signup: m.auth_title_provider_signup },
};

/** The document title of an auth screen, in the page's language. */
export function authTitle(portal: Portal, mode: AuthMode): string {
  return pageTitle(TITLES[portal][mode]());
}

/** After signing in: `next` when it stays on this site, else the portal's home (auth-paths.ts). */
export function afterSignIn(
  portal: Portal,
  next: string | null,
  locale: Locale = currentLocale(),
): string {
  return signInDestination(portal, next, locale);
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
  return signUpDestination(portal, emailConfirmed, locale);
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
  const way = siteNextPath(next, locale);
  if (way) params.set("next", way);
  else if (signInPath === AUTH_PATHS.provider.signin) {
    params.set("next", localizePath("/provider-setup", locale));
  }
  // The server names the screen; anything but a path of this site is the customers' one.
  const screen =
    siteNextPath(signInPath, locale) ?? localizePath(AUTH_PATHS.customer.signin, locale);
  return `${screen}?${params.toString()}`;
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
  const path = siteNextPath(next);
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
    return siteNextPath(saved.path);
  } catch {
    return null;
  }
}

/** Where Google sign-in returns to: `next` when it stays on this site, else the portal's default. */
export function googleNext(
  portal: Portal,
  mode: AuthMode,
  next: string | null,
  locale: Locale = currentLocale(),
): string {
  return googleDestination(portal, mode, next, locale);
}
