/**
 * Turns a picked file into the JPEG the dashboard uploads (every image is
 * re-encoded as JPEG in the browser, within the sizes of image-math.ts),
 * and uploads it. The sizes come from src/lib/image-math.ts; this module only
 * decodes, draws and encodes, in the browser.
 */
import { m } from "../../i18n/index.ts";
import { api, unwrap } from "../../lib/api-client.ts";
import { planImage, type ImageKind } from "../../lib/image-math.ts";
import { JPEG_QUALITY } from "../../lib/provider-schemas.ts";

/** Uploads must be image files (the API checks the bytes as well). */
export function isImageFile(file: { type: string }): boolean {
  return file.type.startsWith("image/");
}

/** The message (in the page's language) when a picked file cannot be used. */
export class ImageFileError extends Error {
  override readonly name = "ImageFileError";
}

interface Decoded {
  source: CanvasImageSource;
  width: number;
  height: number;
  close: () => void;
}

/** Decodes with the EXIF orientation applied (a phone's portrait photo stays upright). */
async function decode(file: Blob): Promise<Decoded> {
  if (typeof createImageBitmap === "function") {
    try {
      const bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
      return {
        source: bitmap,
        width: bitmap.width,
        height: bitmap.height,
        close: () => bitmap.close(),
      };
    } catch {
      // Some browsers decode fewer formats here than in <img>; try that next.
    }
  }
  const url = URL.createObjectURL(file);
  try {
    const img = new Image();
    img.decoding = "async";
    img.src = url;
    await img.decode();
    return {
      source: img,
      width: img.naturalWidth,
      height: img.naturalHeight,
      close: () => URL.revokeObjectURL(url),
    };
  } catch {
    URL.revokeObjectURL(url);
    throw new ImageFileError(m.dashboard_image_unreadable());
  }
}

function toJpeg(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) =>
        blob ? resolve(blob) : reject(new ImageFileError(m.dashboard_image_unconvertible())),
      "image/jpeg",
      JPEG_QUALITY,
    );
  });
}

/**
 * Crops and resizes a picked image for its use (cover 800x600, logo 400x400,
 * gallery within 1200x900, all 4:3 or square from the centre; a quote request's
 * photo whole, within 1600x1600) and encodes it as JPEG at quality 0.9.
 */
export async function prepareImage(file: File, kind: ImageKind): Promise<Blob> {
  if (!isImageFile(file)) throw new ImageFileError(m.dashboard_image_not_a_file());
  const img = await decode(file);
  try {
    if (!img.width || !img.height) throw new ImageFileError(m.dashboard_image_empty());
    const { crop, output } = planImage(kind, img.width, img.height);
    const canvas = document.createElement("canvas");
    canvas.width = output.width;
    canvas.height = output.height;
    const ctx = canvas.getContext("2d");
    if (!ctx) throw new ImageFileError(m.dashboard_image_unprocessable());
    // JPEG has no transparency: a transparent PNG logo gets a white background, not black.
    ctx.fillStyle = "#ffffff";
    ctx.fillRect(0, 0, output.width, output.height);
    ctx.imageSmoothingEnabled = true;
    ctx.imageSmoothingQuality = "high";
    ctx.drawImage(
      img.source,
      crop.sx,
      crop.sy,
      crop.sw,
      crop.sh,
      0,
      0,
      output.width,
      output.height,
    );
    return await toJpeg(canvas);
  } finally {
    img.close();
  }
}

/**
 * POST /api/uploads/file?key=…&contentType=image/jpeg with the raw bytes.
 * Resolves to the stored image's public URL; a failure throws the
 * ApiError (message `{status}: {text}`).
 */
export async function uploadJpeg(key: string, jpeg: Blob): Promise<string> {
  const { publicUrl } = await unwrap(
    api.uploads.file.$post(
      { query: { key, contentType: "image/jpeg" } },
      // The bytes go as they are, not as JSON or a form.
      { headers: { "Content-Type": "application/octet-stream" }, init: { body: jpeg } },
    ),
  );
  return publicUrl;
}
