/**
 * The "new password + confirm" pair of the reset and change-password forms,
 * held to sign-up's rules and messages (and its 'Password mismatch' toast).
 */

/** What sign-up shows: the field message, then the toast when the two differ. */
export const CONFIRM_REQUIRED = "Please confirm your password";
export const MISMATCH_FIELD = "The passwords do not match";
export const MISMATCH_TOAST = {
  title: "Password mismatch",
  description: "Please confirm your password",
  variant: "destructive",
} as const;

export interface NewPasswordCheck {
  errors: { password?: string; confirm?: string };
  /** Both filled in and valid but different: sign-up also toasts MISMATCH_TOAST. */
  mismatch: boolean;
}

/**
 * Sign-up's order: the password's own rule (its schema message, if any) and an
 * empty confirmation first; only when both are fine, whether they match.
 */
export function checkNewPassword(
  passwordError: string | undefined,
  password: string,
  confirm: string,
): NewPasswordCheck {
  const errors: NewPasswordCheck["errors"] = {};
  if (passwordError) errors.password = passwordError;
  if (!confirm) errors.confirm = CONFIRM_REQUIRED;
  if (errors.password || errors.confirm) return { errors, mismatch: false };
  if (password !== confirm) return { errors: { confirm: MISMATCH_FIELD }, mismatch: true };
  return { errors, mismatch: false };
}

/** The first message per field of a zod error, for the fields a form knows. */
export function firstIssues<F extends string>(
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>,
  fieldOf: Readonly<Record<string, F>>,
): Partial<Record<F, string>> {
  const out: Partial<Record<F, string>> = {};
  for (const issue of issues) {
    const key = issue.path[0];
    if (typeof key !== "string" || !Object.hasOwn(fieldOf, key)) continue;
    out[fieldOf[key]!] ??= issue.message;
  }
  return out;
}
