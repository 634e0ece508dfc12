import { z } from "zod";
import { siteNextPath } from "./next-path.ts";
import { personNameSchema } from "./person-name.ts";

/** Password bounds: long enough to resist guessing, short enough to hash cheaply. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;

/** Roles a person may pick by the portal they sign up through; nobody signs up as admin. */
export const SIGNUP_ROLES = ["customer", "provider"] as const;
export type SignupRole = (typeof SIGNUP_ROLES)[number];

/** Emails are compared and stored trimmed and lower-cased. */
export const emailSchema = z
  .string({ error: "Email is required" })
  .trim()
  .toLowerCase()
  .min(1, { error: "Email is required" })
  .max(254, { error: "Email is too long" })
  .pipe(z.email({ error: "Enter a valid email address" }));

export const passwordSchema = z
  .string({ error: "Password is required" })
  .min(PASSWORD_MIN, { error: `Password must be at least ${PASSWORD_MIN} characters` })
  .max(PASSWORD_MAX, { error: `Password must be at most ${PASSWORD_MAX} characters` });

/** POST /api/auth/signup. The common-password check runs on the server only. */
export const signupSchema = z.object({
  firstName: personNameSchema("First name"),
  lastName: personNameSchema("Last name"),
  email: emailSchema,
  password: passwordSchema,
  role: z.enum(SIGNUP_ROLES, { error: "Role must be customer or provider" }).default("customer"),
});
export type SignupInput = z.input<typeof signupSchema>;

/** POST /api/auth/signin. Any password is accepted for checking; bounds only cap the work. */
export const signinSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: "Password is required" })
    .min(1, { error: "Password is required" })
    .max(PASSWORD_MAX, { error: `Password must be at most ${PASSWORD_MAX} characters` }),
});
export type SigninInput = z.input<typeof signinSchema>;

/** POST /api/auth/resend-confirmation. */
export const resendConfirmationSchema = z.object({ email: emailSchema });

/**
 * Same-site paths only (src/lib/next-path.ts, the one rule the browser and the
 * server share): `/x`, never `//host`, `/\host`, whitespace, control
 * characters or a dot segment that climbs to `//host`.
 */
export const nextPathSchema = z
  .string()
  .max(2000)
  .refine((p) => siteNextPath(p) !== null, { error: "next must be a path on this site" })
  .default("/");

/** POST /api/auth/oauth: the browser then follows the `url` it answers. */
export const oauthStartSchema = z.object({
  provider: z.literal("google", { error: "provider must be 'google'" }),
  role: z.enum(SIGNUP_ROLES, { error: "Role must be customer or provider" }).default("customer"),
  next: nextPathSchema,
});
export type OauthStartInput = z.input<typeof oauthStartSchema>;

/** GET /api/auth/user answers this. */
export interface SessionUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  role: "customer" | "provider" | "admin";
  emailConfirmedAt: string | null;
}

/** POST /api/auth/signup answers this: a message and whether the email is confirmed. */
export interface SignupAnswer {
  message: string;
  user: { email: string; email_confirmed_at: string | null };
}

/**
 * Account recovery and session control (decision 011). Emailed tokens are 160-bit
 * base32 strings (functions/auth/tokens.ts); anything longer is refused unread.
 */
export const emailTokenSchema = z
  .string({ error: "This link is incomplete. Open the link from the email again." })
  .min(1, { error: "This link is incomplete. Open the link from the email again." })
  .max(100, { error: "This link is not valid." });

/** POST /api/auth/confirm: the confirmation page's button (never a bare GET). */
export const confirmEmailSchema = z.object({ token: emailTokenSchema });
/** POST /api/auth/confirm answers this: where the person signs in next. */
export interface ConfirmAnswer {
  message: string;
  /** `/login` or `/provider-portal-login`, by the account's role. */
  signInPath: string;
}

/**
 * POST /api/auth/confirm/details answers this: whose sign-up a confirmation
 * link is for, so the page can name it before anyone confirms it (decision 028).
 */
export interface PendingAccount {
  email: string;
  firstName: string | null;
  lastName: string | null;
  /** ISO time of the sign-up (of the newest, when a second one replaced the first). */
  signedUpAt: string;
}

/** POST /api/auth/forgot-password. The answer is the same whether or not the account exists. */
export const forgotPasswordSchema = z.object({ email: emailSchema });

/** POST /api/auth/reset-password: the emailed token and the new password (sign-up's rules). */
export const resetPasswordSchema = z.object({
  token: emailTokenSchema,
  password: passwordSchema,
});
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

/** POST /api/auth/change-password: the current password proves it is the owner at the keyboard. */
export const changePasswordSchema = z.object({
  currentPassword: z
    .string({ error: "Current password is required" })
    .min(1, { error: "Current password is required" })
    .max(PASSWORD_MAX, { error: `Password must be at most ${PASSWORD_MAX} characters` }),
  newPassword: passwordSchema,
});
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/** One row of GET /api/auth/sessions (newest use first). */
export interface AccountSession {
  /** Opaque handle for DELETE /api/auth/sessions/:id; not the cookie token. */
  id: string;
  /** "Chrome on Android", "Safari on iPhone", … from the user agent; "Unknown device" otherwise. */
  device: string;
  /** ISO time of the last request made with this session. */
  lastUsedAt: string;
  /** ISO time of sign-in. */
  createdAt: string;
  /** The session of the browser asking. */
  current: boolean;
}

/** Answers of the account endpoints that only confirm what happened. */
export interface MessageAnswer {
  message: string;
}
