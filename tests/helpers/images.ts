/**
 * Real, tiny images built in code (no native dependencies) for the upload
 * tests: a PNG of any size through node:zlib, and a JPEG and a lossless WebP
 * whose headers can be patched to claim any size.
 */
import { crc32, deflateSync } from "node:zlib";

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "ascii");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A valid 8-bit greyscale PNG (IHDR, IDAT, IEND with their CRCs). Blank rows
 * deflate to almost nothing, so a 4001×10 image is still a few hundred bytes.
 */
export function png(width: number, height: number): Uint8Array<ArrayBuffer> {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // colour type: greyscale
  // compression, filter and interlace methods: 0
  const rows = Buffer.alloc((width + 1) * height, 0x80);
  for (let y = 0; y < height; y++) rows[y * (width + 1)] = 0; // filter type 0 per row
  const out = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", new Uint8Array(0)),
  ]);
  return new Uint8Array(out);
}

/** A 4×3 baseline JPEG (268 bytes), made once with libjpeg and kept here. */
const JPEG_4X3 =
  "/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/" +
  "2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAAR" +
  "CAADAAQDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAT/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAA" +
  "AAAAAAAAAAAABf/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AJQA59//2Q==";

/** The 4×3 JPEG, or the same bytes with the SOF0 header claiming `width`×`height`. */
export function jpeg(width = 4, height = 3): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(Buffer.from(JPEG_4X3, "base64"));
  if (width === 4 && height === 3) return bytes;
  for (let i = 2; i + 9 < bytes.length; i++) {
    if (bytes[i] === 0xff && bytes[i + 1] === 0xc0) {
      // FF C0, length (2), precision (1), height (2), width (2)
      bytes[i + 5] = height >> 8;
      bytes[i + 6] = height & 0xff;
      bytes[i + 7] = width >> 8;
      bytes[i + 8] = width & 0xff;
      return bytes;
    }
  }
  throw new Error("no SOF0 marker in the JPEG");
}

/** A 4×3 lossless WebP (38 bytes: RIFF, WEBP, one VP8L chunk). */
const WEBP_4X3 = "UklGRh4AAABXRUJQVlA4TBEAAAAvA4AAAAdQqCKXov+BiOh/AAA=";

/** The 4×3 WebP, or the same bytes with the VP8L header claiming `width`×`height`. */
export function webp(width = 4, height = 3): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(Buffer.from(WEBP_4X3, "base64"));
  if (bytes[20] !== 0x2f) throw new Error("not a VP8L WebP");
  // After the 0x2F signature: 14 bits width-1, 14 bits height-1 (little-endian), 4 more bits.
  const view = new DataView(bytes.buffer);
  const old = view.getUint32(21, true);
  const packed = ((width - 1) | ((height - 1) << 14) | (old & 0xf0000000)) >>> 0;
  view.setUint32(21, packed, true);
  return bytes;
}

/** `bytes` followed by zeros up to `size` bytes (a decoder ignores what follows the image). */
export function padTo(bytes: Uint8Array, size: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(size);
  out.set(bytes.subarray(0, Math.min(bytes.length, size)));
  return out;
}
