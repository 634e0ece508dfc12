/**
 * The arithmetic of the images the dashboard uploads (cover 800×600, logo 400×400, gallery
 * within 1200×900) and of a quote request's photos (whole, within 1600×1600): which
 * part of the picture to keep and how big to draw it. Pure, so it is
 * table-tested; the canvas work lives in src/features/dashboard/images.ts.
 */
import { COVER_SIZE, GALLERY_MAX, LOGO_SIZE } from "./provider-schemas.ts";

/** A source rectangle for `drawImage(img, sx, sy, sw, sh, …)`, in whole pixels. */
export interface CropRect {
  sx: number;
  sy: number;
  sw: number;
  sh: number;
}

export interface Size {
  width: number;
  height: number;
}

function assertSize(w: number, h: number): void {
  if (!(Number.isFinite(w) && Number.isFinite(h) && w > 0 && h > 0)) {
    throw new RangeError(`Image size must be positive, got ${w}x${h}`);
  }
}

/**
 * The largest rectangle of aspect `aspect` (width / height) centred in a
 * `srcW` x `srcH` image. An image already at that aspect is kept whole.
 */
export function centerCropRect(srcW: number, srcH: number, aspect: number): CropRect {
  assertSize(srcW, srcH);
  if (!(Number.isFinite(aspect) && aspect > 0)) throw new RangeError(`Bad aspect ${aspect}`);
  const w = Math.round(srcW);
  const h = Math.round(srcH);
  // Within rounding of the target aspect counts as "already there" (1000x750, 1x1).
  if (Math.round(h * aspect) === w || Math.round(w / aspect) === h) {
    return { sx: 0, sy: 0, sw: w, sh: h };
  }
  if (w / h > aspect) {
    // Too wide: keep the full height, trim the sides.
    const sw = Math.max(1, Math.min(w, Math.round(h * aspect)));
    return { sx: Math.floor((w - sw) / 2), sy: 0, sw, sh: h };
  }
  // Too tall: keep the full width, trim top and bottom.
  const sh = Math.max(1, Math.min(h, Math.round(w / aspect)));
  return { sx: 0, sy: Math.floor((h - sh) / 2), sw: w, sh };
}

/**
 * `w` x `h` scaled down, keeping its aspect, to fit inside `maxW` x `maxH`.
 * Never scales up: a small image keeps its size.
 */
export function fitWithin(w: number, h: number, maxW: number, maxH: number): Size {
  assertSize(w, h);
  assertSize(maxW, maxH);
  const scale = Math.min(1, maxW / w, maxH / h);
  return {
    width: Math.max(1, Math.min(maxW, Math.round(w * scale))),
    height: Math.max(1, Math.min(maxH, Math.round(h * scale))),
  };
}

export type ImageKind = "cover" | "logo" | "gallery" | "lead";

/**
 * A quote request's photo is kept whole: it is a drawing, a sample or a part to copy, and
 * a crop could cut off the dimension that matters. 1600 px keeps the writing on a drawing
 * legible at a fraction of a phone photo's bytes.
 */
export const LEAD_PHOTO_MAX = 1600;

export interface ImagePlan {
  crop: CropRect;
  output: Size;
}

/**
 * What to cut and how big to draw it, per kind:
 * - cover: centre crop at 4:3, drawn at exactly 800x600;
 * - logo: centre square, drawn at exactly 400x400;
 * - gallery: centre crop at 4:3, then fitted within 1200x900 (never enlarged);
 * - lead: the whole picture, fitted within 1600x1600 (never enlarged).
 */
export function planImage(kind: ImageKind, srcW: number, srcH: number): ImagePlan {
  switch (kind) {
    case "cover":
      return {
        crop: centerCropRect(srcW, srcH, COVER_SIZE.width / COVER_SIZE.height),
        output: { width: COVER_SIZE.width, height: COVER_SIZE.height },
      };
    case "logo":
      return {
        crop: centerCropRect(srcW, srcH, LOGO_SIZE.width / LOGO_SIZE.height),
        output: { width: LOGO_SIZE.width, height: LOGO_SIZE.height },
      };
    case "gallery": {
      const crop = centerCropRect(srcW, srcH, GALLERY_MAX.width / GALLERY_MAX.height);
      return { crop, output: fitWithin(crop.sw, crop.sh, GALLERY_MAX.width, GALLERY_MAX.height) };
    }
    case "lead":
      return {
        crop: { sx: 0, sy: 0, sw: srcW, sh: srcH },
        output: fitWithin(srcW, srcH, LEAD_PHOTO_MAX, LEAD_PHOTO_MAX),
      };
  }
}
