import { RotateCw } from "lucide-react";
import { m } from "../../i18n/index.ts";
import { cn } from "../../lib/cn.ts";
import { buttonClass } from "./button.ts";

/** 'Refresh' beside a list's heading: the icon turns while the list loads again. */
export function RefreshButton({
  loading,
  onRefresh,
  className,
}: {
  loading: boolean;
  onRefresh: () => void;
  /** Placement against the heading (negative margins), added to the ghost button's classes. */
  className?: string;
}) {
  return (
    <button
      type="button"
      onClick={onRefresh}
      aria-disabled={loading || undefined}
      className={buttonClass("ghost", "sm", cn("aria-disabled:opacity-60", className))}
    >
      <RotateCw aria-hidden="true" className={cn("size-4", loading && "animate-spin")} />
      {m.common_refresh()}
    </button>
  );
}
