/**
 * The image codecs' WebAssembly for Node (the server, the tests): compiled
 * from the packages' .wasm files. The Worker imports them instead
 * (image-wasm-workerd.ts).
 */
import { readFile } from "node:fs/promises";
import type { WasmModules } from "./image-variants.ts";

const FILES: Record<keyof WasmModules, string> = {
  jpegDec: "@jsquash/jpeg/codec/dec/mozjpeg_dec.wasm",
  jpegEnc: "@jsquash/jpeg/codec/enc/mozjpeg_enc.wasm",
  png: "@jsquash/png/codec/pkg/squoosh_png_bg.wasm",
  resize: "@jsquash/resize/lib/resize/pkg/squoosh_resize_bg.wasm",
  webpDec: "@jsquash/webp/codec/dec/webp_dec.wasm",
  webpEnc: "@jsquash/webp/codec/enc/webp_enc_simd.wasm",
};

export async function loadWasmModules(): Promise<WasmModules> {
  const entries = await Promise.all(
    Object.entries(FILES).map(async ([name, spec]) => {
      const bytes = await readFile(new URL(import.meta.resolve(spec)));
      return [name, await WebAssembly.compile(bytes)] as const;
    }),
  );
  return Object.fromEntries(entries) as unknown as WasmModules;
}
