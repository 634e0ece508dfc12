/**
 * The /suggest-edit page's data: the listing named by `?provider={id}` (its
 * public view), the service categories, whether the signed-in user owns the
 * listing, the duplicate picker's search, and sending the proposals.
 */
import { atom, onMount } from "nanostores";
import { currentLocale, LOCALE_TAGS } from "../../i18n/index.ts";
import { ApiError, describeError, isAbortError } from "../../lib/api.ts";
import { api, listProviders, unwrap } from "../../lib/api-client.ts";
import type { EditCreate, EditCreated } from "../../lib/edit-schemas.ts";
import type { Category, ProviderPublic } from "../../lib/types.ts";
import { $session } from "../auth/session.ts";
import { fetchMyProvider } from "../dashboard/my-provider.ts";

export type TargetState =
  | { status: "loading" }
  /** The address names no listing. */
  | { status: "missing" }
  | { status: "notFound" }
  | { status: "error"; message: string }
  | { status: "ready"; provider: ProviderPublic };

export const $target = atom<TargetState>({ status: "loading" });

/** Every service category, for the categories picker and the names of the current ones. */
export const $editCategories = atom<Category[] | null>(null);

/** Whether the signed-in user owns the listing: null until known. */
export const $ownsListing = atom<boolean | null>(null);

/** `?provider={id}` of the address. */
export function providerIdFromUrl(search: string): string | null {
  const id = new URLSearchParams(search).get("provider")?.trim() ?? "";
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)
    ? id.toLowerCase()
    : null;
}

/**
 * The listing's public view, asked for without the session cookie: signed in,
 * GET /api/providers/{id} adds the contact details and counts that as a
 * contact reveal (capped per account, shown to the owner as interest), and
 * this form needs neither.
 */
const publicFetch: typeof fetch = (input, init) => {
  const headers = new Headers(init?.headers);
  headers.set("Accept-Language", LOCALE_TAGS[currentLocale()]);
  return fetch(input, { ...init, headers, credentials: "omit" });
};

export async function loadTarget(): Promise<void> {
  const id = providerIdFromUrl(location.search);
  if (!id) {
    $target.set({ status: "missing" });
    return;
  }
  $target.set({ status: "loading" });
  try {
    const [provider, categories] = await Promise.all([
      unwrap(
        api.providers[":id"].$get(
          { param: { id: encodeURIComponent(id) } },
          { fetch: publicFetch },
        ),
      ),
      unwrap(api["service-categories"].$get()),
    ]);
    $editCategories.set(categories);
    $target.set({ status: "ready", provider });
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) $target.set({ status: "notFound" });
    else $target.set({ status: "error", message: describeError(err) });
  }
}

let checkedFor: string | null = null;

/** Only providers and admins can own a listing; a customer's answer is known without asking. */
async function checkOwnership(userId: string, role: string): Promise<void> {
  if (checkedFor === userId) return;
  checkedFor = userId;
  if (role !== "provider" && role !== "admin") {
    $ownsListing.set(false);
    return;
  }
  try {
    const mine = await fetchMyProvider();
    $ownsListing.set(mine?.id === providerIdFromUrl(location.search));
  } catch {
    // Not knowing is no reason to stop a suggestion: the API refuses an owner's (403).
    $ownsListing.set(false);
  }
}

onMount($target, () => {
  if (typeof window === "undefined") return;
  void loadTarget();
  return $session.subscribe((s) => {
    if (s.status === "authenticated") void checkOwnership(s.user.id, s.user.role);
  });
});

// ---------------------------------------------------------------- duplicate picker

export type DuplicateSearch =
  | { status: "idle" }
  | { status: "searching"; q: string; items: ProviderPublic[] }
  | { status: "done"; q: string; items: ProviderPublic[] }
  | { status: "error"; q: string; message: string };

export const $duplicateSearch = atom<DuplicateSearch>({ status: "idle" });

/** How long typing pauses before the search runs (one request per pause, not per key). */
export const DUPLICATE_SEARCH_DEBOUNCE_MS = 300;
const DUPLICATE_RESULTS = 6;

let searchTimer: ReturnType<typeof setTimeout> | undefined;
let searchController: AbortController | null = null;

async function runDuplicateSearch(q: string, excludeId: string): Promise<void> {
  searchController?.abort();
  const ctrl = new AbortController();
  searchController = ctrl;
  const now = $duplicateSearch.get();
  $duplicateSearch.set({ status: "searching", q, items: "items" in now ? now.items : [] });
  try {
    // One more than shown, since the listing itself may be among them.
    const { data: items } = await listProviders(
      { search: q, page: 1, limit: DUPLICATE_RESULTS + 1 },
      ctrl.signal,
    );
    if (ctrl.signal.aborted) return;
    $duplicateSearch.set({
      status: "done",
      q,
      items: items.filter((p) => p.id !== excludeId).slice(0, DUPLICATE_RESULTS),
    });
  } catch (err) {
    if (ctrl.signal.aborted || isAbortError(err)) return;
    $duplicateSearch.set({ status: "error", q, message: describeError(err) });
  }
}

/** The search box changed: search after a pause in typing (two letters at least). */
export function searchDuplicates(text: string, excludeId: string): void {
  clearTimeout(searchTimer);
  const q = text.trim();
  if (q.length < 2) {
    searchController?.abort();
    $duplicateSearch.set({ status: "idle" });
    return;
  }
  searchTimer = setTimeout(
    () => void runDuplicateSearch(q, excludeId),
    DUPLICATE_SEARCH_DEBOUNCE_MS,
  );
}

// ---------------------------------------------------------------- sending

export type SendResult = { ok: true; created: EditCreated } | { ok: false; message: string };

/** POST /api/edits; the answer says who reviews (the owner or our team). */
export async function sendEdits(payload: EditCreate): Promise<SendResult> {
  try {
    return { ok: true, created: await unwrap(api.edits.$post({ json: payload })) };
  } catch (err) {
    const message =
      err instanceof ApiError && err.serverMessage ? err.serverMessage : describeError(err);
    return { ok: false, message };
  }
}
