import { useStore } from "@nanostores/react";
import { Download } from "lucide-react";
import { buttonClass } from "../../components/ui/button.ts";
import { companyName, currentLocale, m } from "../../i18n/index.ts";
import { PROVIDER_METRICS } from "../../lib/analytics-schemas.ts";
import { formatCount } from "../insights/format.ts";
import { InsightsOverview } from "../insights/InsightsOverview.tsx";
import { Panel } from "../insights/Panel.tsx";
import { insightsCsvHref, providerInsights } from "../insights/store.ts";
import type { MyProvider } from "./store.ts";

/** What the directory brought the provider: chart, totals, top queries, CSV. Loaded only on its tab. */
export default function InsightsTab({ provider }: { provider: MyProvider }) {
  const state = useStore(providerInsights.$state);
  return (
    <section aria-labelledby="insights-heading" className="flex flex-col gap-4">
      <div>
        <h2 id="insights-heading" className="text-ink text-lg font-semibold">
          {m.dashboard_tab_insights()}
        </h2>
        <p className="text-ink-muted mt-1 text-sm">
          {m.dashboard_insights_intro({ name: companyName(provider, currentLocale()) })}
        </p>
      </div>
      <InsightsOverview
        state={state}
        metrics={PROVIDER_METRICS}
        onPeriod={(days) => void providerInsights.load(days)}
        errorTitle={m.dashboard_insights_load_failed()}
        actions={
          <a href={insightsCsvHref(state.days)} download className={buttonClass("outline", "md")}>
            <Download aria-hidden="true" className="size-4" />
            {m.dashboard_download_csv()}
          </a>
        }
      >
        {(data) => (
          <Panel id="insights-queries-heading" title={m.dashboard_top_searches()}>
            {data.topQueries.length === 0 ? (
              <p className="text-ink-muted text-sm">{m.dashboard_no_searches()}</p>
            ) : (
              <ol className="divide-line flex flex-col divide-y">
                {data.topQueries.map((q, i) => (
                  <li key={q.term} className="flex min-h-11 items-center gap-3 py-1.5 text-sm">
                    <span className="text-ink-muted w-6 shrink-0 text-end tabular-nums">
                      {m.dashboard_rank({ n: formatCount(i + 1) })}
                    </span>
                    <span className="text-ink min-w-0 flex-1 font-medium break-words">
                      {/* A search may be in either script: each reads in its own direction. */}
                      <bdi>{q.term}</bdi>
                    </span>
                    <span className="text-ink-soft shrink-0 tabular-nums">
                      {q.count === 1
                        ? m.dashboard_times_one({ count: formatCount(q.count) })
                        : m.dashboard_times_other({ count: formatCount(q.count) })}
                    </span>
                  </li>
                ))}
              </ol>
            )}
          </Panel>
        )}
      </InsightsOverview>
    </section>
  );
}
