/**
 * Where a `?next=` may send the browser: a path on this site, never another
 * origin (decision 027). One rule for both sides: the sign-in island, the
 * `next` kept across an email confirmation, the sign-in forms' server handlers,
 * Google's callback and `/api/login` all read `next` through `siteNextPath`.
 *
 * The path is checked as it will be used: after its language prefix is put on
 * or taken off. `/ur//evil.example` looks like a path of the Urdu site, but
 * read on an English screen it loses `/ur` and becomes `//evil.example`, which
 * a browser takes for another host.
 */
import { LOCALES, localizePath, type Locale } from "../i18n/locales.ts";

const MAX_LENGTH = 2000;
/** An origin nothing can be, to resolve a path the way a browser would. */
const PROBE = "http://next-path.invalid";

/**
 * Characters a path sent onwards never needs and browsers read in surprising
 * ways: C0 controls and space (the URL parser drops tabs and line breaks
 * anywhere, so `/<TAB>/evil.example` is `//evil.example`), DEL, C1 controls,
 * and the backslash (read as a slash: `/\evil.example` is `//evil.example`).
 * A path built from `location` has all of these percent-encoded.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point here
const FORBIDDEN = /[\u0000-\u0020\u007f-\u009f\\]/;

/** One slash, then not another slash or a backslash: a path, not `//host`. */
const ONE_SLASH = /^\/(?![/\\])/;
/** An encoded slash or backslash straight after the first one (`/%2Fevil.example`). */
const ENCODED_SLASH_FIRST = /^\/%(?:2f|5c)/i;

/**
 * `raw` as a path on this site, in `locale` when one is given (localizePath),
 * normalised the way the browser will read it; null when it is anything else
 * (another origin, a scheme, a protocol-relative `//host`, an empty path
 * segment, a dot segment that climbs to `//host`, an encoded slash at its
 * start, whitespace or control characters anywhere). The path must pass in
 * both languages: whatever later takes it into the other one (a screen, the
 * `next` kept across an email confirmation) gets a path of this site too.
 */
export function siteNextPath(raw: unknown, locale?: Locale): string | null {
  if (typeof raw !== "string" || raw.length === 0 || raw.length > MAX_LENGTH) return null;
  if (FORBIDDEN.test(raw)) return null;
  if (checked(raw) === null || LOCALES.some((l) => checked(localizePath(raw, l)) === null)) {
    return null;
  }
  return checked(locale ? localizePath(raw, locale) : raw);
}

/** `path` resolved as a browser would, when that is still a path of this site; else null. */
function checked(path: string): string | null {
  if (!ONE_SLASH.test(path)) return null;
  let url: URL;
  try {
    url = new URL(path, PROBE);
  } catch {
    return null;
  }
  if (url.origin !== PROBE) return null;
  // Dot segments resolve (`/..//evil.example`, `/%2e%2e//evil.example` are `//evil.example`).
  const resolved = `${url.pathname}${url.search}${url.hash}`;
  if (!ONE_SLASH.test(resolved) || url.pathname.includes("//")) return null;
  if (ENCODED_SLASH_FIRST.test(resolved)) return null;
  return resolved;
}
