import { ToggleGroup } from "radix-ui";
import { useId } from "react";
import { currentLocale, LOCALE_DIRS, m } from "../../i18n/index.ts";
import { INSIGHT_PERIODS, type InsightPeriod } from "../../lib/analytics-schemas.ts";
import { cn } from "../../lib/cn.ts";
import { formatCount } from "./format.ts";

/** 'Last 30 days' / 'Last 90 days': a toggle group that always has one pressed. */
export function PeriodSwitch({
  days,
  onChange,
}: {
  days: InsightPeriod;
  onChange: (days: InsightPeriod) => void;
}) {
  const labelId = useId();
  return (
    <div className="flex items-center gap-3">
      <span id={labelId} className="text-ink text-sm font-semibold">
        {m.dashboard_period()}
      </span>
      <ToggleGroup.Root
        type="single"
        value={String(days)}
        // A single toggle group lets the pressed item be switched off; a period always has a value.
        onValueChange={(v) => v && onChange(Number(v) as InsightPeriod)}
        aria-labelledby={labelId}
        dir={LOCALE_DIRS[currentLocale()]}
        className="border-line-strong bg-subtle rounded-control inline-grid grid-cols-2 gap-1 border p-1"
      >
        {INSIGHT_PERIODS.map((d) => (
          <ToggleGroup.Item
            key={d}
            value={String(d)}
            className={cn(
              "text-ink-soft min-h-11 rounded-md px-3 text-sm font-semibold whitespace-nowrap transition-colors sm:px-4",
              "hover:text-ink focus-visible:outline-primary-ring focus-visible:outline-3 focus-visible:outline-offset-1",
              "data-[state=on]:bg-surface data-[state=on]:text-primary-dark data-[state=on]:shadow-card",
            )}
          >
            {m.dashboard_last_days({ days: formatCount(d) })}
          </ToggleGroup.Item>
        ))}
      </ToggleGroup.Root>
    </div>
  );
}
