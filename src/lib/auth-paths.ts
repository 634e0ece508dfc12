/**
 * The auth screens' paths and where each outcome leads. Pure, so the sign-in
 * island and the server's handlers of the same forms (functions/routes/forms.ts,
 * decision 027) send a person to the same place. Every destination is in the
 * language of the screen the person used: signing in on /ur/login leads to /ur/….
 */
import { LOCALES, localizePath, type Locale } from "../i18n/locales.ts";
import { siteNextPath } from "./next-path.ts";

export type Portal = "customer" | "provider";
export type AuthMode = "signin" | "signup";

export const AUTH_PATHS: Readonly<Record<Portal, Readonly<Record<AuthMode, string>>>> = {
  customer: { signin: "/login", signup: "/signup" },
  provider: { signin: "/provider-portal-login", signup: "/provider-portal-signup" },
};

/**
 * The pages whose form the server takes when it is sent before the page's
 * script runs (functions/routes/forms.ts): the four auth screens and forgot
 * password, in both languages. The Worker runs first for them (wrangler.toml)
 * and `npm run dev` sends their POSTs to the app.
 */
export const FORM_PAGES: readonly string[] = [
  ...Object.values(AUTH_PATHS).flatMap((paths) => Object.values(paths)),
  "/forgot-password",
].flatMap((path) => LOCALES.map((locale) => localizePath(path, locale)));

/**
 * After signing in: `next` when it is a path of this site once taken into the
 * screen's language (siteNextPath), else the provider dashboard (provider
 * portal) or home. `next` follows the screen's language: the page that sent
 * the person here may have been in the other one, but this screen is their
 * latest choice.
 */
export function signInDestination(portal: Portal, next: unknown, locale: Locale): string {
  return (
    siteNextPath(next, locale) ??
    localizePath(portal === "provider" ? "/provider-dashboard" : "/", locale)
  );
}

/**
 * After signing up: with the email already confirmed, provider setup or home;
 * otherwise the portal's sign-in screen (to sign in once the link is opened).
 */
export function signUpDestination(portal: Portal, emailConfirmed: boolean, locale: Locale): string {
  if (emailConfirmed) return localizePath(portal === "provider" ? "/provider-setup" : "/", locale);
  return localizePath(AUTH_PATHS[portal].signin, locale);
}

/**
 * Where Google sign-in comes back to: `next` when it stays on this site,
 * else what a password sign-in or sign-up would lead to. The server checks
 * it again, by the same rule, when Google sends the person back.
 */
export function googleDestination(
  portal: Portal,
  mode: AuthMode,
  next: unknown,
  locale: Locale,
): string {
  const way = siteNextPath(next, locale);
  if (way) return way;
  if (portal === "provider") {
    return localizePath(mode === "signup" ? "/provider-setup" : "/provider-dashboard", locale);
  }
  return localizePath("/", locale);
}
