/**
 * WebP and JPEG copies of an upload in the widths the pages show (decision
 * 013), made once when it is uploaded. The codecs are Squoosh's
 * WebAssembly builds (@jsquash/*: MozJPEG, libwebp, the png and resize
 * crates), so the same code runs in Node and in workerd, where sharp cannot.
 *
 * Measured on this project's machine (Node 24, one busy core): a 1600×1200
 * photo takes about 0.55 s for decode, five widths (160-1280) and ten
 * encodes; the dashboard's 800×600 cover about 0.12 s (docs/decisions/013).
 */
import {
  heightAt,
  VARIANT_FORMATS,
  variantKey,
  variantWidths,
  type Size,
  type VariantFormat,
} from "../../src/lib/image-sources.ts";
import type { ImageType } from "./images.ts";

/** The compiled WebAssembly each codec needs; how they are loaded depends on the runtime. */
export interface WasmModules {
  jpegDec: WebAssembly.Module;
  jpegEnc: WebAssembly.Module;
  png: WebAssembly.Module;
  resize: WebAssembly.Module;
  webpDec: WebAssembly.Module;
  webpEnc: WebAssembly.Module;
}

/** RGBA pixels, 4 bytes each, row by row (the shape of the DOM's ImageData). */
export interface Pixels {
  data: Uint8Array | Uint8ClampedArray;
  width: number;
  height: number;
}

/**
 * Larger images are stored and served as they are, without copies: decoding
 * one takes 4 bytes a pixel several times over (decoder, copy, resizer), and
 * a Worker has 128 MB. The dashboard never sends more than 1200×900 (gallery images);
 * 4 MP still covers a 2400×1600 photo uploaded through the API.
 */
export const VARIANT_MAX_PIXELS = 4_000_000;

/** Quality of both formats: at 75, about a third of the JPEG the dashboard sends at 0.9. */
const QUALITY = 75;

export interface RenderedVariant {
  key: string;
  format: VariantFormat;
  contentType: "image/webp" | "image/jpeg";
  width: number;
  height: number;
  bytes: Uint8Array<ArrayBuffer>;
}

export interface RenderedImage {
  /** The size of the picture as shown (EXIF orientation applied). */
  size: Size;
  variants: RenderedVariant[];
}

interface Codecs {
  decode(type: ImageType, bytes: Uint8Array): Pixels;
  resize(image: Pixels, width: number, height: number, premultiply: boolean): Pixels;
  encode(image: Pixels, format: VariantFormat): Uint8Array;
}

// What the Emscripten builds take: any view of the bytes (their .d.ts say BufferSource).
interface EmscriptenCodec {
  decode?(data: ArrayBufferView, preserveOrientation?: boolean): Pixels | null;
  encode?(data: ArrayBufferView, width: number, height: number, options: object): Uint8Array | null;
}
type EmscriptenFactory = (opts: object) => Promise<EmscriptenCodec>;

/**
 * The decoders build their answer with `new ImageData(...)`, which neither
 * Node nor workerd has; a plain holder of the same shape is all they need.
 */
function ensureImageData(): void {
  const g = globalThis as { ImageData?: unknown };
  g.ImageData ??= class ImageData {
    readonly colorSpace = "srgb";
    readonly data: Uint8ClampedArray;
    readonly width: number;
    readonly height: number;
    constructor(data: Uint8ClampedArray, width: number, height: number) {
      this.data = data;
      this.width = width;
      this.height = height;
    }
  };
}

/** Instantiates an Emscripten codec from an already compiled module (no fetch, no compile). */
async function emscripten(
  factory: EmscriptenFactory,
  module: WebAssembly.Module,
): Promise<EmscriptenCodec> {
  return factory({
    noInitialRun: true,
    instantiateWasm(
      imports: WebAssembly.Imports,
      done: (instance: WebAssembly.Instance) => void,
    ): WebAssembly.Exports {
      const instance = new WebAssembly.Instance(module, imports);
      done(instance);
      return instance.exports;
    },
  });
}

async function loadWasm(): Promise<WasmModules> {
  // workerd cannot compile WebAssembly from bytes: its modules come bundled.
  const onWorkers =
    typeof navigator !== "undefined" && navigator.userAgent === "Cloudflare-Workers";
  const loader = onWorkers
    ? await import("./image-wasm-workerd.ts")
    : await import("./image-wasm-node.ts");
  return loader.loadWasmModules();
}

async function createCodecs(): Promise<Codecs> {
  ensureImageData();
  const wasm = await loadWasm();
  const [jpegDecF, jpegEncF, webpDecF, webpEncF, png, resize, jpegMeta, webpMeta] =
    await Promise.all([
      import("@jsquash/jpeg/codec/dec/mozjpeg_dec.js"),
      import("@jsquash/jpeg/codec/enc/mozjpeg_enc.js"),
      import("@jsquash/webp/codec/dec/webp_dec.js"),
      import("@jsquash/webp/codec/enc/webp_enc_simd.js"),
      import("@jsquash/png/codec/pkg/squoosh_png.js"),
      import("@jsquash/resize/lib/resize/pkg/squoosh_resize.js"),
      import("@jsquash/jpeg/meta.js"),
      import("@jsquash/webp/meta.js"),
    ]);
  const factory = (m: { default: unknown }) => m.default as EmscriptenFactory;
  const [jpegDec, jpegEnc, webpDec, webpEnc] = await Promise.all([
    emscripten(factory(jpegDecF), wasm.jpegDec),
    emscripten(factory(jpegEncF), wasm.jpegEnc),
    emscripten(factory(webpDecF), wasm.webpDec),
    emscripten(factory(webpEncF), wasm.webpEnc),
  ]);
  png.initSync(wasm.png);
  resize.initSync(wasm.resize);
  const jpegOptions = { ...jpegMeta.defaultOptions, quality: QUALITY };
  const webpOptions = { ...webpMeta.defaultOptions, quality: QUALITY };

  return {
    decode(type, bytes) {
      let out: Pixels | null | undefined;
      // Turned upright by its EXIF orientation, as browsers show the original.
      if (type === "image/jpeg") out = jpegDec.decode!(bytes, true);
      else if (type === "image/webp") out = webpDec.decode!(bytes);
      else out = png.decode(new Uint8Array(bytes));
      if (!out || !(out.width > 0 && out.height > 0))
        throw new Error("The image could not be decoded");
      return out;
    },
    resize(image, width, height, premultiply) {
      const data = resize.resize(
        new Uint8Array(image.data.buffer, image.data.byteOffset, image.data.byteLength),
        image.width,
        image.height,
        width,
        height,
        3, // lanczos3
        premultiply,
        // Gamma-correct scaling triples the time for a difference few eyes see.
        false,
      );
      return { data, width, height };
    },
    encode(image, format) {
      const out =
        format === "webp"
          ? webpEnc.encode!(image.data, image.width, image.height, webpOptions)
          : jpegEnc.encode!(image.data, image.width, image.height, jpegOptions);
      if (!out) throw new Error(`The ${format} encoder failed`);
      return out;
    },
  };
}

let codecs: Promise<Codecs> | null = null;

/** The codecs, instantiated once per process or isolate; a failed load is retried next time. */
function getCodecs(): Promise<Codecs> {
  codecs ??= createCodecs().catch((err: unknown) => {
    codecs = null;
    throw err;
  });
  return codecs;
}

function hasAlpha(image: Pixels): boolean {
  const d = image.data;
  for (let i = 3; i < d.length; i += 4) if (d[i] !== 255) return true;
  return false;
}

/** JPEG has no transparency: see-through pixels become white, not whatever colour they hid. */
function onWhite(image: Pixels): Pixels {
  const src = image.data;
  const out = new Uint8ClampedArray(src.length);
  for (let i = 0; i < src.length; i += 4) {
    const a = src[i + 3]! / 255;
    out[i] = src[i]! * a + 255 * (1 - a);
    out[i + 1] = src[i + 1]! * a + 255 * (1 - a);
    out[i + 2] = src[i + 2]! * a + 255 * (1 - a);
    out[i + 3] = 255;
  }
  return { data: out, width: image.width, height: image.height };
}

/** Lets other requests run between two encodes (Node runs WebAssembly on its one thread). */
const breathe = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Decodes an upload and renders its copies: for each width of
 * variantWidths() a WebP and a JPEG, named after `original` (variantKey).
 * The largest is scaled from the upload, the smaller ones from the largest.
 * Null when the image is too large to decode here (VARIANT_MAX_PIXELS);
 * throws when it cannot be decoded.
 */
export async function renderVariants(
  bytes: Uint8Array,
  type: ImageType,
  headerSize: Size,
  original: (size: Size) => string,
): Promise<RenderedImage | null> {
  if (headerSize.width * headerSize.height > VARIANT_MAX_PIXELS) return null;
  const c = await getCodecs();
  const source = c.decode(type, bytes);
  const size = { width: source.width, height: source.height };
  const key = original(size);
  const alpha = type !== "image/jpeg" && hasAlpha(source);
  const widths = variantWidths(size.width).reverse();
  const variants: RenderedVariant[] = [];
  let largest: Pixels | null = null;
  for (const width of widths) {
    await breathe();
    const height = heightAt(size, width);
    const base: Pixels = largest ?? source;
    const image =
      width === base.width && height === base.height ? base : c.resize(base, width, height, alpha);
    largest ??= image;
    for (const format of VARIANT_FORMATS) {
      const encoded = c.encode(format === "jpg" && alpha ? onWhite(image) : image, format);
      variants.push({
        key: variantKey(key, width, format),
        format,
        contentType: format === "webp" ? "image/webp" : "image/jpeg",
        width,
        height,
        bytes: new Uint8Array(encoded),
      });
    }
  }
  return { size, variants };
}
