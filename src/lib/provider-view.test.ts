import { describe, expect, it } from "vitest";
import { replyTimeText, shownResponseTime, truncateText } from "./provider-view.ts";

describe("truncateText", () => {
  it.each([
    ["short text", 120, "short text"],
    ["  spaced   out  ", 120, "spaced out"],
    ["a".repeat(120), 120, "a".repeat(120)],
    ["a".repeat(121), 120, `${"a".repeat(119)}…`],
    ["We machine precise parts. Fast turnaround.", 30, "We machine precise parts…"],
    ["Moulds, dies, jigs and fixtures for industry", 20, "Moulds, dies, jigs…"],
  ])("%j at %i → %j", (input, max, expected) => {
    const out = truncateText(input, max);
    expect(out).toBe(expected);
    expect(out.length).toBeLessThanOrEqual(max);
  });
});

describe("replyTimeText", () => {
  it.each([
    [1, "Usually replies within 1 hour"],
    [59, "Usually replies within 1 hour"],
    [60, "Usually replies within 1 hour"],
    [61, "Usually replies within 2 hours"],
    [150, "Usually replies within 3 hours"],
    [48 * 60, "Usually replies within 48 hours"],
    [48 * 60 + 1, "Usually replies within 3 days"],
    [5 * 24 * 60, "Usually replies within 5 days"],
  ])("%i minutes → %j", (minutes, text) => expect(replyTimeText(minutes)).toBe(text));
});

describe("shownResponseTime", () => {
  it("prefers the measured time, else the self-declared one", () => {
    expect(shownResponseTime({ replyMinutes: 90, responseTime: "2-4 hours" })).toBe(
      "Usually replies within 2 hours",
    );
    expect(shownResponseTime({ replyMinutes: null, responseTime: "2-4 hours" })).toBe(
      "Usually responds in 2-4 hours",
    );
    expect(shownResponseTime({ replyMinutes: null, responseTime: " " })).toBeNull();
    expect(shownResponseTime({ replyMinutes: null, responseTime: null })).toBeNull();
  });
});
