/**
 * The one way in to the message catalog (decision 022). Every island and page
 * imports `m` from here, never from ./paraglide directly, so the language
 * source is installed before any message is read: the page's language in the
 * browser and in a page render (./current.ts). Server code outside a page
 * render (the API, mails) passes it: `m.key(inputs, { locale })`.
 */
import { overwriteGetLocale } from "./paraglide/runtime.js";
import { currentLocale } from "./current.ts";
import { localizePath } from "./locales.ts";
import { installErrorTable } from "./errors.ts";

overwriteGetLocale(currentLocale);

// Error sentences in Urdu, only where someone reads Urdu (./errors.ts).
if (typeof document !== "undefined" && currentLocale() === "ur") {
  void import("./error-table.ts").then(({ translateError }) => installErrorTable(translateError));
}

export { m } from "./paraglide/messages.js";
export { currentLocale, setServerLocaleSource } from "./current.ts";
export * from "./locales.ts";
export * from "./format.ts";

/** A site path in the language of the page this code runs for (links between pages). */
export function localHref(path: string): string {
  return localizePath(path, currentLocale());
}
export * from "./names.ts";
