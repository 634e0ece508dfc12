/**
 * The language switch (decision 022): a plain link to the same page in the
 * other language, in the header and the phone menu. The choice is remembered
 * in a first-party cookie that only the browser reads: the English home page,
 * the one entry point that is `x-default`, sends a reader who chose Urdu on to
 * /ur. No request and no island, so an anonymous view still costs nothing.
 * Deep links are never redirected: a link to an English page opens it.
 *
 * This module runs as the layout's inline script, so it imports nothing at
 * run time: code it shared with an island would become a chunk of its own,
 * and the script a request instead of inline code.
 */
import type { Locale } from "../../i18n/locales.ts";

export const LANGUAGE_COOKIE = "karkhana_lang";
/** A year: a reader's language does not change often. */
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
/** Links that switch the language carry the language they switch to. */
const SWITCH_ATTRIBUTE = "data-lang-switch";

interface Where {
  pathname: string;
  search: string;
  hash: string;
}

export function otherLocale(locale: Locale): Locale {
  return locale === "en" ? "ur" : "en";
}

/** The cookie that remembers `locale` (set with `document.cookie = …`). */
export function languageCookie(locale: Locale, secure: boolean): string {
  const flags = `path=/; max-age=${MAX_AGE_SECONDS}; samesite=lax${secure ? "; secure" : ""}`;
  return `${LANGUAGE_COOKIE}=${locale}; ${flags}`;
}

/** The remembered choice in a cookie string, or null when there is none. */
export function chosenLocale(cookies: string): Locale | null {
  const match = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=(en|ur)(?:;|$)`).exec(cookies);
  return (match?.[1] as Locale | undefined) ?? null;
}

/**
 * Where the English home page sends a reader who chose Urdu (search and hash
 * kept); null on every other page and for everyone else.
 */
export function homeRedirect(where: Where, cookies: string): string | null {
  if (where.pathname !== "/" || chosenLocale(cookies) !== "ur") return null;
  return `/ur${where.search}${where.hash}`;
}

/**
 * A switch link's target with the current query and hash: the server renders
 * the other language's path (localizePath), the reader's address adds the rest.
 */
export function withCurrentTail(href: string, where: Where): string {
  const cut = href.search(/[?#]/);
  return `${cut === -1 ? href : href.slice(0, cut)}${where.search}${where.hash}`;
}

/**
 * Runs on every page (the layout's inline script): following a switch link
 * takes the current query and hash along (a search, an open section) and
 * remembers the choice.
 */
export function installLanguageChoice(doc: Document, location: Location): void {
  const target = homeRedirect(location, doc.cookie);
  if (target) {
    location.replace(target);
    return;
  }
  const follow = (event: Event) => {
    const link =
      event.target instanceof Element
        ? event.target.closest<HTMLAnchorElement>(`a[${SWITCH_ATTRIBUTE}]`)
        : null;
    const locale = link?.getAttribute(SWITCH_ATTRIBUTE);
    const href = link?.getAttribute("href");
    if (!link || !href || (locale !== "en" && locale !== "ur")) return;
    doc.cookie = languageCookie(locale, location.protocol === "https:");
    // The browser follows the href as it is once the click's listeners have run.
    link.setAttribute("href", withCurrentTail(href, location));
  };
  // auxclick: a middle click opens the other language in a new tab, remembered too.
  doc.addEventListener("click", follow);
  doc.addEventListener("auxclick", follow);
}
