import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  assetFileLimit,
  BUDGET_ORDER,
  BudgetTooSmallError,
  DEFAULT_ASSET_FILE_LIMIT,
  filesPerPage,
  planFileBudget,
  type BudgetKind,
} from "./file-budget.ts";

const pages = (p: Partial<Record<BudgetKind, number>>): Record<BudgetKind, number> => ({
  sitemaps: 0,
  cities: 0,
  cityCategories: 0,
  providers: 0,
  emptyCities: 0,
  ...p,
});

describe("planFileBudget", () => {
  it("writes everything when it fits, each directory page in both languages", () => {
    const plan = planFileBudget({
      limit: 20_000,
      reserved: 500,
      locales: 2,
      pages: pages({ sitemaps: 0, cities: 10, cityCategories: 40, providers: 300, emptyCities: 5 }),
    });
    expect(plan.kinds).toEqual({
      sitemaps: { written: 0, left: 0, files: 0 },
      cities: { written: 10, left: 0, files: 20 },
      cityCategories: { written: 40, left: 0, files: 80 },
      providers: { written: 300, left: 0, files: 600 },
      emptyCities: { written: 5, left: 0, files: 10 },
    });
    expect(plan.files).toBe(500 + 20 + 80 + 600 + 10);
  });

  it("fills the kinds in priority order: sitemaps, cities, city × category pages, providers, empty cities", () => {
    expect(BUDGET_ORDER).toEqual([
      "sitemaps",
      "cities",
      "cityCategories",
      "providers",
      "emptyCities",
    ]);
    // The directory of the 1,000,000-provider run: 203 sitemap files, 256 cities, 11,008 pairs.
    const plan = planFileBudget({
      limit: 20_000,
      reserved: 500,
      locales: 2,
      pages: pages({ sitemaps: 203, cities: 256, cityCategories: 11_008, providers: 1_000_000 }),
    });
    expect(plan.kinds.sitemaps).toEqual({ written: 203, left: 0, files: 203 });
    expect(plan.kinds.cities).toEqual({ written: 256, left: 0, files: 512 });
    // (20,000 − 500 − 203 − 512) / 2 = 9,392.5: the half page is not written.
    expect(plan.kinds.cityCategories).toEqual({ written: 9_392, left: 1_616, files: 18_784 });
    expect(plan.kinds.providers).toEqual({ written: 0, left: 1_000_000, files: 0 });
    expect(plan.files).toBe(19_999);
  });

  it("writes nothing of a lower kind once a kind is cut, even where a file is left", () => {
    // Room for 5 files: 2 cities take 4, the 3rd city does not fit, the 1 file left stays empty.
    const plan = planFileBudget({
      limit: 15,
      reserved: 10,
      locales: 2,
      pages: pages({ cities: 3, providers: 1, emptyCities: 1 }),
    });
    expect(plan.kinds.cities).toEqual({ written: 2, left: 1, files: 4 });
    expect(plan.kinds.providers).toEqual({ written: 0, left: 1, files: 0 });
    expect(plan.kinds.emptyCities).toEqual({ written: 0, left: 1, files: 0 });
    expect(plan.files).toBe(14);
  });

  it("counts a sitemap as one file and a directory page as one per language", () => {
    expect(filesPerPage("sitemaps", 2)).toBe(1);
    for (const kind of BUDGET_ORDER.filter((k) => k !== "sitemaps"))
      expect(filesPerPage(kind, 2)).toBe(2);
    const one = planFileBudget({
      limit: 7,
      reserved: 0,
      locales: 1,
      pages: pages({ providers: 9 }),
    });
    expect(one.kinds.providers).toEqual({ written: 7, left: 2, files: 7 });
  });

  it("holds the reserve alone when the limit is the reserve, and refuses a limit below it", () => {
    const plan = planFileBudget({
      limit: 500,
      reserved: 500,
      locales: 2,
      pages: pages({ sitemaps: 1, cities: 1 }),
    });
    expect(plan.files).toBe(500);
    expect(plan.kinds.sitemaps).toEqual({ written: 0, left: 1, files: 0 });
    expect(() =>
      planFileBudget({ limit: 499, reserved: 500, locales: 2, pages: pages({}) }),
    ).toThrow(BudgetTooSmallError);
    expect(() =>
      planFileBudget({ limit: 100, reserved: 500, locales: 2, pages: pages({}) }),
    ).toThrow("ASSET_FILE_LIMIT is 100, but the app pages and assets alone may take 500 files");
  });

  it("plans an empty directory as the reserve alone", () => {
    const plan = planFileBudget({ limit: 20_000, reserved: 500, locales: 2, pages: pages({}) });
    expect(plan.files).toBe(500);
    expect(Object.values(plan.kinds).every((k) => k.written === 0 && k.left === 0)).toBe(true);
  });

  it("refuses counts that are not whole numbers", () => {
    const base = { limit: 100, reserved: 10, locales: 2, pages: pages({}) };
    expect(() => planFileBudget({ ...base, limit: 1.5 })).toThrow(RangeError);
    expect(() => planFileBudget({ ...base, reserved: -1 })).toThrow(RangeError);
    expect(() => planFileBudget({ ...base, locales: 0 })).toThrow(RangeError);
    expect(() => planFileBudget({ ...base, pages: pages({ providers: -3 }) })).toThrow(RangeError);
    expect(() => planFileBudget({ ...base, pages: pages({ cities: NaN }) })).toThrow(RangeError);
  });

  it("never plans more files than the limit, and cuts only what does not fit, in order", () => {
    const count = fc.integer({ min: 0, max: 200_000 });
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 120_000 }),
        fc.integer({ min: 0, max: 2_000 }),
        fc.integer({ min: 1, max: 3 }),
        fc.record({
          sitemaps: fc.integer({ min: 0, max: 500 }),
          cities: fc.integer({ min: 0, max: 300 }),
          cityCategories: fc.integer({ min: 0, max: 20_000 }),
          providers: count,
          emptyCities: fc.integer({ min: 0, max: 300 }),
        }),
        (extra, reserved, locales, demand) => {
          const limit = reserved + extra;
          const plan = planFileBudget({ limit, reserved, locales, pages: demand });
          expect(plan.files).toBeLessThanOrEqual(limit);
          let used = reserved;
          let cut = false;
          for (const kind of BUDGET_ORDER) {
            const k = plan.kinds[kind];
            expect(k.written + k.left).toBe(demand[kind]);
            expect(k.files).toBe(k.written * filesPerPage(kind, locales));
            if (cut) expect(k.written).toBe(0);
            else if (k.left > 0) {
              // The first kind cut takes all the room one more page would not fit into.
              expect(limit - used - k.files).toBeLessThan(filesPerPage(kind, locales));
              cut = true;
            }
            used += k.files;
          }
          expect(plan.files).toBe(used);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe("assetFileLimit", () => {
  it("defaults to the free plan's 20,000 and reads a whole number", () => {
    expect(assetFileLimit(undefined)).toBe(DEFAULT_ASSET_FILE_LIMIT);
    expect(assetFileLimit("")).toBe(20_000);
    expect(assetFileLimit("100000")).toBe(100_000);
  });

  it.each(["lots", "0", "-5", "1.5", "2e100000"])("refuses %s", (v) => {
    expect(() => assetFileLimit(v)).toThrow(`ASSET_FILE_LIMIT must be a whole number, not "${v}"`);
  });
});
