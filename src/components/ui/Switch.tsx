import { Switch as RadixSwitch } from "radix-ui";
import { cn } from "../../lib/cn.ts";

/**
 * An on/off switch with its visible label, on Radix Switch (role "switch",
 * Space toggles). The whole row is the hit area, at least 44 px tall.
 */
export function Switch({
  id,
  label,
  checked,
  onCheckedChange,
  busy = false,
  describedBy,
  className,
}: {
  id: string;
  label: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  /** A change is on its way: further flips are ignored until it settles. */
  busy?: boolean;
  describedBy?: string | undefined;
  className?: string;
}) {
  return (
    <div className={cn("flex min-h-11 items-center gap-3", className)}>
      <RadixSwitch.Root
        id={id}
        checked={checked}
        onCheckedChange={(v) => {
          if (!busy) onCheckedChange(v);
        }}
        aria-busy={busy || undefined}
        aria-describedby={describedBy}
        className={cn(
          "relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent transition-colors",
          "bg-line-strong data-[state=checked]:bg-primary",
          "focus-visible:outline-primary-ring focus-visible:outline-3 focus-visible:outline-offset-2",
          busy && "cursor-progress opacity-70",
        )}
      >
        <RadixSwitch.Thumb className="bg-surface block size-5 rounded-full shadow-sm transition-transform data-[state=checked]:translate-x-5 rtl:data-[state=checked]:-translate-x-5" />
      </RadixSwitch.Root>
      <label htmlFor={id} className="text-ink cursor-pointer text-sm font-medium select-none">
        {label}
      </label>
    </div>
  );
}
