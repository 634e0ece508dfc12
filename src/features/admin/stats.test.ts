import { describe, expect, it } from "vitest";
import type { AdminStats } from "../../lib/admin-schemas.ts";
import {
  formatCount,
  formatGrowth,
  GROWTH_DEFINITION,
  growthHint,
  growthTrend,
  STAT_CARDS,
  statNote,
  statValue,
} from "./stats.ts";

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
    activeProviders: 90,
    inactiveProviders: 6,
    activeServices: 310,
    verifiedProviders: 12,
    monthlyGrowth: null,
    newProvidersLast30Days: 4,
    newProvidersPrevious30Days: 0,
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
      "90",
      "310",
      "12",
      "—",
    ]);
    expect(statValue({ ...stats, monthlyGrowth: -12.25 }, "monthlyGrowth")).toBe("-12.3%");
  });

  it("counts the active providers, with the inactive ones beside them", () => {
    expect(statNote(stats, "totalProviders")).toBe("+ 6 inactive");
    expect(
      statNote({ ...stats, activeProviders: 1234, inactiveProviders: 1056 }, "totalProviders"),
    ).toBe("+ 1,056 inactive");
    expect(
      statNote({ ...stats, activeProviders: 96, inactiveProviders: 0 }, "totalProviders"),
    ).toBeNull();
    expect(STAT_CARDS.filter((c) => statNote(stats, c.key) !== null).map((c) => c.key)).toEqual([
      "totalProviders",
    ]);
  });

  it("explains Monthly Growth in its tooltip, with the two windows' counts once loaded", () => {
    expect(growthHint(null)).toBe(GROWTH_DEFINITION);
    expect(GROWTH_DEFINITION).toMatch(
      /active providers in the last 30 days against the 30 days before/,
    );
    expect(
      growthHint({ ...stats, newProvidersLast30Days: 1500, newProvidersPrevious30Days: 1200 }),
    ).toBe(`${GROWTH_DEFINITION} Last 30 days: 1,500; the 30 days before: 1,200.`);
  });
});
