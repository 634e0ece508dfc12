import type { ClientDirective } from "astro";
import { hasSessionHint } from "../../lib/session-hint.ts";

/** Marks a link of the signed-out HTML whose tap should wait for the live island. */
const AWAIT_SESSION_ATTRIBUTE = "data-await-session";

/**
 * `client:signedin`: for islands only a signed-in person needs. Hydrates at
 * once when the hint cookie says someone may be signed in; for everybody else
 * the server-rendered (signed-out) HTML is the whole island.
 *
 * While it loads, a signed-in person sees the signed-out HTML ('Request a
 * Quote' is a link to sign in). A tap on an element marked
 * `data-await-session` is held meanwhile and made again on the live island,
 * which knows who is signed in (decision 027).
 */
// eslint-disable-next-line @typescript-eslint/no-misused-promises -- Astro awaits a directive's promise (a rejection becomes its hydration error), though ClientDirective says void
const signedIn: ClientDirective = async (load, _options, el) => {
  if (!hasSessionHint(document.cookie)) return;
  const tap: { held: HTMLElement | null } = { held: null };
  const hold = (e: Event) => {
    const target =
      e.target instanceof Element ? e.target.closest(`[${AWAIT_SESSION_ATTRIBUTE}]`) : null;
    if (!(target instanceof HTMLElement) || !el.contains(target)) return;
    e.preventDefault();
    tap.held = target;
  };
  el.addEventListener("click", hold, true);
  try {
    const hydrate = await load();
    await hydrate();
  } finally {
    el.removeEventListener("click", hold, true);
  }
  // React hydrates synchronously for a discrete event, so this tap reaches the live island.
  if (tap.held?.isConnected) tap.held.click();
};

export default signedIn;
