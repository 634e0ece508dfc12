/**
 * State the admin dashboard's panels share. Each panel owns its own data;
 * what one panel changes and another shows (an approved suggestion becomes a
 * provider, a new category appears in every dropdown) travels as a revision
 * bump the other panel refetches on. Nothing is polled: the data changes
 * when an admin acts, and the acting panel says so.
 */
import { atom, computed, map, onMount } from "nanostores";
import { describeError } from "../../lib/api.ts";
import { api, unwrap } from "../../lib/api-client.ts";
import type { Category } from "../../lib/types.ts";
import { $session } from "../auth/session.ts";
import { handleUnauthorized, UNAUTHORIZED_REDIRECT_MS } from "../dashboard/unauthorized.ts";
import { toast, toastOnNextPage } from "../toast/store.ts";
import { ADMIN_LOGIN } from "./notify.ts";

export type AdminArea =
  "stats" | "suggestions" | "categories" | "users" | "providers" | "edits" | "claims" | "leads";

export const $revisions = map<Record<AdminArea, number>>({
  stats: 0,
  suggestions: 0,
  categories: 0,
  users: 0,
  providers: 0,
  edits: 0,
  claims: 0,
  leads: 0,
});

/** Tells the panels showing these areas to refetch. */
export function touch(...areas: AdminArea[]): void {
  for (const area of areas) $revisions.setKey(area, $revisions.get()[area] + 1);
}

export type CategoriesState =
  | { status: "loading" }
  | { status: "ready"; items: Category[] }
  | { status: "error"; message: string };

/** Every service category, for the category panel and every category picker. */
export const $adminCategories = atom<CategoriesState>({ status: "loading" });

export async function loadAdminCategories(): Promise<void> {
  if ($adminCategories.get().status !== "ready") $adminCategories.set({ status: "loading" });
  try {
    const items = await unwrap(api["service-categories"].$get());
    $adminCategories.set({ status: "ready", items });
  } catch (err) {
    $adminCategories.set({
      status: "error",
      message: describeError(err),
    });
  }
}

// ---------------------------------------------------------------- access

/** Who may see the dashboard (admins only): known only once the session has loaded. */
export type AdminAccess = "checking" | "signedOut" | "denied" | "granted";

export const $adminAccess = computed($session, (s): AdminAccess => {
  if (s.status === "loading") return "checking";
  if (s.status === "unauthenticated") return "signedOut";
  return s.user.role === "admin" ? "granted" : "denied";
});

/** A signed-in non-admin is told and sent home after 500 ms. */
function denyAccess(): void {
  const message = {
    title: "Access Denied",
    description: "Admin access required",
    variant: "destructive",
  } as const;
  toast(message);
  setTimeout(() => {
    // The home page repeats it: half a second is short for a slow phone to paint it.
    // Kept only now, as we leave: a Toaster hydrating late on this page would
    // otherwise take it from storage here and the home page would show nothing.
    toastOnNextPage(message);
    location.assign("/");
  }, UNAUTHORIZED_REDIRECT_MS);
}

onMount($adminAccess, () => {
  if (typeof window === "undefined") return;
  let acted = false;
  return $adminAccess.subscribe((access) => {
    if (acted) return;
    if (access === "signedOut") handleUnauthorized(ADMIN_LOGIN);
    else if (access === "denied") denyAccess();
    else return;
    acted = true;
  });
});

// ---------------------------------------------------------------- tabs

export const ADMIN_TABS = [
  "suggestions",
  "categories",
  "users",
  "providers",
  "leads",
  "insights",
  "edits",
  "claims",
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

/** `#users` → "users"; anything else → the first tab. */
export function tabFromHash(hash: string): AdminTab {
  const name = hash.replace(/^#/, "").toLowerCase();
  return (ADMIN_TABS as readonly string[]).includes(name) ? (name as AdminTab) : "suggestions";
}

/** The selected tab, kept in the URL hash so it can be linked and survives a reload. */
export const $adminTab = atom<AdminTab>("suggestions");

onMount($adminTab, () => {
  if (typeof window === "undefined") return;
  const sync = () => $adminTab.set(tabFromHash(location.hash));
  sync();
  // A pasted link or the back button changes the hash without us.
  window.addEventListener("hashchange", sync);
  return () => window.removeEventListener("hashchange", sync);
});

export function selectAdminTab(tab: AdminTab): void {
  $adminTab.set(tab);
  // replaceState: switching tabs should not fill the back button's history, nor scroll.
  history.replaceState(history.state, "", `#${tab}`);
}
