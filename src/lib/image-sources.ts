/**
 * Responsive images (decision 013). An upload the server could
 * re-encode is stored under a key that carries its size,
 * `providers/{id}/cover_{ts}.r800x600.jpg`, and beside it WebP and JPEG copies
 * in the widths the pages show, `….r800x600.jpg.w320.webp`. The size mark is
 * only ever written by the server after every copy was stored, so a URL that
 * carries it always has them; any other URL (older uploads, https logos,
 * images the server could not decode) is shown as it is.
 *
 * Pure: the pages (build and on demand) and the API derive the same names.
 */

/** Where the API serves blobs; `/media/{key}`. */
export const MEDIA_PREFIX = "/media/";

/**
 * The widths the pages show an upload at, in device pixels: a row's 56 px
 * avatar on a 2x-3x phone (160), a provider page's 96 px logo (320), a card
 * or gallery tile (320-640), up to a wide card on a 2x laptop (960-1280).
 */
export const VARIANT_WIDTHS = [160, 320, 640, 960, 1280] as const;

/** Never more than this many pixels wide: no page shows an upload larger. */
export const MAX_VARIANT_WIDTH = 1280;

export type VariantFormat = "webp" | "jpg";
export const VARIANT_FORMATS: readonly VariantFormat[] = ["webp", "jpg"];

export interface Size {
  width: number;
  height: number;
}

export interface Variant extends Size {
  key: string;
  format: VariantFormat;
}

// A size mark before the extension: `.r{width}x{height}.{jpg|png|webp}`.
const SIZE_MARK = /\.r([1-9]\d{0,4})x([1-9]\d{0,4})\.(jpg|png|webp)$/;
// Any size mark inside a name, as a client might type one into a file name.
const ANY_SIZE_MARK = /\.r\d+x\d+(?=\.)/g;
// A variant: a marked original, then `.w{width}.{webp|jpg}`.
const VARIANT = /^(.+\.r[1-9]\d{0,4}x[1-9]\d{0,4}\.(?:jpg|png|webp))\.w([1-9]\d{0,4})\.(webp|jpg)$/;

/** Which widths a `width`-pixel image gets: the ladder below it, then its own (capped). */
export function variantWidths(width: number): number[] {
  if (!(Number.isInteger(width) && width > 0)) return [];
  const top = Math.min(width, MAX_VARIANT_WIDTH);
  return [...VARIANT_WIDTHS.filter((w) => w < top), top];
}

/** `w` wide at the source's aspect, at least one pixel high. */
export function heightAt(source: Size, w: number): number {
  return Math.max(1, Math.round((source.height * w) / source.width));
}

/** `cover_1.jpg` → `cover_1.r800x600.jpg`: the name an upload with variants is stored under. */
export function withSizeMark(key: string, size: Size): string {
  const m = /\.(jpg|png|webp)$/.exec(key);
  if (!m) throw new RangeError(`Not an image key: ${key}`);
  return `${key.slice(0, m.index)}.r${size.width}x${size.height}${m[0]}`;
}

/** The key without any size mark, so a client cannot name a file as if it had variants. */
export function withoutSizeMarks(key: string): string {
  const slash = key.lastIndexOf("/") + 1;
  return key.slice(0, slash) + key.slice(slash).replace(ANY_SIZE_MARK, "");
}

/** The variant key of `original` at `width` in `format` (a sibling: `{original}.w{width}.{format}`). */
export function variantKey(original: string, width: number, format: VariantFormat): string {
  return `${original}.w${width}.${format}`;
}

/** `{original, width, format}` for a variant key, else null. */
export function parseVariantKey(
  key: string,
): { original: string; width: number; format: VariantFormat } | null {
  const m = VARIANT.exec(key);
  if (!m) return null;
  return { original: m[1]!, width: Number(m[2]), format: m[3] as VariantFormat };
}

/** The size a key's mark records; null for unmarked keys and for variants. */
export function sizeMarkOf(key: string): Size | null {
  if (parseVariantKey(key)) return null;
  const m = SIZE_MARK.exec(key);
  if (!m) return null;
  return { width: Number(m[1]), height: Number(m[2]) };
}

/** Every variant a stored original has (or will have): widths × formats. Empty when unmarked. */
export function variantsOf(original: string): Variant[] {
  const size = sizeMarkOf(original);
  if (!size) return [];
  return variantWidths(size.width).flatMap((width) =>
    VARIANT_FORMATS.map((format) => ({
      key: variantKey(original, width, format),
      format,
      width,
      height: heightAt(size, width),
    })),
  );
}

/** What an `<img>` (and a `<picture>` around it) needs to show an image URL. */
export interface ImageSources {
  /** The `src`: a mid-sized JPEG copy, or the URL itself when it has no copies. */
  src: string;
  /** JPEG candidates for the `<img>` (`url 320w, …`); absent when there are no copies. */
  srcSet?: string;
  /** WebP candidates for a `<source type="image/webp">`; absent when there are no copies. */
  webpSrcSet?: string;
  /** The stored image's own size, when the URL records it. */
  size?: Size;
}

const srcSetOf = (variants: Variant[], format: VariantFormat) =>
  variants
    .filter((v) => v.format === format)
    .map((v) => `${MEDIA_PREFIX}${v.key} ${v.width}w`)
    .join(", ");

/**
 * The sources for a stored image URL. Only our own `/media/` uploads with a
 * size mark get candidates; anything else (an https logo, an upload from
 * before variants, a URL with a query) comes back as a plain `src`, so the
 * page never points at a copy that does not exist.
 */
export function imageSources(url: string): ImageSources {
  if (!url.startsWith(MEDIA_PREFIX) || /[?#]/.test(url)) return { src: url };
  const key = url.slice(MEDIA_PREFIX.length);
  const size = sizeMarkOf(key);
  if (!size) return { src: url };
  const variants = variantsOf(key);
  const jpegs = variants.filter((v) => v.format === "jpg");
  // A browser without srcset support is rare and old: a mid-sized copy suits it.
  const fallback = jpegs.filter((v) => v.width <= 640).pop() ?? jpegs[0]!;
  return {
    src: `${MEDIA_PREFIX}${fallback.key}`,
    srcSet: srcSetOf(variants, "jpg"),
    webpSrcSet: srcSetOf(variants, "webp"),
    size,
  };
}

/** Attributes of a `<link rel="preload" as="image">`. */
export interface ImagePreload {
  href?: string;
  imagesrcset?: string;
  imagesizes?: string;
  type?: string;
}

/**
 * Attributes of `<link rel="preload" as="image">` for the image a page shows
 * first, matching what its `<picture>` will pick: the WebP candidates (with
 * `type`, so a browser without WebP skips it), or the plain URL.
 */
export function preloadImageLink(url: string, sizes: string): ImagePreload {
  const s = imageSources(url);
  if (!s.webpSrcSet) return { href: s.src };
  return { imagesrcset: s.webpSrcSet, imagesizes: sizes, type: "image/webp" };
}
