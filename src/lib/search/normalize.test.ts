import { describe, expect, it } from "vitest";
import { isLatinWord, looseKey, normalizeText, tokenize } from "./normalize.ts";

describe("normalizeText", () => {
  describe.each([
    ["lower case", "Welding LAHORE", "welding lahore"],
    ["full-width Latin (NFKC)", "ＬＡＨＯＲＥ", "lahore"],
    [
      "Latin diacritics, as unicode61 remove_diacritics 2",
      "Café Múltan Ṣialkot",
      "cafe multan sialkot",
    ],
    ["Arabic presentation forms (NFKC)", "\uFEDF\uFE8E\uFBA8\uFEEE\uFEAD", "لاہور"],
    ["lam-alef ligature (NFKC)", "\uFEFB", "لا"],
    ["Arabic yeh and kaf", "كراچي", "کراچی"],
    ["alef maksura", "موسى", "موسی"],
    ["Arabic heh", "لاهور", "لاہور"],
    ["heh with yeh above", "\u06C0", "ہ"],
    ["heh goal with hamza above", "\u06C2", "ہ"],
    ["teh marbuta", "صورة", "صورۃ"],
    ["swash kaf", "\u06AAپڑا", "کپڑا"],
    ["harakat", "لَاہُور", "لاہور"],
    ["superscript alef", "موسیٰ", "موسی"],
    ["tatweel", "لاـہور", "لاہور"],
    ["zero-width non-joiner", "اسلام\u200Cآباد", "اسلامآباد"],
    ["zero-width joiner and direction marks", "\u200Fلاہور\u200D\u200E", "لاہور"],
    ["zero-width space as a word break", "darzi\u200Blahore", "darzi lahore"],
    ["Urdu digits", "۱۰ مرلہ", "10 مرلہ"],
    ["Arabic-Indic digits", "٣٠٠", "300"],
    ["yeh typed with a separate hamza", "کو\u06CC\u0654ٹہ", "کوئٹہ"],
  ])("%s", (_rule, input, expected) => {
    it(`${JSON.stringify(input)} → ${JSON.stringify(expected)}`, () => {
      expect(normalizeText(input)).toBe(expected);
    });
  });

  it.each([
    ["keeps the Urdu letters people type", "کوئٹہ جوتے گھر آباد ں ڈ ڑ ٹ ے ھ"],
    ["keeps Latin letters and digits", "cnc r410a 10 marla"],
  ])("%s", (_rule, text) => {
    expect(normalizeText(text)).toBe(text);
  });

  it.each([
    "Café",
    "كراچي",
    "لَاہُور",
    "اسلام\u200Cآباد",
    "ＬＡＨＯＲＥ",
    "\uFEDF\uFE8E\uFBA8",
    "موسیٰ",
  ])("is idempotent on %j", (text) => {
    const once = normalizeText(text);
    expect(normalizeText(once)).toBe(once);
  });
});

describe("tokenize", () => {
  it.each([
    ["welding, in Lahore!", ["welding", "in", "lahore"]],
    ["Men's T-shirt", ["men", "s", "t", "shirt"]],
    ["10-marla house (R410A)", ["10", "marla", "house", "r410a"]],
    ["لاہور میں، جوتے۔", ["لاہور", "میں", "جوتے"]],
    ["darzi لاہور", ["darzi", "لاہور"]],
    ["dera-ghazi-khan", ["dera", "ghazi", "khan"]],
    ["  ", []],
    ["", []],
  ])("%j → %j", (text, expected) => {
    expect(tokenize(text)).toEqual(expected);
  });

  it("normalizes before splitting", () => {
    expect(tokenize("ＷＥＬＤＩＮＧ كراچي")).toEqual(["welding", "کراچی"]);
  });
});

describe("isLatinWord", () => {
  it.each([
    ["welding", true],
    ["r410a", true],
    ["10", true],
    ["لاہور", false],
    ["café", false],
  ])("%j → %s", (word, expected) => {
    expect(isLatinWord(word)).toBe(expected);
  });
});

describe("looseKey", () => {
  it.each([
    ["joote", "jootay"],
    ["joote", "jute"],
    ["jooty", "juti"],
    ["darzi", "darzee"],
    ["qaleen", "kaleen"],
    ["karigar", "kaarigar"],
    ["dabba", "daba"],
    ["parda", "pardah"],
    ["wardi", "vardi"],
    ["کھانا", "کہانا"],
    ["جوتے", "جوتی"],
    ["کوئٹہ", "کویٹہ"],
    ["جرابیں", "جرابین"],
    ["آم", "ام"],
  ])("folds %j and %j together", (a, b) => {
    expect(looseKey(a)).toBe(looseKey(b));
  });

  it.each([
    ["chhuri", "choori"], // knife, bangle: hh marks aspiration
    ["safai", "safe"],
    ["1000", "10"],
    ["مٹی", "مٹھی"], // clay, fist
  ])("keeps %j and %j apart", (a, b) => {
    expect(looseKey(a)).not.toBe(looseKey(b));
  });
});
