/**
 * The counting beacon (docs/decisions/019-counting-views.md). Kept free of
 * zod and React: the provider page inlines it, and an anonymous view's
 * JavaScript budget is counted in bytes.
 */
import type { CountBeacon } from "../../lib/analytics-schemas.ts";

/** Where beacons go: POST /api/events (functions/routes/events.ts). */
export const EVENTS_PATH = "/api/events";

/**
 * Sends one count and forgets it. `sendBeacon` queues it with the browser, so
 * it survives the page being left (a click on a result, a tap on a phone
 * number) and never holds up what the visitor does. A string body goes as
 * text/plain, which needs no CORS preflight; the server reads it as JSON.
 */
export function sendCount(beacon: CountBeacon): void {
  try {
    navigator.sendBeacon(EVENTS_PATH, JSON.stringify(beacon));
  } catch {
    // No beacon support, or the browser refused to queue it: counting never gets in the way.
  }
}

/**
 * A provider page's one view: sent after the page has loaded (never competing
 * with it), and for a page the browser prerendered only once it is shown.
 * The page marks the provider with `data-provider-view="{id}"`.
 */
export function countPageView(doc: Document): void {
  const providerId = doc.querySelector<HTMLElement>("[data-provider-view]")?.dataset.providerView;
  if (!providerId) return;
  const send = () => sendCount({ event: "view", providerId });
  const afterLoad = () => {
    if (doc.readyState === "complete") send();
    else addEventListener("load", send, { once: true });
  };
  if ((doc as Document & { prerendering?: boolean }).prerendering) {
    doc.addEventListener("prerenderingchange", afterLoad, { once: true });
  } else afterLoad();
}
