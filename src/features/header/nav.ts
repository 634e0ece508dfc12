/** The header's links for a signed-out visitor (spec §2, Header). */
export interface NavLink {
  label: string;
  href: string;
}

export const MAIN_LINKS: readonly NavLink[] = [
  { label: "Find Services", href: "/" },
  { label: "How It Works", href: "/#how-it-works" },
];

export const SIGNED_OUT_LINKS: readonly NavLink[] = [
  { label: "Sign In", href: "/login" },
  { label: "Join as Service Provider", href: "/provider-portal-signup" },
];
