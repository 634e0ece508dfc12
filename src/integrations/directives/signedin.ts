import type { ClientDirective } from "astro";
import { hasSessionHint } from "../../lib/session-hint.ts";

/**
 * `client:signedin`: for islands only a signed-in person needs. Hydrates at
 * once when the hint cookie says someone may be signed in; for everybody else
 * the server-rendered (signed-out) HTML is the whole island.
 */
// eslint-disable-next-line @typescript-eslint/no-misused-promises -- Astro awaits a directive's promise (a rejection becomes its hydration error), though ClientDirective says void
const signedIn: ClientDirective = async (load) => {
  if (!hasSessionHint(document.cookie)) return;
  const hydrate = await load();
  await hydrate();
};

export default signedIn;
