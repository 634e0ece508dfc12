import { Eye, EyeOff } from "lucide-react";
import type { Ref } from "react";
import { controlClass, describedBy, Field } from "../../components/ui/Field.tsx";
import { m } from "../../i18n/index.ts";
import { cn } from "../../lib/cn.ts";

/**
 * A labelled password input of the account forms. The field that carries the
 * show/hide button reveals every password of its form (as on the sign-up form),
 * so typing the confirmation can be checked by eye too.
 */
export function PasswordField({
  id,
  name,
  label,
  value,
  onChange,
  error,
  hint,
  autoComplete,
  shown,
  onToggleShown,
  inputRef,
}: {
  id: string;
  /** The form field's name, for password managers. */
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: string | undefined;
  autoComplete: "current-password" | "new-password";
  shown: boolean;
  /** Given on the one field that holds the show/hide button. */
  onToggleShown?: (() => void) | undefined;
  inputRef?: Ref<HTMLInputElement> | undefined;
}) {
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <div className="relative">
        <input
          ref={inputRef}
          id={id}
          name={name}
          type={shown ? "text" : "password"}
          autoComplete={autoComplete}
          required
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, hint)}
          className={cn(controlClass, onToggleShown && "pe-12")}
        />
        {onToggleShown && (
          <button
            type="button"
            onClick={onToggleShown}
            aria-label={m.account_show_passwords()}
            aria-pressed={shown}
            className="rounded-control text-ink-muted hover:text-ink absolute end-0.5 top-1/2 flex size-11 -translate-y-1/2 items-center justify-center"
          >
            {shown ? (
              <EyeOff aria-hidden="true" className="size-5" />
            ) : (
              <Eye aria-hidden="true" className="size-5" />
            )}
          </button>
        )}
      </div>
    </Field>
  );
}
