import type { ClientDirective } from "astro";
import { hasSessionHint } from "../../lib/session-hint.ts";

/** The first sign that someone is about to use the island (input/change: scripted or autofill edits). */
const INTENT = [
  "pointerover",
  "pointerdown",
  "touchstart",
  "focusin",
  "keydown",
  "input",
  "change",
] as const;

/**
 * `client:interaction`: the server-rendered island is usable as it is (real
 * links, a GET form), so its script loads only when someone reaches for it.
 * A button pressed while the script loads is pressed again once it is live,
 * so the first tap is not lost; links and forms need no help. Text typed in
 * the meantime stays in the field (React hydration keeps the DOM's value; the
 * island adopts it).
 *
 * Flags (space-separated value): "signedin" hydrates at once when the hint
 * cookie is there (the island shows signed-in content), "query" when the URL
 * has a query string (the island restores state from it).
 */
const interaction: ClientDirective = (load, options, el) => {
  const flags = typeof options.value === "string" ? options.value.split(/\s+/) : [];
  let started = false;
  let live = false;
  let pressed: HTMLButtonElement | null = null;

  const onClick = (e: Event) => {
    if (live) return;
    const button = e.target instanceof Element ? e.target.closest("button") : null;
    if (button && button.type === "button" && el.contains(button)) pressed = button;
  };

  const start = async () => {
    if (started) return;
    started = true;
    for (const type of INTENT) el.removeEventListener(type, onIntent);
    const hydrate = await load();
    live = true;
    await hydrate();
    el.removeEventListener("click", onClick, true);
    // React hydrates synchronously for a discrete event, so this press reaches the live button.
    if (pressed?.isConnected) pressed.click();
  };
  // Let go on purpose: Astro's load() reports a failed load as a hydration error itself.
  const onIntent = () => void start();

  if (
    (flags.includes("signedin") && hasSessionHint(document.cookie)) ||
    (flags.includes("query") && location.search.length > 1)
  ) {
    void start();
    return;
  }
  el.addEventListener("click", onClick, true);
  for (const type of INTENT) el.addEventListener(type, onIntent, { passive: true });
};

export default interaction;
