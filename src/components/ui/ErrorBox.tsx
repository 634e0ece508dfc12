import { TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";

/** A failed request: what happened (spec §7 message) and what to do next (the children). */
export function ErrorBox({
  title = "We couldn't load providers.",
  message,
  children,
}: {
  title?: string;
  message: string | null;
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
      {children}
    </div>
  );
}
