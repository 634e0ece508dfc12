import { describe, expect, it } from "vitest";
import {
  centerCropRect,
  fitWithin,
  planImage,
  type CropRect,
  type ImageKind,
} from "./image-math.ts";

describe("centerCropRect", () => {
  it.each<[number, number, number, CropRect]>([
    // Already 4:3: kept whole.
    [800, 600, 4 / 3, { sx: 0, sy: 0, sw: 800, sh: 600 }],
    [4000, 3000, 4 / 3, { sx: 0, sy: 0, sw: 4000, sh: 3000 }],
    // Wider than 4:3 (16:9 phone photo): full height, sides trimmed evenly.
    [1920, 1080, 4 / 3, { sx: 240, sy: 0, sw: 1440, sh: 1080 }],
    // Taller than 4:3 (portrait photo): full width, top and bottom trimmed.
    [3000, 4000, 4 / 3, { sx: 0, sy: 875, sw: 3000, sh: 2250 }],
    // Square to 4:3.
    [1000, 1000, 4 / 3, { sx: 0, sy: 125, sw: 1000, sh: 750 }],
    // An odd leftover pixel goes to the end side (the offset is floored).
    [1001, 600, 4 / 3, { sx: 100, sy: 0, sw: 800, sh: 600 }],
    [1003, 600, 4 / 3, { sx: 101, sy: 0, sw: 800, sh: 600 }],
    // Square crops for logos.
    [400, 400, 1, { sx: 0, sy: 0, sw: 400, sh: 400 }],
    [1200, 900, 1, { sx: 150, sy: 0, sw: 900, sh: 900 }],
    [900, 1201, 1, { sx: 0, sy: 150, sw: 900, sh: 900 }],
    // Degenerate slivers still give at least one pixel.
    [1, 1000, 4 / 3, { sx: 0, sy: 499, sw: 1, sh: 1 }],
    [5000, 2, 1, { sx: 2499, sy: 0, sw: 2, sh: 2 }],
  ])("%ix%i at %d → %j", (w, h, aspect, expected) => {
    const r = centerCropRect(w, h, aspect);
    expect(r).toEqual(expected);
    // Always inside the source.
    expect(r.sx + r.sw).toBeLessThanOrEqual(w);
    expect(r.sy + r.sh).toBeLessThanOrEqual(h);
  });

  it.each([
    [0, 100],
    [100, -1],
    [Number.NaN, 100],
    [100, Number.POSITIVE_INFINITY],
  ])("rejects a %dx%d image", (w, h) => {
    expect(() => centerCropRect(w, h, 4 / 3)).toThrow(RangeError);
  });
});

describe("fitWithin", () => {
  it.each([
    // Bigger in both directions: scaled down keeping the aspect.
    [2400, 1800, 1200, 900, { width: 1200, height: 900 }],
    [4000, 3000, 1200, 900, { width: 1200, height: 900 }],
    // Limited by width, by height.
    [3000, 1000, 1200, 900, { width: 1200, height: 400 }],
    [1000, 3000, 1200, 900, { width: 300, height: 900 }],
    // Smaller: never enlarged.
    [640, 480, 1200, 900, { width: 640, height: 480 }],
    [1200, 900, 1200, 900, { width: 1200, height: 900 }],
    // Rounds to whole pixels, never below one.
    [1201, 901, 1200, 900, { width: 1200, height: 900 }],
    [10000, 3, 1200, 900, { width: 1200, height: 1 }],
  ])("%ix%i within %ix%i → %j", (w, h, maxW, maxH, expected) => {
    expect(fitWithin(w, h, maxW, maxH)).toEqual(expected);
  });
});

describe("planImage", () => {
  it.each<[ImageKind, number, number, CropRect, { width: number; height: number }]>([
    // Cover: 4:3 centre crop, always drawn at 800x600 (small images are enlarged to fill).
    ["cover", 1920, 1080, { sx: 240, sy: 0, sw: 1440, sh: 1080 }, { width: 800, height: 600 }],
    ["cover", 400, 300, { sx: 0, sy: 0, sw: 400, sh: 300 }, { width: 800, height: 600 }],
    // Logo: centre square at 400x400.
    ["logo", 1920, 1080, { sx: 420, sy: 0, sw: 1080, sh: 1080 }, { width: 400, height: 400 }],
    ["logo", 120, 200, { sx: 0, sy: 40, sw: 120, sh: 120 }, { width: 400, height: 400 }],
    // Gallery: 4:3 centre crop, then at most 1200x900, never enlarged.
    ["gallery", 4032, 3024, { sx: 0, sy: 0, sw: 4032, sh: 3024 }, { width: 1200, height: 900 }],
    ["gallery", 3024, 4032, { sx: 0, sy: 882, sw: 3024, sh: 2268 }, { width: 1200, height: 900 }],
    ["gallery", 1280, 720, { sx: 160, sy: 0, sw: 960, sh: 720 }, { width: 960, height: 720 }],
    ["gallery", 640, 640, { sx: 0, sy: 80, sw: 640, sh: 480 }, { width: 640, height: 480 }],
    // Lead: nothing cut off, at most 1600 on the long side, never enlarged.
    ["lead", 4032, 3024, { sx: 0, sy: 0, sw: 4032, sh: 3024 }, { width: 1600, height: 1200 }],
    ["lead", 1000, 3000, { sx: 0, sy: 0, sw: 1000, sh: 3000 }, { width: 533, height: 1600 }],
    ["lead", 800, 600, { sx: 0, sy: 0, sw: 800, sh: 600 }, { width: 800, height: 600 }],
  ])("%s of %ix%i", (kind, w, h, crop, output) => {
    expect(planImage(kind, w, h)).toEqual({ crop, output });
  });

  it("keeps every gallery output at 4:3 (within a pixel) and inside 1200x900", () => {
    for (const [w, h] of [
      [1000, 777],
      [333, 1000],
      [4000, 2999],
      [7, 5],
    ] as const) {
      const { output } = planImage("gallery", w, h);
      expect(output.width).toBeLessThanOrEqual(1200);
      expect(output.height).toBeLessThanOrEqual(900);
      expect(Math.abs(output.width - (output.height * 4) / 3)).toBeLessThanOrEqual(1);
    }
  });
});
