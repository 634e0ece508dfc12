/**
 * Colourful test photos for the upload tests, made in code: an RGB PNG of any
 * size (node:zlib, no image library) with a diagonal band, so a crop or a
 * resize is visible in screenshots too.
 */
import { crc32, deflateSync } from "node:zlib";
import type { FileChooser, Page } from "@playwright/test";

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "ascii");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

export function photoPng(width: number, height: number, hue: [number, number, number]): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type: RGB
  const stride = width * 3 + 1;
  const rows = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    rows[y * stride] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const band = Math.abs(x / width - y / height) < 0.15;
      const shade = 0.55 + 0.45 * (y / height);
      const o = y * stride + 1 + x * 3;
      rows[o] = band ? 250 : Math.round(hue[0] * shade);
      rows[o + 1] = band ? 245 : Math.round(hue[1] * shade);
      rows[o + 2] = band ? 235 : Math.round(hue[2] * shade);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A file for `setFiles`. */
export function photo(name: string, width: number, height: number, hue: [number, number, number]) {
  return { name, mimeType: "image/png", buffer: photoPng(width, height, hue) };
}

/** Picks files through the button's file chooser, the way a person does. */
export async function chooseFiles(
  page: Page,
  button: string,
  files: Parameters<FileChooser["setFiles"]>[0],
): Promise<void> {
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: button }).click();
  await (await chooser).setFiles(files);
}
