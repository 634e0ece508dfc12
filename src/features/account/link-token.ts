/**
 * The token of an emailed link (`/confirm-email#token=…`, `/reset-password#token=…`).
 * It travels in the fragment, which browsers never send to a server, so it
 * stays out of access logs, proxies and Referer headers; only this page reads it.
 */
import { atom, onMount } from "nanostores";

/** The `token` of a fragment like `#token=abc`; null when it has none. */
export function tokenFromHash(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, "")).get("token")?.trim();
  return token ? token : null;
}

/** `reading` until the browser has looked at the address (the build renders that state). */
export type LinkTokenState = { status: "reading" } | { status: "read"; token: string | null };

export const $linkToken = atom<LinkTokenState>({ status: "reading" });

onMount($linkToken, () => {
  if (typeof window === "undefined") return;
  $linkToken.set({ status: "read", token: tokenFromHash(location.hash) });
  if (location.hash) {
    // Off the address bar and this history entry, so a shared screen or a
    // bookmark does not carry a live token; the page keeps it in memory.
    history.replaceState(history.state, "", `${location.pathname}${location.search}`);
  }
});
