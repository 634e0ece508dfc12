/**
 * The one fetch helper every island uses. Spec §7: all calls send cookies, and
 * any non-OK answer becomes an error whose message is `{status}: {text}`, the
 * text being the response body or, when that is empty, the status text.
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

async function toApiError(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => "");
  return new ApiError(res.status, text || res.statusText);
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

export interface ApiResponse<T> {
  data: T;
  headers: Headers;
}

export interface ApiGetOptions {
  signal?: AbortSignal | undefined;
}

export async function apiGet<T>(
  path: string,
  options: ApiGetOptions = {},
): Promise<ApiResponse<T>> {
  const res = await tracked(
    fetch(path, {
      method: "GET",
      credentials: "include",
      headers: { Accept: "application/json" },
      ...(options.signal ? { signal: options.signal } : {}),
    }),
  );
  if (!res.ok) throw await toApiError(res);
  return { data: (await res.json()) as T, headers: res.headers };
}

export type SendMethod = "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * A state-changing call: JSON body (when given), cookies included. The browser
 * adds the `Origin` header the API checks on every non-GET request.
 */
export async function apiSend<T>(method: SendMethod, path: string, body?: unknown): Promise<T> {
  const res = await tracked(
    fetch(path, {
      method,
      credentials: "include",
      headers:
        body === undefined
          ? { Accept: "application/json" }
          : { Accept: "application/json", "Content-Type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }),
  );
  if (!res.ok) throw await toApiError(res);
  const text = await res.text();
  return (text ? JSON.parse(text) : null) as T;
}

/** Builds `path?k=v&...`, leaving out empty values (they mean "no filter" anyway). */
export function withQuery(
  path: string,
  params: Record<string, string | number | null | undefined>,
): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null || v === "") continue;
    qs.set(k, String(v));
  }
  const s = qs.toString();
  return s ? `${path}?${s}` : path;
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

/** A human sentence for an error thrown by apiGet or by fetch itself. */
export function describeError(err: unknown): string {
  if (err instanceof ApiError) return err.message;
  if (err instanceof TypeError) return "Network error: check your connection and try again.";
  return err instanceof Error ? err.message : String(err);
}

/**
 * The sentence a toast shows for a failed call: the API's own `{error}` text
 * when the body is JSON (e.g. "Invalid email or password"), else the spec's
 * `{status}: {text}` message; null when there is nothing useful to say.
 */
export function errorText(err: unknown): string | null {
  if (err instanceof ApiError) {
    if (err.serverMessage) return err.serverMessage;
    // An HTML error page (a proxy's 502, say) is no sentence for a toast.
    if (/^\s*</.test(err.text)) return `${err.status}: Server error`;
    return err.text.trim() ? err.message : null;
  }
  if (err instanceof TypeError) return "Network error: check your connection and try again.";
  return err instanceof Error && err.message ? err.message : null;
}

export function isAbortError(err: unknown): boolean {
  return err instanceof DOMException && err.name === "AbortError";
}
