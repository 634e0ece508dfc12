/** The header's links. Pure, so the rules are unit-tested. */
import { localHref, m } from "../../i18n/index.ts";
import type { SessionUser } from "../../lib/auth-schemas.ts";

export interface NavLink {
  /** In the page's language. */
  readonly label: string;
  /** The page in the same language (/ur/favorites on Urdu pages). */
  readonly href: string;
}

/**
 * A link whose label and path are read in the page's language each time they
 * are used, so one constant serves both languages (the server renders pages in
 * both, one after another). `englishOnly` pages have no Urdu twin.
 */
function navLink(label: () => string, path: string, englishOnly = false): NavLink {
  return {
    get label() {
      return label();
    },
    get href() {
      return englishOnly ? path : localHref(path);
    },
  };
}

/** Links everybody sees, signed in or not. */
export const MAIN_LINKS: readonly NavLink[] = [
  navLink(m.common_nav_find_services, "/"),
  navLink(m.common_nav_how_it_works, "/#how-it-works"),
];

export const SIGNED_OUT_LINKS: readonly NavLink[] = [
  navLink(m.common_nav_sign_in, "/login"),
  navLink(m.common_nav_join_provider, "/provider-portal-signup"),
];

export const FAVORITES_LINK = navLink(m.common_nav_favorites, "/favorites");
/**
 * The quote requests the user sent (any role may ask another business for a quote). In the
 * phone menu; on desktop, where the row is full at 1024 px, an icon beside Account.
 */
export const MY_REQUESTS_LINK = navLink(m.common_nav_my_requests, "/my-requests");
export const DASHBOARD_LINK = navLink(m.common_nav_provider_dashboard, "/provider-dashboard");
/**
 * Shown only to signed-in customers, who have an account already: straight to
 * 'Complete Your Provider Profile', never to a second sign-up (decision 026).
 */
export const BECOME_PROVIDER_LINK = navLink(m.common_nav_become_provider, "/provider-setup");
/** The admin dashboard is English only (decision 022). */
export const ADMIN_LINK = navLink(m.common_nav_admin, "/admin-dashboard", true);
/** Every signed-in role's own page (password, sessions); it sits with the greeting and Sign Out. */
export const ACCOUNT_LINK = navLink(m.common_nav_account, "/account");

/**
 * The links a signed-in user gets in addition to MAIN_LINKS. They come after
 * the public ones, so the public links never move when the session loads.
 * Provider Dashboard is for role provider on desktop, but the phone menu shows
 * it to any signed-in user.
 */
export function memberLinks(
  user: Pick<SessionUser, "role"> | null,
  surface: "desktop" | "mobile",
): NavLink[] {
  if (!user) return [];
  const links = [FAVORITES_LINK];
  if (surface === "mobile") links.push(MY_REQUESTS_LINK);
  if (surface === "mobile" || user.role === "provider") links.push(DASHBOARD_LINK);
  if (user.role !== "provider" && user.role !== "admin") links.push(BECOME_PROVIDER_LINK);
  if (user.role === "admin") links.push(ADMIN_LINK);
  return links;
}
