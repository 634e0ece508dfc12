import { describe, expect, it } from "vitest";
import type { AdminStats } from "../../lib/admin-schemas.ts";
import { formatCount, formatGrowth, growthTrend, STAT_CARDS, statValue } from "./stats.ts";

describe("formatGrowth", () => {
  it.each<[number | null | undefined, string]>([
    [12.5, "+12.5%"],
    [-3, "-3%"],
    [0, "0%"],
    [100, "+100%"],
    [33.333, "+33.3%"],
    [-0.04, "0%"],
    [1250, "+1,250%"],
    [null, "—"],
    [undefined, "—"],
    [Number.NaN, "—"],
  ])("%s → %s", (growth, text) => {
    expect(formatGrowth(growth)).toBe(text);
  });
});

describe("growthTrend", () => {
  it.each<[number | null, ReturnType<typeof growthTrend>]>([
    [12.5, "up"],
    [-3, "down"],
    [0, "flat"],
    // Shown as "0%", so not coloured as a fall.
    [-0.04, "flat"],
    [null, "none"],
  ])("%s → %s", (growth, trend) => {
    expect(growthTrend(growth)).toBe(trend);
  });
});

describe("formatCount", () => {
  it.each<[number, string]>([
    [0, "0"],
    [999, "999"],
    [12500, "12,500"],
    [1234567, "1,234,567"],
  ])("%s → %s", (n, text) => {
    expect(formatCount(n)).toBe(text);
  });
});

describe("the stats row", () => {
  const stats: AdminStats = {
    totalUsers: 1204,
    totalCustomers: 1100,
    totalProviders: 96,
    activeServices: 310,
    verifiedProviders: 12,
    monthlyGrowth: null,
  };

  it("has the six cards in their order", () => {
    expect(STAT_CARDS.map((c) => c.label)).toEqual([
      "Total Users",
      "Total Customers",
      "Total Providers",
      "Active Services",
      "Verified Providers",
      "Monthly Growth",
    ]);
  });

  it("formats each card's value", () => {
    expect(STAT_CARDS.map((c) => statValue(stats, c.key))).toEqual([
      "1,204",
      "1,100",
      "96",
      "310",
      "12",
      "—",
    ]);
    expect(statValue({ ...stats, monthlyGrowth: -12.25 }, "monthlyGrowth")).toBe("-12.3%");
  });
});
