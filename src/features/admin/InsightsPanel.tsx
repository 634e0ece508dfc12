import { useStore } from "@nanostores/react";
import type { ReactNode } from "react";
import { DIRECTORY_METRICS, type DirectoryInsights } from "../../lib/analytics-schemas.ts";
import { formatCount } from "../insights/format.ts";
import { InsightsOverview } from "../insights/InsightsOverview.tsx";
import { Panel } from "../insights/Panel.tsx";
import { directoryInsights } from "../insights/store.ts";

/** A small table of one list; its first column names the row. */
function ListTable({
  caption,
  columns,
  rows,
  empty,
}: {
  caption: string;
  columns: string[];
  rows: { key: string; cells: ReactNode[] }[];
  empty: string;
}) {
  if (rows.length === 0) return <p className="text-ink-muted text-sm">{empty}</p>;
  return (
    <div
      role="group"
      aria-label={caption}
      // eslint-disable-next-line jsx-a11y-x/no-noninteractive-tabindex -- a scrolling region must take keyboard focus to be scrolled without a mouse (WCAG 2.1.1; axe scrollable-region-focusable)
      tabIndex={0}
      className="focus-visible:outline-primary-ring -mx-1 overflow-x-auto focus-visible:outline-3"
    >
      <table className="w-full border-collapse text-sm tabular-nums">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="text-ink-muted">
            {columns.map((c, i) => (
              <th
                key={c}
                scope="col"
                className={`px-1 pb-2 font-medium ${i === 0 ? "text-start" : "text-end"}`}
              >
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key} className="border-line border-t">
              {r.cells.map((cell, i) =>
                i === 0 ? (
                  <th
                    key={i}
                    scope="row"
                    className="text-ink px-1 py-2 text-start font-medium break-words"
                  >
                    {cell}
                  </th>
                ) : (
                  <td key={i} className="text-ink-soft px-1 py-2 text-end whitespace-nowrap">
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Lists({ data }: { data: DirectoryInsights }) {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Panel id="admin-insights-providers" title="Top providers" className="lg:col-span-2">
        <ListTable
          caption="Top providers by page views"
          columns={[
            "Provider",
            "Page views",
            "Search appearances",
            "Contact reveals",
            "Quote requests",
          ]}
          empty="No provider page has been viewed in this period."
          rows={data.topProviders.map((p) => ({
            key: p.id,
            cells: [
              <a
                key="name"
                href={p.path}
                className="text-primary-dark underline-offset-2 hover:underline"
              >
                {p.companyName}
              </a>,
              formatCount(p.views),
              formatCount(p.impressions),
              formatCount(p.contactReveals),
              formatCount(p.quoteRequests),
            ],
          }))}
        />
      </Panel>
      <Panel id="admin-insights-queries" title="Top searches">
        <ListTable
          caption="Top searches"
          columns={["Search", "Searches", "No results"]}
          empty="Nobody has searched with words in this period."
          rows={data.topQueries.map((q) => ({
            key: q.term,
            cells: [q.term, formatCount(q.searches), formatCount(q.noResults)],
          }))}
        />
      </Panel>
      <Panel id="admin-insights-no-results" title="Searches with no results">
        <ListTable
          caption="Searches that found nothing"
          columns={["Search", "Searches"]}
          empty="Every search found providers in this period."
          rows={data.noResultSearches.map((n) => ({
            key: `${n.term}|${n.city}|${n.category}`,
            cells: [
              [n.term ? `“${n.term}”` : "(no words)", n.category, n.city]
                .filter(Boolean)
                .join(" · "),
              formatCount(n.searches),
            ],
          }))}
        />
      </Panel>
      <Panel
        id="admin-insights-categories"
        title="Top categories by city"
        className="lg:col-span-2"
      >
        {data.topCategoriesByCity.length === 0 ? (
          <p className="text-ink-muted text-sm">
            Nobody has searched with both a city and a category in this period.
          </p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {data.topCategoriesByCity.map((c) => (
              <li key={c.city} className="border-line rounded-lg border p-3">
                <p className="text-ink flex justify-between gap-2 text-sm font-semibold">
                  {c.city}
                  <span className="text-ink-muted font-normal tabular-nums">
                    {formatCount(c.searches)} {c.searches === 1 ? "search" : "searches"}
                  </span>
                </p>
                <ol className="mt-2 flex flex-col gap-1 text-sm">
                  {c.categories.map((cat) => (
                    <li key={cat.id} className="flex justify-between gap-2">
                      <span className="text-ink-soft min-w-0 break-words">{cat.name}</span>
                      <span className="text-ink-muted shrink-0 tabular-nums">
                        {formatCount(cat.searches)}
                      </span>
                    </li>
                  ))}
                </ol>
              </li>
            ))}
          </ul>
        )}
      </Panel>
    </div>
  );
}

/** The whole directory's figures: top providers, queries, categories by city, searches with no results. */
export default function InsightsPanel() {
  const state = useStore(directoryInsights.$state);
  return (
    <section aria-labelledby="admin-insights-heading" className="flex flex-col gap-4">
      <div>
        <h2 id="admin-insights-heading" className="text-ink text-lg font-semibold">
          Insights
        </h2>
        <p className="text-ink-muted mt-1 text-sm">
          What the directory did for all providers together. Bots and providers' own visits are not
          counted; only totals are kept, for 13 months.
        </p>
      </div>
      <InsightsOverview
        state={state}
        metrics={DIRECTORY_METRICS}
        onPeriod={(days) => void directoryInsights.load(days)}
        errorTitle="We couldn't load the insights."
      >
        {(data) => <Lists data={data} />}
      </InsightsOverview>
    </section>
  );
}
