import { lazy, Suspense, useEffect, useState } from "react";
import { SUGGEST_HASH } from "./hash.ts";

/*
 * The dialog's form, its checks and zod come to about 30 KB of gzipped
 * script that most visitors never use, so the home page loads them only when
 * someone points at, focuses or taps a 'Suggest a Provider' link, or arrives
 * with #suggest.
 */
const loadBody = () => import("./SuggestDialogBody.tsx");
const SuggestDialogBody = lazy(loadBody);

const wantsSuggest = (target: EventTarget | null) =>
  target instanceof Element && target.closest(`a[href$="${SUGGEST_HASH}"]`) !== null;

/** "Suggest a Service Provider", mounted once on `/` and opened by the #suggest hash. */
export function SuggestDialog() {
  const [wanted, setWanted] = useState(false);

  useEffect(() => {
    if (wanted) return;
    const onHash = () => {
      if (location.hash === SUGGEST_HASH) setWanted(true);
    };
    const onIntent = (e: Event) => {
      if (wantsSuggest(e.target)) void loadBody();
    };
    onHash();
    window.addEventListener("hashchange", onHash);
    for (const type of ["pointerover", "focusin", "touchstart"]) {
      document.addEventListener(type, onIntent, { passive: true });
    }
    return () => {
      window.removeEventListener("hashchange", onHash);
      for (const type of ["pointerover", "focusin", "touchstart"]) {
        document.removeEventListener(type, onIntent);
      }
    };
  }, [wanted]);

  return wanted ? (
    <Suspense fallback={null}>
      <SuggestDialogBody />
    </Suspense>
  ) : null;
}
