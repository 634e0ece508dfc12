import { Zap } from "lucide-react";
import { m } from "../../i18n/index.ts";
import { cn } from "../../lib/cn.ts";

/**
 * "Fast responder": among the fastest quarter of providers at answering quote
 * requests (measured, decision 020). Green, beside the amber Verified badge,
 * so the two trust signals read apart.
 */
export function FastResponderBadge({ className }: { className?: string }) {
  return (
    <span
      className={cn(
        "border-primary/30 bg-primary-soft text-primary-dark inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-semibold",
        className,
      )}
    >
      <Zap aria-hidden="true" className="text-primary size-3.5" strokeWidth={2.5} />
      {m.common_fast_responder()}
    </span>
  );
}
