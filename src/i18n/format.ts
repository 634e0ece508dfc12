import { LOCALE_TAGS, type Locale } from "./locales.ts";
import { m } from "./paraglide/messages.js";

/**
 * Numbers, prices and dates in the reader's language (decision 022): Urdu
 * uses ur-PK, whose CLDR digits are the Western ones Pakistan writes prices,
 * phone numbers and addresses in; month names and relative times are Urdu.
 */
const numberFormats = new Map<string, Intl.NumberFormat>();

export function numberFormat(
  locale: Locale,
  options: Intl.NumberFormatOptions = { maximumFractionDigits: 0 },
): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = numberFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(LOCALE_TAGS[locale], options);
    numberFormats.set(key, f);
  }
  return f;
}

/** A whole count: 1,234. */
export function formatCount(n: number, locale: Locale): string {
  return numberFormat(locale).format(n);
}

/** Whole rupees: `PKR 150,000` in English, `Rs 150,000` (ur-PK's own sign) in Urdu. */
export function formatRupees(rupees: number, locale: Locale): string {
  if (locale === "en") return `PKR ${numberFormat("en").format(rupees)}`;
  return numberFormat("ur", {
    style: "currency",
    currency: "PKR",
    maximumFractionDigits: 0,
  }).format(rupees);
}

/**
 * A service's price as pages, dashboards and the admin show it (decision 023):
 * 'Price on request' when it has none, 'Free' at 0 (entered on purpose),
 * else the rupees. Never 'PKR 0' for a listing nobody priced.
 */
export function formatServicePrice(pricePkr: number | null, locale: Locale): string {
  if (pricePkr === null) return m.common_price_on_request({}, { locale });
  if (pricePkr === 0) return m.common_price_free({}, { locale });
  return formatRupees(pricePkr, locale);
}

export function dateFormat(
  locale: Locale,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(LOCALE_TAGS[locale], options);
}
