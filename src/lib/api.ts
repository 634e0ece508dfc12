/**
 * The one fetch helper every island uses. Spec §7: all calls send cookies, and
 * any non-OK answer becomes an error whose message is `{status}: {text}`, the
 * text being the response body or, when that is empty, the status text.
 */

export class ApiError extends Error {
  readonly status: number;
  constructor(status: number, text: string) {
    super(`${status}: ${text}`);
    this.name = "ApiError";
    this.status = status;
  }
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
  const res = await fetch(path, {
    method: "GET",
    credentials: "include",
    headers: { Accept: "application/json" },
    ...(options.signal ? { signal: options.signal } : {}),
  });
  if (!res.ok) {
    const text = await res.text().catch(() => "");
    throw new ApiError(res.status, text || res.statusText);
  }
  return { data: (await res.json()) as T, headers: res.headers };
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

export function isAbortError(err: unknown): boolean {
  return err instanceof DOMException && err.name === "AbortError";
}
