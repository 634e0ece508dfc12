/**
 * GET /api/my-provider: the signed-in user's own provider, with its contact
 * details and gallery. Shared by the setup screen (which leaves for the
 * dashboard when a profile exists) and the dashboard store.
 */
import { ApiError } from "../../lib/api.ts";
import { api, unwrap, type Answer } from "../../lib/api-client.ts";

/** The owner's view: public fields, contact details, every service and the gallery. */
export type MyProvider = Answer<(typeof api)["my-provider"]["$get"]>;

/** The user's provider, or null when they have none yet (404). Other failures throw. */
export async function fetchMyProvider(): Promise<MyProvider | null> {
  try {
    return await unwrap(api["my-provider"].$get());
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}
