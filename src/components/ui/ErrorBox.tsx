import { RotateCw, TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { m } from "../../i18n/index.ts";
import { buttonClass } from "./button.ts";

/**
 * A failed request: what happened (the `{status}: {text}` message) and what
 * to do next (the children).
 */
export function ErrorBox({
  title = m.common_providers_load_failed(),
  message,
  onRetry,
  children,
}: {
  title?: string;
  message: string | null;
  /** Shows a 'Try again' button that calls this. */
  onRetry?: () => void;
  children?: ReactNode;
}) {
  return (
    <div
      role="alert"
      className="rounded-card border-danger-border bg-danger-soft flex flex-col items-center gap-3 border px-6 py-8 text-center"
    >
      <TriangleAlert aria-hidden="true" className="text-danger size-8" />
      <div>
        <p className="text-ink font-semibold">{title}</p>
        {message && <p className="text-ink-soft mt-1 text-sm break-words">{message}</p>}
      </div>
      {onRetry && (
        <button type="button" onClick={onRetry} className={buttonClass("primary", "md")}>
          <RotateCw aria-hidden="true" className="size-4" />
          {m.common_try_again()}
        </button>
      )}
      {children}
    </div>
  );
}
