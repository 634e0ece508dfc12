/**
 * GET /api/admin/stats for the stats row: loaded when the row first shows and
 * again whenever another panel bumps the "stats" revision. Never polled.
 */
import { atom, computed, onMount } from "nanostores";
import type { AdminStats } from "../../lib/admin-schemas.ts";
import { describeError } from "../../lib/api.ts";
import { api, unwrap } from "../../lib/api-client.ts";
import { handleUnauthorized, isUnauthorized } from "../dashboard/unauthorized.ts";
import { ADMIN_LOGIN } from "./notify.ts";
import { $revisions } from "./store.ts";

export type StatsState =
  | { status: "loading" }
  | { status: "ready"; stats: AdminStats; refreshing: boolean }
  | { status: "error"; message: string };

export const $adminStats = atom<StatsState>({ status: "loading" });

const $statsRevision = computed($revisions, (r) => r.stats);

/** Bumped per request, so a slow older answer never overwrites a newer one. */
let generation = 0;

export async function loadAdminStats(): Promise<void> {
  const mine = ++generation;
  const now = $adminStats.get();
  // Keep the figures on screen while they refresh: the row must not jump.
  $adminStats.set(now.status === "ready" ? { ...now, refreshing: true } : { status: "loading" });
  try {
    const data = await unwrap(api.admin.stats.$get());
    if (mine === generation) $adminStats.set({ status: "ready", stats: data, refreshing: false });
  } catch (err) {
    if (mine !== generation) return;
    if (isUnauthorized(err)) {
      handleUnauthorized(ADMIN_LOGIN);
      return;
    }
    $adminStats.set({ status: "error", message: describeError(err) });
  }
}

onMount($adminStats, () => {
  if (typeof window === "undefined") return;
  // Fires at once (the first load), then on every bump.
  return $statsRevision.subscribe(() => void loadAdminStats());
});
