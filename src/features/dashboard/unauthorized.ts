/**
 * When a dashboard call fails with a 401 ("401:" … "Unauthorized"), toast
 * 'Unauthorized' / 'You are logged out. Logging in again...' and leave for
 * the sign-in page after 500 ms.
 */
import { localHref, m } from "../../i18n/index.ts";
import { ApiError } from "../../lib/api.ts";
import { toast, toastOnNextPage } from "../toast/store.ts";

/** Redirect delay after logout or unauthorized: long enough to see the toast begin. */
export const UNAUTHORIZED_REDIRECT_MS = 500;

/**
 * The dashboard's sign-in page, coming back here afterwards; both in the
 * page's language (`/login?next=%2Fprovider-dashboard` in English).
 */
export function dashboardLogin(): string {
  return `${localHref("/login")}?next=${encodeURIComponent(localHref("/provider-dashboard"))}`;
}

/**
 * A 401 answer (message '401: …Unauthorized'); ApiError carries the status
 * itself, which is the same test without parsing the text.
 */
export function isUnauthorized(err: unknown): boolean {
  return err instanceof ApiError && err.status === 401;
}

let leaving = false;

/**
 * Shows the logged-out toast once and goes to `target` after 500 ms: a page
 * path goes to that page in the reader's language. Service deletion passes
 * `/api/login`, which the server redirects to /login.
 */
export function handleUnauthorized(target: string = dashboardLogin()): void {
  if (leaving) return;
  leaving = true;
  const to = target.startsWith("/api/") ? target : localHref(target);
  const message = {
    title: m.dashboard_unauthorized_title(),
    description: m.dashboard_unauthorized_text(),
    variant: "destructive",
  } as const;
  toast(message);
  setTimeout(() => {
    // Half a second is short for a slow phone to paint it: the sign-in page repeats it.
    // Kept only now, as we leave: a Toaster hydrating late on this page would
    // otherwise take it from storage here and the sign-in page would show nothing.
    toastOnNextPage(message);
    location.assign(to);
  }, UNAUTHORIZED_REDIRECT_MS);
}
