/**
 * When a dashboard call fails with a 401 ("401:" … "Unauthorized"), toast
 * 'Unauthorized' / 'You are logged out. Logging in again...' and leave for
 * the sign-in page after 500 ms.
 */
import { ApiError } from "../../lib/api.ts";
import { toast, toastOnNextPage } from "../toast/store.ts";

/** Redirect delay after logout or unauthorized: long enough to see the toast begin. */
export const UNAUTHORIZED_REDIRECT_MS = 500;

/** The dashboard's sign-in page, coming back here afterwards. */
export const DASHBOARD_LOGIN = "/login?next=%2Fprovider-dashboard";

/**
 * A 401 answer (message '401: …Unauthorized'); ApiError carries the status
 * itself, which is the same test without parsing the text.
 */
export function isUnauthorized(err: unknown): boolean {
  return err instanceof ApiError && err.status === 401;
}

let leaving = false;

/**
 * Shows the logged-out toast once and goes to `target` after 500 ms. Service
 * deletion passes `/api/login`, which the server redirects to /login.
 */
export function handleUnauthorized(target: string = DASHBOARD_LOGIN): void {
  if (leaving) return;
  leaving = true;
  const message = {
    title: "Unauthorized",
    description: "You are logged out. Logging in again...",
    variant: "destructive",
  } as const;
  toast(message);
  setTimeout(() => {
    // Half a second is short for a slow phone to paint it: the sign-in page repeats it.
    // Kept only now, as we leave: a Toaster hydrating late on this page would
    // otherwise take it from storage here and the sign-in page would show nothing.
    toastOnNextPage(message);
    location.assign(target);
  }, UNAUTHORIZED_REDIRECT_MS);
}
