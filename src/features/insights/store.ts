/**
 * The Insights tabs' figures: the provider's own (GET /api/my-provider/insights)
 * and the directory's (GET /api/admin/insights). Loaded when a tab first
 * shows and when its period changes; never polled.
 */
import { atom, onMount, type ReadableAtom } from "nanostores";
import type {
  DirectoryInsights,
  InsightPeriod,
  ProviderInsights,
} from "../../lib/analytics-schemas.ts";
import { describeError } from "../../lib/api.ts";
import { api, unwrap } from "../../lib/api-client.ts";
import { ADMIN_LOGIN } from "../admin/notify.ts";
import { dashboardLogin, handleUnauthorized, isUnauthorized } from "../dashboard/unauthorized.ts";

export type InsightsState<T> =
  | { status: "loading"; days: InsightPeriod }
  /** `refreshing`: another period is on its way; the figures shown stay until it arrives. */
  | { status: "ready"; days: InsightPeriod; data: T; refreshing: boolean }
  | { status: "error"; days: InsightPeriod; message: string };

export interface InsightsStore<T> {
  $state: ReadableAtom<InsightsState<T>>;
  /** Loads the last `days` days (again). */
  load(days: InsightPeriod): Promise<void>;
}

/** `login`: the sign-in page to send a signed-out reader to, asked when it happens (its language is the page's). */
function insightsStore<T>(
  fetchDays: (days: InsightPeriod) => Promise<T>,
  login: () => string,
): InsightsStore<T> {
  const $state = atom<InsightsState<T>>({ status: "loading", days: 30 });
  /** Bumped per request, so a slow answer for the other period never overwrites a newer one. */
  let generation = 0;

  async function load(days: InsightPeriod): Promise<void> {
    const mine = ++generation;
    const now = $state.get();
    $state.set(
      now.status === "ready" ? { ...now, days, refreshing: true } : { status: "loading", days },
    );
    try {
      const data = await fetchDays(days);
      if (mine === generation) $state.set({ status: "ready", days, data, refreshing: false });
    } catch (err) {
      if (mine !== generation) return;
      if (isUnauthorized(err)) {
        handleUnauthorized(login());
        return;
      }
      $state.set({ status: "error", days, message: describeError(err) });
    }
  }

  onMount($state, () => {
    if (typeof window === "undefined") return;
    void load($state.get().days);
  });
  return { $state, load };
}

const query = (days: InsightPeriod) => ({ query: { days: String(days) as "30" | "90" } });

export const providerInsights: InsightsStore<ProviderInsights> = insightsStore(
  (days) => unwrap(api["my-provider"].insights.$get(query(days))),
  dashboardLogin,
);

export const directoryInsights: InsightsStore<DirectoryInsights> = insightsStore(
  (days) => unwrap(api.admin.insights.$get(query(days))),
  () => ADMIN_LOGIN,
);

/** The CSV download of the provider's figures (an ordinary link: the browser saves the attachment). */
export function insightsCsvHref(days: InsightPeriod): string {
  return `/api/my-provider/insights/csv?days=${days}`;
}
