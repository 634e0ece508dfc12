import { useMemo, useState, type ReactNode } from "react";
import { ErrorBox } from "../../components/ui/ErrorBox.tsx";
import {
  METRIC_LABELS,
  type DirectoryMetric,
  type InsightPeriod,
} from "../../lib/analytics-schemas.ts";
import { DailyChart } from "./DailyChart.tsx";
import { DailyTable } from "./DailyTable.tsx";
import { longDay } from "./format.ts";
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
        <div role="status" aria-label="Loading figures…" className="flex flex-col gap-4">
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-3 lg:grid-cols-4">
            {metrics.map((m) => (
              <div key={m} aria-hidden="true" className="skeleton rounded-card h-24" />
            ))}
          </div>
          <div aria-hidden="true" className="skeleton rounded-card h-72" />
        </div>
      )}

      {data && state.status === "ready" && (
        <div aria-busy={state.refreshing || undefined} className="flex flex-col gap-4">
          <p className="text-ink-muted text-sm">
            {longDay(data.from)} to {longDay(data.to)}, Pakistan time. The change compares with the{" "}
            {state.days} days before.
          </p>
          <MetricCards
            metrics={metrics}
            totals={data.totals}
            change={data.change}
            days={state.days}
            charted={charted}
            onChart={setCharted}
          />
          <Panel id="insights-chart-heading" title={`${METRIC_LABELS[charted]} per day`}>
            <p className="text-ink-muted -mt-2 mb-2 text-sm">Choose a total above to chart it.</p>
            <DailyChart days={days} values={values} label={METRIC_LABELS[charted]} />
            <DailyTable metrics={metrics} series={data.series} />
          </Panel>
          {children(data)}
        </div>
      )}
    </div>
  );
}
