/** How the session list says when a session was last used, in the page's language. */
import { currentLocale, dateFormat, LOCALE_TAGS, m, type Locale } from "../../i18n/index.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const relative = new Map<Locale, Intl.RelativeTimeFormat>();
const dateTimes = new Map<Locale, Intl.DateTimeFormat>();

function rtf(locale: Locale): Intl.RelativeTimeFormat {
  let f = relative.get(locale);
  if (!f) {
    f = new Intl.RelativeTimeFormat(LOCALE_TAGS[locale], { numeric: "auto" });
    relative.set(locale, f);
  }
  return f;
}

function dateTime(locale: Locale): Intl.DateTimeFormat {
  let f = dateTimes.get(locale);
  if (!f) {
    f = dateFormat(locale, { dateStyle: "medium", timeStyle: "short" });
    dateTimes.set(locale, f);
  }
  return f;
}

/** "just now", "5 minutes ago", "yesterday", … up to a week; a date beyond that. */
export function lastUsedText(iso: string, now: number, locale: Locale = currentLocale()): string {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return m.account_unknown_time({}, { locale });
  // A clock a little ahead of ours is still "just now".
  const ago = Math.max(0, now - then);
  if (ago < MINUTE) return m.account_just_now({}, { locale });
  if (ago < HOUR) return rtf(locale).format(-Math.floor(ago / MINUTE), "minute");
  if (ago < DAY) return rtf(locale).format(-Math.floor(ago / HOUR), "hour");
  if (ago < 7 * DAY) return rtf(locale).format(-Math.floor(ago / DAY), "day");
  return dateTime(locale).format(then);
}

/** The full local date and time, for a tooltip and screen readers. */
export function fullTime(iso: string, locale: Locale = currentLocale()): string {
  const then = Date.parse(iso);
  return Number.isNaN(then)
    ? m.account_unknown_time({}, { locale })
    : dateTime(locale).format(then);
}
