import { describe, expect, it } from "vitest";
import { fullTime, lastUsedText } from "./time.ts";

const NOW = Date.parse("2026-11-25T12:00:00Z");
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const MIN = 60_000;

describe("lastUsedText", () => {
  it.each([
    ["a few seconds ago", ago(20_000), "just now"],
    ["a clock slightly ahead", ago(-5_000), "just now"],
    ["minutes", ago(5 * MIN), "5 minutes ago"],
    ["hours", ago(3 * 60 * MIN), "3 hours ago"],
    ["one day", ago(24 * 60 * MIN), "yesterday"],
    ["days", ago(3 * 24 * 60 * MIN), "3 days ago"],
    ["not a date", "soon", "unknown"],
  ])("%s", (_name, iso, text) => {
    expect(lastUsedText(iso, NOW)).toBe(text);
  });

  it("gives a date beyond a week", () => {
    expect(lastUsedText("2026-10-01T08:00:00Z", NOW)).toMatch(/2026/);
  });
});

describe("lastUsedText in Urdu", () => {
  it.each([
    ["a few seconds ago", ago(20_000), "ابھی ابھی"],
    ["minutes", ago(5 * MIN), new Intl.RelativeTimeFormat("ur-PK").format(-5, "minute")],
    [
      "one day",
      ago(24 * 60 * MIN),
      new Intl.RelativeTimeFormat("ur-PK", { numeric: "auto" }).format(-1, "day"),
    ],
    ["not a date", "soon", "نامعلوم"],
  ])("%s", (_name, iso, text) => {
    expect(lastUsedText(iso, NOW, "ur")).toBe(text);
  });

  it("keeps Western digits", () => {
    expect(lastUsedText(ago(5 * MIN), NOW, "ur")).toMatch(/5/);
    expect(fullTime("2026-10-01T08:00:00Z", "ur")).toMatch(/2026/);
  });
});
