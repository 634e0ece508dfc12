/**
 * Blob keys of provider uploads, built and parsed in this one module: the
 * browser names its files with the builders, the API accepts only keys the
 * parser recognises and then checks they sit in the signed-in user's own
 * folder (or their provider's, for the gallery). A key is never trusted to
 * be a plain path: the blob stores rely on isSafeBlobKey.
 *
 *   providers/{userId}/cover_{timestamp}.jpg
 *   providers/{userId}/logo_{timestamp}.jpg
 *   providers/{providerId}/gallery/{timestamp}_{file name}
 *   leads/{userId}/{timestamp}_{file name}          (photos of a quote request)
 *   claims/{userId}/{timestamp}_{file name}         (proof for a listing claim)
 *
 * Provider images are public (`/media/{key}`, cached for a year); quote
 * requests' photos and claims' proof are private (`/api/media/{key}`, only for
 * the people of that request or claim and admins; decision 030).
 */
import { parseVariantKey } from "./image-sources.ts";

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
 * A file name safe for a key: spaces become underscores, anything but
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

/**
 * `leads/{userId}/{timestamp}_{file name}`: a photo for a quote request, in the
 * customer's own folder (any signed-in account may upload these).
 */
export function leadPhotoKey(userId: string, timestamp: number, fileName: string): string {
  return `leads/${userId}/${timestamp}_${jpegFileName(fileName)}`;
}

/**
 * `claims/{userId}/{timestamp}_{file name}`: a photo of a shop board or a
 * registration sent as proof with a listing claim, in the requester's own
 * folder (any signed-in account may upload these; decision 025).
 */
export function claimPhotoKey(userId: string, timestamp: number, fileName: string): string {
  return `claims/${userId}/${timestamp}_${jpegFileName(fileName)}`;
}

/** What the API answers (400) for a key of none of the five shapes. */
export const BAD_UPLOAD_KEY =
  "Invalid upload key: use providers/{userId}/cover_{timestamp}.jpg, " +
  "providers/{userId}/logo_{timestamp}.jpg, providers/{providerId}/gallery/{timestamp}_{filename}, " +
  "leads/{userId}/{timestamp}_{filename} or claims/{userId}/{timestamp}_{filename}";

/**
 * A blob key is a relative path of safe segments (`providers/{id}/cover_1.jpg`):
 * no empty, `.` or `..` segments, no backslashes, nothing outside [A-Za-z0-9._-].
 */
export function isSafeBlobKey(key: string): boolean {
  if (key.length === 0 || key.length > 512) return false;
  return key
    .split("/")
    .every((seg) => seg !== "" && seg !== "." && seg !== ".." && /^[A-Za-z0-9._-]+$/.test(seg));
}

export type UploadKey =
  | { kind: "cover" | "logo" | "lead" | "claim"; userId: string; key: string }
  | { kind: "gallery"; providerId: string; key: string };

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const PROFILE_KEY = new RegExp(`^providers/(${UUID})/(cover|logo)_(\\d{1,16})\\.jpg$`);
const GALLERY_KEY = new RegExp(`^providers/(${UUID})/gallery/(\\d{1,16})_([A-Za-z0-9._-]{1,200})$`);
const LEAD_KEY = new RegExp(`^leads/(${UUID})/(\\d{1,16})_([A-Za-z0-9._-]{1,200})$`);
const CLAIM_KEY = new RegExp(`^claims/(${UUID})/(\\d{1,16})_([A-Za-z0-9._-]{1,200})$`);

/**
 * Parses an upload key of one of the five shapes above (a gallery file name
 * of [A-Za-z0-9._-], as jpegFileName makes it). Null for anything else,
 * including `.`/`..` segments, other prefixes and the server's own resized
 * copies of an upload (decision 013).
 */
export function parseUploadKey(key: string): UploadKey | null {
  if (!isSafeBlobKey(key) || parseVariantKey(key) !== null) return null;
  const profile = PROFILE_KEY.exec(key);
  if (profile) {
    return { kind: profile[2] === "logo" ? "logo" : "cover", userId: profile[1]!, key };
  }
  const gallery = GALLERY_KEY.exec(key);
  if (gallery) return { kind: "gallery", providerId: gallery[1]!, key };
  const lead = LEAD_KEY.exec(key);
  if (lead) return { kind: "lead", userId: lead[1]!, key };
  const claim = CLAIM_KEY.exec(key);
  if (claim) return { kind: "claim", userId: claim[1]!, key };
  return null;
}

/** Where the public images are served: `/media/{key}`. */
export const PUBLIC_MEDIA_PREFIX = "/media/";
/** Where the private ones are served, after a session check: `/api/media/{key}`. */
export const PRIVATE_MEDIA_PREFIX = "/api/media/";

/** The top folders whose uploads (and their copies) are private (decision 030). */
export const PRIVATE_FOLDERS = ["leads", "claims"] as const;
export type PrivateFolder = (typeof PRIVATE_FOLDERS)[number];

/**
 * Whether a blob key lies in a private folder: a quote request's photo or a
 * claim's proof, or one of their WebP and JPEG copies (siblings of the upload).
 */
export function isPrivateKey(key: string): boolean {
  return PRIVATE_FOLDERS.some((f) => key.startsWith(`${f}/`));
}

/** The URL a blob key is served at: `/api/media/{key}` when private, else `/media/{key}`. */
export function mediaUrlOf(key: string): string {
  return `${isPrivateKey(key) ? PRIVATE_MEDIA_PREFIX : PUBLIC_MEDIA_PREFIX}${key}`;
}

/**
 * The blob key behind one of our media URLs, or null: a private key only
 * behind `/api/media/`, a public one only behind `/media/` (an old
 * `/media/leads/…` link names nothing any more), and never an unsafe key.
 */
export function keyOfMediaUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  const prefix = url.startsWith(PRIVATE_MEDIA_PREFIX)
    ? PRIVATE_MEDIA_PREFIX
    : url.startsWith(PUBLIC_MEDIA_PREFIX)
      ? PUBLIC_MEDIA_PREFIX
      : null;
  if (!prefix) return null;
  const key = url.slice(prefix.length);
  if (!isSafeBlobKey(key)) return null;
  return isPrivateKey(key) === (prefix === PRIVATE_MEDIA_PREFIX) ? key : null;
}
