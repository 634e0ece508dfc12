import { z } from "zod";
import { nextPathSchema, SIGNUP_ROLES } from "./auth-schemas.ts";

/**
 * POST /api/auth/hash-callback. Kept so the original client's call exists and
 * answers clearly, but the server never signs anyone in from a token carried in
 * a URL hash: see docs/decisions/004-google-sign-in-and-hash-callback.md.
 */
export const hashCallbackSchema = z.object({
  accessToken: z
    .string({ error: "accessToken is required" })
    .min(1, { error: "accessToken is required" })
    .max(4096, { error: "accessToken is too long" }),
  role: z.enum(SIGNUP_ROLES, { error: "Role must be customer or provider" }).default("customer"),
  next: nextPathSchema,
});
export type HashCallbackInput = z.input<typeof hashCallbackSchema>;

/** POST /api/auth/oauth answers this; the browser goes to `url` (Google's consent screen). */
export interface OauthStartAnswer {
  url: string;
}

/**
 * After a failed Google sign-in the server sends the browser to the portal's
 * login page with `?error=google`; the page shows 'Google Auth failed' / 'Please try again'.
 */
export const OAUTH_ERROR_PARAM = "error";
export const OAUTH_ERROR_GOOGLE = "google";

/** The 503 answer of POST /api/auth/oauth when the server has no Google credentials. */
export const GOOGLE_NOT_CONFIGURED = "Google sign-in is not configured on this server";

/** The 410 answer of POST /api/auth/hash-callback. */
export const HASH_CALLBACK_GONE =
  "Signing in with a token from the URL is not supported. Start Google sign-in again.";
