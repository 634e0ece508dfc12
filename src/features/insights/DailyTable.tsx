import { m } from "../../i18n/index.ts";
import type { DirectoryMetric } from "../../lib/analytics-schemas.ts";
import { formatCount, longDay } from "./format.ts";
import { metricLabel } from "./labels.ts";

/**
 * The chart's figures, and every other one, day by day: the chart's text
 * alternative, folded away by default. Newest day first.
 */
export function DailyTable<K extends DirectoryMetric>({
  metrics,
  series,
}: {
  metrics: readonly K[];
  series: readonly (Record<K, number> & { day: string })[];
}) {
  return (
    <details className="group mt-3">
      <summary className="text-primary-dark min-h-11 cursor-pointer py-2 text-sm font-semibold">
        {m.dashboard_show_table()}
      </summary>
      {/* Scrolls both ways on a phone: focusable, so a keyboard can scroll it too. */}
      <div
        role="group"
        aria-label={m.dashboard_figures_per_day()}
        // eslint-disable-next-line jsx-a11y-x/no-noninteractive-tabindex -- a scrolling region must take keyboard focus to be scrolled without a mouse (WCAG 2.1.1; axe scrollable-region-focusable)
        tabIndex={0}
        className="border-line focus-visible:outline-primary-ring mt-2 max-h-96 overflow-auto rounded-lg border focus-visible:outline-3"
      >
        <table className="w-full min-w-max border-collapse text-sm tabular-nums">
          <caption className="sr-only">{m.dashboard_figures_per_day()}</caption>
          <thead className="bg-subtle text-ink-soft sticky top-0">
            <tr>
              <th scope="col" className="px-3 py-2 text-start font-semibold">
                {m.dashboard_date()}
              </th>
              {metrics.map((metric) => (
                <th key={metric} scope="col" className="px-3 py-2 text-end font-semibold">
                  {metricLabel(metric)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {[...series].reverse().map((d) => (
              <tr key={d.day} className="border-line border-t">
                <th
                  scope="row"
                  className="text-ink px-3 py-1.5 text-start font-medium whitespace-nowrap"
                >
                  {longDay(d.day)}
                </th>
                {metrics.map((metric) => (
                  <td key={metric} className="text-ink-soft px-3 py-1.5 text-end">
                    {formatCount(d[metric])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
