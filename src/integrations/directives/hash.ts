import type { ClientDirective } from "astro";

const INTENT = ["pointerover", "touchstart", "focusin"] as const;

/**
 * `client:hash="#suggest"`: for an island that a URL hash opens (a dialog).
 * Hydrates at once when the page opens with that hash, when the hash changes
 * to it, or as soon as someone points at, focuses or taps a link to it. That
 * first sign of intent is sent again once the island is live, so an island
 * that preloads its heavy part on intent still does (SuggestDialog); the
 * event has no default action, so sending it twice changes nothing else.
 */
const hash: ClientDirective = (load, options) => {
  const wanted = typeof options.value === "string" ? options.value : "";
  if (!wanted.startsWith("#")) return;
  let started = false;
  const start = async (intent?: { type: string; target: Element }) => {
    if (started) return;
    started = true;
    window.removeEventListener("hashchange", onHash);
    for (const type of INTENT) document.removeEventListener(type, onIntent);
    const hydrate = await load();
    await hydrate();
    if (!intent) return;
    // React commits a hydration and runs its effects a task or two later.
    setTimeout(() => {
      if (intent.target.isConnected) {
        intent.target.dispatchEvent(new Event(intent.type, { bubbles: true }));
      }
    }, 50);
  };
  const onHash = () => {
    if (location.hash === wanted) void start();
  };
  const onIntent = (e: Event) => {
    const link = e.target instanceof Element ? e.target.closest("a[href]") : null;
    if (link?.getAttribute("href")?.endsWith(wanted)) void start({ type: e.type, target: link });
  };
  if (location.hash === wanted) {
    void start();
    return;
  }
  window.addEventListener("hashchange", onHash);
  for (const type of INTENT) document.addEventListener(type, onIntent, { passive: true });
};

export default hash;
