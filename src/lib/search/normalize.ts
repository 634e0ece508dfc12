/**
 * Text normalization for search: what a person typed (English, Roman Urdu or
 * Urdu script, from any keyboard) becomes one canonical form, so the
 * dictionary, the city list and the FTS index compare like with like.
 *
 * Pure: no imports, no I/O; runs in Node and in Cloudflare Workers.
 * The rules and their sources are in docs/search-dictionary.md.
 */

/**
 * Arabic-script letters typed by Arabic or Persian keyboards (and found in
 * pasted text) mapped to the Urdu letters of the Urdu keyboard. The same
 * choices as the Urdu rows of Google's Nisaba "visual norm" tests and
 * urduhack's character normalization: Arabic yeh/alef maksura → Farsi yeh,
 * Arabic kaf → keheh, Arabic heh → heh goal, teh marbuta → teh marbuta goal.
 */
const URDU_LETTERS: Readonly<Record<string, string>> = {
  "\u064A": "\u06CC", // ي Arabic yeh → ی
  "\u0649": "\u06CC", // ى alef maksura → ی
  "\u0643": "\u06A9", // ك Arabic kaf → ک
  "\u06AA": "\u06A9", // ڪ swash kaf (Sindhi keyboards) → ک
  "\u0647": "\u06C1", // ه Arabic heh → ہ (heh goal, the Urdu default; see looseKey for ھ)
  "\u06D5": "\u06C1", // ە Arabic letter AE, produced by some keyboards for heh → ہ
  "\u06C0": "\u06C1", // ۀ heh with yeh above (Persian ezafe) → ہ
  "\u06C2": "\u06C1", // ۂ heh goal with hamza above (izafat) → ہ
  "\u0629": "\u06C3", // ة Arabic teh marbuta → ۃ (teh marbuta goal)
  "\u0671": "\u0627", // ٱ alef wasla (Quranic) → ا
};

const URDU_LETTER_PATTERN = new RegExp(`[${Object.keys(URDU_LETTERS).join("")}]`, "gu");

/** Arabic-Indic (U+0660–0669) and Extended Arabic-Indic/Urdu (U+06F0–06F9) digits. */
const ARABIC_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/gu;

/**
 * Marks that carry no meaning for search: harakat and other Arabic combining
 * marks (U+0610–061A, U+064B–065F), superscript alef (U+0670), Quranic
 * annotation signs (U+06D6–06DC, U+06DF–06E8, U+06EA–06ED) and tatweel (U+0640).
 */
const ARABIC_MARKS =
  /[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06DC\u06DF-\u06E8\u06EA-\u06ED\u0640]/gu;

/**
 * Invisible format characters: zero-width non-joiner and joiner (Urdu uses
 * ZWNJ inside words, e.g. between the parts of a compound), soft hyphen,
 * word joiner, byte-order mark, and the direction marks LRM, RLM and ALM.
 */
// eslint-disable-next-line no-misleading-character-class -- ZWJ stands alone here, a character to remove
const INVISIBLE = /[\u00AD\u200C\u200D\u2060\uFEFF\u200E\u200F\u061C]/gu;

/** Zero-width space: an invisible word break, so it becomes a space. */
const ZERO_WIDTH_SPACE = /\u200B/gu;

/**
 * Combining marks of Latin (and Greek, Cyrillic) letters after NFD, the ones
 * SQLite's unicode61 tokenizer drops with `remove_diacritics 2` (ā → a, é → e).
 */
// eslint-disable-next-line no-misleading-character-class -- lone combining marks are what this matches
const LATIN_MARKS = /[\u0300-\u036F\u1AB0-\u1AFF\u1DC0-\u1DFF\u20D0-\u20FF\uFE20-\uFE2F]/gu;

/**
 * The canonical form of search text:
 * 1. NFKC: presentation forms (ﻻ, ﮐ, ﷲ), full-width Latin and ligatures become
 *    ordinary letters;
 * 2. lower case;
 * 3. Latin diacritics removed (NFD, drop the combining marks, NFC);
 * 4. Arabic letters unified to the Urdu ones (`URDU_LETTERS`), Arabic-Indic
 *    digits to 0–9;
 * 5. harakat, superscript alef, Quranic marks and tatweel removed; ZWNJ, ZWJ
 *    and direction marks removed; a zero-width space becomes a space.
 * Idempotent: normalizeText(normalizeText(s)) === normalizeText(s).
 */
export function normalizeText(text: string): string {
  const folded = text
    .normalize("NFKC")
    .toLowerCase()
    .normalize("NFD")
    .replace(LATIN_MARKS, "")
    .normalize("NFC");
  return (
    folded
      // A yeh typed as ی plus a separate hamza is the Urdu ئ (NFC cannot compose it).
      .replace(/\u06CC\u0654/gu, "\u0626")
      .replace(URDU_LETTER_PATTERN, (ch) => URDU_LETTERS[ch] ?? ch)
      .replace(ARABIC_DIGITS, (d) => String((d.codePointAt(0) ?? 0) & 0x0f))
      .replace(ARABIC_MARKS, "")
      .replace(INVISIBLE, "")
      .replace(ZERO_WIDTH_SPACE, " ")
  );
}

/** A word: letters and digits (Latin, Urdu or any other script), with any marks left inside. */
const WORD = /[\p{L}\p{N}][\p{L}\p{M}\p{N}]*/gu;

/**
 * The words of a text, normalized: runs of letters and digits, split at
 * everything else (spaces, punctuation, hyphens, apostrophes, Urdu ، and ۔),
 * the way SQLite's unicode61 tokenizer splits the indexed text.
 */
export function tokenize(text: string): string[] {
  return normalizeText(text).match(WORD) ?? [];
}

/** True when the word is written in Latin letters and digits only (a word the FTS index can hold). */
export function isLatinWord(word: string): boolean {
  return /^[a-z0-9]+$/u.test(word);
}

/**
 * Folds of Urdu-script letters for lookups only: what people type
 * interchangeably, or cannot type on an Arabic or Persian keyboard.
 * ھ/ہ (do-chashmi and gol heh share the Arabic ه), ے/ی (bari and choti yeh
 * share the Arabic ي), ئ/ی and ؤ/و (hamza often left out), ں/ن (noon
 * ghunna is missing from Arabic keyboards), ۃ/ہ, and آ أ إ → ا.
 */
const URDU_LOOSE: Readonly<Record<string, string>> = {
  "\u06BE": "\u06C1", // ھ → ہ
  "\u06D2": "\u06CC", // ے → ی
  "\u06D3": "\u06CC", // ۓ → ی
  "\u0626": "\u06CC", // ئ → ی
  "\u0624": "\u0648", // ؤ → و
  "\u06BA": "\u0646", // ں → ن
  "\u06C3": "\u06C1", // ۃ → ہ
  "\u0622": "\u0627", // آ → ا
  "\u0623": "\u0627", // أ → ا
  "\u0625": "\u0627", // إ → ا
};

const URDU_LOOSE_PATTERN = new RegExp(`[${Object.keys(URDU_LOOSE).join("")}]`, "gu");

/**
 * Folds of Roman Urdu spelling variation for lookups only: people spell by
 * ear, so `joote`, `jootay` and `jute` are one word, and so are `qaleen` and
 * `kaleen`. The folds: ee → i, oo → u, doubled letters once (aa → a, bb → b;
 * not hh, which marks aspiration: chhuri "knife" is not choori "bangle"),
 * a final ay/ey/ae → e, a final y → i, a final ah → a, q → k, v → w.
 * Deliberately small: each fold is checked against the index's English
 * vocabulary by src/lib/search/dictionary.test.ts, so that no English word of
 * the data folds into a dictionary spelling.
 */
function romanLoose(word: string): string {
  return word
    .replace(/ee/g, "i")
    .replace(/oo/g, "u")
    .replace(/([a-gi-z])\1+/g, "$1")
    .replace(/(?:ay|ey|ae)$/, "e")
    .replace(/y$/, "i")
    .replace(/ah$/, "a")
    .replace(/q/g, "k")
    .replace(/v/g, "w");
}

/**
 * The lookup key of one normalized word: Roman Urdu folds for Latin words,
 * Urdu letter folds for everything else. Used on both sides of a lookup (the
 * dictionary's and city list's spellings, and the person's words).
 */
export function looseKey(word: string): string {
  return isLatinWord(word)
    ? romanLoose(word)
    : word.replace(URDU_LOOSE_PATTERN, (ch) => URDU_LOOSE[ch] ?? ch);
}
