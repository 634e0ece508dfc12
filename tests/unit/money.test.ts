import { describe, expect, it } from "vitest";
import { formatPkr, lowestPrice } from "../../src/lib/money.ts";

describe("formatPkr (en-PK)", () => {
  it.each([
    [0, "PKR 0"],
    [950, "PKR 950"],
    [12500, "PKR 12,500"],
    [150000, "PKR 150,000"],
    [1500000, "PKR 1,500,000"],
    [2499.6, "PKR 2,500"],
  ])("%d → %s", (rupees, expected) => {
    expect(formatPkr(rupees)).toBe(expected);
  });
});

describe("lowestPrice", () => {
  it("finds the lowest service price", () => {
    expect(lowestPrice([{ pricePkr: 5000 }, { pricePkr: 1200 }, { pricePkr: 9000 }])).toBe(1200);
  });
  it("counts a free service (0) as the lowest", () => {
    expect(lowestPrice([{ pricePkr: 5000 }, { pricePkr: 0 }])).toBe(0);
  });
  it("is null without priced services", () => {
    expect(lowestPrice([])).toBeNull();
    expect(lowestPrice([{ pricePkr: null }])).toBeNull();
  });
});
