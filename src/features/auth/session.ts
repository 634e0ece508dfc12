/**
 * Who is signed in: loading, authenticated (user
 * present) or unauthenticated. Pre-rendered HTML is the same for everyone, so
 * every auth-dependent island reads this store; the first island to subscribe
 * asks GET /api/auth/user, once per page, never retried. Without the
 * signed-in hint cookie nobody can be signed in, so it does not ask at all
 * (decision 012): an anonymous view never calls the API.
 */
import { atom, onMount } from "nanostores";
import { localHref, m } from "../../i18n/index.ts";
import { ApiError, requestsSettled } from "../../lib/api.ts";
import { api, unwrap } from "../../lib/api-client.ts";
import type { SessionUser } from "../../lib/auth-schemas.ts";
import { hasSessionHint } from "../../lib/session-hint.ts";

export type { SessionUser };

export type SessionState =
  | { status: "loading"; user: null }
  | { status: "authenticated"; user: SessionUser }
  | { status: "unauthenticated"; user: null };

export const $session = atom<SessionState>({ status: "loading", user: null });

let started = false;
/** Bumped per request, so a slow older answer never overwrites a newer one. */
let generation = 0;

onMount($session, () => {
  // The build renders islands too; only a browser has a session to ask about.
  if (typeof window === "undefined" || started) return;
  started = true;
  void loadSession();
});

async function loadSession(): Promise<SessionUser | null> {
  const mine = ++generation;
  let user: SessionUser | null = null;
  try {
    if (hasSessionHint(document.cookie)) {
      user = await unwrap(api.auth.user.$get());
    }
  } catch (err) {
    // 401 is the normal answer for visitors; anything else also means "not signed in".
    if (!(err instanceof ApiError && err.status === 401)) {
      console.warn("Could not load the current user:", err);
    }
  }
  if (mine === generation) {
    $session.set(
      user ? { status: "authenticated", user } : { status: "unauthenticated", user: null },
    );
  }
  return user;
}

/**
 * Asks the server again (after signing in, or a reset that signed out);
 * resolves to the user or null. The answer that changed the session also set
 * or cleared the hint, so the hint still says whether there is anyone to ask about.
 */
export function refreshSession(): Promise<SessionUser | null> {
  started = true;
  return loadSession();
}

/**
 * Ends the session and goes home (in the page's language): the browser goes
 * there afterwards, also when the call fails (there is nothing else to offer); the failure is only logged.
 */
export async function signOut(): Promise<void> {
  // The page's own requests (favorites, the user) first, or they come back 401.
  await requestsSettled();
  try {
    await unwrap(api.auth.signout.$post());
  } catch (err) {
    console.warn("Sign-out failed; going home anyway.", err);
  }
  location.assign(localHref("/"));
}

/** The header's 'Welcome, ' and the first name, or the email when there is none. */
export function greeting(user: Pick<SessionUser, "firstName" | "email">): string {
  return m.auth_greeting({ name: user.firstName?.trim() || user.email });
}
