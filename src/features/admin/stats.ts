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

/** Shown when last month had no providers to compare with (spec: "a dash if missing"). */
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

export type StatKey = keyof AdminStats;

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
  return key === "monthlyGrowth" ? formatGrowth(stats.monthlyGrowth) : formatCount(stats[key]);
}
