import type { ClientDirective } from "astro";
import {
  FORM_TOAST_COOKIE,
  NEXT_PAGE_TOAST_KEY,
  TOAST_RAISED_EVENT,
} from "../../features/toast/signals.ts";

/**
 * `client:toast`, for the Toaster: most views raise no toast, so it hydrates
 * only when one is waiting, kept by the previous page (or named by the server
 * after a form's POST) or raised here by another island
 * (src/features/toast/store.ts sends TOAST_RAISED_EVENT).
 */
const toast: ClientDirective = (load) => {
  let started = false;
  const start = async () => {
    if (started) return;
    started = true;
    window.removeEventListener(TOAST_RAISED_EVENT, onRaised);
    const hydrate = await load();
    await hydrate();
  };
  let pending = document.cookie.includes(`${FORM_TOAST_COOKIE}=`);
  try {
    pending ||= sessionStorage.getItem(NEXT_PAGE_TOAST_KEY) !== null;
  } catch {
    // Storage disabled: toastOnNextPage fell back to showing the toast on its own page.
  }
  // Let go on purpose: Astro's load() reports a failed load as a hydration error itself.
  const onRaised = () => void start();
  if (pending) void start();
  else window.addEventListener(TOAST_RAISED_EVENT, onRaised);
};

export default toast;
