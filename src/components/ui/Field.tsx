import { ChevronDown, CircleAlert } from "lucide-react";
import type { ComponentProps, ReactNode } from "react";
import { cn } from "../../lib/cn.ts";

/** Text inputs, selects and text areas of the dashboard forms. */
export const controlClass =
  "min-h-12 w-full rounded-control border border-line-strong bg-surface px-3 text-base text-ink shadow-card " +
  "placeholder:text-ink-muted hover:border-ink-muted/60 disabled:cursor-not-allowed disabled:bg-subtle " +
  "focus-visible:border-primary focus-visible:outline-3 focus-visible:outline-offset-0 focus-visible:outline-primary-ring/40 " +
  "aria-[invalid=true]:border-danger";

export const textareaClass = cn(controlClass, "min-h-28 py-2.5 leading-relaxed");

/** The ids a control uses to point at its hint and error. */
export function describedBy(id: string, error?: string, hint?: string): string | undefined {
  if (error) return `${id}-error`;
  if (hint) return `${id}-hint`;
  return undefined;
}

/**
 * A labelled form row: label (with a visual `*` when required), the control,
 * then a hint or the error. The control itself carries `required`,
 * `aria-invalid` and `aria-describedby` (see describedBy).
 */
export function Field({
  id,
  label,
  required,
  error,
  hint,
  className,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  error?: string | undefined;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <label htmlFor={id} className="text-ink text-sm font-semibold">
        {label}
        {required && (
          <span aria-hidden="true" className="text-danger">
            {" "}
            *
          </span>
        )}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-ink-muted text-sm">
          {hint}
        </p>
      )}
      <FieldError id={id} error={error} />
    </div>
  );
}

export function FieldError({ id, error }: { id: string; error?: string | undefined }) {
  if (!error) return null;
  return (
    <p id={`${id}-error`} className="text-danger flex items-start gap-1.5 text-sm font-medium">
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {error}
    </p>
  );
}

/** A native select (best on cheap phones, long lists included) styled like the inputs. */
export function SelectControl({ className, children, ...props }: ComponentProps<"select">) {
  return (
    <div className="relative">
      <select
        {...props}
        className={cn(controlClass, "cursor-pointer appearance-none ps-3 pe-10", className)}
      >
        {children}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="text-ink-muted pointer-events-none absolute end-3 top-1/2 size-5 -translate-y-1/2"
      />
    </div>
  );
}
