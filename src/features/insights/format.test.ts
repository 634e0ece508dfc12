import { describe, expect, it } from "vitest";
import { describeChange, formatCount, longDay, shortDay } from "./format.ts";

describe("describeChange", () => {
  it.each([
    [10, 25, "+25%", "up"],
    [10, 12.5, "+12.5%", "up"],
    [3, -40, "−40%", "down"],
    [5, 0, "0%", "flat"],
    [4, null, "New", "new"],
    [0, null, "—", "none"],
    [2500, 1234.5, "+1,234.5%", "up"],
  ] as const)("%d with a change of %s reads %s (%s)", (now, change, text, trend) => {
    const d = describeChange(now, change, 30);
    expect(d.text).toBe(text);
    expect(d.trend).toBe(trend);
    expect(d.spoken).toMatch(/30 days/);
  });
});

describe("days and counts", () => {
  it("formats counts the en-PK way and days as Pakistan counted them", () => {
    expect(formatCount(1250)).toBe("1,250");
    expect(formatCount(1234567)).toBe("1,234,567");
    expect(shortDay("2026-11-28")).toBe("28 Nov");
    expect(longDay("2026-01-05")).toBe("5 Jan 2026");
  });
});

describe("in Urdu", () => {
  it("keeps Western digits and names the months in Urdu", () => {
    expect(formatCount(1250, "ur")).toBe("1,250");
    expect(shortDay("2026-11-28", "ur")).toBe("28 نومبر");
    expect(longDay("2026-01-05", "ur")).toMatch(/^5 جنوری،? 2026$/);
  });

  it("says the change in Urdu, with the same figures", () => {
    const d = describeChange(10, 12.5, 30, "ur");
    expect(d.text).toBe("+12.5%");
    expect(d.spoken).toBe("پچھلے 30 دنوں سے 12.5% زیادہ");
    expect(describeChange(4, null, 90, "ur").text).toBe("نیا");
  });
});
