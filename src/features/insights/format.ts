/** How the Insights tabs word their figures, in the page's language unless told. */
import {
  currentLocale,
  dateFormat,
  formatCount as formatWhole,
  m,
  numberFormat,
  type Locale,
} from "../../i18n/index.ts";

/** 1,250 */
export function formatCount(n: number, locale: Locale = currentLocale()): string {
  return formatWhole(n, locale);
}

export type Trend = "up" | "down" | "flat" | "new" | "none";

/**
 * The change against the previous period as a person reads it: "+12.5%",
 * "−4%", "0%"; "New" when the previous period had none and this one has
 * some; "—" when both had none. `spoken` is the same for screen readers.
 */
export function describeChange(
  now: number,
  change: number | null,
  days: number,
  locale: Locale = currentLocale(),
): { text: string; spoken: string; trend: Trend } {
  const opts = { locale };
  const d = { days: formatCount(days, locale) };
  if (change === null) {
    return now > 0
      ? {
          text: m.dashboard_change_new({}, opts),
          spoken: m.dashboard_change_none_before(d, opts),
          trend: "new",
        }
      : { text: "—", spoken: m.dashboard_change_none(d, opts), trend: "none" };
  }
  const size = `${numberFormat(locale, { maximumFractionDigits: 1 }).format(Math.abs(change))}%`;
  if (change > 0) {
    return { text: `+${size}`, spoken: m.dashboard_change_more({ size, ...d }, opts), trend: "up" };
  }
  if (change < 0) {
    return {
      text: `−${size}`,
      spoken: m.dashboard_change_fewer({ size, ...d }, opts),
      trend: "down",
    };
  }
  return { text: "0%", spoken: m.dashboard_change_same(d, opts), trend: "flat" };
}

/** Days are Pakistan's calendar days, stored at midnight UTC: read them in UTC. */
const asDate = (day: string) => new Date(`${day}T00:00:00Z`);

// Kept per language: a 90-day table and every chart redraw format many days.
const dayFormats = new Map<string, Intl.DateTimeFormat>();
function dayFormat(locale: Locale, withYear: boolean): Intl.DateTimeFormat {
  const key = `${locale}|${withYear}`;
  let f = dayFormats.get(key);
  if (!f) {
    f = dateFormat(locale, {
      day: "numeric",
      month: "short",
      ...(withYear && { year: "numeric" }),
      timeZone: "UTC",
    });
    dayFormats.set(key, f);
  }
  return f;
}

/** `2026-11-28` → "28 Nov" ("28 نومبر"), the day as Pakistan counts it, whatever the browser's zone. */
export function shortDay(day: string, locale: Locale = currentLocale()): string {
  return dayFormat(locale, false).format(asDate(day));
}

/** `2026-11-28` → "28 Nov 2026". */
export function longDay(day: string, locale: Locale = currentLocale()): string {
  return dayFormat(locale, true).format(asDate(day));
}
