/**
 * The "new password + confirm" pair of the reset and change-password forms,
 * held to sign-up's rules and messages (and its 'Password mismatch' toast),
 * in the page's language.
 */
import { localizeError } from "../../i18n/errors.ts";
import { currentLocale, m } from "../../i18n/index.ts";

/** Sign-up's toast when the two differ. */
export function mismatchToast() {
  return {
    title: m.auth_password_mismatch(),
    description: m.auth_confirm_password_required(),
    variant: "destructive",
  } as const;
}

export interface NewPasswordCheck {
  errors: { password?: string; confirm?: string };
  /** Both filled in and valid but different: sign-up also toasts mismatchToast(). */
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
  if (!confirm) errors.confirm = m.auth_confirm_password_required();
  if (errors.password || errors.confirm) return { errors, mismatch: false };
  if (password !== confirm) {
    return { errors: { confirm: m.auth_passwords_differ() }, mismatch: true };
  }
  return { errors, mismatch: false };
}

/** The first message per field of a zod error, for the fields a form knows, in the page's language. */
export function firstIssues<F extends string>(
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>,
  fieldOf: Readonly<Record<string, F>>,
): Partial<Record<F, string>> {
  const out: Partial<Record<F, string>> = {};
  for (const issue of issues) {
    const key = issue.path[0];
    if (typeof key !== "string" || !Object.hasOwn(fieldOf, key)) continue;
    out[fieldOf[key]!] ??= localizeError(issue.message, currentLocale());
  }
  return out;
}
