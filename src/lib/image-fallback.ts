/**
 * An image that fails to load falls back to a placeholder person icon.
 * One delegated listener instead of inline `onerror` attributes, so a strict
 * Content-Security-Policy (no inline handlers) keeps working. `error` does not
 * bubble, hence the capture phase. An image may name one intermediate URL in
 * `data-fallback` (the provider's cover when the logo fails); after that, or
 * when it is empty, the placeholder is used and the marker removed so a broken
 * placeholder can never loop.
 */

export const PLACEHOLDER_IMAGE = "/placeholder-person.svg";
const SELECTOR = "img[data-fallback]";

/**
 * The browser picks from a `<picture>`'s sources and the `srcset` before
 * `src` (ResponsiveImage): drop them, so the new `src` is what loads.
 */
function dropCandidates(img: HTMLImageElement): void {
  const picture = img.parentElement;
  if (picture?.tagName === "PICTURE") {
    for (const source of picture.querySelectorAll("source")) source.remove();
  }
  img.removeAttribute("srcset");
  img.removeAttribute("sizes");
}

export function applyFallback(img: HTMLImageElement): void {
  if (!img.hasAttribute("data-fallback")) return;
  const next = img.getAttribute("data-fallback") ?? "";
  dropCandidates(img);
  if (next && next !== img.getAttribute("src")) {
    img.setAttribute("data-fallback", "");
    img.src = next;
    return;
  }
  img.removeAttribute("data-fallback");
  img.src = PLACEHOLDER_IMAGE;
}

/** Images whose load already failed before this script ran (it is deferred). */
function isBroken(img: HTMLImageElement): boolean {
  return img.complete && img.naturalWidth === 0 && Boolean(img.getAttribute("src"));
}

export function installImageFallback(doc: Document): void {
  doc.addEventListener(
    "error",
    (event) => {
      const t = event.target;
      if (t instanceof HTMLImageElement && t.matches(SELECTOR)) applyFallback(t);
    },
    true,
  );
  for (const img of doc.querySelectorAll<HTMLImageElement>(SELECTOR)) {
    // Lazy images that have not started loading are not `complete`, so only real failures match.
    if (isBroken(img)) applyFallback(img);
  }
}
