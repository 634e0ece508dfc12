/**
 * The signed-in user's favorites, shared by every heart on the page and the
 * /favorites page. One GET /api/favorites when the session turns out to be
 * signed in tells every row whether it is a favorite, so rows never ask
 * /check one by one. Toggles are optimistic and roll back on failure.
 */
import { atom, onMount } from "nanostores";
import { localHref, m } from "../../i18n/index.ts";
import { ApiError, describeError, errorText } from "../../lib/api.ts";
import { api, unwrap } from "../../lib/api-client.ts";
import type { ProviderPublic } from "../../lib/types.ts";
import { $session } from "../auth/session.ts";
import { toast } from "../toast/store.ts";
import { ALL_TAB, type FavoritesView } from "./page-model.ts";

export interface FavoritesState {
  status: "idle" | "loading" | "ready" | "error";
  /** The favorites as the API listed them (newest first); ids below says which still are. */
  items: ProviderPublic[];
  /** Ids of the providers that are favorites right now (optimistic). */
  ids: ReadonlySet<string>;
  /** Ids with a toggle in flight. */
  pending: ReadonlySet<string>;
  error: string | null;
}

const EMPTY: FavoritesState = {
  status: "idle",
  items: [],
  ids: new Set(),
  pending: new Set(),
  error: null,
};

export const $favorites = atom<FavoritesState>(EMPTY);

/** Delay before a signed-out person who tried to save is sent to sign in (time to read why). */
export const LOGIN_REDIRECT_DELAY_MS = 1000;

onMount($favorites, () => {
  if (typeof window === "undefined") return;
  return $session.subscribe((s) => {
    if (s.status === "authenticated" && $favorites.get().status === "idle") void loadFavorites();
    if (s.status === "unauthenticated") $favorites.set(EMPTY);
  });
});

/** Loads the list (again, after an error). */
export async function loadFavorites(): Promise<void> {
  $favorites.set({ ...$favorites.get(), status: "loading", error: null });
  try {
    const data = await unwrap(api.favorites.$get());
    $favorites.set({
      status: "ready",
      items: data,
      ids: new Set(data.map((p) => p.id)),
      pending: new Set(),
      error: null,
    });
  } catch (err) {
    $favorites.set({ ...$favorites.get(), status: "error", error: describeError(err) });
  }
}

function withId(set: ReadonlySet<string>, id: string, on: boolean): Set<string> {
  const next = new Set(set);
  if (on) next.add(id);
  else next.delete(id);
  return next;
}

/** Flips one provider's favorite state at once; a refusal flips it back. */
export async function toggleFavorite(providerId: string): Promise<void> {
  const s = $favorites.get();
  if (s.pending.has(providerId)) return;
  const add = !s.ids.has(providerId);
  $favorites.set({
    ...s,
    ids: withId(s.ids, providerId, add),
    pending: withId(s.pending, providerId, true),
  });

  let ok = true;
  let failure: unknown = null;
  try {
    const one = api.favorites[":providerId"];
    const param = { providerId: encodeURIComponent(providerId) };
    await (add ? unwrap(one.$post({ param })) : unwrap(one.$delete({ param })));
  } catch (err) {
    ok = false;
    failure = err;
  }

  const now = $favorites.get();
  $favorites.set({
    ...now,
    ids: ok ? now.ids : withId(now.ids, providerId, !add),
    pending: withId(now.pending, providerId, false),
  });

  if (ok) {
    toast({ title: add ? m.search_favorite_added() : m.search_favorite_removed() });
    return;
  }
  if (add && failure instanceof ApiError && failure.status === 401) {
    toast({
      title: m.search_login_required(),
      description: m.search_login_required_text(),
      variant: "destructive",
    });
    const next = `${location.pathname}${location.search}`;
    setTimeout(() => {
      location.assign(localHref(`/login?next=${encodeURIComponent(next)}`));
    }, LOGIN_REDIRECT_DELAY_MS);
    return;
  }
  toast({
    title: add ? m.search_favorite_add_failed() : m.search_favorite_remove_failed(),
    description: errorText(failure) ?? m.search_please_try_again(),
    variant: "destructive",
  });
}

/** The /favorites page's layout and tab (kept while the page is open). */
export const $favoritesView = atom<FavoritesView>("grid");
export const $favoritesTab = atom<string>(ALL_TAB);

export function setFavoritesView(view: FavoritesView): void {
  $favoritesView.set(view);
}

export function setFavoritesTab(tab: string): void {
  $favoritesTab.set(tab);
}

/** The favorites page sends a signed-out visitor to /login after about 100 ms. */
export const FAVORITES_LOGIN_DELAY_MS = 100;

/** The sign-in page, coming back to /favorites, both in the page's language. */
export function favoritesLoginPath(): string {
  return localHref(`/login?next=${encodeURIComponent(localHref("/favorites"))}`);
}

/** Schedules that redirect; returns the cancel (the page's effect cleanup). */
export function redirectToLogin(): () => void {
  const timer = setTimeout(() => {
    location.assign(favoritesLoginPath());
  }, FAVORITES_LOGIN_DELAY_MS);
  return () => clearTimeout(timer);
}
