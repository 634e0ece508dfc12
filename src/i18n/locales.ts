/**
 * The site's two languages and how a URL carries one (decision 022): English
 * at the plain paths, Urdu under /ur with the same English slugs. Pure, so the
 * API, the build and the islands share it.
 */
export const LOCALES = ["en", "ur"] as const;
export type Locale = (typeof LOCALES)[number];
export const BASE_LOCALE: Locale = "en";

/** What each language is called in itself, for the language switch. */
export const LOCALE_NAMES: Record<Locale, string> = { en: "English", ur: "اردو" };
/** BCP 47 tags for hreflang, og:locale and Intl. */
export const LOCALE_TAGS: Record<Locale, string> = { en: "en-PK", ur: "ur-PK" };
export const LOCALE_DIRS: Record<Locale, "ltr" | "rtl"> = { en: "ltr", ur: "rtl" };

const UR_PREFIX = "/ur";

export function isLocale(value: unknown): value is Locale {
  return value === "en" || value === "ur";
}

/** The language a site path is in: /ur and everything under it is Urdu. */
export function localeOfPath(path: string): Locale {
  return path === UR_PREFIX || path.startsWith(`${UR_PREFIX}/`) ? "ur" : "en";
}

/** The path without its language prefix: /ur/pk/lahore → /pk/lahore, /ur → /. */
export function basePath(path: string): string {
  if (localeOfPath(path) === "en") return path;
  const rest = path.slice(UR_PREFIX.length);
  return rest === "" ? "/" : rest;
}

/**
 * What exists in English only: the admin dashboard (its users are the team),
 * the API and its reference, images, and the crawler files.
 */
const ENGLISH_ONLY = /^\/(?:admin-dashboard|api-reference|api|media|sitemaps?|robots)(?:[/?#.]|$)/;

/**
 * The same page in `locale`: /pk/lahore → /ur/pk/lahore and back. Query and
 * hash survive; only site paths (starting with one /) are changed, and those
 * with no Urdu twin stay as they are.
 */
export function localizePath(path: string, locale: Locale): string {
  if (!path.startsWith("/") || path.startsWith("//")) return path;
  const cut = path.search(/[?#]/);
  const pathname = cut === -1 ? path : path.slice(0, cut);
  const tail = cut === -1 ? "" : path.slice(cut);
  const base = basePath(pathname);
  if (locale === "en" || ENGLISH_ONLY.test(base)) return base + tail;
  return (base === "/" ? UR_PREFIX : `${UR_PREFIX}${base}`) + tail;
}

/**
 * The reader's language for API answers and mails: the page's language, sent
 * by the islands as Accept-Language (src/lib/api-client.ts), else what the
 * browser prefers when it ranks Urdu first. English otherwise.
 */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale {
  if (!header) return "en";
  const first = header.split(",")[0]?.trim().toLowerCase() ?? "";
  return first === "ur" || first.startsWith("ur-") || first.startsWith("ur;") ? "ur" : "en";
}
