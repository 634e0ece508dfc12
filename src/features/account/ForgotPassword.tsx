import { KeyRound, LoaderCircle, MailCheck } from "lucide-react";
import { useId, useRef, useState } from "react";
import { buttonClass } from "../../components/ui/button.ts";
import { controlClass, describedBy, Field } from "../../components/ui/Field.tsx";
import { api, unwrap } from "../../lib/api-client.ts";
import { forgotPasswordSchema } from "../../lib/auth-schemas.ts";
import { useSubmit } from "../forms/use-submit.ts";
import { ScreenCard, textLink } from "./ScreenCard.tsx";

/**
 * /forgot-password: asks for the email, then shows the server's
 * answer, which reads the same whether or not the address has an account.
 */
export function ForgotPassword() {
  const id = useId();
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [sent, setSent] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const { pending: busy, submit } = useSubmit({
    validate: () => {
      const parsed = forgotPasswordSchema.safeParse({ email });
      if (parsed.success) return parsed.data;
      setError(parsed.error.issues[0]?.message);
      input.current?.focus();
      return null;
    },
    send: (json) => unwrap(api.auth["forgot-password"].$post({ json })),
    onSuccess: (answer) =>
      setSent(
        answer.message ||
          "If an account uses that email, a link to set a new password is on its way.",
      ),
    failureTitle: "Could not send the link",
  });

  if (sent !== null) {
    return (
      <ScreenCard
        icon={<MailCheck aria-hidden="true" className="size-6" />}
        title="Check your email"
      >
        <p className="text-ink-soft mt-2 break-words" role="status">
          {sent}
        </p>
        <p className="text-ink-muted mt-3 text-sm">
          The link works once, for one hour. Nothing arrived? Look in your spam folder, or{" "}
          <button
            type="button"
            onClick={() => setSent(null)}
            className="text-primary-dark font-semibold underline-offset-2 hover:underline"
          >
            try again
          </button>
          .
        </p>
        <a href="/login" className={buttonClass("outline", "lg", "mt-6 w-full")}>
          Back to sign in
        </a>
      </ScreenCard>
    );
  }

  const inputId = `${id}-email`;
  return (
    <ScreenCard
      icon={<KeyRound aria-hidden="true" className="size-6" />}
      title="Forgot your password?"
    >
      <p className="text-ink-soft mt-2">
        Enter the email you use on Karkhana and we will send you a link to set a new password.
      </p>
      <form
        method="post"
        noValidate
        onSubmit={(e) => void submit(e)}
        className="mt-6 flex flex-col gap-4"
      >
        <Field id={inputId} label="Email" error={error}>
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
          {busy ? "Sending…" : "Send reset link"}
        </button>
      </form>
      <p className="mt-4 text-center text-[0.9375rem]">
        <a href="/login" className={textLink}>
          Back to sign in
        </a>
      </p>
    </ScreenCard>
  );
}
