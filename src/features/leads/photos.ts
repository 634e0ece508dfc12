/**
 * Photos of a quote request, with the dashboard gallery's machinery: the
 * browser re-encodes each picked image, whole, as a JPEG within 1600×1600
 * (images.ts), then POST /api/uploads stores it under the customer's own
 * `leads/{userId}/…` folder, with the same type and size checks as every upload.
 */
import { m } from "../../i18n/index.ts";
import { leadPhotoKey } from "../../lib/upload-keys.ts";
import { isImageFile, prepareImage, uploadJpeg } from "../dashboard/images.ts";
import { failureMessage } from "../forms/use-submit.ts";
import { inSentence } from "./view.ts";

export { isImageFile };

/** Prepares and uploads one photo; answers its public URL or throws with a sentence to show. */
export async function uploadLeadPhoto(userId: string, file: File): Promise<string> {
  const jpeg = await prepareImage(file, "lead");
  return uploadJpeg(leadPhotoKey(userId, Date.now(), file.name), jpeg);
}

/** What to tell the customer when a photo could not be added, in the page's language. */
export function photoFailure(file: { name: string }, err: unknown): string {
  return m.leads_photo_failure({
    name: inSentence(file.name),
    reason: failureMessage(err, m.leads_photo_upload_failed()),
  });
}
