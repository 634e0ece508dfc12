/**
 * State of the directory search on `/`. Components read the stores and call
 * the actions below; fetching, debouncing and the browser history live here.
 *
 * The URL query is the source of truth a person can share: filter changes push
 * a history entry, typing replaces it (one entry per typing burst), and the
 * back button (popstate) restores the filters and their results.
 */
import { atom } from "nanostores";
import { describeError, isAbortError, readPaging } from "../../lib/api.ts";
import { api, listProviders, unwrap, withSignal } from "../../lib/api-client.ts";
import { toProviderRow, type ProviderRowData } from "../../lib/provider-view.ts";
import { searchSuggestionsSchema, type SearchSuggestions } from "../../lib/search-schemas.ts";
import {
  EMPTY_FILTERS,
  filtersToSearch,
  hasFilters,
  parseFilters,
  sameQuery,
  type DirectoryFilters,
} from "./url-state.ts";
import { DEFAULT_PAGE_SIZE } from "../../lib/limits.ts";

/** Matches the API's default page (src/lib/schemas.ts DEFAULT_PAGE_SIZE). */
export const PAGE_SIZE = DEFAULT_PAGE_SIZE;
/** Wait this long after the last keystroke before searching. */
export const TYPING_DEBOUNCE_MS = 300;

export type DirectoryStatus = "ready" | "loading" | "loadingMore" | "error" | "errorMore";

export interface DirectoryResults {
  status: DirectoryStatus;
  items: ProviderRowData[];
  total: number;
  /** Last page loaded. */
  page: number;
  hasMore: boolean;
  error: string | null;
}

export interface DirectoryCategory {
  id: string;
  name: string;
  /** The reviewed Urdu name, shown on Urdu pages. */
  nameUr?: string | null | undefined;
  slug: string;
}

export interface DirectoryInit {
  categories: readonly DirectoryCategory[];
  /** Slugs of every known city (values of the city filter). */
  citySlugs: readonly string[];
  /** The first page as the build rendered it: what `/` without a query shows. */
  initialItems: ProviderRowData[];
  initialTotal: number;
}

export const $filters = atom<DirectoryFilters>(EMPTY_FILTERS);
export const $results = atom<DirectoryResults>({
  status: "ready",
  items: [],
  total: 0,
  page: 1,
  hasMore: false,
  error: null,
});

/**
 * What to try instead when a search found nothing (decision 015): a corrected
 * spelling, the search without its city, the category the words point at.
 * Null while there is nothing to offer (or it is still being asked for).
 */
export const $suggestions = atom<SearchSuggestions | null>(null);

let initial: DirectoryResults = $results.get();
let categoryIdBySlug = new Map<string, string>();
let categorySlugById = new Map<string, string>();
let known = { citySlugs: new Set<string>(), categorySlugs: new Set<string>() };
let initialised = false;

let controller: AbortController | null = null;
let debounceTimer: ReturnType<typeof setTimeout> | null = null;
/** Filters of the results on screen (or being fetched). */
let shownFilters: DirectoryFilters = EMPTY_FILTERS;
/** True while a typing burst owns the current history entry (replace, don't push). */
let typingOwnsEntry = false;

/**
 * Seeds the stores with the build's first page. Runs during the island's first
 * render, before any component reads a store, so the first client render
 * equals the server HTML (no hydration mismatch). On the server it runs for
 * every render; in the browser only once.
 */
export function initDirectory(init: DirectoryInit): void {
  if (initialised && typeof window !== "undefined") return;
  initialised = typeof window !== "undefined";
  categoryIdBySlug = new Map(init.categories.map((c) => [c.slug, c.id]));
  categorySlugById = new Map(init.categories.map((c) => [c.id, c.slug]));
  known = {
    citySlugs: new Set(init.citySlugs),
    categorySlugs: new Set(init.categories.map((c) => c.slug)),
  };
  initial = {
    status: "ready",
    items: init.initialItems,
    total: init.initialTotal,
    page: 1,
    hasMore: init.initialTotal > init.initialItems.length,
    error: null,
  };
  shownFilters = EMPTY_FILTERS;
  $filters.set(EMPTY_FILTERS);
  $results.set(initial);
}

/**
 * Connects the directory to the browser after hydration: applies a shared
 * URL's query (fetching its results) and follows the back/forward buttons.
 * `typed` is what the form held at hydration: text typed or a filter chosen
 * before the script arrived is taken up as if done after. Returns the cleanup.
 */
export function startDirectory(typed: Partial<DirectoryFilters> = {}): () => void {
  const fromUrl = readUrl();
  if (hasFilters(fromUrl)) {
    $filters.set(fromUrl);
    void search(fromUrl);
  }
  // The server renders the fields empty, so only a non-empty one was the visitor's doing.
  const base = $filters.get();
  if (typed.category && typed.category !== base.category) setCategory(typed.category);
  if (typed.city && typed.city !== base.city) setCity(typed.city);
  if (typed.q && typed.q !== base.q) setQuery(typed.q);
  const onPop = () => {
    cancelDebounce();
    typingOwnsEntry = false;
    const f = readUrl();
    $filters.set(f);
    void search(f);
  };
  window.addEventListener("popstate", onPop);
  return () => {
    window.removeEventListener("popstate", onPop);
    cancelDebounce();
    controller?.abort();
    suggestionsController?.abort();
  };
}

/** Typing in the search box: the input follows at once, the search after a pause. */
export function setQuery(q: string): void {
  const next = { ...$filters.get(), q };
  $filters.set(next);
  cancelDebounce();
  debounceTimer = setTimeout(() => {
    debounceTimer = null;
    commit(next, typingOwnsEntry ? "replace" : "push");
    typingOwnsEntry = true;
  }, TYPING_DEBOUNCE_MS);
}

/** Enter in the search box: search now instead of waiting for the pause. */
export function submitSearch(): void {
  const pending = debounceTimer !== null;
  cancelDebounce();
  const f = $filters.get();
  if (pending || !sameQuery(f, shownFilters)) commit(f, typingOwnsEntry ? "replace" : "push");
  typingOwnsEntry = false;
}

export function setCity(city: string): void {
  changeFilter({ city });
}

export function setCategory(category: string): void {
  changeFilter({ category });
}

export function clearFilters(): void {
  changeFilter({ ...EMPTY_FILTERS });
}

/** Takes a suggestion: the corrected text, the text in all of Pakistan, or the category. */
export function applySuggestion(kind: keyof SearchSuggestions): void {
  const s = $suggestions.get();
  if (kind === "spelling" && s?.spelling) changeFilter({ q: s.spelling.search });
  if (kind === "withoutCity" && s?.withoutCity) {
    changeFilter({ q: s.withoutCity.search, city: "" });
  }
  if (kind === "category" && s?.category) {
    changeFilter({ q: "", category: categorySlugById.get(s.category.id) ?? s.category.slug });
  }
}

/** Appends the next page. */
export async function loadMore(): Promise<void> {
  const r = $results.get();
  if (!r.hasMore || r.status === "loading" || r.status === "loadingMore") return;
  const filters = shownFilters;
  const page = r.page + 1;
  $results.set({ ...r, status: "loadingMore", error: null });
  try {
    const res = await fetchPage(filters, page);
    const now = $results.get();
    $results.set({
      status: "ready",
      items: [...now.items, ...res.items],
      total: res.total,
      page,
      hasMore: res.hasMore,
      error: null,
    });
  } catch (err) {
    if (isAbortError(err)) return;
    $results.set({ ...$results.get(), status: "errorMore", error: describeError(err) });
  }
}

/** The Retry button of the error state. */
export function retry(): void {
  const r = $results.get();
  if (r.status === "errorMore") void loadMore();
  else void search(shownFilters, { force: true });
}

function changeFilter(patch: Partial<DirectoryFilters>): void {
  cancelDebounce();
  typingOwnsEntry = false;
  const next = { ...$filters.get(), ...patch };
  $filters.set(next);
  commit(next, "push");
}

/** Writes the filters to the URL and fetches their results. */
function commit(f: DirectoryFilters, mode: "push" | "replace"): void {
  if (sameQuery(f, shownFilters) && $results.get().status !== "error") return;
  const url = `${location.pathname}${filtersToSearch(f)}${location.hash}`;
  if (url !== `${location.pathname}${location.search}${location.hash}`) {
    if (mode === "push") history.pushState(null, "", url);
    else history.replaceState(null, "", url);
  }
  void search(f);
}

async function search(f: DirectoryFilters, opts: { force?: boolean } = {}): Promise<void> {
  if (!opts.force && sameQuery(f, shownFilters) && $results.get().status === "ready") return;
  shownFilters = f;
  if (!hasFilters(f)) {
    // The unfiltered first page is already in the HTML: show it without a request.
    controller?.abort();
    suggestionsController?.abort();
    $suggestions.set(null);
    $results.set(initial);
    return;
  }
  $results.set({ status: "loading", items: [], total: 0, page: 1, hasMore: false, error: null });
  suggestionsController?.abort();
  $suggestions.set(null);
  try {
    const res = await fetchPage(f, 1);
    $results.set({ status: "ready", ...res, page: 1, error: null });
    if (res.total === 0 && f.q.trim()) void fetchSuggestions(f);
  } catch (err) {
    if (isAbortError(err)) return;
    $results.set({
      status: "error",
      items: [],
      total: 0,
      page: 1,
      hasMore: false,
      error: describeError(err),
    });
  }
}

/** One page from the API; aborts whatever request was still running. */
async function fetchPage(f: DirectoryFilters, page: number) {
  controller?.abort();
  const own = new AbortController();
  controller = own;
  try {
    const { data, headers } = await listProviders(
      {
        search: f.q.trim(),
        city: f.city,
        categoryId: categoryIdBySlug.get(f.category),
        page,
        limit: PAGE_SIZE,
      },
      own.signal,
    );
    const paging = readPaging(headers, data.length);
    return {
      items: data.map((p) => toProviderRow(p, "canonical")),
      total: paging.total,
      hasMore: paging.hasMore,
    };
  } finally {
    if (controller === own) controller = null;
  }
}

let suggestionsController: AbortController | null = null;

/** Asks what would help after a search found nothing; a failure just offers nothing. */
async function fetchSuggestions(f: DirectoryFilters): Promise<void> {
  const own = new AbortController();
  suggestionsController = own;
  const query = {
    search: f.q.trim(),
    city: f.city,
    categoryId: categoryIdBySlug.get(f.category) ?? "",
  };
  try {
    const data = await unwrap(api.search.suggestions.$get({ query }, withSignal(own.signal)));
    const parsed = searchSuggestionsSchema.safeParse(data);
    if (parsed.success && sameQuery(f, shownFilters)) $suggestions.set(parsed.data);
  } catch (err) {
    if (!isAbortError(err)) console.warn("Could not load search suggestions:", err);
  } finally {
    if (suggestionsController === own) suggestionsController = null;
  }
}

function readUrl(): DirectoryFilters {
  return parseFilters(location.search, known);
}

function cancelDebounce(): void {
  if (debounceTimer !== null) clearTimeout(debounceTimer);
  debounceTimer = null;
}
