/**
 * The /account page's list of the account's sessions and the
 * actions on it. Loaded once the page knows someone is signed in; a 401 at
 * any point means this browser's session ended elsewhere.
 */
import { atom, onMount } from "nanostores";
import { localizeError } from "../../i18n/errors.ts";
import { currentLocale, localHref, m } from "../../i18n/index.ts";
import { ApiError, describeError } from "../../lib/api.ts";
import { api, unwrap } from "../../lib/api-client.ts";
import type { AccountSession } from "../../lib/auth-schemas.ts";
import { $session } from "../auth/session.ts";
import { handleUnauthorized, isUnauthorized } from "../dashboard/unauthorized.ts";
import { failureMessage } from "../forms/use-submit.ts";
import { toast, toastOnNextPage } from "../toast/store.ts";

/** The sign-in page coming back to /account, both in the page's language. */
export function accountLogin(): string {
  return localHref(`/login?next=${encodeURIComponent(localHref("/account"))}`);
}

/** Same short pause as /favorites before a signed-out visitor is sent to sign in. */
export const ACCOUNT_LOGIN_DELAY_MS = 100;

export interface AccountSessionsState {
  status: "idle" | "loading" | "ready" | "error";
  items: AccountSession[];
  error: string | null;
  /**
   * When `items` arrived (ms since the epoch). "Last used 5 minutes ago" counts
   * from this instant, so rendering the list never reads the clock.
   */
  loadedAt: number;
}

const EMPTY: AccountSessionsState = { status: "idle", items: [], error: null, loadedAt: 0 };

export const $accountSessions = atom<AccountSessionsState>(EMPTY);

onMount($accountSessions, () => {
  if (typeof window === "undefined") return;
  return $session.subscribe((s) => {
    if (s.status === "authenticated" && $accountSessions.get().status === "idle") {
      void loadSessions();
    }
    if (s.status === "unauthenticated") $accountSessions.set(EMPTY);
  });
});

/** Loads (or reloads) the list. */
export async function loadSessions(): Promise<void> {
  $accountSessions.set({ ...$accountSessions.get(), status: "loading", error: null });
  try {
    const items = await unwrap(api.auth.sessions.$get());
    $accountSessions.set({ status: "ready", items, error: null, loadedAt: Date.now() });
  } catch (err) {
    if (isUnauthorized(err)) return handleUnauthorized(accountLogin());
    $accountSessions.set({
      ...$accountSessions.get(),
      status: "error",
      error: localizeError(describeError(err), currentLocale()),
    });
  }
}

/** Leaves for the sign-in page, which shows why once it is up. */
function leaveSignedOut(title: string, description: string): void {
  toastOnNextPage({ title, description });
  location.assign(localHref("/login"));
}

/**
 * Ends one session. Ending this browser's own session is signing out; ending
 * another one takes it off the list. Resolves to true when it is gone (the
 * confirm dialog then closes).
 */
export async function endSession(session: AccountSession): Promise<boolean> {
  try {
    await unwrap(
      api.auth.sessions[":id"].$delete({ param: { id: encodeURIComponent(session.id) } }),
    );
  } catch (err) {
    if (isUnauthorized(err)) {
      handleUnauthorized(accountLogin());
      return false;
    }
    // Already gone (ended from that device, or expired): the list was stale, not wrong.
    if (!(err instanceof ApiError && err.status === 404)) {
      toast({
        title: m.account_end_session_failed(),
        description: failureMessage(err),
        variant: "destructive",
      });
      return false;
    }
  }
  if (session.current) {
    leaveSignedOut(m.account_signed_out(), m.account_signed_out_this_device());
    return true;
  }
  const s = $accountSessions.get();
  $accountSessions.set({ ...s, items: s.items.filter((i) => i.id !== session.id) });
  toast({
    title: m.account_signed_out(),
    description: m.account_device_signed_out({ device: session.device }),
  });
  return true;
}

/** Ends every session of the account, this one included. */
export async function signOutEverywhere(): Promise<boolean> {
  try {
    await unwrap(api.auth["signout-everywhere"].$post());
  } catch (err) {
    if (isUnauthorized(err)) {
      handleUnauthorized(accountLogin());
      return false;
    }
    toast({
      title: m.account_everywhere_failed(),
      description: failureMessage(err),
      variant: "destructive",
    });
    return false;
  }
  leaveSignedOut(m.account_signed_out_everywhere(), m.account_everywhere_done());
  return true;
}

/** Schedules the redirect of a signed-out visitor; returns the cancel. */
export function redirectToLogin(): () => void {
  const timer = setTimeout(() => location.assign(accountLogin()), ACCOUNT_LOGIN_DELAY_MS);
  return () => clearTimeout(timer);
}
