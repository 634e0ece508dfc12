/**
 * The forms of quote requests: the 'Request a Quote' dialog and the reply box
 * of a thread. Their values as typed, the checks (the API's own zod schemas
 * plus the one rule a schema cannot know: today's date), the payloads, and
 * the rupee field that groups digits as they are typed. Pure, so it is
 * unit-tested. The checks speak the schemas' English; an Urdu page shows
 * each message from the error catalogue (localizeError).
 */
import { currentLocale, formatCount, m, numberFormat, type Locale } from "../../i18n/index.ts";
import { localizeError } from "../../i18n/errors.ts";
import {
  leadCreateSchema,
  leadMessageSchema,
  MAX_LEAD_PHOTOS,
  NEED_MAX,
  NEED_MIN,
  pakistanDay,
  type LeadCreate,
} from "../../lib/lead-schemas.ts";

export { MAX_LEAD_PHOTOS, NEED_MAX, NEED_MIN };

/* ------------------------------------------------------------ rupees */

/**
 * Urdu keyboards type Eastern digits (۱۵۰ or ١٥٠); the field and the API read
 * Western ones. One character for one, so a caret position stays valid.
 */
function westernDigits(raw: string): string {
  // Both runs start at a code point ending in 0: the low four bits are the digit.
  return raw.replace(/[\u06F0-\u06F9\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) & 0xf));
}

/**
 * A rupee amount as the field shows it while someone types: digits only,
 * grouped in the page's language, whose digits are Western in both
 * ('150000' → '150,000'); anything else typed is dropped, as are leading
 * zeros. Empty stays empty.
 */
export function formatRupeesInput(raw: string, locale: Locale = currentLocale()): string {
  const digits = westernDigits(raw)
    .replace(/\D/g, "")
    .replace(/^0+(?=\d)/, "");
  if (digits === "") return "";
  // Past 15 digits a number loses precision; the schema's maximum is far below that anyway.
  return numberFormat(locale).format(Number(digits.slice(0, 15)));
}

/**
 * The field's new value and where the caret goes after a keystroke: after the
 * same number of digits as before, so typing in the middle of '1,500' does not
 * throw the caret to the end when the commas move.
 */
export function reformatRupees(
  typed: string,
  caret: number,
  locale: Locale = currentLocale(),
): { value: string; caret: number } {
  const raw = westernDigits(typed);
  const value = formatRupeesInput(raw, locale);
  // Leading zeros are dropped; the digits before the caret count without them.
  const removed = raw.replace(/\D/g, "").length - value.replace(/\D/g, "").length;
  const digitsBefore = Math.max(0, raw.slice(0, caret).replace(/\D/g, "").length - removed);
  let pos = 0;
  let seen = 0;
  while (pos < value.length && seen < digitsBefore) {
    if (/\d/.test(value[pos]!)) seen++;
    pos++;
  }
  return { value, caret: pos };
}

/* -------------------------------------------------------------- dates */

/** Today's date in Pakistan as `YYYY-MM-DD`: the earliest 'needed by' and 'valid until'. */
export function todayInPakistan(now: number): string {
  return pakistanDay(new Date(now));
}

/* -------------------------------------------------------- the request */

export interface QuoteValues {
  need: string;
  quantity: string;
  /** As shown: '150,000'. */
  budgetPkr: string;
  city: string;
  /** `YYYY-MM-DD` from the date input, or "". */
  neededBy: string;
}

export type QuoteField = keyof QuoteValues | "photos";
export type QuoteErrors = Partial<Record<QuoteField, string>>;

/** Form order: the first invalid field in this order gets the focus. */
export const QUOTE_FIELDS: readonly QuoteField[] = [
  "need",
  "quantity",
  "budgetPkr",
  "city",
  "neededBy",
  "photos",
];

export const EMPTY_QUOTE: QuoteValues = {
  need: "",
  quantity: "",
  budgetPkr: "",
  city: "",
  neededBy: "",
};

export type QuoteCheck =
  { ok: true; payload: LeadCreate } | { ok: false; errors: QuoteErrors; first: QuoteField };

/** The schemas' English messages in the page's language. */
function localized<F extends string>(
  errors: Partial<Record<F, string>>,
  locale: Locale,
): Partial<Record<F, string>> {
  const out: Partial<Record<F, string>> = {};
  for (const [field, text] of Object.entries(errors) as [F, string][]) {
    out[field] = localizeError(text, locale);
  }
  return out;
}

function firstErrors<F extends string>(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  known: readonly F[],
): Partial<Record<F, string>> {
  const errors: Partial<Record<F, string>> = {};
  for (const issue of issues) {
    const key = issue.path[0];
    if (typeof key === "string" && (known as readonly string[]).includes(key)) {
      errors[key as F] ??= issue.message;
    }
  }
  return errors;
}

/**
 * Checks the dialog with leadCreateSchema (what the API checks) and that
 * 'needed by' is not before today in Pakistan; answers the payload or the
 * errors per field, in `locale`.
 */
export function checkQuote(
  values: QuoteValues,
  photos: readonly string[],
  providerId: string,
  now: number,
  locale: Locale = currentLocale(),
): QuoteCheck {
  const parsed = leadCreateSchema.safeParse({
    providerId,
    need: values.need,
    quantity: values.quantity,
    budgetPkr: values.budgetPkr,
    city: values.city,
    neededBy: values.neededBy,
    photos: [...photos],
  });
  const errors: QuoteErrors = parsed.success ? {} : firstErrors(parsed.error.issues, QUOTE_FIELDS);
  const day = values.neededBy.trim();
  if (!errors.neededBy && day && day < todayInPakistan(now)) {
    errors.neededBy = "Needed by cannot be in the past";
  }
  const first = QUOTE_FIELDS.find((f) => errors[f]);
  if (first || !parsed.success) {
    return { ok: false, errors: localized(errors, locale), first: first ?? "need" };
  }
  return { ok: true, payload: parsed.data };
}

/** 'What you need' counter: characters typed (trimmed, as the schema counts them). */
export function needCount(
  need: string,
  locale: Locale = currentLocale(),
): { count: number; text: string; tooShort: boolean } {
  const count = need.trim().length;
  return {
    count,
    text: m.leads_need_counter(
      { count: formatCount(count, locale), max: formatCount(NEED_MAX, locale) },
      { locale },
    ),
    tooShort: count < NEED_MIN,
  };
}

/* ------------------------------------------------------------ a reply */

export interface ReplyValues {
  body: string;
  /** Provider only: as shown, '150,000'. */
  quotePkr: string;
  /** Provider only: `YYYY-MM-DD` or "". */
  quoteValidUntil: string;
}

export type ReplyField = keyof ReplyValues;
export type ReplyErrors = Partial<Record<ReplyField, string>>;

export const REPLY_FIELDS: readonly ReplyField[] = ["body", "quotePkr", "quoteValidUntil"];

export const EMPTY_REPLY: ReplyValues = { body: "", quotePkr: "", quoteValidUntil: "" };

export interface ReplyPayload {
  body: string;
  quotePkr?: number | undefined;
  quoteValidUntil?: string | undefined;
}

export type ReplyCheck =
  { ok: true; payload: ReplyPayload } | { ok: false; errors: ReplyErrors; first: ReplyField };

/**
 * Checks a reply with leadMessageSchema, and that a quote is not valid only
 * until a past day; the errors are in `locale`.
 */
export function checkReply(
  values: ReplyValues,
  now: number,
  locale: Locale = currentLocale(),
): ReplyCheck {
  const parsed = leadMessageSchema.safeParse(values);
  const errors: ReplyErrors = parsed.success ? {} : firstErrors(parsed.error.issues, REPLY_FIELDS);
  const day = values.quoteValidUntil.trim();
  if (!errors.quoteValidUntil && day && day < todayInPakistan(now)) {
    errors.quoteValidUntil = "Valid until cannot be in the past";
  }
  const first = REPLY_FIELDS.find((f) => errors[f]);
  if (first || !parsed.success) {
    return { ok: false, errors: localized(errors, locale), first: first ?? "body" };
  }
  const { body, quotePkr, quoteValidUntil } = parsed.data;
  return {
    ok: true,
    payload: {
      body,
      ...(quotePkr !== undefined && { quotePkr }),
      ...(quoteValidUntil !== undefined && { quoteValidUntil }),
    },
  };
}
