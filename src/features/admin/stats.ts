/**
 * The admin dashboard's stats row numbers (GET /api/admin/stats):
 * counts in the en-PK style, monthly growth as a signed percent or a dash.
 * Pure, so it is unit-tested.
 */
import type { AdminStats } from "../../lib/admin-schemas.ts";

const counts = new Intl.NumberFormat("en-PK", { maximumFractionDigits: 0 });
const percent = new Intl.NumberFormat("en-PK", {
  maximumFractionDigits: 1,
  signDisplay: "exceptZero",
});

/** 1234567 → "1,234,567" (en-PK groups in thousands, like the PKR prices). */
export function formatCount(n: number): string {
  return counts.format(n);
}

/** Shown when the earlier 30 days had no new providers to compare with (spec: "a dash if missing"). */
export const NO_GROWTH = "—";

/** 12.5 → "+12.5%", -3 → "-3%", 0 → "0%", null → "—". */
export function formatGrowth(growth: number | null | undefined): string {
  if (growth === null || growth === undefined || !Number.isFinite(growth)) return NO_GROWTH;
  // Intl writes U+2212 (−) in some locales; a hyphen reads the same and matches what people type.
  return `${percent.format(growth).replace("\u2212", "-")}%`;
}

/** Up, down, flat or unknown: the card colours the figure by it. */
export function growthTrend(growth: number | null | undefined): "up" | "down" | "flat" | "none" {
  if (growth === null || growth === undefined || !Number.isFinite(growth)) return "none";
  // Round like the label, so "0%" is never coloured as a change.
  const shown = Math.round(growth * 10) / 10;
  if (shown > 0) return "up";
  if (shown < 0) return "down";
  return "flat";
}

/** The six cards; 'totalProviders' shows the active ones (decision 024). */
export type StatKey =
  | "totalUsers"
  | "totalCustomers"
  | "totalProviders"
  | "activeServices"
  | "verifiedProviders"
  | "monthlyGrowth";

/** The cards, in the order the row shows them. */
export const STAT_CARDS: readonly { key: StatKey; label: string }[] = [
  { key: "totalUsers", label: "Total Users" },
  { key: "totalCustomers", label: "Total Customers" },
  { key: "totalProviders", label: "Total Providers" },
  { key: "activeServices", label: "Active Services" },
  { key: "verifiedProviders", label: "Verified Providers" },
  { key: "monthlyGrowth", label: "Monthly Growth" },
];

/** The text a card shows for its key. */
export function statValue(stats: AdminStats, key: StatKey): string {
  switch (key) {
    case "monthlyGrowth":
      return formatGrowth(stats.monthlyGrowth);
    case "totalProviders":
      // Deactivated providers are not in the directory: counting them would flatter it.
      return formatCount(stats.activeProviders);
    default:
      return formatCount(stats[key]);
  }
}

/** The smaller text beside a card's figure, or null: the inactive providers left out of the total. */
export function statNote(stats: AdminStats, key: StatKey): string | null {
  if (key !== "totalProviders" || stats.inactiveProviders === 0) return null;
  return `+ ${formatCount(stats.inactiveProviders)} inactive`;
}

/** What 'Monthly Growth' measures (decision 024), for its tooltip. */
export const GROWTH_DEFINITION =
  "New active providers in the last 30 days against the 30 days before; a dash when the earlier 30 days had none.";

/** The tooltip: the definition, and the two counts behind the figure once loaded. */
export function growthHint(stats: AdminStats | null): string {
  if (!stats) return GROWTH_DEFINITION;
  return (
    `${GROWTH_DEFINITION} Last 30 days: ${formatCount(stats.newProvidersLast30Days)}; ` +
    `the 30 days before: ${formatCount(stats.newProvidersPrevious30Days)}.`
  );
}
