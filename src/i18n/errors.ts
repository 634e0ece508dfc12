/**
 * Error and validation messages in the reader's language (decision 022).
 *
 * The API and the shared zod schemas speak the spec's English error catalogue
 * (tests and clients match it verbatim); an Urdu reader gets each message
 * through one table (./error-table.ts). The API translates its `{ "error": … }`
 * answers (functions/lib/localize-errors.ts); the islands translate what their
 * forms check before sending. The table holds every message in both languages
 * (about 8 KB gzipped), so it is installed, not imported: by the server when it
 * starts, and in the browser only on Urdu pages (./index.ts), after the page
 * has loaded and before anyone can have filled in a form.
 */
import type { Locale } from "./locales.ts";

type Translator = (text: string) => string | null;
let urdu: Translator | null = null;

export function installErrorTable(translator: Translator): void {
  urdu = translator;
}

/** `text` in `locale`; text the table does not know (or no table yet) is returned as it is. */
export function localizeError(text: string, locale: Locale): string {
  if (locale === "en" || !text || !urdu) return text;
  return urdu(text) ?? text;
}
