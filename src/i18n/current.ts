import { BASE_LOCALE, isLocale, type Locale } from "./locales.ts";

/**
 * Which language the code runs for, without the message catalog (the API
 * client needs only this): in the browser the page's <html lang>, set by the
 * layout from the URL; on the server the page being rendered, held per render
 * by src/middleware.ts.
 */
let serverLocale: () => Locale | undefined = () => undefined;

/** The server's per-render language source (src/middleware.ts installs it). */
export function setServerLocaleSource(source: () => Locale | undefined): void {
  serverLocale = source;
}

export function currentLocale(): Locale {
  if (typeof document !== "undefined") {
    // Test doubles of `document` may have no root element.
    const lang = document.documentElement?.lang;
    return isLocale(lang) ? lang : BASE_LOCALE;
  }
  return serverLocale() ?? BASE_LOCALE;
}
