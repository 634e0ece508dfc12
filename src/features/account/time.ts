/** How the session list says when a session was last used. */

const LOCALE = "en-PK";
const rtf = new Intl.RelativeTimeFormat(LOCALE, { numeric: "auto" });
const dateTime = new Intl.DateTimeFormat(LOCALE, { dateStyle: "medium", timeStyle: "short" });

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "just now", "5 minutes ago", "yesterday", … up to a week; a date beyond that. */
export function lastUsedText(iso: string, now: number): string {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return "unknown";
  // A clock a little ahead of ours is still "just now".
  const ago = Math.max(0, now - then);
  if (ago < MINUTE) return "just now";
  if (ago < HOUR) return rtf.format(-Math.floor(ago / MINUTE), "minute");
  if (ago < DAY) return rtf.format(-Math.floor(ago / HOUR), "hour");
  if (ago < 7 * DAY) return rtf.format(-Math.floor(ago / DAY), "day");
  return dateTime.format(then);
}

/** The full local date and time, for a tooltip and screen readers. */
export function fullTime(iso: string): string {
  const then = Date.parse(iso);
  return Number.isNaN(then) ? "unknown" : dateTime.format(then);
}
