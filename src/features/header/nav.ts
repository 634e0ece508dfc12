/** The header's links. Pure, so the rules are unit-tested. */
import type { SessionUser } from "../../lib/auth-schemas.ts";

export interface NavLink {
  label: string;
  href: string;
}

/** Links everybody sees, signed in or not. */
export const MAIN_LINKS: readonly NavLink[] = [
  { label: "Find Services", href: "/" },
  { label: "How It Works", href: "/#how-it-works" },
];

export const SIGNED_OUT_LINKS: readonly NavLink[] = [
  { label: "Sign In", href: "/login" },
  { label: "Join as Service Provider", href: "/provider-portal-signup" },
];

export const FAVORITES_LINK: NavLink = { label: "Favorites", href: "/favorites" };
/**
 * The quote requests the user sent (any role may ask another business for a quote). In the
 * phone menu; on desktop, where the row is full at 1024 px, an icon beside Account.
 */
export const MY_REQUESTS_LINK: NavLink = { label: "My Requests", href: "/my-requests" };
export const DASHBOARD_LINK: NavLink = { label: "Provider Dashboard", href: "/provider-dashboard" };
export const BECOME_PROVIDER_LINK: NavLink = {
  label: "Become a Provider",
  href: "/provider-portal-signup",
};
export const ADMIN_LINK: NavLink = { label: "Admin", href: "/admin-dashboard" };
/** Every signed-in role's own page (password, sessions); it sits with the greeting and Sign Out. */
export const ACCOUNT_LINK: NavLink = { label: "Account", href: "/account" };

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
