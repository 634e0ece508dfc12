/**
 * The Provider Suggestions panel's data: the list for the chosen status
 * filter (GET /api/admin/suggestions?status=), refetched when the filter or
 * the "suggestions" revision changes, and the approve/reject actions with
 * their toasts ("Approved", "Rejected", or the failure and its reason).
 */
import { atom, computed, onMount } from "nanostores";
import { clampPage } from "../../components/ui/pagination.ts";
import {
  ADMIN_PAGE_SIZE,
  type AdminSuggestion,
  type SuggestionFilter,
} from "../../lib/admin-schemas.ts";
import { describeError, readPaging } from "../../lib/api.ts";
import { api, unwrap, unwrapWithHeaders } from "../../lib/api-client.ts";
import { handleUnauthorized, isUnauthorized } from "../dashboard/unauthorized.ts";
import { ADMIN_LOGIN, adminFailure, adminSuccess } from "./notify.ts";
import { $revisions, touch } from "./store.ts";
import type { ApprovePayload } from "./suggestions.ts";
import { rowActions } from "../forms/row-actions.ts";

export const $suggestionFilter = atom<SuggestionFilter>("pending");
/** The page shown (20 a page, decision 030); a new filter starts again at 1. */
export const $suggestionPage = atom(1);

export type SuggestionsState =
  | { status: "loading"; filter: SuggestionFilter }
  | {
      status: "ready";
      filter: SuggestionFilter;
      page: number;
      items: AdminSuggestion[];
      /** Suggestions with this status over all pages. */
      total: number;
    }
  | { status: "error"; filter: SuggestionFilter; message: string };

export const $suggestions = atom<SuggestionsState>({ status: "loading", filter: "pending" });

/** Ids of suggestions with a request in flight, and which one. */
const rows = rowActions<"approve" | "reject">();
export const $suggestionBusy = rows.$busy;

const $query = computed([$suggestionFilter, $suggestionPage, $revisions], (filter, page, r) => ({
  filter,
  page,
  revision: r.suggestions,
}));

let generation = 0;

export async function loadSuggestions(): Promise<void> {
  const mine = ++generation;
  const filter = $suggestionFilter.get();
  const page = $suggestionPage.get();
  const now = $suggestions.get();
  // Same filter: keep the rows on screen while they refresh (after an approve, say).
  if (now.status !== "ready" || now.filter !== filter) {
    $suggestions.set({ status: "loading", filter });
  }
  try {
    const { data, headers } = await unwrapWithHeaders(
      api.admin.suggestions.$get({
        query: {
          status: filter,
          page: page > 1 ? String(page) : "",
          limit: String(ADMIN_PAGE_SIZE),
        },
      }),
    );
    if (mine !== generation) return;
    const { total } = readPaging(headers, data.length);
    // The last page emptied (an approval, a reject elsewhere): show the page before it.
    const last = clampPage(page, total, ADMIN_PAGE_SIZE);
    if (data.length === 0 && last < page) {
      $suggestionPage.set(last);
      return;
    }
    $suggestions.set({ status: "ready", filter, page, items: data, total });
  } catch (err) {
    if (mine !== generation) return;
    if (isUnauthorized(err)) {
      handleUnauthorized(ADMIN_LOGIN);
      return;
    }
    $suggestions.set({ status: "error", filter, message: describeError(err) });
  }
}

onMount($suggestions, () => {
  if (typeof window === "undefined") return;
  let last: { filter: SuggestionFilter; page: number; revision: number } | null = null;
  return $query.subscribe((q) => {
    // computed() hands out a new object whenever any revision moves; only ours matter.
    if (last && last.filter === q.filter && last.page === q.page && last.revision === q.revision)
      return;
    last = q;
    void loadSuggestions();
  });
});

export function setSuggestionFilter(filter: SuggestionFilter): void {
  $suggestionPage.set(1);
  $suggestionFilter.set(filter);
}

export function goToSuggestionsPage(page: number): void {
  const s = $suggestions.get();
  const total = s.status === "ready" ? s.total : 0;
  $suggestionPage.set(clampPage(page, total, ADMIN_PAGE_SIZE));
}

/** POST …/approve with the edited contact details; resolves true once the server confirmed. */
export function approveSuggestion(id: string, payload: ApprovePayload): Promise<boolean> {
  return rows.run(
    id,
    "approve",
    async () => {
      await unwrap(
        api.admin.suggestions[":id"].approve.$post({
          param: { id: encodeURIComponent(id) },
          json: payload,
        }),
      );
      adminSuccess("Approved");
      // The approval made a provider: the counts and the providers list change too.
      touch("suggestions", "stats", "providers");
    },
    (err) => adminFailure(err, "Failed to approve"),
  );
}

export function rejectSuggestion(id: string): Promise<boolean> {
  return rows.run(
    id,
    "reject",
    async () => {
      await unwrap(
        api.admin.suggestions[":id"].reject.$post({ param: { id: encodeURIComponent(id) } }),
      );
      adminSuccess("Rejected");
      touch("suggestions");
    },
    (err) => adminFailure(err, "Failed to reject"),
  );
}
