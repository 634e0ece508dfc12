/**
 * Paging through a listing (/pk, /pk/{city}, /pk/{city}/{category}) over the
 * API. Each island makes its own store, since a page may in principle hold
 * more than one list.
 */
import { atom, type ReadableAtom } from "nanostores";
import { describeError, readPaging } from "../../lib/api.ts";
import { listProviders } from "../../lib/api-client.ts";
import { toProviderRow, type ProviderRowData } from "../../lib/provider-view.ts";
import { DEFAULT_PAGE_SIZE } from "../../lib/limits.ts";

/** Rows per request; the pre-rendered part is a whole number of these pages. */
export const LISTING_PAGE_SIZE = DEFAULT_PAGE_SIZE;

export interface ListingQuery {
  /** City name or slug; null for all of Pakistan. */
  city: string | null;
  categoryId: string | null;
}

export interface ListingState {
  status: "idle" | "loading" | "error";
  items: ProviderRowData[];
  /** Last page loaded (0 before any). */
  page: number;
  total: number;
  hasMore: boolean;
  error: string | null;
}

export interface ListingStore {
  $state: ReadableAtom<ListingState>;
  /** Loads the next page and appends it. */
  loadNext: () => Promise<void>;
}

export function createListingStore(
  query: ListingQuery,
  start: { page: number; total: number; hasMore: boolean },
): ListingStore {
  const $state = atom<ListingState>({
    status: "idle",
    items: [],
    page: start.page,
    total: start.total,
    hasMore: start.hasMore,
    error: null,
  });

  async function loadNext(): Promise<void> {
    const s = $state.get();
    if (s.status === "loading" || !s.hasMore) return;
    $state.set({ ...s, status: "loading", error: null });
    const page = s.page + 1;
    try {
      const { data, headers } = await listProviders({
        city: query.city,
        categoryId: query.categoryId,
        page,
        limit: LISTING_PAGE_SIZE,
      });
      const paging = readPaging(headers, data.length);
      const now = $state.get();
      // Listing rows link to the short page path, /providers/{slug}-{id}.
      const seen = new Set(now.items.map((p) => p.id));
      const fresh = data.map((p) => toProviderRow(p, "short")).filter((p) => !seen.has(p.id));
      $state.set({
        status: "idle",
        items: [...now.items, ...fresh],
        page,
        total: paging.total,
        hasMore: paging.hasMore,
        error: null,
      });
    } catch (err) {
      $state.set({ ...$state.get(), status: "error", error: describeError(err) });
    }
  }

  return { $state, loadNext };
}
