import { BadgeCheck } from "lucide-react";
import { localHref, m } from "../../i18n/index.ts";
import { cn } from "../../lib/cn.ts";

/** "Verified": amber with a check, the trust signal people scan for. */
export function VerifiedBadge({ className }: { className?: string }) {
  return (
    <span
      className={cn(
        "border-accent-border bg-accent-soft text-accent-ink inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-semibold",
        className,
      )}
    >
      <BadgeCheck aria-hidden="true" className="text-accent size-3.5" strokeWidth={2.5} />
      {m.common_verified()}
    </span>
  );
}

/** "Suggested": listed from a visitor's suggestion, not yet claimed; deliberately muted. */
export function SuggestedBadge({ className }: { className?: string }) {
  return (
    <span
      className={cn(
        "border-line bg-subtle text-ink-muted inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium",
        className,
      )}
    >
      {m.common_suggested()}
    </span>
  );
}

export function CategoryChip({
  name,
  href,
  className,
}: {
  name: string;
  href?: string | undefined;
  className?: string;
}) {
  const cls = cn(
    "inline-flex items-center rounded-md bg-primary-soft px-2 py-0.5 text-xs font-medium text-primary-dark",
    className,
  );
  return href ? (
    <a href={localHref(href)} className={cn(cls, "hover:bg-primary-soft-hover")}>
      {name}
    </a>
  ) : (
    <span className={cls}>{name}</span>
  );
}
