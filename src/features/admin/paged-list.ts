/**
 * One server page of an admin list at a time (users, providers, claims,
 * edits, quote requests): a debounced search box, filters, Prev/Next, a newer
 * request cancelling an older one, and a refetch when another panel touches
 * the list's area. Each list keeps its own state shape and URL; this owns the
 * fetching rules so every list behaves the same.
 */
import { onMount, type MapStore } from "nanostores";
import { clampPage } from "../../components/ui/pagination.ts";
import { describeError, isAbortError, readPaging } from "../../lib/api.ts";
import { ADMIN_PAGE_SIZE } from "../../lib/admin-schemas.ts";
import { isUnauthorized } from "../dashboard/unauthorized.ts";
import { adminFailure } from "./notify.ts";
import { $revisions, type AdminArea } from "./store.ts";

/** How long typing pauses before the search runs (one request per pause, not per key). */
export const SEARCH_DEBOUNCE_MS = 300;

export interface PagedListState<T> {
  /** What the search box shows; becomes `q` after the debounce. */
  search: string;
  q: string;
  page: number;
  /** "loading" only before the first answer; later fetches keep the rows on screen. */
  status: "loading" | "ready" | "error";
  fetching: boolean;
  items: T[];
  total: number;
  message: string | null;
}

/** A list before its first answer: page 1, no search, loading. */
export function firstPage<T>(): PagedListState<T> {
  return {
    search: "",
    q: "",
    page: 1,
    status: "loading",
    fetching: false,
    items: [],
    total: 0,
    message: null,
  };
}

/**
 * Function properties, not methods: none of them reads `this`, so each list
 * exports them detached (`export const loadUsers = list.load`).
 */
export interface PagedList<S> {
  load: () => Promise<void>;
  /** The search box changed: search after a pause in typing, from page 1. */
  setSearch: (text: string) => void;
  /** Enter in the search box: search now. */
  submitSearch: () => void;
  /** New filter values (or cleared search): back to page 1 and fetch. */
  refilter: (patch: Partial<S>) => void;
  goToPage: (page: number) => void;
}

export function pagedList<T, S extends PagedListState<T>>(opts: {
  $store: MapStore<S>;
  /** The revision that makes this list refetch (store.ts `touch`). */
  area: AdminArea;
  /** One page for the state's query (api-client's unwrapWithHeaders, for the paging headers). */
  fetchPage: (state: S, signal: AbortSignal) => Promise<{ data: T[]; headers: Headers }>;
  /** Description of the logged-out toast's cause, e.g. "Failed to load users". */
  failure: string;
}): PagedList<S> {
  const { $store } = opts;
  let controller: AbortController | null = null;
  let searchTimer: ReturnType<typeof setTimeout> | undefined;

  async function load(): Promise<void> {
    controller?.abort();
    const ctrl = new AbortController();
    controller = ctrl;
    const s = $store.get();
    $store.set({ ...s, fetching: true, ...(s.status === "error" ? { status: "loading" } : {}) });
    try {
      const { data, headers } = await opts.fetchPage(s, ctrl.signal);
      if (ctrl.signal.aborted) return;
      const { total } = readPaging(headers, data.length);
      const now = $store.get();
      // The list shrank under us (a filter, a deletion elsewhere): show its last page instead.
      const last = clampPage(now.page, total, ADMIN_PAGE_SIZE);
      if (data.length === 0 && last < now.page) {
        $store.set({ ...now, page: last });
        return load();
      }
      $store.set({ ...now, status: "ready", fetching: false, items: data, total, message: null });
    } catch (err) {
      if (ctrl.signal.aborted || isAbortError(err)) return;
      if (isUnauthorized(err)) adminFailure(err, opts.failure);
      $store.set({
        ...$store.get(),
        status: "error",
        fetching: false,
        message: describeError(err),
      });
    }
  }

  function applySearch(): void {
    clearTimeout(searchTimer);
    const s = $store.get();
    const q = s.search.trim();
    if (q === s.q && s.status !== "error") return;
    $store.set({ ...s, q, page: 1 });
    void load();
  }

  onMount($store, () => {
    if (typeof window === "undefined") return;
    let seen = $revisions.get()[opts.area];
    void load();
    const off = $revisions.subscribe((r) => {
      if (r[opts.area] === seen) return;
      seen = r[opts.area];
      void load();
    });
    return () => {
      off();
      clearTimeout(searchTimer);
      controller?.abort();
    };
  });

  return {
    load,
    setSearch: (text) => {
      $store.set({ ...$store.get(), search: text });
      clearTimeout(searchTimer);
      searchTimer = setTimeout(applySearch, SEARCH_DEBOUNCE_MS);
    },
    submitSearch: applySearch,
    refilter: (patch) => {
      clearTimeout(searchTimer);
      $store.set({ ...$store.get(), ...patch, page: 1 });
      void load();
    },
    goToPage: (page) => {
      const s = $store.get();
      $store.set({ ...s, page: clampPage(page, s.total, ADMIN_PAGE_SIZE) });
      void load();
    },
  };
}
