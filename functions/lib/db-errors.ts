/**
 * Whether an error means the database could not be reached (Turso down, the
 * network between, a 5xx from its HTTP endpoint), as opposed to a query that
 * was wrong. Those are answered 503 with Retry-After (the request may work in
 * a moment, and nothing was changed); anything else stays a 500.
 *
 * drizzle wraps the client's error (DrizzleQueryError), which wraps the
 * transport's (LibsqlError, TypeError "fetch failed"), which wraps the
 * socket's (ECONNREFUSED): the whole cause chain is looked at.
 */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "UND_ERR_CONNECT_TIMEOUT",
  "UND_ERR_HEADERS_TIMEOUT",
  "UND_ERR_SOCKET",
]);

/** libSQL client codes for a server that failed or went away (not a bad statement). */
const LIBSQL_UNAVAILABLE = new Set(["SERVER_ERROR", "HRANA_WEBSOCKET_ERROR", "HRANA_CLOSED_ERROR"]);

/** Seconds a client is asked to wait before trying again. */
export const DATABASE_RETRY_AFTER_S = 5;

export const DATABASE_UNAVAILABLE =
  "The directory is briefly unavailable. Please try again in a few seconds.";

export function isDatabaseUnavailable(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; e && depth < 6; depth++) {
    const { code, message, name } = e as { code?: unknown; message?: unknown; name?: unknown };
    if (typeof code === "string" && (NETWORK_CODES.has(code) || LIBSQL_UNAVAILABLE.has(code))) {
      return true;
    }
    // undici (Node) and workerd word a failed connection differently, and workerd
    // rejects a refused connection with a plain Error ("Network connection lost.").
    if (
      (name === "TypeError" || name === "Error") &&
      typeof message === "string" &&
      /fetch failed|network connection lost|connection (?:refused|reset)/i.test(message)
    ) {
      return true;
    }
    if (typeof message === "string" && /server returned http status 5\d\d/i.test(message)) {
      return true;
    }
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
