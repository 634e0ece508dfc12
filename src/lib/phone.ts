/**
 * Pakistani phone numbers. Providers' phones are stored in E.164
 * ('+923001234567' for a mobile, '+924235123456' for a Lahore landline),
 * whatever grouping the provider typed; people in Pakistan read and dial them
 * in the local form with a trunk 0 ('0300 1234567', '042 35123456').
 * Numbers from other countries are kept as typed (decision 020).
 *
 * One module for both directions: the API and the data layer store numbers
 * with `toE164Phone`, pages and islands read them back with the rest (which
 * also read the '+92 300 1234567' and typed forms stored before E.164).
 * Pure, so it runs in the browser, the Worker and Node alike.
 */

const PK_COUNTRY_CODE = "92";
/** Mobile numbers: 3xx followed by 7 digits (10 national digits). */
const PK_MOBILE = /^3\d{9}$/;

/**
 * Two-digit area codes (the larger cities), the only ones a landline is
 * grouped by: smaller places have 3- or 4-digit codes ('0544' Jhelum,
 * '05822' Muzaffarabad) that no short rule tells apart, so those are shown
 * ungrouped rather than grouped wrongly. None of the longer codes starts with
 * one of these, so a match is never a mistake.
 */
const PK_AREA_CODES_2 = new Set([
  "21", // Karachi
  "22", // Hyderabad
  "40", // Sahiwal
  "41", // Faisalabad
  "42", // Lahore
  "44", // Okara
  "48", // Sargodha
  "49", // Kasur
  "51", // Islamabad, Rawalpindi
  "52", // Sialkot
  "53", // Gujrat
  "55", // Gujranwala
  "56", // Sheikhupura
  "61", // Multan
  "62", // Bahawalpur
  "71", // Sukkur
  "81", // Quetta
  "91", // Peshawar
]);

/**
 * The national significant number of a Pakistani number written any usual
 * way ('+92 300 1234567', '0092-300-…', '0300 1234567', '(042) 3512…', and
 * '923001234567' as WhatsApp shows it), or null when `raw` is not one:
 * another country, letters or an extension, too few or too many digits.
 */
function pkNational(raw: string): string | null {
  // Brackets around an area code ('(042) 3512…', '+92 (42) …') add nothing.
  const t = raw.trim().replace(/[()]/g, " ").trim();
  const intl = /^(?:\+|00)\s*92[\s.-]*(.*)$/.exec(t) ?? bareCountryCode(t);
  const local = intl ? null : /^0(?!0)[\s.-]*(.*)$/.exec(t);
  let rest = (intl ?? local)?.[1];
  if (rest === undefined || !/^[\d\s.-]+$/.test(rest)) return null;
  // '+92 0300 1234567': a trunk 0 kept after the country code.
  if (intl) rest = rest.replace(/^0[\s.-]*/, "");
  const national = rest.replace(/\D/g, "");
  // 9 or 10 digits: landlines (2–4 digit area code + 5–8 digits) and mobiles.
  if (national.length < 9 || national.length > 10 || national.startsWith("0")) return null;
  return national;
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

/**
 * The stored form of a typed number: E.164 ('+923001234567') for a Pakistani
 * number, mobile or landline, however it was typed; anything else (other
 * countries, extensions, too few digits, words) as typed, trimmed.
 * Idempotent: a stored number stores as itself.
 */
export function toE164Phone(raw: string): string {
  const national = pkNational(raw);
  return national ? `+${PK_COUNTRY_CODE}${national}` : raw.trim();
}

/** Whether `raw` is a Pakistani mobile number (the only ones 'Chat on WhatsApp' is offered for). */
export function isPkMobile(raw: string): boolean {
  const national = pkNational(raw);
  return national !== null && PK_MOBILE.test(national);
}

/**
 * The local form people in Pakistan read: '+923001234567' → '0300 1234567';
 * landlines grouped after a two-digit city code ('+924235123456' →
 * '042 35123456'), other area codes ungrouped ('+92544123456' → '0544123456').
 * Anything not Pakistani is shown as stored.
 */
export function toLocalPhone(raw: string): string {
  const national = pkNational(raw);
  if (!national) return raw.trim();
  if (PK_MOBILE.test(national)) return `0${national.slice(0, 3)} ${national.slice(3)}`;
  const code = national.slice(0, 2);
  if (PK_AREA_CODES_2.has(code)) return `0${code} ${national.slice(2)}`;
  return `0${national}`;
}

/** A `tel:` link in international form ('tel:+923001234567'), or null without digits. */
export function telHref(raw: string): string | null {
  const national = pkNational(raw);
  if (national) return `tel:+${PK_COUNTRY_CODE}${national}`;
  const digits = raw.replace(/\D/g, "");
  if (!digits) return null;
  return raw.trim().startsWith("+") ? `tel:+${digits}` : `tel:${digits}`;
}

/**
 * 'https://wa.me/923001234567' for a Pakistani mobile, with `text` as the
 * prefilled message; null for landlines and other numbers (whether they take
 * WhatsApp cannot be told from the number).
 */
export function whatsappHref(raw: string, text?: string): string | null {
  const national = pkNational(raw);
  if (!national || !PK_MOBILE.test(national)) return null;
  const base = `https://wa.me/${PK_COUNTRY_CODE}${national}`;
  return text ? `${base}?text=${encodeURIComponent(text)}` : base;
}
