/**
 * What a form looks like when the server renders it again after handling its
 * POST (decision 027): the page was submitted before its script ran, so the
 * server did what the island would have done and shows the outcome the way
 * the island would. Every sentence is already in the page's language. The
 * islands start from these states, so hydrating changes nothing on screen.
 * Passwords are never part of a state: they are never sent back to the browser.
 */
import type { AuthMode, Portal } from "./auth-paths.ts";

/** The fields of the sign-in / sign-up form that a state may fill in again. */
export interface AuthFormValues {
  firstName?: string;
  lastName?: string;
  email?: string;
}

export type AuthFormField = "firstName" | "lastName" | "email" | "password" | "confirmPassword";

export interface AuthFormState {
  values: AuthFormValues;
  /** The first problem of each field. */
  errors: Partial<Record<AuthFormField, string>>;
  /**
   * Why the server refused, beside the form: the sentence, under the title of
   * what failed (signing in or up, resending the confirmation link, Google).
   */
  failure?: { message: string; during?: "resend" | "google" };
  /** The address waiting for its confirmation link, and what the server said about it. */
  unconfirmed?: { email: string; reason: string };
  /** What just happened, shown as the island's toast would say it. */
  notice?: "account_created" | "confirmation_sent";
  /** The passwords typed differ (sign-up): 'Password mismatch' beside the form. */
  mismatch?: boolean;
}

/** The auth screen rendered by the server after a POST (src/pages/pk/[...path].astro). */
export interface AuthScreenPage {
  portal: Portal;
  mode: AuthMode;
  form: AuthFormState;
}

export interface ForgotPasswordState {
  email: string;
  /** The email field's problem. */
  error?: string;
  /** Why the server refused ('Could not send the link' and this sentence). */
  failure?: string;
  /** The server's answer: the link is on its way if the account exists. */
  sent?: string;
}

/** The category the auth screens' sample card names. */
export const AUTH_SAMPLE_CATEGORY = "CNC Machining";

/** The decorative panel of the auth screens: what the directory holds. */
export interface AuthPanelFacts {
  providers: number;
  cities: number;
  categories: number;
  /** The category named on the sample card, with its Urdu name when it has one. */
  sampleCategory: { name: string; nameUr: string | null };
}

/**
 * Cookie the server sets with the redirect that answers a form sent before its
 * script ran: the name of the toast the island would have kept for the next
 * page ('Signed in'). A name from a fixed list, never text; the Toaster shows
 * it once and removes the cookie (src/features/toast/store.ts).
 */
export const FORM_TOAST_COOKIE = "karkhana_toast";
