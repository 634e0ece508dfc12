/**
 * Cuts Noto Naskh Arabic (the Arabic files of @fontsource/noto-naskh-arabic,
 * regular and bold) down to the characters Urdu text uses and writes
 * public/fonts/naskh-urdu-{400,700}.woff2, the "Karkhana Naskh" faces that
 * src/styles/global.css loads on Urdu pages only (decision 022: Naskh, not
 * Nastaliq; at most 100 KB of fonts on a first view).
 *
 * The output is committed, so a build needs neither the package nor harfbuzz:
 * run `npm run fonts` again only after upgrading the package or changing
 * URDU_RANGES (and then the unicode-range in global.css, which
 * tests/unit/fonts.test.ts holds to it).
 *
 * Every GSUB/GPOS feature is kept (subset-font's default): the initial,
 * medial and final forms, the lam-alef ligatures and the mark positioning are
 * what make the letters join.
 */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import subsetFont from "subset-font";

const root = fileURLToPath(new URL("..", import.meta.url));

/**
 * Inclusive code point ranges. Digits are left out on purpose: Urdu pages show
 * Western digits (decision 022), which, like Latin text and punctuation, stay
 * in the system font, so neither set of Arabic digits (U+0660–0669,
 * U+06F0–06F9) is here.
 */
export const URDU_RANGES: readonly (readonly [number, number])[] = [
  [0x0020, 0x0020], // space: the font's own width between Urdu words
  [0x00a0, 0x00a0], // no-break space
  [0x060c, 0x060c], // ، comma
  [0x0610, 0x0615], // honorific signs written after names (ؐ ؑ ؒ ؓ), takhallus, small high tah
  [0x061b, 0x061b], // ؛ semicolon
  [0x061f, 0x061f], // ؟ question mark
  [0x0621, 0x063a], // hamza … ghain
  // tatweel, feh … yeh, then the marks: harakat, shadda, sukun, hamza above
  // and below, ulta pesh, noon ghunna mark
  [0x0640, 0x065f],
  [0x066a, 0x066d], // ٪ ٫ ٬ ٭
  [0x0670, 0x0670], // khari zabar (superscript alef)
  [0x0679, 0x06d5], // ٹ پ چ ڈ ڑ ژ ک گ ں ھ ہ ۂ ۃ ی ے ۓ ۔ and the other Pakistani letters
  [0x200c, 0x200f], // ZWNJ, ZWJ, LRM, RLM
  [0xfdf2, 0xfdf2], // ﷲ
  [0xfdfa, 0xfdfd], // ﷺ ﷻ ﷼ ﷽
];

/** The ranges as a CSS `unicode-range` value. */
export function unicodeRange(ranges = URDU_RANGES): string {
  const hex = (n: number) => n.toString(16).toUpperCase().padStart(4, "0");
  return ranges.map(([a, b]) => (a === b ? `U+${hex(a)}` : `U+${hex(a)}-${hex(b)}`)).join(", ");
}

export const WEIGHTS = [400, 700] as const;

/** Where a weight's subset is written, relative to the project root. */
export function outputPath(weight: (typeof WEIGHTS)[number]): string {
  return `public/fonts/naskh-urdu-${weight}.woff2`;
}

function sourcePath(weight: (typeof WEIGHTS)[number]): string {
  return `node_modules/@fontsource/noto-naskh-arabic/files/noto-naskh-arabic-arabic-${weight}-normal.woff2`;
}

function rangeText(ranges: typeof URDU_RANGES): string {
  let text = "";
  for (const [a, b] of ranges) for (let c = a; c <= b; c++) text += String.fromCodePoint(c);
  return text;
}

async function subsetAll(): Promise<void> {
  const text = rangeText(URDU_RANGES);
  await mkdir(path.join(root, "public/fonts"), { recursive: true });
  let total = 0;
  for (const weight of WEIGHTS) {
    const source = await readFile(path.join(root, sourcePath(weight)));
    const subset = await subsetFont(source, text, { targetFormat: "woff2" });
    await writeFile(path.join(root, outputPath(weight)), subset);
    total += subset.length;
    const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
    console.log(`${outputPath(weight)}: ${kb(source.length)} -> ${kb(subset.length)}`);
  }
  console.log(`both weights: ${(total / 1024).toFixed(1)} KB`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await subsetAll();
}
