import { currentLocale } from "../i18n/current.ts";
import { LOCALE_TAGS } from "../i18n/locales.ts";
import { localizeError } from "../i18n/errors.ts";
/**
 * What every island's API call shares (the typed client is api-client.ts):
 * every call sends the cookies, and any non-OK answer becomes an ApiError
 * whose message is `{status}: {text}` (the product's required error format),
 * the text being the response body or, when that is empty, the status text.
 */

export class ApiError extends Error {
  readonly status: number;
  /** The response body as text (or the status text when the body was empty). */
  readonly text: string;
  /** The body parsed as JSON, or null when it is not JSON. */
  readonly body: unknown;
  constructor(status: number, text: string) {
    super(`${status}: ${text}`);
    this.name = "ApiError";
    this.status = status;
    this.text = text;
    this.body = parseJson(text);
  }

  /** The API's `{error}` sentence, when the body has one. */
  get serverMessage(): string | null {
    const b = this.body;
    if (b && typeof b === "object" && "error" in b && typeof b.error === "string") return b.error;
    return null;
  }

  /** The API's machine-readable `code` (e.g. "email_not_confirmed"), when the body has one. */
  get code(): string | null {
    const b = this.body;
    if (b && typeof b === "object" && "code" in b && typeof b.code === "string") return b.code;
    return null;
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** Requests sent and not yet answered (their headers not yet in). */
const inFlight = new Set<Promise<unknown>>();

function tracked(res: Promise<Response>): Promise<Response> {
  inFlight.add(res);
  const done = () => inFlight.delete(res);
  res.then(done, done);
  return res;
}

/**
 * `fetch` with the cookies and the page's language (the API answers errors,
 * and writes mails, in it: decision 022), counted in flight until its headers are in.
 */
export function trackedFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const headers = new Headers(init?.headers);
  if (!headers.has("Accept-Language")) headers.set("Accept-Language", LOCALE_TAGS[currentLocale()]);
  return tracked(fetch(input, { ...init, headers, credentials: "include" }));
}

/**
 * Resolves once every request sent so far has its answer, or after `maxMs`.
 * Signing out waits for it: a request still carrying the session cookie when
 * the session ends would come back 401 (a console error, a heart that fails).
 */
export function requestsSettled(maxMs = 3000): Promise<void> {
  if (inFlight.size === 0) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, maxMs);
    void Promise.allSettled([...inFlight]).then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** Reads the list endpoint's paging headers (X-Total-Count and a rel="next" Link). */
export function readPaging(
  headers: Headers,
  itemsOnPage: number,
): { total: number; hasMore: boolean } {
  const rawTotal = Number(headers.get("X-Total-Count"));
  const total = Number.isFinite(rawTotal) && headers.has("X-Total-Count") ? rawTotal : itemsOnPage;
  const link = headers.get("Link") ?? "";
  return { total, hasMore: /rel="?next"?/.test(link) };
}

const NETWORK_ERROR = "Network error: check your connection and try again.";

/** A human sentence for an error thrown by an API call or by fetch itself (in the page's language). */
export function describeError(err: unknown): string {
  if (err instanceof ApiError) return err.message;
  if (err instanceof TypeError) return localizeError(NETWORK_ERROR, currentLocale());
  return err instanceof Error ? err.message : String(err);
}

/**
 * The sentence a toast shows for a failed call: the API's own `{error}` text
 * when the body is JSON (e.g. "Invalid email or password"), else the
 * `{status}: {text}` message; null when there is nothing useful to say.
 */
export function errorText(err: unknown): string | null {
  if (err instanceof ApiError) {
    if (err.serverMessage) return err.serverMessage;
    // An HTML error page (a proxy's 502, say) is no sentence for a toast.
    if (/^\s*</.test(err.text))
      return localizeError(`${err.status}: Server error`, currentLocale());
    return err.text.trim() ? err.message : null;
  }
  if (err instanceof TypeError) return localizeError(NETWORK_ERROR, currentLocale());
  return err instanceof Error && err.message ? err.message : null;
}

export function isAbortError(err: unknown): boolean {
  return err instanceof DOMException && err.name === "AbortError";
}
