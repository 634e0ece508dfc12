import { describe, expect, it } from "vitest";
import {
  clampPage,
  hasNext,
  hasPrev,
  pageCount,
  pageOfText,
  pageRange,
  showingText,
} from "./pagination.ts";

describe("showingText", () => {
  it.each([
    [1, 20, 3214, "Showing 1–20 of 3,214"],
    [3, 20, 100_000, "Showing 41–60 of 100,000"],
    [5000, 20, 100_000, "Showing 99,981–100,000 of 100,000"],
    [2, 20, 27, "Showing 21–27 of 27"],
    [1, 20, 1, "Showing 1–1 of 1"],
    [1, 20, 0, "No results"],
    [4, 20, 27, "No results"],
  ])("page %i of %i per page, %i in all: %s", (page, limit, total, text) => {
    expect(showingText(page, limit, total)).toBe(text);
  });

  it("reads in Urdu with Western digits", () => {
    expect(showingText(3, 20, 100_000, "ur")).toBe("100,000 میں سے 41–60");
    expect(showingText(1, 20, 0, "ur")).toBe("کوئی نتیجہ نہیں");
    expect(pageOfText(2, 5, "en")).toBe("page 2 of 5");
    expect(pageOfText(2, 5, "ur")).toBe("صفحہ 2 از 5");
  });
});

describe("page math", () => {
  it.each([
    [0, 20, 1],
    [1, 20, 1],
    [20, 20, 1],
    [21, 20, 2],
    [100_000, 20, 5000],
  ])("%i items at %i per page fill %i pages", (total, limit, pages) => {
    expect(pageCount(total, limit)).toBe(pages);
  });

  it("keeps a page inside the list", () => {
    expect(clampPage(0, 100, 20)).toBe(1);
    expect(clampPage(9, 100, 20)).toBe(5);
    expect(clampPage(3, 100, 20)).toBe(3);
    expect(clampPage(Number.NaN, 100, 20)).toBe(1);
    expect(clampPage(2, 0, 20)).toBe(1);
  });

  it("knows the first and last item of a page", () => {
    expect(pageRange(2, 20, 45)).toEqual({ from: 21, to: 40 });
    expect(pageRange(3, 20, 45)).toEqual({ from: 41, to: 45 });
    expect(pageRange(1, 20, 0)).toEqual({ from: 0, to: 0 });
  });

  it("offers Prev after page 1 and Next before the last page", () => {
    expect(hasPrev(1)).toBe(false);
    expect(hasPrev(2)).toBe(true);
    expect(hasNext(1, 20, 20)).toBe(false);
    expect(hasNext(1, 20, 21)).toBe(true);
    expect(hasNext(2, 20, 21)).toBe(false);
  });
});
