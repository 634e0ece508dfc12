import { Minus, TrendingDown, TrendingUp } from "lucide-react";
import { m } from "../../i18n/index.ts";
import type { DirectoryMetric } from "../../lib/analytics-schemas.ts";
import { cn } from "../../lib/cn.ts";
import { describeChange, formatCount } from "./format.ts";
import { metricLabel } from "./labels.ts";

/**
 * The period's totals, each with its change against the period before. Each
 * card is also the chart's switch: pressing one shows that figure per day.
 */
export function MetricCards<K extends DirectoryMetric>({
  metrics,
  totals,
  change,
  days,
  charted,
  onChart,
}: {
  metrics: readonly K[];
  totals: Record<K, number>;
  change: Record<K, number | null>;
  days: number;
  charted: K;
  onChart: (metric: K) => void;
}) {
  return (
    <ul
      aria-label={m.dashboard_totals()}
      className="grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-3 lg:grid-cols-4"
    >
      {metrics.map((metric) => {
        const c = describeChange(totals[metric], change[metric], days);
        const Icon = c.trend === "up" ? TrendingUp : c.trend === "down" ? TrendingDown : Minus;
        const pressed = metric === charted;
        return (
          <li key={metric}>
            <button
              type="button"
              aria-pressed={pressed}
              onClick={() => onChart(metric)}
              className={cn(
                "rounded-card bg-surface shadow-card flex h-full min-h-24 w-full flex-col justify-between gap-1 border p-3 text-start transition-colors sm:p-4",
                "hover:border-primary/50 focus-visible:outline-primary-ring focus-visible:outline-3 focus-visible:outline-offset-1",
                pressed ? "border-primary ring-primary ring-1" : "border-line",
              )}
            >
              <span className="text-ink-muted text-sm leading-tight font-medium">
                {metricLabel(metric)}
              </span>
              <span className="text-ink text-2xl font-bold tracking-tight tabular-nums">
                {formatCount(totals[metric])}
              </span>
              <span
                className={cn(
                  "flex items-center gap-1 text-xs font-semibold tabular-nums",
                  c.trend === "up" || c.trend === "new"
                    ? "text-primary-dark"
                    : c.trend === "down"
                      ? "text-danger"
                      : "text-ink-muted",
                )}
              >
                <Icon aria-hidden="true" className="size-3.5 shrink-0" />
                {/* "+12.5%" keeps its sign in front on an Urdu page too. */}
                <span aria-hidden="true" dir="ltr">
                  {c.text}
                </span>
                <span className="sr-only">{c.spoken}</span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
