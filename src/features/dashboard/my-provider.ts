/**
 * GET /api/my-provider: the signed-in user's own provider, with its contact
 * details and gallery. Shared by the setup screen (which leaves for the
 * dashboard when a profile exists) and the dashboard store.
 */
import { ApiError, apiGet } from "../../lib/api.ts";
import type { GalleryImage, ProviderContact, ProviderPublic } from "../../lib/types.ts";

export type MyProvider = ProviderPublic &
  ProviderContact & {
    /** The API includes the gallery; older answers may not. */
    gallery?: GalleryImage[];
  };

/** The user's provider, or null when they have none yet (404). Other failures throw. */
export async function fetchMyProvider(): Promise<MyProvider | null> {
  try {
    return (await apiGet<MyProvider>("/api/my-provider")).data;
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}
