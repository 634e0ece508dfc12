/**
 * Where the auth screens live and where each outcome leads. Pure,
 * shared by the four pages and the AuthForm island, and unit-tested.
 */
import { pageTitle } from "../../lib/seo.ts";

export type Portal = "customer" | "provider";
export type AuthMode = "signin" | "signup";

export const AUTH_PATHS: Readonly<Record<Portal, Readonly<Record<AuthMode, string>>>> = {
  customer: { signin: "/login", signup: "/signup" },
  provider: { signin: "/provider-portal-login", signup: "/provider-portal-signup" },
};

const TITLES: Readonly<Record<Portal, Readonly<Record<AuthMode, string>>>> = {
  customer: { signin: "Sign In", signup: "Create Account" },
  provider: { signin: "Provider Sign In", signup: "Provider Sign Up" },
};

/** The document title of an auth screen. */
export function authTitle(portal: Portal, mode: AuthMode): string {
  return pageTitle(TITLES[portal][mode]);
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

/** After signing in: `next`, else the provider dashboard (provider portal) or home. */
export function afterSignIn(portal: Portal, next: string | null): string {
  return next ?? (portal === "provider" ? "/provider-dashboard" : "/");
}

/**
 * After signing up: with the email already confirmed, provider setup or home;
 * otherwise the portal's sign-in screen (to sign in once the link is opened).
 */
export function afterSignUp(portal: Portal, emailConfirmed: boolean): string {
  if (emailConfirmed) return portal === "provider" ? "/provider-setup" : "/";
  return AUTH_PATHS[portal].signin;
}

/** Where Google sign-in returns to: `next`, else what a password sign-in/up would lead to. */
export function googleNext(portal: Portal, mode: AuthMode, next: string | null): string {
  if (next) return next;
  if (portal === "provider") return mode === "signup" ? "/provider-setup" : "/provider-dashboard";
  return "/";
}
