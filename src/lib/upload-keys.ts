/**
 * Blob keys of provider uploads (spec §7, "Upload keys"). The API checks that
 * a key sits under the signed-in user's or provider's own folder; the browser
 * names the files.
 */

/** `providers/{userId}/cover_{timestamp}.jpg` */
export function coverKey(userId: string, timestamp: number): string {
  return `providers/${userId}/cover_${timestamp}.jpg`;
}

/** `providers/{userId}/logo_{timestamp}.jpg` */
export function logoKey(userId: string, timestamp: number): string {
  return `providers/${userId}/logo_${timestamp}.jpg`;
}

/** Longest file name part kept in a gallery key, before `.jpg`. */
export const MAX_FILE_STEM = 80;

/**
 * A file name safe for a key: spaces become underscores (spec), anything but
 * `A-Z a-z 0-9 . _ -` is dropped, and the extension becomes `.jpg` because the
 * browser re-encodes every image as JPEG. `Shop Floor (2).PNG` → `Shop_Floor_2.jpg`.
 */
export function jpegFileName(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? "";
  const stem = base
    .replace(/\.[A-Za-z0-9]{1,5}$/, "")
    .replace(/\s+/g, "_")
    .replace(/[^A-Za-z0-9._-]/g, "")
    .replace(/_{2,}/g, "_")
    .replace(/\.{2,}/g, ".")
    .replace(/^[._-]+|[._-]+$/g, "")
    .slice(0, MAX_FILE_STEM)
    .replace(/[._-]+$/, "");
  return `${stem || "image"}.jpg`;
}

/** `providers/{providerId}/gallery/{timestamp}_{file name}` */
export function galleryKey(providerId: string, timestamp: number, fileName: string): string {
  return `providers/${providerId}/gallery/${timestamp}_${jpegFileName(fileName)}`;
}
