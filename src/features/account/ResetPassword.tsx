import { useStore } from "@nanostores/react";
import { CircleAlert, CircleCheck, KeyRound, LoaderCircle } from "lucide-react";
import { useId, useRef, useState } from "react";
import { buttonClass } from "../../components/ui/button.ts";
import { localizeError } from "../../i18n/errors.ts";
import { currentLocale, localHref, m } from "../../i18n/index.ts";
import { api, unwrap } from "../../lib/api-client.ts";
import { emailTokenSchema, PASSWORD_MIN, resetPasswordSchema } from "../../lib/auth-schemas.ts";
import { refreshSession } from "../auth/session.ts";
import { useSubmit } from "../forms/use-submit.ts";
import { toast } from "../toast/store.ts";
import { $linkToken } from "./link-token.ts";
import { checkNewPassword, firstIssues, mismatchToast } from "./new-password.ts";
import { PasswordField } from "./PasswordField.tsx";
import { ScreenCard, textLink } from "./ScreenCard.tsx";

type Field = "password" | "confirm";

/**
 * /reset-password#token=…: a new password under sign-up's rules,
 * then a way to sign in with it. The server signs the account out everywhere.
 */
export function ResetPassword() {
  const id = useId();
  const link = useStore($linkToken, { ssr: "initial" });
  const [values, setValues] = useState<Record<Field, string>>({ password: "", confirm: "" });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [shown, setShown] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});
  const token = emailTokenSchema.safeParse(link.status === "reading" ? "" : (link.token ?? ""));

  const showErrors = (errs: Partial<Record<Field, string>>) => {
    setErrors(errs);
    const first = (["password", "confirm"] as const).find((f) => errs[f]);
    if (first) inputs.current[first]?.focus();
  };

  const { pending: busy, submit } = useSubmit({
    validate: () => {
      if (!token.success) return null;
      const parsed = resetPasswordSchema.safeParse({
        token: token.data,
        password: values.password,
      });
      const check = checkNewPassword(
        parsed.success
          ? undefined
          : firstIssues(parsed.error.issues, { password: "password" }).password,
        values.password,
        values.confirm,
      );
      if (check.mismatch) toast(mismatchToast());
      if (!parsed.success || check.errors.password || check.errors.confirm) {
        showErrors(check.errors);
        return null;
      }
      setFailure(null);
      return parsed.data;
    },
    send: (json) => unwrap(api.auth["reset-password"].$post({ json })),
    onSuccess: (answer) => {
      setDone(answer.message || m.account_password_changed_text());
      // The reset ended every session, this browser's too: let the header say so.
      void refreshSession();
    },
    onError: (_err, message) => setFailure(message),
    failureTitle: m.account_password_not_changed(),
  });

  if (link.status === "reading") {
    return (
      <ScreenCard
        icon={<KeyRound aria-hidden="true" className="size-6" />}
        title={m.account_reset_title()}
      >
        <p className="text-ink-soft mt-2" role="status">
          {m.account_reading_link()}
        </p>
      </ScreenCard>
    );
  }

  if (!token.success) {
    return (
      <ScreenCard
        icon={<CircleAlert aria-hidden="true" className="size-6" />}
        title={m.account_link_incomplete()}
      >
        <p className="text-ink-soft mt-2">
          {localizeError(token.error.issues[0]?.message ?? "", currentLocale())}
        </p>
        <a
          href={localHref("/forgot-password")}
          className={buttonClass("primary", "lg", "mt-6 w-full")}
        >
          {m.account_get_new_link()}
        </a>
      </ScreenCard>
    );
  }

  if (done !== null) {
    return (
      <ScreenCard
        icon={<CircleCheck aria-hidden="true" className="size-6" />}
        title={m.account_password_changed()}
      >
        <p className="text-ink-soft mt-2 break-words" role="status">
          {done}
        </p>
        <a href={localHref("/login")} className={buttonClass("primary", "lg", "mt-6 w-full")}>
          {m.account_sign_in_now()}
        </a>
      </ScreenCard>
    );
  }

  const set = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  return (
    <ScreenCard
      icon={<KeyRound aria-hidden="true" className="size-6" />}
      title={m.account_reset_title()}
    >
      <p className="text-ink-soft mt-2">{m.account_reset_intro()}</p>
      {failure && (
        <div className="rounded-card border-danger-border bg-danger-soft mt-4 border p-4 text-sm">
          <p className="text-ink break-words">{failure}</p>
          <a href={localHref("/forgot-password")} className={textLink}>
            {m.account_get_new_link()}
          </a>
        </div>
      )}
      <form
        method="post"
        noValidate
        onSubmit={(e) => void submit(e)}
        className="mt-6 flex flex-col gap-4"
      >
        <PasswordField
          id={`${id}-password`}
          name="password"
          label={m.account_new_password()}
          value={values.password}
          onChange={(v) => set("password", v)}
          error={errors.password}
          hint={m.auth_password_hint({ min: PASSWORD_MIN })}
          autoComplete="new-password"
          shown={shown}
          onToggleShown={() => setShown((s) => !s)}
          inputRef={(el) => {
            inputs.current.password = el;
          }}
        />
        <PasswordField
          id={`${id}-confirm`}
          name="confirmPassword"
          label={m.account_confirm_new_password()}
          value={values.confirm}
          onChange={(v) => set("confirm", v)}
          error={errors.confirm}
          autoComplete="new-password"
          shown={shown}
          inputRef={(el) => {
            inputs.current.confirm = el;
          }}
        />
        <button
          type="submit"
          aria-disabled={busy || undefined}
          className={buttonClass(
            "primary",
            "lg",
            "mt-1 w-full aria-disabled:cursor-progress aria-disabled:opacity-80",
          )}
        >
          {busy && <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />}
          {busy ? m.account_saving() : m.account_set_new_password()}
        </button>
      </form>
    </ScreenCard>
  );
}
