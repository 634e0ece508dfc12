import { describe, expect, it } from "vitest";
import { truncateText } from "./provider-view.ts";

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
