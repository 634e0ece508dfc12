import { useStore } from "@nanostores/react";
import { Download } from "lucide-react";
import { buttonClass } from "../../components/ui/button.ts";
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
          Insights
        </h2>
        <p className="text-ink-muted mt-1 text-sm">
          How people found and contacted {provider.companyName} through Karkhana. Bots and your own
          visits are not counted, and no visitor is tracked: only the totals are kept.
        </p>
      </div>
      <InsightsOverview
        state={state}
        metrics={PROVIDER_METRICS}
        onPeriod={(days) => void providerInsights.load(days)}
        errorTitle="We couldn't load your insights."
        actions={
          <a href={insightsCsvHref(state.days)} download className={buttonClass("outline", "md")}>
            <Download aria-hidden="true" className="size-4" />
            Download CSV
          </a>
        }
      >
        {(data) => (
          <Panel id="insights-queries-heading" title="Top searches that showed you">
            {data.topQueries.length === 0 ? (
              <p className="text-ink-muted text-sm">
                No search has shown your listing in this period yet. A description and services that
                use the words customers search for help them find you.
              </p>
            ) : (
              <ol className="divide-line flex flex-col divide-y">
                {data.topQueries.map((q, i) => (
                  <li key={q.term} className="flex min-h-11 items-center gap-3 py-1.5 text-sm">
                    <span className="text-ink-muted w-6 shrink-0 text-end tabular-nums">
                      {i + 1}.
                    </span>
                    <span className="text-ink min-w-0 flex-1 font-medium break-words">
                      {q.term}
                    </span>
                    <span className="text-ink-soft shrink-0 tabular-nums">
                      {formatCount(q.count)} {q.count === 1 ? "time" : "times"}
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
