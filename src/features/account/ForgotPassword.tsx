import { KeyRound, LoaderCircle, MailCheck } from "lucide-react";
import { useId, useRef, useState } from "react";
import { buttonClass } from "../../components/ui/button.ts";
import { controlClass, describedBy, Field } from "../../components/ui/Field.tsx";
import { FormAlert } from "../../components/ui/FormAlert.tsx";
import { localizeError } from "../../i18n/errors.ts";
import { currentLocale, localHref, m } from "../../i18n/index.ts";
import { api, unwrap } from "../../lib/api-client.ts";
import { forgotPasswordSchema } from "../../lib/auth-schemas.ts";
import type { ForgotPasswordState } from "../../lib/form-states.ts";
import { fillSlots } from "../../i18n/slots.tsx";
import { useAdoptTyped } from "../forms/adopt-typed.ts";
import { useSubmit } from "../forms/use-submit.ts";
import { ScreenCard, textLink } from "./ScreenCard.tsx";

const FIELDS = ["email"] as const;

/**
 * /forgot-password: asks for the email, then shows the server's
 * answer, which reads the same whether or not the address has an account.
 * Without its script the form is a POST the server answers with this screen
 * (functions/routes/forms.ts, decision 027): `initial` is what it made of it.
 */
export function ForgotPassword({ initial }: { initial?: ForgotPasswordState | undefined }) {
  const id = useId();
  const [email, setEmail] = useState(initial?.email ?? "");
  const [error, setError] = useState<string | undefined>(initial?.error);
  const [failure, setFailure] = useState<string | null>(initial?.failure ?? null);
  const [sent, setSent] = useState<string | null>(initial?.sent ?? null);
  const input = useRef<HTMLInputElement>(null);
  const form = useRef<HTMLFormElement>(null);

  // What was typed or autofilled before this island ran is what gets sent.
  useAdoptTyped(form, FIELDS, (typed) => setEmail(typed.email ?? ""));

  const { pending: busy, submit } = useSubmit({
    validate: () => {
      setFailure(null);
      const parsed = forgotPasswordSchema.safeParse({ email });
      if (parsed.success) return parsed.data;
      const issue = parsed.error.issues[0]?.message;
      setError(issue && localizeError(issue, currentLocale()));
      input.current?.focus();
      return null;
    },
    send: (json) => unwrap(api.auth["forgot-password"].$post({ json })),
    onSuccess: (answer) => setSent(answer.message || m.account_reset_link_on_way()),
    failureTitle: m.account_send_link_failed(),
  });

  if (sent !== null) {
    return (
      <ScreenCard
        icon={<MailCheck aria-hidden="true" className="size-6" />}
        title={m.account_check_email()}
      >
        <p className="text-ink-soft mt-2 break-words" role="status">
          {sent}
        </p>
        <p className="text-ink-muted mt-3 text-sm">
          {fillSlots(m.account_link_once({ retry: "{retry}" }), {
            retry: (
              // A link, so it works before the script runs (the server renders this screen too).
              <a
                href={localHref("/forgot-password")}
                onClick={(e) => {
                  e.preventDefault();
                  setSent(null);
                }}
                className="text-primary-dark font-semibold underline-offset-2 hover:underline"
              >
                {m.account_try_again()}
              </a>
            ),
          })}
        </p>
        <a href={localHref("/login")} className={buttonClass("outline", "lg", "mt-6 w-full")}>
          {m.account_back_to_sign_in()}
        </a>
      </ScreenCard>
    );
  }

  const inputId = `${id}-email`;
  return (
    <ScreenCard
      icon={<KeyRound aria-hidden="true" className="size-6" />}
      title={m.account_forgot_title()}
    >
      <p className="text-ink-soft mt-2">{m.account_forgot_intro()}</p>
      {failure && <FormAlert title={m.account_send_link_failed()} message={failure} />}
      <form
        ref={form}
        method="post"
        noValidate
        onSubmit={(e) => void submit(e)}
        className="mt-6 flex flex-col gap-4"
      >
        <Field id={inputId} label={m.auth_email()} error={error}>
          <input
            ref={input}
            id={inputId}
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            required
            placeholder="you@example.com"
            value={email}
            onChange={(e) => {
              setEmail(e.currentTarget.value);
              setError(undefined);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(inputId, error)}
            className={controlClass}
          />
        </Field>
        <button
          type="submit"
          aria-disabled={busy || undefined}
          className={buttonClass(
            "primary",
            "lg",
            "w-full aria-disabled:cursor-progress aria-disabled:opacity-80",
          )}
        >
          {busy && <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />}
          {busy ? m.account_sending() : m.account_send_reset_link()}
        </button>
      </form>
      <p className="mt-4 text-center text-[0.9375rem]">
        <a href={localHref("/login")} className={textLink}>
          {m.account_back_to_sign_in()}
        </a>
      </p>
    </ScreenCard>
  );
}
