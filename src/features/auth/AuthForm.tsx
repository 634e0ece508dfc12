import { useStore } from "@nanostores/react";
import { CircleAlert, Eye, EyeOff, LoaderCircle, MailCheck } from "lucide-react";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { buttonClass } from "../../components/ui/button.ts";
import { FormAlert } from "../../components/ui/FormAlert.tsx";
import { localizeError } from "../../i18n/errors.ts";
import { currentLocale, localHref, m } from "../../i18n/index.ts";
import { ApiError } from "../../lib/api.ts";
import { api, unwrap } from "../../lib/api-client.ts";
import { PASSWORD_MIN, signinSchema, signupSchema } from "../../lib/auth-schemas.ts";
import { cn } from "../../lib/cn.ts";
import type { AuthFormField, AuthFormState } from "../../lib/form-states.ts";
import { fillSlots } from "../../i18n/slots.tsx";
import { useAdoptTyped } from "../forms/adopt-typed.ts";
import { failureMessage, LEAVING, useSubmit } from "../forms/use-submit.ts";
import { toast, toastOnNextPage } from "../toast/store.ts";
import {
  afterSignIn,
  afterSignUp,
  AUTH_PATHS,
  authTitle,
  googleNext,
  rememberNextForConfirmation,
  type AuthMode,
  type Portal,
} from "./flow.ts";
import { $session, refreshSession } from "./session.ts";

interface Props {
  portal: Portal;
  /** /signup and /provider-portal-signup start in Create Account mode. */
  initialMode: AuthMode;
  /**
   * What the server made of this form's POST, when it was sent before this
   * island ran and the server rendered the screen again (decision 027).
   */
  initial?: AuthFormState | undefined;
}

type Field = AuthFormField;
type Values = Record<Field, string>;
type Errors = Partial<Record<Field, string>>;

const EMPTY: Values = { firstName: "", lastName: "", email: "", password: "", confirmPassword: "" };
const FIELD_ORDER: readonly Field[] = [
  "firstName",
  "lastName",
  "email",
  "password",
  "confirmPassword",
];

const control =
  "min-h-12 w-full rounded-control border border-line-strong bg-surface px-3 text-base text-ink shadow-card " +
  "placeholder:text-ink-muted hover:border-ink-muted/60 " +
  "focus-visible:border-primary focus-visible:outline-3 focus-visible:outline-offset-0 focus-visible:outline-primary-ring/40 " +
  "aria-[invalid=true]:border-danger";

/** An auth screen's path in the page's language. */
const screenHref = (portal: Portal, mode: AuthMode) => localHref(AUTH_PATHS[portal][mode]);

/**
 * The one sign-in / sign-up form of both portals (customers and providers).
 * Validates with the same zod schemas as the API, then shows success
 * only after the server answers. Sign In and Create Account switch in place;
 * the address bar follows (/login ⇄ /signup), keeping any `?next=`.
 *
 * Without its script (a slow phone) the form is an ordinary POST to the
 * page's own address, which the server handles the same way and answers with
 * a redirect or this screen again (functions/routes/forms.ts, decision 027).
 */
export function AuthForm({ portal, initialMode, initial }: Props) {
  const id = useId();
  const [mode, setMode] = useState<AuthMode>(initialMode);
  const [values, setValues] = useState<Values>(() => ({ ...EMPTY, ...initial?.values }));
  const [errors, setErrors] = useState<Errors>(() => ({ ...initial?.errors }));
  /** Why the server refused a form sent before this island ran (shown beside the form). */
  const [failure, setFailure] = useState<{ title: string; message: string } | null>(() =>
    initialFailure(initial),
  );
  const [google, setGoogle] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  /** The address waiting for its confirmation link (after sign-up, or a 403 on sign-in). */
  const [unconfirmed, setUnconfirmed] = useState<{ email: string; reason: string } | null>(
    initial?.unconfirmed ?? null,
  );
  const [resending, setResending] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const modeHeading = useRef<HTMLHeadingElement>(null);

  const signup = mode === "signup";

  // What was typed or autofilled before this island ran is what gets sent.
  useAdoptTyped(form, FIELD_ORDER, (typed) => setValues((v) => ({ ...v, ...typed })));

  // Once, after hydration: messages the server put in the address (confirmation link,
  // Google) or in the screen it rendered after a POST.
  useEffect(() => {
    announceUrlMessages();
    // The server answered a sign-up with the sign-in screen at the sign-up address.
    const here = screenHref(portal, initialMode);
    if (location.pathname !== here) {
      history.replaceState(history.state, "", `${here}${location.search}${location.hash}`);
    }
    if (initial?.notice === "account_created") {
      // As after a sign-up made here: the mailed link opens another tab, which goes on there.
      rememberNextForConfirmation(new URLSearchParams(location.search).get("next"));
      toast({
        title: m.auth_toast_account_created(),
        description: initial.unconfirmed?.reason || m.auth_toast_welcome(),
      });
    } else if (initial?.notice === "confirmation_sent") {
      toast({ title: m.auth_confirmation_email_sent(), description: initial.unconfirmed?.reason });
    }
  }, [initial, initialMode, portal]);

  // A signed-in customer who reaches the provider sign-up (an old link, a bookmark) has an
  // account already: their way in is 'Complete Your Provider Profile' (decision 026).
  const session = useStore($session);
  const customerOnProviderSignup =
    portal === "provider" &&
    initialMode === "signup" &&
    session.status === "authenticated" &&
    session.user.role === "customer";
  useEffect(() => {
    if (customerOnProviderSignup) location.replace(localHref("/provider-setup"));
  }, [customerOnProviderSignup]);

  const set = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const switchMode = (next: AuthMode, opts: { keepNotice?: boolean } = {}) => {
    setMode(next);
    setErrors({});
    setFailure(null);
    setValues((v) => ({ ...v, password: "", confirmPassword: "" }));
    if (!opts.keepNotice) setUnconfirmed(null);
    history.replaceState(history.state, "", `${screenHref(portal, next)}${location.search}`);
    document.title = authTitle(portal, next);
    // Tell keyboard and screen-reader users where they are now.
    requestAnimationFrame(() => modeHeading.current?.focus());
  };

  const focusFirst = (errs: Errors) => {
    const first = FIELD_ORDER.find((f) => errs[f]);
    // Each input is named after its field.
    const input = first ? form.current?.elements.namedItem(first) : null;
    if (input instanceof HTMLInputElement) input.focus();
  };

  /** `?next=` as given: every use checks it after taking it into the screen's language (flow.ts). */
  const nextPath = () => new URLSearchParams(location.search).get("next");
  const invalid = (errs: Errors) => {
    setErrors(errs);
    focusFirst(errs);
    return null;
  };

  const signIn = useSubmit({
    validate: () => {
      if (busy) return null;
      setFailure(null);
      const parsed = signinSchema.safeParse({ email: values.email, password: values.password });
      return parsed.success ? parsed.data : invalid(firstErrors(parsed.error.issues));
    },
    send: (json) => unwrap(api.auth.signin.$post({ json })),
    onSuccess: async (): Promise<typeof LEAVING> => {
      await refreshSession();
      toastOnNextPage({
        title: m.auth_toast_signed_in(),
        description: m.auth_toast_welcome_back(),
      });
      location.assign(afterSignIn(portal, nextPath()));
      return LEAVING;
    },
    onError: (err, _message, input) => {
      if (err instanceof ApiError && err.code === "email_not_confirmed") {
        setUnconfirmed({
          email: input.email,
          reason: err.serverMessage ?? m.auth_confirm_before_signin(),
        });
      }
      return undefined;
    },
    failureTitle: m.auth_failed(),
  });

  const signUp = useSubmit({
    validate: () => {
      if (busy) return null;
      setFailure(null);
      const parsed = signupSchema.safeParse({
        firstName: values.firstName,
        lastName: values.lastName,
        email: values.email,
        password: values.password,
        role: portal,
      });
      const errs = parsed.success ? {} : firstErrors(parsed.error.issues);
      if (!values.confirmPassword) errs.confirmPassword ??= m.auth_confirm_password_required();
      if (!parsed.success || Object.keys(errs).length > 0) return invalid(errs);
      if (values.password !== values.confirmPassword) {
        toast({
          title: m.auth_password_mismatch(),
          description: m.auth_confirm_password_required(),
          variant: "destructive",
        });
        return invalid({ confirmPassword: m.auth_passwords_differ() });
      }
      return parsed.data;
    },
    send: (json) => unwrap(api.auth.signup.$post({ json })),
    onSuccess: (answer, input) => {
      const created = {
        title: m.auth_toast_account_created(),
        description: answer.message || m.auth_toast_welcome(),
      };
      if (answer.user.email_confirmed_at) {
        toastOnNextPage(created);
        location.assign(afterSignUp(portal, true));
        return LEAVING;
      }
      // Unconfirmed: the portal's sign-in screen, here in place, with the email filled in.
      // The mailed link opens another tab: it takes the person on to where they were going.
      rememberNextForConfirmation(nextPath());
      toast(created);
      setUnconfirmed({
        email: answer.user.email || input.email,
        reason: answer.message || m.auth_confirmation_link_sent(),
      });
      setValues({ ...EMPTY, email: answer.user.email || input.email });
      const dest = afterSignUp(portal, false);
      if (dest === screenHref(portal, "signin")) {
        switchMode("signin", { keepNotice: true });
        return undefined;
      }
      location.assign(dest);
      return LEAVING;
    },
    failureTitle: m.auth_failed(),
  });

  const busy = signIn.pending || signUp.pending ? "form" : google ? "google" : null;

  const onGoogle = async () => {
    if (busy) return;
    setGoogle(true);
    const next = nextPath();
    try {
      const { url } = await unwrap(
        api.auth.oauth.$post({
          json: { provider: "google", role: portal, next: googleNext(portal, mode, next) },
        }),
      );
      location.assign(url);
    } catch (err) {
      setGoogle(false);
      toast({
        title: m.auth_google_failed(),
        description: failureMessage(err),
        variant: "destructive",
      });
    }
  };

  const onResend = async (e: { preventDefault(): void }) => {
    e.preventDefault();
    if (!unconfirmed || resending) return;
    setResending(true);
    try {
      const { message } = await unwrap(
        api.auth["resend-confirmation"].$post({ json: { email: unconfirmed.email } }),
      );
      toast({ title: m.auth_confirmation_email_sent(), description: message });
    } catch (err) {
      toast({
        title: m.auth_resend_failed(),
        description: failureMessage(err),
        variant: "destructive",
      });
    } finally {
      setResending(false);
    }
  };

  const fieldProps = (field: Field) => ({
    id: `${id}-${field}`,
    name: field,
    value: values[field],
    onChange: (e: { currentTarget: HTMLInputElement }) => set(field, e.currentTarget.value),
    "aria-invalid": errors[field] ? true : undefined,
    "aria-describedby": errors[field] ? `${id}-${field}-error` : undefined,
  });

  return (
    <div className="flex flex-col">
      <header>
        {portal === "customer" ? (
          <h1 className="text-ink text-3xl font-extrabold tracking-tight sm:text-4xl">
            {fillSlots(m.auth_welcome({ brand: "{brand}" }), {
              brand: <span className="text-primary">{m.common_brand()}</span>,
            })}
          </h1>
        ) : (
          <h1 className="text-ink text-3xl font-extrabold tracking-tight sm:text-4xl">
            {m.auth_provider_portal()}
          </h1>
        )}
        <p className="text-ink-soft mt-2 text-base sm:text-lg">
          {portal === "customer" ? m.auth_customer_tagline() : m.auth_provider_tagline()}
        </p>
      </header>

      <h2 ref={modeHeading} tabIndex={-1} className="text-ink mt-8 text-xl font-bold outline-none">
        {signup ? m.auth_create_account() : m.auth_sign_in()}
      </h2>

      {unconfirmed && (
        <div
          role="status"
          className="rounded-card border-accent-border bg-accent-soft mt-4 flex gap-3 border p-4"
        >
          <MailCheck aria-hidden="true" className="text-accent-ink mt-0.5 size-5 shrink-0" />
          <div className="min-w-0 text-sm">
            <p className="text-ink font-semibold">{m.auth_confirm_email()}</p>
            <p className="text-ink-soft mt-0.5 break-words">{unconfirmed.reason}</p>
            {/* A form of its own: without the script it asks the server for the link. */}
            <form method="post" onSubmit={(e) => void onResend(e)}>
              <input type="hidden" name="intent" value="resend" />
              <input type="hidden" name="email" value={unconfirmed.email} />
              <button
                type="submit"
                aria-disabled={resending || undefined}
                className="text-primary-dark mt-1 inline-flex min-h-11 items-center gap-2 font-semibold underline-offset-2 hover:underline aria-disabled:opacity-70"
              >
                {resending && <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />}
                {m.auth_resend_confirmation()}
              </button>
            </form>
          </div>
        </div>
      )}

      {failure && <FormAlert title={failure.title} message={failure.message} />}

      <form
        ref={form}
        id={`${id}-form`}
        method="post"
        noValidate
        onSubmit={(e) => void (signup ? signUp : signIn).submit(e)}
        className="mt-4 flex flex-col gap-4"
      >
        {/* Which of the two the server handles when the script has not run yet. */}
        <input type="hidden" name="mode" value={mode} />
        {signup && (
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id={`${id}-firstName`} label={m.auth_first_name()} error={errors.firstName}>
              <input
                {...fieldProps("firstName")}
                type="text"
                autoComplete="given-name"
                required
                className={control}
              />
            </FormField>
            <FormField id={`${id}-lastName`} label={m.auth_last_name()} error={errors.lastName}>
              <input
                {...fieldProps("lastName")}
                type="text"
                autoComplete="family-name"
                required
                className={control}
              />
            </FormField>
          </div>
        )}

        <FormField id={`${id}-email`} label={m.auth_email()} error={errors.email}>
          <input
            {...fieldProps("email")}
            type="email"
            inputMode="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            required
            placeholder="you@example.com"
            className={control}
          />
        </FormField>

        <FormField
          id={`${id}-password`}
          label={m.auth_password()}
          error={errors.password}
          hint={signup ? m.auth_password_hint({ min: PASSWORD_MIN }) : undefined}
        >
          <div className="relative">
            <input
              {...fieldProps("password")}
              type={showPassword ? "text" : "password"}
              autoComplete={signup ? "new-password" : "current-password"}
              required
              aria-describedby={
                errors.password
                  ? `${id}-password-error`
                  : signup
                    ? `${id}-password-hint`
                    : undefined
              }
              className={cn(control, "pe-12")}
            />
            <button
              type="button"
              onClick={() => setShowPassword((s) => !s)}
              aria-label={m.auth_show_password()}
              aria-pressed={showPassword}
              className="rounded-control text-ink-muted hover:text-ink absolute end-0.5 top-1/2 flex size-11 -translate-y-1/2 items-center justify-center"
            >
              {showPassword ? (
                <EyeOff aria-hidden="true" className="size-5" />
              ) : (
                <Eye aria-hidden="true" className="size-5" />
              )}
            </button>
          </div>
        </FormField>

        {!signup && (
          <a
            href={localHref("/forgot-password")}
            className="text-primary-dark -mt-2 inline-flex min-h-11 items-center self-end text-sm font-semibold underline-offset-2 hover:underline"
          >
            {m.auth_forgot_password()}
          </a>
        )}

        {signup && (
          <FormField
            id={`${id}-confirmPassword`}
            label={m.auth_confirm_password()}
            error={errors.confirmPassword}
          >
            <input
              {...fieldProps("confirmPassword")}
              type={showPassword ? "text" : "password"}
              autoComplete="new-password"
              required
              className={control}
            />
          </FormField>
        )}

        <button
          type="submit"
          aria-disabled={busy !== null || undefined}
          className={buttonClass(
            "primary",
            "lg",
            "mt-1 w-full aria-disabled:cursor-progress aria-disabled:opacity-80",
          )}
        >
          {busy === "form" && <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />}
          {busy === "form"
            ? signup
              ? m.auth_creating_account()
              : m.auth_signing_in()
            : signup
              ? m.auth_create_account()
              : m.auth_sign_in()}
        </button>
      </form>

      <div className="text-ink-muted my-5 flex items-center gap-3 text-sm" aria-hidden="true">
        <span className="bg-line h-px flex-1" />
        {m.auth_or()}
        <span className="bg-line h-px flex-1" />
      </div>

      {/* Sends the form with intent=google until the script runs: the server starts Google sign-in. */}
      <button
        type="submit"
        form={`${id}-form`}
        name="intent"
        value="google"
        onClick={(e) => {
          e.preventDefault();
          void onGoogle();
        }}
        aria-disabled={busy !== null || undefined}
        className={buttonClass(
          "outline",
          "lg",
          "w-full aria-disabled:cursor-progress aria-disabled:opacity-80",
        )}
      >
        {busy === "google" ? (
          <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
        ) : (
          <GoogleMark />
        )}
        {signup ? m.auth_google_signup() : m.auth_google_continue()}
      </button>

      <p className="text-ink-soft mt-6 text-center text-[0.9375rem]">
        {signup ? m.auth_have_account() : m.auth_no_account()}{" "}
        <a
          href={screenHref(portal, signup ? "signin" : "signup")}
          onClick={(e) => {
            e.preventDefault();
            switchMode(signup ? "signin" : "signup");
          }}
          className="text-primary-dark inline-flex min-h-11 items-center font-semibold underline-offset-2 hover:underline"
        >
          {signup ? m.auth_sign_in() : m.auth_create_account()}
        </a>
      </p>

      <p className="text-ink-muted border-line mt-4 border-t pt-4 text-center text-sm">
        {portal === "customer" ? (
          <>
            {m.auth_run_workshop()}{" "}
            <a
              href={screenHref("provider", mode)}
              className="text-primary-dark inline-flex min-h-11 items-center font-medium underline-offset-2 hover:underline"
            >
              {m.auth_to_provider_portal()}
            </a>
          </>
        ) : (
          <>
            {m.auth_looking_for_provider()}{" "}
            <a
              href={screenHref("customer", mode)}
              className="text-primary-dark inline-flex min-h-11 items-center font-medium underline-offset-2 hover:underline"
            >
              {signup ? m.auth_customer_signup() : m.auth_customer_signin()}
            </a>
          </>
        )}
      </p>
    </div>
  );
}

function FormField({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error: string | undefined;
  hint?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-ink text-sm font-semibold">
        {label}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-ink-muted text-sm">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-danger flex items-start gap-1.5 text-sm font-medium">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {error}
        </p>
      )}
    </div>
  );
}

/** The alert beside a form the server rendered again after refusing it. */
function initialFailure(
  initial: AuthFormState | undefined,
): { title: string; message: string } | null {
  const failure = initial?.failure;
  if (failure) {
    const title =
      failure.during === "resend"
        ? m.auth_resend_failed()
        : failure.during === "google"
          ? m.auth_google_failed()
          : m.auth_failed();
    return { title, message: failure.message };
  }
  if (initial?.mismatch) {
    return { title: m.auth_password_mismatch(), message: m.auth_confirm_password_required() };
  }
  return null;
}

/** The first message for each field, in the schema's issue order and the page's language. */
function firstErrors(
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>,
): Errors {
  const errs: Errors = {};
  for (const issue of issues) {
    const key = issue.path[0];
    if (typeof key !== "string" || !FIELD_ORDER.includes(key as Field)) continue;
    errs[key as Field] ??= localizeError(issue.message, currentLocale());
  }
  return errs;
}

/**
 * Messages the server leaves in the address: `?confirmed=1|0` from the
 * confirmation link, `?error=google` from a failed Google sign-in. Shown once,
 * then removed, so reloading does not repeat them.
 */
function announceUrlMessages(): void {
  const params = new URLSearchParams(location.search);
  const confirmed = params.get("confirmed");
  const error = params.get("error");
  if (confirmed === "1") {
    toast({ title: m.auth_email_confirmed(), description: m.auth_can_sign_in_now() });
  } else if (confirmed === "0") {
    toast({
      title: m.auth_link_expired(),
      description: m.auth_sign_in_for_new_link(),
      variant: "destructive",
    });
  }
  if (error === "google") {
    toast({
      title: m.auth_google_failed(),
      description: m.auth_try_again(),
      variant: "destructive",
    });
  }
  if (confirmed !== null || error !== null) {
    params.delete("confirmed");
    params.delete("error");
    const qs = params.toString();
    history.replaceState(
      history.state,
      "",
      `${location.pathname}${qs ? `?${qs}` : ""}${location.hash}`,
    );
  }
}

/** Google's "G", in its brand colours (a brand mark, so not from our tokens). */
function GoogleMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5">
      <path
        fill="#4285F4"
        d="M23.52 12.27c0-.85-.08-1.67-.22-2.45H12v4.64h6.46a5.52 5.52 0 0 1-2.4 3.62v3h3.88c2.27-2.09 3.58-5.17 3.58-8.81z"
      />
      <path
        fill="#34A853"
        d="M12 24c3.24 0 5.96-1.07 7.94-2.9l-3.88-3.02c-1.07.72-2.45 1.15-4.06 1.15-3.12 0-5.77-2.11-6.71-4.95H1.28v3.11A12 12 0 0 0 12 24z"
      />
      <path
        fill="#FBBC05"
        d="M5.29 14.28a7.2 7.2 0 0 1 0-4.56V6.61H1.28a12 12 0 0 0 0 10.78l4.01-3.11z"
      />
      <path
        fill="#EA4335"
        d="M12 4.77c1.76 0 3.34.61 4.58 1.8l3.44-3.44A11.5 11.5 0 0 0 12 0 12 12 0 0 0 1.28 6.61l4.01 3.11C6.23 6.88 8.88 4.77 12 4.77z"
      />
    </svg>
  );
}
