/**
 * Pakistani phone numbers. Providers' phones are stored in international form
 * ('+92 300 1234567' for a mobile, '+92 42 35123456' for a Lahore landline);
 * people in Pakistan read and dial them in the local form with a trunk 0
 * ('0300 1234567', '042 35123456'). Numbers from other countries are left as
 * they are.
 *
 * One module for both directions: the API and the data layer store numbers
 * with `toInternationalPhone`, pages and islands read them back with the rest.
 * Pure, so it runs in the browser, the Worker and Node alike.
 */

const PK_COUNTRY_CODE = "92";
/** Mobile numbers: 3xx followed by 7 digits (10 national digits). */
const PK_MOBILE = /^3\d{9}$/;

/**
 * The stored form of a typed number:
 *
 * - Pakistani mobiles always become '+92 3xx xxxxxxx'.
 * - Pakistani landlines keep the caller's own grouping with single spaces
 *   ('042-35123456' → '+92 42 35123456'): area codes are 2 or 3 digits, so
 *   bare digits are not split ('04235123456' → '+92 4235123456').
 * - Anything else (other countries, extensions, too few digits) is stored as typed, trimmed.
 */
export function toInternationalPhone(raw: string): string {
  const typed = raw.trim();
  // Brackets around an area code ('(042) 3512…', '+92 (42) …') add nothing.
  const t = typed.replace(/[()]/g, " ").trim();
  const intl = /^(?:\+|00)\s*92[\s.-]*(.*)$/.exec(t) ?? bareCountryCode(t);
  const local = intl ? null : /^0(?!0)[\s.-]*(.*)$/.exec(t);
  let rest = (intl ?? local)?.[1];
  if (rest === undefined || !/^[\d\s.-]+$/.test(rest)) return typed;
  // '+92 0300 1234567': a trunk 0 kept after the country code.
  if (intl) rest = rest.replace(/^0[\s.-]*/, "");
  const national = rest.replace(/\D/g, "");
  // 9 or 10 digits: landlines (2–3 digit area code + 5–8 digits) and mobiles.
  if (national.length < 9 || national.length > 10 || national.startsWith("0")) return typed;
  if (PK_MOBILE.test(national)) return `+92 ${national.slice(0, 3)} ${national.slice(3)}`;
  const grouped = rest
    .trim()
    .split(/[\s.-]+/)
    .join(" ");
  return `+92 ${grouped}`;
}

/**
 * '923001234567', '92 300 1234567': the country code typed without its '+'
 * (as WhatsApp and many phones show a number). Only digits and separators,
 * 11 or 12 digits in all: a number dialled inside Pakistan starts with its
 * trunk 0, never with 92, so nothing else reads this way.
 */
function bareCountryCode(t: string): RegExpExecArray | null {
  const m = /^92[\s.-]*([\d\s.-]+)$/.exec(t);
  const digits = t.replace(/\D/g, "").length;
  return m && (digits === 11 || digits === 12) ? m : null;
}

interface Parsed {
  /** National significant number: digits after +92, or after the trunk 0. */
  national: string;
  /** The stored text after the country code or trunk 0, separators kept (for grouping). */
  rest: string;
}

/** The Pakistani national number in `raw`, or null when it is not a Pakistani number. */
function parsePk(raw: string): Parsed | null {
  const t = raw.trim();
  const intl = /^(?:\+|00)\s*92[\s\-.()]*(.*)$/.exec(t) ?? bareCountryCode(t);
  const local = intl ? null : /^0(?!0)[\s\-.()]*(.*)$/.exec(t);
  const rest = (intl ?? local)?.[1];
  if (rest === undefined) return null;
  const national = rest.replace(/\D/g, "");
  // 9 or 10 digits: landlines (2–3 digit area code + 5–8 digits) and mobiles.
  if (national.length < 9 || national.length > 10) return null;
  // Brackets around an area code add nothing once the trunk 0 is there.
  return { national, rest: rest.replace(/[()]/g, "").replace(/\s+/g, " ").trim() };
}

/** '+92 300 1234567' → '0300 1234567'; '+92 42 35123456' → '042 35123456'. */
export function toLocalPhone(raw: string): string {
  const t = raw.trim();
  const pk = parsePk(t);
  if (!pk) return t;
  // Keep the provider's own grouping when there is one; group bare mobiles as 03xx xxxxxxx.
  if (/\D/.test(pk.rest)) return `0${pk.rest}`;
  if (PK_MOBILE.test(pk.national)) return `0${pk.national.slice(0, 3)} ${pk.national.slice(3)}`;
  return `0${pk.national}`;
}

/** A `tel:` link in international form ('tel:+923001234567'), or null without digits. */
export function telHref(raw: string): string | null {
  const pk = parsePk(raw);
  if (pk) return `tel:+${PK_COUNTRY_CODE}${pk.national}`;
  const digits = raw.replace(/\D/g, "");
  if (!digits) return null;
  return raw.trim().startsWith("+") ? `tel:+${digits}` : `tel:${digits}`;
}

/** 'https://wa.me/923001234567' for a Pakistani mobile; null for landlines and others. */
export function whatsappHref(raw: string): string | null {
  const pk = parsePk(raw);
  if (!pk || !PK_MOBILE.test(pk.national)) return null;
  return `https://wa.me/${PK_COUNTRY_CODE}${pk.national}`;
}
