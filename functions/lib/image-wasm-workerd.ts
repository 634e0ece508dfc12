/**
 * The image codecs' WebAssembly for workerd: imported as modules, which
 * wrangler's bundler compiles at deploy time (workerd refuses to compile
 * WebAssembly from bytes at run time). Only functions/lib/image-variants.ts
 * imports this file, and only on Workers; Node reads the same files from
 * node_modules (image-wasm-node.ts).
 */
import jpegDec from "@jsquash/jpeg/codec/dec/mozjpeg_dec.wasm?module";
import jpegEnc from "@jsquash/jpeg/codec/enc/mozjpeg_enc.wasm?module";
import png from "@jsquash/png/codec/pkg/squoosh_png_bg.wasm?module";
import resize from "@jsquash/resize/lib/resize/pkg/squoosh_resize_bg.wasm?module";
import webpDec from "@jsquash/webp/codec/dec/webp_dec.wasm?module";
import webpEnc from "@jsquash/webp/codec/enc/webp_enc_simd.wasm?module";
import type { WasmModules } from "./image-variants.ts";

export async function loadWasmModules(): Promise<WasmModules> {
  return { jpegDec, jpegEnc, png, resize, webpDec, webpEnc };
}
