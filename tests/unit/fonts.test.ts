/**
 * The Urdu webfont (decision 022): the committed subsets are real WOFF2 files
 * within the first-view budget, and global.css loads them with swap, for the
 * subset's own characters, on Urdu pages only.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { outputPath, unicodeRange, WEIGHTS } from "../../scripts/subset-fonts.ts";

const root = path.resolve(import.meta.dirname, "../..");
const css = fs
  .readFileSync(path.join(root, "src/styles/global.css"), "utf8")
  .replace(/\/\*[\s\S]*?\*\//g, "");
const faces = [...css.matchAll(/@font-face\s*\{([^}]*)\}/g)].map((m) => m[1] ?? "");
const declaration = (block: string, property: string) =>
  block
    .match(new RegExp(`(?:^|[;{\\s])${property}:\\s*([^;]+);`))?.[1]
    ?.replace(/\s+/g, " ")
    .trim();

describe("Urdu font files", () => {
  it("are WOFF2, both weights together at most 100 KB", () => {
    let total = 0;
    for (const weight of WEIGHTS) {
      const bytes = fs.readFileSync(path.join(root, outputPath(weight)));
      expect(bytes.subarray(0, 4).toString("latin1")).toBe("wOF2");
      total += bytes.length;
    }
    expect(total).toBeLessThanOrEqual(100 * 1024);
  });
});

describe("global.css", () => {
  it("declares one swap face per weight with the subset's file and characters", () => {
    const ours = faces.filter((f) => declaration(f, "font-family") === '"Karkhana Naskh"');
    expect(ours.map((f) => declaration(f, "font-weight"))).toEqual(WEIGHTS.map(String));
    for (const [i, weight] of WEIGHTS.entries()) {
      const face = ours[i] ?? "";
      const file = outputPath(weight).replace(/^public/, "");
      expect(declaration(face, "src")).toBe(`url("${file}") format("woff2")`);
      expect(declaration(face, "font-display")).toBe("swap");
      expect(declaration(face, "unicode-range")).toBe(unicodeRange());
    }
  });

  it("uses the font under html[lang=ur] only, never :lang(ur)", () => {
    expect(css).toMatch(/html\[lang="ur"\] body\s*\{\s*font-family:\s*"Karkhana Naskh", /);
    expect(css.match(/"Karkhana Naskh"/g)).toHaveLength(3);
    expect(css).not.toMatch(/:lang\(/);
  });
});
