import { describe, expect, it } from "vitest";
import { installErrorTable, localizeError } from "../../i18n/errors.ts";
import { translateError } from "../../i18n/error-table.ts";
import {
  checkQuote,
  checkReply,
  EMPTY_QUOTE,
  EMPTY_REPLY,
  formatRupeesInput,
  needCount,
  reformatRupees,
  todayInPakistan,
  type QuoteValues,
} from "./form.ts";

// As an Urdu page does once it has loaded (src/i18n/index.ts).
installErrorTable(translateError);

const PROVIDER = "6a0b5b7e-2f1c-4d3e-9a8b-7c6d5e4f3a2b";
const USER = "0b7c3f2e-1111-4222-8333-444455556666";
/** 2026-12-01 10:00 in Pakistan. */
const NOW = Date.parse("2026-12-01T05:00:00Z");
const NEED = "200 steel brackets, 3 mm, powder coated black";

const VALID: QuoteValues = {
  need: `  ${NEED} `,
  quantity: " 200 pieces ",
  budgetPkr: "150,000",
  city: "Lahore",
  neededBy: "2026-12-20",
};

describe("formatRupeesInput", () => {
  it.each([
    ["", ""],
    ["1", "1"],
    ["1500", "1,500"],
    ["150000", "150,000"],
    ["15000000", "15,000,000"],
    ["1,50,000", "150,000"],
    ["Rs. 2500/-", "2,500"],
    ["007", "7"],
    ["0", "0"],
    ["abc", ""],
  ])("%j reads as %j", (raw, shown) => {
    expect(formatRupeesInput(raw)).toBe(shown);
  });
});

describe("reformatRupees keeps the caret among the same digits", () => {
  it.each([
    // Typing a fourth digit at the end: the comma appears, the caret stays at the end.
    ["1500", 4, "1,500", 5],
    // A digit typed in the middle of "1,500" (→ "12,500"): the caret stays after the "2".
    ["12,500", 2, "12,500", 2],
    ["1,2500", 3, "12,500", 2],
    // Deleting the comma's neighbour: '1,00' → '100', caret after the first digit.
    ["1,00", 1, "100", 1],
    // Leading zeros go, the caret follows the digits that remain.
    ["0012", 4, "12", 2],
    ["", 0, "", 0],
  ])("%j with the caret at %i → %j at %i", (raw, caret, value, at) => {
    expect(reformatRupees(raw, caret)).toEqual({ value, caret: at });
  });
});

describe("todayInPakistan", () => {
  it.each([
    ["2026-12-01T05:00:00Z", "2026-12-01"],
    // 19:00 UTC is already midnight in Pakistan (UTC+5).
    ["2026-11-30T19:00:00Z", "2026-12-01"],
    ["2026-11-30T18:59:59Z", "2026-11-30"],
  ])("at %s it is %s", (iso, day) => {
    expect(todayInPakistan(Date.parse(iso))).toBe(day);
  });
});

describe("checkQuote", () => {
  it("trims, reads the budget as rupees and names the provider", () => {
    const photo = `/api/media/leads/${USER}/1764500000000_drawing.jpg`;
    expect(checkQuote(VALID, [photo], PROVIDER, NOW)).toEqual({
      ok: true,
      payload: {
        providerId: PROVIDER,
        need: NEED,
        quantity: "200 pieces",
        budgetPkr: 150000,
        city: "Lahore",
        neededBy: "2026-12-20",
        photos: [photo],
      },
    });
  });

  it("leaves the optional fields out when empty", () => {
    const r = checkQuote({ ...EMPTY_QUOTE, need: NEED, city: "Karachi" }, [], PROVIDER, NOW);
    expect(r).toEqual({
      ok: true,
      payload: { providerId: PROVIDER, need: NEED, city: "Karachi", photos: [] },
    });
  });

  it("accepts today as 'needed by'", () => {
    expect(checkQuote({ ...VALID, neededBy: "2026-12-01" }, [], PROVIDER, NOW).ok).toBe(true);
  });

  it.each<[Partial<QuoteValues>, Partial<Record<string, string>>]>([
    [{ need: "too short" }, { need: "Describe what you need in at least 20 characters" }],
    [{ need: "x".repeat(2001) }, { need: "Keep it under 2,000 characters" }],
    [{ city: "" }, { city: "City is required" }],
    [{ city: "Atlantis" }, { city: "Choose a city from the list" }],
    [{ quantity: "q".repeat(101) }, { quantity: "Quantity must be at most 100 characters" }],
    [{ neededBy: "2026-11-30" }, { neededBy: "Needed by cannot be in the past" }],
    [{ budgetPkr: "2,000,000,000" }, { budgetPkr: "Budget is too large" }],
  ])("refuses %j", (patch, errors) => {
    const r = checkQuote({ ...VALID, ...patch }, [], PROVIDER, NOW);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.errors).toEqual(errors);
      expect(r.first).toBe(Object.keys(errors)[0]);
    }
  });

  it("refuses a fourth photo and a photo that is not an upload", () => {
    const photo = (n: number) => `/api/media/leads/${USER}/${n}_p.jpg`;
    const four = checkQuote(VALID, [1, 2, 3, 4].map(photo), PROVIDER, NOW);
    expect(four.ok || four.errors.photos).toBe("Add at most 3 photos");
    const foreign = checkQuote(VALID, ["https://example.com/x.jpg"], PROVIDER, NOW);
    expect(foreign.ok || foreign.errors.photos).toBe("Photo must be an uploaded image");
  });

  it("puts the first invalid field in form order first", () => {
    const r = checkQuote({ ...VALID, need: "", neededBy: "2020-01-01" }, [], PROVIDER, NOW);
    expect(r.ok || r.first).toBe("need");
  });
});

describe("needCount", () => {
  it("counts trimmed characters against 2,000", () => {
    expect(needCount("  abc  ")).toEqual({ count: 3, text: "3 / 2,000", tooShort: true });
    expect(needCount(NEED).tooShort).toBe(false);
    expect(needCount("x".repeat(1500)).text).toBe("1,500 / 2,000");
  });
});

describe("checkReply", () => {
  it("sends a plain message without quote fields", () => {
    expect(checkReply({ ...EMPTY_REPLY, body: " Thank you! " }, NOW)).toEqual({
      ok: true,
      payload: { body: "Thank you!" },
    });
  });

  it("sends a quote in rupees with its validity", () => {
    expect(
      checkReply({ body: "Our price", quotePkr: "145,000", quoteValidUntil: "2026-12-15" }, NOW),
    ).toEqual({
      ok: true,
      payload: { body: "Our price", quotePkr: 145000, quoteValidUntil: "2026-12-15" },
    });
  });

  it.each<[Partial<typeof EMPTY_REPLY>, Partial<Record<string, string>>]>([
    [{ body: "  " }, { body: "Message is required" }],
    [{ body: "Price", quoteValidUntil: "2026-12-15" }, { quotePkr: "Enter the quote amount" }],
    [
      { body: "Price", quotePkr: "5,000", quoteValidUntil: "2026-11-01" },
      { quoteValidUntil: "Valid until cannot be in the past" },
    ],
  ])("refuses %j", (patch, errors) => {
    const r = checkReply({ ...EMPTY_REPLY, ...patch }, NOW);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors).toEqual(errors);
  });
});

describe("in Urdu", () => {
  it("reads the digits an Urdu keyboard types as rupees, grouped with Western digits", () => {
    expect(formatRupeesInput("۱۵۰۰۰۰", "ur")).toBe("150,000");
    expect(formatRupeesInput("١٥٠٠", "ur")).toBe("1,500");
    expect(formatRupeesInput("150000", "ur")).toBe("150,000");
    expect(reformatRupees("۱۲۵۰۰", 2, "ur")).toEqual({ value: "12,500", caret: 2 });
  });

  it("counts with Western digits too", () => {
    expect(needCount("x".repeat(1500), "ur").text).toBe("1,500 / 2,000");
  });

  it("shows the schemas' messages from the error catalogue", () => {
    const r = checkQuote({ ...VALID, need: "x".repeat(2001) }, [], PROVIDER, NOW, "ur");
    const english = "Keep it under 2,000 characters";
    expect(r.ok || r.errors.need).toBe(localizeError(english, "ur"));
    expect(r.ok || r.errors.need).not.toBe(english);
    const past = checkReply(
      { body: "Price", quotePkr: "5,000", quoteValidUntil: "2026-11-01" },
      NOW,
      "ur",
    );
    expect(past.ok || past.errors.quoteValidUntil).toBe(
      localizeError("Valid until cannot be in the past", "ur"),
    );
  });
});
