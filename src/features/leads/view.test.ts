import { describe, expect, it } from "vitest";
import { LEAD_STATUSES } from "../../lib/lead-schemas.ts";
import {
  excerpt,
  formatDay,
  inSentence,
  quoteText,
  reviewNote,
  statusBadge,
  statusLabel,
  unreadText,
} from "./view.ts";

describe("quoteText", () => {
  it.each([
    [{ quotePkr: null, quoteValidUntil: null }, null],
    [{ quotePkr: 150000, quoteValidUntil: null }, "PKR 150,000"],
    [{ quotePkr: 150000, quoteValidUntil: "2026-12-15" }, "PKR 150,000, valid until 15 Dec 2026"],
    [{ quotePkr: 0, quoteValidUntil: null }, "PKR 0"],
  ])("%j reads %j", (m, text) => {
    expect(quoteText(m)).toBe(text);
  });
});

describe("formatDay", () => {
  it("shows a day in the en-PK style, whatever the reader's time zone", () => {
    expect(formatDay("2026-01-01")).toBe("1 Jan 2026");
    expect(formatDay("soon")).toBe("soon");
  });
});

describe("statusBadge", () => {
  it.each([
    [{ status: "new", reviewState: "visible" }, "New", "new"],
    [{ status: "replied", reviewState: "visible" }, "Replied", "active"],
    [{ status: "quoted", reviewState: "visible" }, "Quoted", "active"],
    [{ status: "won", reviewState: "visible" }, "Won", "won"],
    [{ status: "lost", reviewState: "visible" }, "Lost", "lost"],
    [{ status: "new", reviewState: "held" }, "In review", "muted"],
    [{ status: "new", reviewState: "removed" }, "Removed", "lost"],
  ] as const)("%j is %s", (lead, label, tone) => {
    expect(statusBadge(lead)).toEqual({ label, tone });
  });
});

describe("reviewNote", () => {
  it("explains only held and removed requests", () => {
    expect(reviewNote({ reviewState: "visible" })).toBeNull();
    expect(reviewNote({ reviewState: "held" })).toMatch(/review/);
    expect(reviewNote({ reviewState: "removed" })).toMatch(/removed/);
  });
});

describe("excerpt and unreadText", () => {
  it("shortens long text on a word-agnostic cut with an ellipsis", () => {
    expect(excerpt("a  b\n c")).toBe("a b c");
    expect(excerpt("x".repeat(200), 10)).toBe(`${"x".repeat(9)}…`);
  });

  it("says nothing when all is read", () => {
    expect(unreadText(0)).toBeNull();
    expect(unreadText(2)).toBe("2 unread");
  });
});

describe("in Urdu", () => {
  it("writes amounts, days and statuses for an Urdu reader, with Western digits", () => {
    const quote = quoteText({ quotePkr: 150000, quoteValidUntil: "2026-12-15" }, "ur");
    expect(quote).toContain("150,000");
    expect(quote).toContain("دسمبر");
    expect(quote).not.toContain("valid until");
    expect(formatDay("2026-01-01", "ur")).toMatch(/^1 جنوری، 2026$/);
    expect(statusBadge({ status: "won", reviewState: "visible" }, "ur").tone).toBe("won");
    expect(statusLabel("new", "ur")).not.toBe("New");
    expect(reviewNote({ reviewState: "held" }, "ur")).not.toMatch(/[A-Za-z]/);
    expect(unreadText(2, "ur")).toMatch(/^2 /);
  });

  it("isolates a name inside an Urdu sentence, and only there", () => {
    expect(inSentence("Hira H.", "ur")).toBe("\u2068Hira H.\u2069");
    expect(inSentence("Hira H.", "en")).toBe("Hira H.");
  });

  it("has a label for every status in both languages", () => {
    expect(LEAD_STATUSES.map((s) => statusLabel(s, "en"))).toEqual([
      "New",
      "Replied",
      "Quoted",
      "Won",
      "Lost",
    ]);
    for (const s of LEAD_STATUSES) expect(statusLabel(s, "ur")).toMatch(/\p{Script=Arabic}/u);
  });
});
