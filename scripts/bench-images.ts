/**
 * Responsive images (decision 013): what making an upload's
 * copies costs the server, and what a phone downloads instead of the upload.
 *
 * The test photo is made in code (no photograph ships with the project):
 * several octaves of smooth noise over a gradient, which JPEG and WebP find
 * about as hard as a photo of a workshop floor, unlike the flat test images.
 * It is encoded as the dashboard sends it (JPEG, quality 90), then
 * renderVariants() runs five times per size; the median is reported.
 *
 * `node scripts/bench-images.ts`; also the first step of `npm run bench`.
 */
import { imageSize } from "image-size";
import { fileURLToPath } from "node:url";
import { renderVariants, type Pixels } from "../functions/lib/image-variants.ts";
import { withSizeMark } from "../src/lib/image-sources.ts";
import { rngFrom } from "./search-workload.ts";

/** Value noise on a `cell`-pixel grid, bilinearly smoothed, 0..1. */
function noiseLayer(width: number, height: number, cell: number, random: () => number) {
  const gw = Math.ceil(width / cell) + 2;
  const gh = Math.ceil(height / cell) + 2;
  const grid = Float32Array.from({ length: gw * gh }, random);
  return (x: number, y: number) => {
    const gx = x / cell;
    const gy = y / cell;
    const x0 = Math.floor(gx);
    const y0 = Math.floor(gy);
    const fx = gx - x0;
    const fy = gy - y0;
    const at = (i: number, j: number) => grid[j * gw + i]!;
    const top = at(x0, y0) * (1 - fx) + at(x0 + 1, y0) * fx;
    const bottom = at(x0, y0 + 1) * (1 - fx) + at(x0 + 1, y0 + 1) * fx;
    return top * (1 - fy) + bottom * fy;
  };
}

export function syntheticPhoto(width: number, height: number, seed = 7): Pixels {
  const random = rngFrom(seed);
  const octaves = [160, 48, 12, 3].map((cell) => ({
    r: noiseLayer(width, height, cell, random),
    g: noiseLayer(width, height, cell, random),
    b: noiseLayer(width, height, cell, random),
  }));
  const weights = [0.55, 0.25, 0.13, 0.07];
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      octaves.forEach((o, i) => {
        r += o.r(x, y) * weights[i]!;
        g += o.g(x, y) * weights[i]!;
        b += o.b(x, y) * weights[i]!;
      });
      const light = 0.6 + 0.4 * (1 - y / height);
      const p = (y * width + x) * 4;
      data[p] = 255 * r * light;
      data[p + 1] = 230 * g * light;
      data[p + 2] = 200 * b * light;
      data[p + 3] = 255;
    }
  }
  return { data, width, height };
}

async function encodeJpeg90(image: Pixels): Promise<Uint8Array> {
  // The dashboard's canvas.toBlob("image/jpeg", 0.9), done with the same MozJPEG the server uses.
  const [encoder, { defaultOptions }] = await Promise.all([
    import("@jsquash/jpeg/codec/enc/mozjpeg_enc.js"),
    import("@jsquash/jpeg/meta.js"),
  ]);
  const { readFile } = await import("node:fs/promises");
  const wasm = await WebAssembly.compile(
    await readFile(new URL(import.meta.resolve("@jsquash/jpeg/codec/enc/mozjpeg_enc.wasm"))),
  );
  // Its own types name Emscripten's global ones, which this project does not load.
  const enc = await (
    encoder.default as unknown as (o: object) => Promise<{
      encode(d: ArrayBufferView, w: number, h: number, o: object): Uint8Array;
    }>
  )({
    noInitialRun: true,
    instantiateWasm(imports: WebAssembly.Imports, done: (i: WebAssembly.Instance) => void) {
      const instance = new WebAssembly.Instance(wasm, imports);
      done(instance);
      return instance.exports;
    },
  });
  return enc.encode(image.data, image.width, image.height, { ...defaultOptions, quality: 90 });
}

const CASES = [
  { name: "logo (dashboard, 400×400)", width: 400, height: 400, shownAt: 320 },
  { name: "cover (dashboard, 800×600)", width: 800, height: 600, shownAt: 320 },
  { name: "gallery (dashboard, 1200×900)", width: 1200, height: 900, shownAt: 640 },
  { name: "API upload (1600×1200)", width: 1600, height: 1200, shownAt: 640 },
] as const;

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function benchImages(): Promise<string> {
  const rows: string[] = [];
  for (const c of CASES) {
    const upload = await encodeJpeg90(syntheticPhoto(c.width, c.height));
    const header = imageSize(upload);
    const times: number[] = [];
    let last: Awaited<ReturnType<typeof renderVariants>> = null;
    for (let i = 0; i < 6; i++) {
      const t0 = performance.now();
      last = await renderVariants(upload, "image/jpeg", header, (s) =>
        withSizeMark("providers/bench/cover_1.jpg", s),
      );
      // The first run instantiates the codecs: not counted.
      if (i > 0) times.push(performance.now() - t0);
    }
    const variants = last!.variants;
    const at = (w: number, f: string) => variants.find((v) => v.width === w && v.format === f);
    const all = variants.reduce((n, v) => n + v.bytes.length, 0);
    const webp = at(c.shownAt, "webp")!;
    const jpg = at(c.shownAt, "jpg")!;
    rows.push(
      `| ${c.name} | ${kb(upload.length)} | ${median(times).toFixed(0)} ms | ${variants.length} (${kb(all)}) | ${c.shownAt} px: ${kb(webp.bytes.length)} WebP / ${kb(jpg.bytes.length)} JPEG | ${((1 - webp.bytes.length / upload.length) * 100).toFixed(0)} % |`,
    );
    console.log(`[bench] images: ${rows.at(-1)}`);
  }
  return `| upload | as sent | copies made in (median of 5) | copies (total) | a 3x phone's copy | saved vs the upload |
|---|---|---|---|---|---|
${rows.join("\n")}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(await benchImages());
