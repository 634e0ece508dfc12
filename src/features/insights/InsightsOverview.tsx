import { useMemo, useState, type ReactNode } from "react";
import { ErrorBox } from "../../components/ui/ErrorBox.tsx";
import { m } from "../../i18n/index.ts";
import type { DirectoryMetric, InsightPeriod } from "../../lib/analytics-schemas.ts";
import { DailyChart } from "./DailyChart.tsx";
import { DailyTable } from "./DailyTable.tsx";
import { formatCount, longDay } from "./format.ts";
import { metricLabel } from "./labels.ts";
import { MetricCards } from "./MetricCards.tsx";
import { Panel } from "./Panel.tsx";
import { PeriodSwitch } from "./PeriodSwitch.tsx";
import type { InsightsState } from "./store.ts";

interface Figures<K extends DirectoryMetric> {
  from: string;
  to: string;
  series: (Record<K, number> & { day: string })[];
  totals: Record<K, number>;
  change: Record<K, number | null>;
}

/**
 * What both Insights tabs share: the period switch (with `actions` beside it),
 * the totals with their change, and the chosen figure per day as a chart and
 * a table. `children` get the loaded answer for the lists below.
 */
export function InsightsOverview<K extends DirectoryMetric, T extends Figures<K>>({
  state,
  metrics,
  onPeriod,
  actions,
  errorTitle,
  children,
}: {
  state: InsightsState<T>;
  metrics: readonly K[];
  onPeriod: (days: InsightPeriod) => void;
  actions?: ReactNode;
  errorTitle: string;
  children: (data: T) => ReactNode;
}) {
  const [charted, setCharted] = useState<K>(metrics[0]!);
  const data = state.status === "ready" ? state.data : null;
  // Stable arrays for the chart, which redraws when they change.
  const days = useMemo(() => data?.series.map((d) => d.day) ?? [], [data]);
  const values = useMemo(() => data?.series.map((d) => d[charted]) ?? [], [data, charted]);

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <PeriodSwitch days={state.days} onChange={onPeriod} />
        {actions}
      </div>

      {state.status === "error" && (
        <ErrorBox title={errorTitle} message={state.message} onRetry={() => onPeriod(state.days)} />
      )}

      {state.status === "loading" && (
        <div
          role="status"
          aria-label={m.dashboard_loading_figures()}
          className="flex flex-col gap-4"
        >
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-3 lg:grid-cols-4">
            {metrics.map((metric) => (
              <div key={metric} aria-hidden="true" className="skeleton rounded-card h-24" />
            ))}
          </div>
          <div aria-hidden="true" className="skeleton rounded-card h-72" />
        </div>
      )}

      {data && state.status === "ready" && (
        <div aria-busy={state.refreshing || undefined} className="flex flex-col gap-4">
          <p className="text-ink-muted text-sm">
            {m.dashboard_period_range({
              from: longDay(data.from),
              to: longDay(data.to),
              days: formatCount(state.days),
            })}
          </p>
          <MetricCards
            metrics={metrics}
            totals={data.totals}
            change={data.change}
            days={state.days}
            charted={charted}
            onChart={setCharted}
          />
          <Panel
            id="insights-chart-heading"
            title={m.dashboard_metric_per_day({ metric: metricLabel(charted) })}
          >
            <p className="text-ink-muted -mt-2 mb-2 text-sm">{m.dashboard_choose_total()}</p>
            <DailyChart days={days} values={values} label={metricLabel(charted)} />
            <DailyTable metrics={metrics} series={data.series} />
          </Panel>
          {children(data)}
        </div>
      )}
    </div>
  );
}
