/**
 * The islands' typed API client: Hono's `hc` over the app's own route types,
 * so a changed answer or request body breaks the build instead of the page.
 *
 * `AppType` is imported as a type only: no server code reaches the browser
 * bundle (tests/unit/import-structure.test.ts holds every island to that).
 * Every call goes through `trackedFetch` (cookies included, counted by
 * requestsSettled) and is read with `unwrap`/`unwrapWithHeaders`, which turn
 * any non-OK answer into an ApiError whose message is `{status}: {text}`.
 */
import { hc, type ClientResponse, type InferResponseType } from "hono/client";
import type { ResponseFormat } from "hono/types";
import type { SuccessStatusCode } from "hono/utils/http-status";
import type { AppType } from "../../functions/app.ts";
import { ApiError, trackedFetch } from "./api.ts";
import type { ProviderPublic } from "./types.ts";

/** A query value as a URL can carry it; an object would turn into "[object Object]". */
type QueryValue = string | number | boolean | null | undefined;
type Query = Record<string, QueryValue | QueryValue[]>;

/**
 * Leaves out empty query values, as the API reads them as "no filter" anyway
 * (hc itself drops only `undefined`).
 */
function buildSearchParams(query: Query): URLSearchParams {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    for (const one of Array.isArray(v) ? v : [v]) {
      if (one === undefined || one === null || one === "") continue;
      qs.append(k, String(one));
    }
  }
  return qs;
}

/** `?k=v&…` as a call with `query` sends it (empty values left out), or "" when nothing is left. */
export function searchOf(query: Query): string {
  const qs = buildSearchParams(query).toString();
  return qs ? `?${qs}` : "";
}

/** The whole API, e.g. `api.api.favorites.$get()`; same origin, so paths start at `/`. */
export const client = hc<AppType>("/", {
  fetch: trackedFetch,
  headers: { Accept: "application/json" },
  buildSearchParams,
});

/** Shorthand for the `/api` part every call starts with. */
export const api = client.api;

type AnyClientResponse = ClientResponse<unknown, number, ResponseFormat>;

/** The JSON body of a response's success statuses. */
export type OkBody<R> =
  R extends ClientResponse<infer T, infer S, infer F>
    ? S extends SuccessStatusCode
      ? F extends "json"
        ? T
        : null
      : never
    : never;

/** The success body of an endpoint of `api`: `Answer<typeof api.favorites.$get>`. */
export type Answer<E> = InferResponseType<E, SuccessStatusCode>;

async function toApiError(res: AnyClientResponse): Promise<ApiError> {
  const text = await res.text().catch(() => "");
  return new ApiError(res.status, text || res.statusText);
}

async function readOk<R extends AnyClientResponse>(res: R): Promise<OkBody<R>> {
  if (!res.ok) throw await toApiError(res);
  const text = await res.text();
  // The one place an answer's type is taken on trust: it is the route's own `c.json` type.
  return (text ? JSON.parse(text) : null) as OkBody<R>;
}

/** Awaits a call and answers its success body; any other status throws an ApiError. */
export async function unwrap<R extends AnyClientResponse>(call: Promise<R>): Promise<OkBody<R>> {
  return readOk(await call);
}

/** `unwrap` with the response headers, for the list endpoints' paging headers. */
export async function unwrapWithHeaders<R extends AnyClientResponse>(
  call: Promise<R>,
): Promise<{ data: OkBody<R>; headers: Headers }> {
  const res = await call;
  return { data: await readOk(res), headers: res.headers };
}

/** Per-call options: an AbortSignal for requests a newer one replaces. */
export function withSignal(signal: AbortSignal | undefined): { init?: RequestInit } {
  return signal ? { init: { signal } } : {};
}

/** The directory's filters and page, as GET /api/providers takes them. */
export interface ProviderListParams {
  search?: string | null | undefined;
  city?: string | null | undefined;
  categoryId?: string | null | undefined;
  page: number;
  limit: number;
}

/**
 * GET /api/providers: one page of the directory with its paging headers
 * (X-Total-Count, Link). The route sends a page it serialized once and
 * caches (`c.body`), so Hono cannot infer its type: the page is a list of
 * ProviderPublic, which is what the search service serializes.
 */
export async function listProviders(
  q: ProviderListParams,
  signal?: AbortSignal,
): Promise<{ data: ProviderPublic[]; headers: Headers }> {
  const query = {
    search: q.search ?? "",
    city: q.city ?? "",
    categoryId: q.categoryId ?? "",
    page: String(q.page),
    limit: String(q.limit),
  };
  const res = await api.providers.$get({ query }, withSignal(signal));
  if (!res.ok) throw await toApiError(res);
  return { data: (await res.json()) as ProviderPublic[], headers: res.headers };
}
