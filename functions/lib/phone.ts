/**
 * Stores providers' phone numbers in international form (issue 4): the form
 * `src/lib/phone.ts` reads back into the local '0300 1234567' for display and
 * into `tel:` / WhatsApp links.
 *
 * - Pakistani mobiles always become '+92 3xx xxxxxxx'.
 * - Pakistani landlines keep the caller's own grouping with single spaces
 *   ('042-35123456' → '+92 42 35123456'): area codes are 2 or 3 digits, so
 *   bare digits are not split ('04235123456' → '+92 4235123456').
 * - Anything else (other countries, extensions, too few digits) is stored as typed, trimmed.
 */

/** Mobile numbers: 3xx followed by 7 digits (10 national digits). */
const PK_MOBILE = /^3\d{9}$/;

export function toInternationalPhone(raw: string): string {
  const typed = raw.trim();
  // Brackets around an area code ('(042) 3512…', '+92 (42) …') add nothing.
  const t = typed.replace(/[()]/g, " ").trim();
  const intl = /^(?:\+|00)\s*92[\s.-]*(.*)$/.exec(t);
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
