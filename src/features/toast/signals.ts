/**
 * What the Toaster's `client:toast` directive (src/integrations) watches for.
 * Kept apart from the store so the directive's inline script stays tiny.
 */

/** sessionStorage key of a toast that must survive the next navigation. */
export const NEXT_PAGE_TOAST_KEY = "karkhana:toast";

/** Window event sent with every toast, so a Toaster not yet hydrated wakes up. */
export const TOAST_RAISED_EVENT = "karkhana:toast-raised";

/** The server's toast for the next page, after a form's POST (src/lib/form-states.ts). */
export { FORM_TOAST_COOKIE } from "../../lib/form-states.ts";
