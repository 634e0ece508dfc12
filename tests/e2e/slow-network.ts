import type { Page } from "@playwright/test";

/**
 * A phone on a slow network (decision 027): the site's scripts (`/_astro/*.js`)
 * are held until the test lets them through, so "before the scripts arrive"
 * is a fact of the test, not a race with a timer.
 */
export interface HeldScripts {
  /** Lets every held script through, and every later one at once. */
  release(): void;
  /** How many script requests were held. */
  waiting(): number;
}

/** Holds the site's scripts (what a phone on a slow network has not received yet). */
export async function holdScripts(page: Page): Promise<HeldScripts> {
  let open = false;
  let count = 0;
  let letGo: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    letGo = resolve;
  });
  await page.route(
    (url) => url.pathname.startsWith("/_astro/") && url.pathname.endsWith(".js"),
    async (route) => {
      if (!open) {
        count++;
        await gate;
      }
      // The page may have gone on meanwhile (the form's POST): its requests went with it.
      await route.continue().catch(() => undefined);
    },
  );
  return {
    release() {
      open = true;
      letGo();
    },
    waiting: () => count,
  };
}
