import { LoaderCircle } from "lucide-react";
import { useId, useRef, useState } from "react";
import { buttonClass } from "../../components/ui/button.ts";
import { m } from "../../i18n/index.ts";
import { ApiError } from "../../lib/api.ts";
import { api, unwrap } from "../../lib/api-client.ts";
import { changePasswordSchema, PASSWORD_MIN } from "../../lib/auth-schemas.ts";
import { handleUnauthorized, isUnauthorized } from "../dashboard/unauthorized.ts";
import { LEAVING, useSubmit } from "../forms/use-submit.ts";
import { toast } from "../toast/store.ts";
import { checkNewPassword, firstIssues, mismatchToast } from "./new-password.ts";
import { PasswordField } from "./PasswordField.tsx";
import { accountLogin, loadSessions } from "./store.ts";

type Field = "current" | "next" | "confirm";
type Values = Record<Field, string>;
const EMPTY: Values = { current: "", next: "", confirm: "" };
const ORDER: readonly Field[] = ["current", "next", "confirm"];
const SCHEMA_FIELDS = { currentPassword: "current", newPassword: "next" } as const;

/**
 * Change password: the current password proves it is the owner
 * at the keyboard; the new one follows sign-up's rules. An account made with
 * Google has no password to give: the server's answer says so, and stays on
 * screen rather than only in a passing toast.
 */
export function ChangePasswordForm({ headingId }: { headingId: string }) {
  const id = useId();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [shown, setShown] = useState(false);
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});

  const set = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const showErrors = (errs: Partial<Record<Field, string>>) => {
    setErrors(errs);
    const first = ORDER.find((f) => errs[f]);
    if (first) inputs.current[first]?.focus();
  };

  const { pending: busy, submit } = useSubmit({
    validate: () => {
      const parsed = changePasswordSchema.safeParse({
        currentPassword: values.current,
        newPassword: values.next,
      });
      const schemaErrors = parsed.success ? {} : firstIssues(parsed.error.issues, SCHEMA_FIELDS);
      const check = checkNewPassword(schemaErrors.next, values.next, values.confirm);
      if (check.mismatch && !schemaErrors.current) toast(mismatchToast());
      const errs = {
        current: schemaErrors.current,
        next: check.errors.password,
        confirm: check.errors.confirm,
      };
      if (!parsed.success || errs.current || errs.next || errs.confirm) {
        showErrors(errs);
        return null;
      }
      setRefusal(null);
      return parsed.data;
    },
    send: (json) => unwrap(api.auth["change-password"].$post({ json })),
    onSuccess: (answer) => {
      setValues(EMPTY);
      setErrors({});
      toast({
        title: m.account_password_changed(),
        description: answer.message || m.account_use_new_password(),
      });
      // The server may have ended the account's other sessions: show the list as it is now.
      void loadSessions();
    },
    onError: (err, message) => {
      if (isUnauthorized(err)) {
        handleUnauthorized(accountLogin());
        return LEAVING;
      }
      if (err instanceof ApiError && err.status === 400) setRefusal(message);
      return undefined;
    },
    failureTitle: m.account_password_not_changed(),
  });

  return (
    <form
      method="post"
      noValidate
      aria-labelledby={headingId}
      onSubmit={(e) => void submit(e)}
      className="mt-4 flex max-w-md flex-col gap-4"
    >
      {refusal && (
        <p className="rounded-card border-danger-border bg-danger-soft text-ink border p-4 text-sm break-words">
          {refusal}
        </p>
      )}
      <PasswordField
        id={`${id}-current`}
        name="currentPassword"
        label={m.account_current_password()}
        value={values.current}
        onChange={(v) => set("current", v)}
        error={errors.current}
        autoComplete="current-password"
        shown={shown}
        onToggleShown={() => setShown((s) => !s)}
        inputRef={(el) => {
          inputs.current.current = el;
        }}
      />
      <PasswordField
        id={`${id}-next`}
        name="newPassword"
        label={m.account_new_password()}
        value={values.next}
        onChange={(v) => set("next", v)}
        error={errors.next}
        hint={m.auth_password_hint({ min: PASSWORD_MIN })}
        autoComplete="new-password"
        shown={shown}
        inputRef={(el) => {
          inputs.current.next = el;
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
          "mt-1 self-start aria-disabled:cursor-progress aria-disabled:opacity-80 max-sm:w-full",
        )}
      >
        {busy && <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />}
        {busy ? m.account_changing_password() : m.account_change_password()}
      </button>
    </form>
  );
}
