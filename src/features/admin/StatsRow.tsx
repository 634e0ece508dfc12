import { useStore } from "@nanostores/react";
import {
  BadgeCheck,
  Building2,
  Info,
  Layers,
  RotateCw,
  TrendingDown,
  TrendingUp,
  UserRound,
  Users,
  type LucideIcon,
} from "lucide-react";
import { Tip } from "../../components/ui/Tooltip.tsx";
import { buttonClass } from "../../components/ui/button.ts";
import { cn } from "../../lib/cn.ts";
import { growthHint, growthTrend, STAT_CARDS, statNote, statValue, type StatKey } from "./stats.ts";
import { $adminStats, loadAdminStats } from "./stats-store.ts";

const ICONS: Record<StatKey, LucideIcon> = {
  totalUsers: Users,
  totalCustomers: UserRound,
  totalProviders: Building2,
  activeServices: Layers,
  verifiedProviders: BadgeCheck,
  monthlyGrowth: TrendingUp,
};

const cardClass =
  "rounded-card border-line bg-surface shadow-card flex min-h-24 flex-col justify-between gap-2 border p-4";

/** The six figures above the tabs: same size loading, loaded or failed, so nothing jumps. */
export function StatsRow() {
  const state = useStore($adminStats);

  if (state.status === "error") {
    return (
      <div
        role="alert"
        className="rounded-card border-danger-border bg-danger-soft mt-6 flex flex-col gap-3 border p-4 sm:flex-row sm:items-center sm:justify-between"
      >
        <div className="min-w-0">
          <p className="text-ink font-semibold">We couldn't load the statistics.</p>
          <p className="text-ink-soft mt-0.5 text-sm break-words">{state.message}</p>
        </div>
        <button
          type="button"
          onClick={() => void loadAdminStats()}
          className={buttonClass("outline", "sm", "shrink-0")}
        >
          <RotateCw aria-hidden="true" className="size-4" />
          Try again
        </button>
      </div>
    );
  }

  const stats = state.status === "ready" ? state.stats : null;
  return (
    <section aria-labelledby="admin-stats-heading" className="mt-6">
      <h2 id="admin-stats-heading" className="sr-only">
        Statistics
      </h2>
      <dl
        aria-busy={state.status === "loading" || (stats && state.refreshing) || undefined}
        className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6"
      >
        {STAT_CARDS.map(({ key, label }) => {
          const trend = key === "monthlyGrowth" && stats ? growthTrend(stats.monthlyGrowth) : null;
          const Icon = trend === "down" ? TrendingDown : ICONS[key];
          return (
            <div key={key} className={cardClass}>
              <dt className="text-ink-muted flex items-start justify-between gap-2 text-sm leading-tight font-medium">
                <span className="flex items-start gap-1">
                  {label}
                  {key === "monthlyGrowth" && (
                    <Tip label={growthHint(stats)}>
                      <button
                        type="button"
                        aria-label="How Monthly Growth is counted"
                        className="text-ink-muted hover:text-ink focus-visible:outline-primary-ring -m-0.5 shrink-0 rounded-full p-0.5 focus-visible:outline-3 focus-visible:outline-offset-2"
                      >
                        <Info aria-hidden="true" className="size-3.5" />
                      </button>
                    </Tip>
                  )}
                </span>
                <Icon
                  aria-hidden="true"
                  className={cn(
                    "size-4 shrink-0",
                    trend === "down" ? "text-danger" : "text-primary",
                  )}
                />
              </dt>
              <dd
                className={cn(
                  "text-2xl font-bold tracking-tight tabular-nums",
                  trend === "up"
                    ? "text-primary-dark"
                    : trend === "down"
                      ? "text-danger"
                      : trend === "none"
                        ? "text-ink-muted"
                        : "text-ink",
                )}
              >
                {stats ? (
                  <>
                    {statValue(stats, key)}
                    {statNote(stats, key) && (
                      <span className="text-ink-muted ms-1.5 text-xs font-medium tracking-normal whitespace-nowrap">
                        {statNote(stats, key)}
                      </span>
                    )}
                    {trend === "none" && (
                      <span className="sr-only"> (no new providers in the 30 days before)</span>
                    )}
                  </>
                ) : (
                  <span className="skeleton block h-8 w-16" aria-hidden="true" />
                )}
              </dd>
            </div>
          );
        })}
      </dl>
      {state.status === "loading" && (
        <p role="status" className="sr-only">
          Loading statistics…
        </p>
      )}
    </section>
  );
}
