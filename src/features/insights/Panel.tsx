import type { ReactNode } from "react";
import { cn } from "../../lib/cn.ts";

/** A titled block of the Insights tabs. */
export function Panel({
  title,
  id,
  children,
  className,
}: {
  title: string;
  id: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      aria-labelledby={id}
      className={cn("rounded-card border-line bg-surface shadow-card border p-4 sm:p-5", className)}
    >
      <h3 id={id} className="text-ink text-base font-semibold">
        {title}
      </h3>
      <div className="mt-3">{children}</div>
    </section>
  );
}
