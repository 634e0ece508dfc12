/**
 * Toasts of the admin dashboard (failures and the short success toasts),
 * shared by every panel so they all react to errors the same way.
 */
import { ApiError } from "../../lib/api.ts";
import { handleUnauthorized, isUnauthorized } from "../dashboard/unauthorized.ts";
import { toast } from "../toast/store.ts";

/** Where a logged-out admin signs in again, coming back to the dashboard. */
export const ADMIN_LOGIN = "/login?next=%2Fadmin-dashboard";

/** Server messages are shown cut to their first 120 characters: a toast is no place for more. */
export const SERVER_MESSAGE_MAX = 120;

/**
 * The description of a failed admin call: the API's `{error}` sentence (first
 * 120 characters) when it sent one, otherwise the action's fallback text.
 */
export function failureText(err: unknown, fallback: string): string {
  const message = err instanceof ApiError ? err.serverMessage : null;
  return message ? message.slice(0, SERVER_MESSAGE_MAX) : fallback;
}

/**
 * Reacts to a failed admin call: a 401 shows the logged-out toast and goes to
 * sign in after 500 ms; anything else is a destructive 'Error' toast.
 */
export function adminFailure(err: unknown, fallback: string): void {
  if (isUnauthorized(err)) {
    handleUnauthorized(ADMIN_LOGIN);
    return;
  }
  toast({ title: "Error", description: failureText(err, fallback), variant: "destructive" });
}

/** A success toast: title ("Approved", "Saved", …) plus an optional sentence. */
export function adminSuccess(title: string, description?: string): void {
  toast(description === undefined ? { title } : { title, description });
}
