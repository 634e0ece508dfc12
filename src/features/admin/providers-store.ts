/**
 * Manage Providers and Add Provider data (spec §2, §4, §7 Admin table). The
 * list is one server page at a time (search, status filter, Prev/Next), so it
 * stays fast with 100,000 providers. Every mutation answers with the updated
 * provider, which replaces its row; the stats row is told to refresh.
 */
import { map, onMount } from "nanostores";
import { clampPage } from "../../components/ui/pagination.ts";
import {
  ApiError,
  apiGet,
  apiSend,
  describeError,
  isAbortError,
  readPaging,
} from "../../lib/api.ts";
import {
  ADMIN_PAGE_SIZE,
  type AdminProvider,
  type AdminProviderCreateInput,
  type AdminProviderFilter,
} from "../../lib/admin-schemas.ts";
import { serverFieldErrors } from "../../lib/server-errors.ts";
import { isUnauthorized } from "../dashboard/unauthorized.ts";
import { ADD_PROVIDER_FIELD_OF_PAYLOAD, type AddProviderErrors } from "./add-provider-form.ts";
import { adminFailure, adminSuccess } from "./notify.ts";
import {
  DETAILS_FIELD_OF_PAYLOAD,
  flagSentence,
  providersUrl,
  replaceProvider,
  type DetailsErrors,
  type DetailsPayload,
  type ProvidersQuery,
} from "./providers.ts";
import { $revisions, touch } from "./store.ts";
import { SEARCH_DEBOUNCE_MS } from "./users-store.ts";

export interface ProvidersState extends ProvidersQuery {
  /** What the search box shows; becomes `q` after the debounce. */
  search: string;
  /** "loading" only before the first answer; later fetches keep the rows on screen. */
  status: "loading" | "ready" | "error";
  fetching: boolean;
  items: AdminProvider[];
  total: number;
  message: string | null;
}

export const $providers = map<ProvidersState>({
  search: "",
  q: "",
  filter: "all",
  page: 1,
  status: "loading",
  fetching: false,
  items: [],
  total: 0,
  message: null,
});

let controller: AbortController | null = null;
let searchTimer: ReturnType<typeof setTimeout> | undefined;

onMount($providers, () => {
  if (typeof window === "undefined") return;
  let seen = $revisions.get().providers;
  void loadProviders();
  const off = $revisions.subscribe((r) => {
    if (r.providers === seen) return;
    seen = r.providers;
    void loadProviders();
  });
  return () => {
    off();
    clearTimeout(searchTimer);
    controller?.abort();
  };
});

/** Fetches the page the query points at; an older request still running is cancelled. */
export async function loadProviders(): Promise<void> {
  controller?.abort();
  const ctrl = new AbortController();
  controller = ctrl;
  const s = $providers.get();
  $providers.set({ ...s, fetching: true, ...(s.status === "error" ? { status: "loading" } : {}) });
  try {
    const { data, headers } = await apiGet<AdminProvider[]>(providersUrl(s), {
      signal: ctrl.signal,
    });
    if (ctrl.signal.aborted) return;
    const { total } = readPaging(headers, data.length);
    const now = $providers.get();
    // The last page emptied (a delete, a filter): show the new last page instead.
    const last = clampPage(now.page, total, ADMIN_PAGE_SIZE);
    if (data.length === 0 && last < now.page) {
      $providers.set({ ...now, page: last });
      return loadProviders();
    }
    $providers.set({ ...now, status: "ready", fetching: false, items: data, total, message: null });
  } catch (err) {
    if (ctrl.signal.aborted || isAbortError(err)) return;
    if (isUnauthorized(err)) adminFailure(err, "Failed to load providers");
    $providers.set({
      ...$providers.get(),
      status: "error",
      fetching: false,
      message: describeError(err),
    });
  }
}

function applySearch(): void {
  clearTimeout(searchTimer);
  const s = $providers.get();
  const q = s.search.trim();
  if (q === s.q && s.status !== "error") return;
  $providers.set({ ...s, q, page: 1 });
  void loadProviders();
}

/** The search box changed: search after a pause in typing, from page 1. */
export function setProviderSearch(text: string): void {
  $providers.setKey("search", text);
  clearTimeout(searchTimer);
  searchTimer = setTimeout(applySearch, SEARCH_DEBOUNCE_MS);
}

/** Enter in the search box: search now. */
export function submitProviderSearch(): void {
  applySearch();
}

export function setProviderFilter(filter: AdminProviderFilter): void {
  $providers.set({ ...$providers.get(), filter, page: 1 });
  void loadProviders();
}

/** Back to every provider: no search, status All, page 1. */
export function clearProviderFilters(): void {
  clearTimeout(searchTimer);
  $providers.set({ ...$providers.get(), search: "", q: "", filter: "all", page: 1 });
  void loadProviders();
}

export function goToProvidersPage(page: number): void {
  const s = $providers.get();
  $providers.set({ ...s, page: clampPage(page, s.total, ADMIN_PAGE_SIZE) });
  void loadProviders();
}

function path(id: string, rest = ""): string {
  return `/api/admin/providers/${encodeURIComponent(id)}${rest}`;
}

function findProvider(id: string): AdminProvider | undefined {
  return $providers.get().items.find((p) => p.id === id);
}

/** Puts the server's answer in place of the row (it is the truth after any change). */
function settle(saved: AdminProvider): void {
  $providers.setKey("items", replaceProvider($providers.get().items, saved));
  touch("stats");
}

export type ProviderFlag = "isActive" | "isVerified";
const WIRE_FLAG: Readonly<Record<ProviderFlag, "is_active" | "is_verified">> = {
  isActive: "is_active",
  isVerified: "is_verified",
};

/**
 * PATCH /api/admin/providers/{id} {is_active} or {is_verified} (spec §4). The
 * switch moves at once and moves back if the server refuses.
 */
export async function setProviderFlag(
  id: string,
  flag: ProviderFlag,
  on: boolean,
): Promise<boolean> {
  const before = findProvider(id);
  if (!before || before[flag] === on) return false;
  $providers.setKey("items", replaceProvider($providers.get().items, { ...before, [flag]: on }));
  try {
    const saved = await apiSend<AdminProvider>("PATCH", path(id), { [WIRE_FLAG[flag]]: on });
    settle(saved);
    adminSuccess("Saved", flagSentence(saved.companyName, flag, saved[flag]));
    return true;
  } catch (err) {
    const now = findProvider(id);
    if (now) {
      $providers.setKey(
        "items",
        replaceProvider($providers.get().items, { ...now, [flag]: before[flag] }),
      );
    }
    adminFailure(err, "Failed to update status");
    return false;
  }
}

export type FormResult<E> = { ok: true } | { ok: false; errors: E };

/** A 400 names the fields it refused; the form shows each message by its input. */
function refusedFields<F extends string>(
  err: unknown,
  fieldOf: Readonly<Record<string, F>>,
): Partial<Record<F, string>> {
  return err instanceof ApiError && err.status === 400
    ? serverFieldErrors(err.serverMessage, fieldOf)
    : {};
}

/** PATCH /api/admin/providers/{id}/details (Edit details; toast 'Saved'). */
export async function saveProviderDetails(
  id: string,
  payload: DetailsPayload,
): Promise<FormResult<DetailsErrors>> {
  try {
    const saved = await apiSend<AdminProvider>("PATCH", path(id, "/details"), payload);
    settle(saved);
    adminSuccess("Saved", `${saved.companyName} was updated.`);
    return { ok: true };
  } catch (err) {
    adminFailure(err, "Failed to save");
    return { ok: false, errors: refusedFields(err, DETAILS_FIELD_OF_PAYLOAD) };
  }
}

/** POST /api/admin/providers/{id}/services {categoryId} (toast 'Added'; 409 when offered already). */
export async function addProviderCategory(id: string, categoryId: string): Promise<boolean> {
  try {
    const saved = await apiSend<AdminProvider>("POST", path(id, "/services"), { categoryId });
    settle(saved);
    const added = saved.services.find((s) => s.categoryId === categoryId.toLowerCase());
    adminSuccess("Added", added ? `${added.categoryName} was added.` : undefined);
    return true;
  } catch (err) {
    adminFailure(err, "Failed to add category");
    return false;
  }
}

/** DELETE /api/admin/providers/{id}/services/{serviceId} (toast 'Removed'). */
export async function removeProviderCategory(id: string, serviceId: string): Promise<boolean> {
  const name = findProvider(id)?.services.find((s) => s.id === serviceId)?.categoryName;
  try {
    const saved = await apiSend<AdminProvider>(
      "DELETE",
      path(id, `/services/${encodeURIComponent(serviceId)}`),
    );
    settle(saved);
    adminSuccess("Removed", name ? `${name} was removed.` : undefined);
    return true;
  } catch (err) {
    adminFailure(err, "Failed to remove category");
    return false;
  }
}

/**
 * DELETE /api/admin/providers/{id} (after the spec's confirmation). The row
 * goes at once; the page is then fetched again so the next provider moves up.
 */
export async function deleteProvider(id: string): Promise<boolean> {
  const name = findProvider(id)?.companyName;
  try {
    await apiSend<{ id: string; deleted: true }>("DELETE", path(id));
    const s = $providers.get();
    $providers.set({
      ...s,
      items: s.items.filter((p) => p.id !== id),
      total: Math.max(0, s.total - 1),
    });
    adminSuccess("Deleted", name ? `${name} was deleted.` : undefined);
    // A deleted owner's account loses its provider: the users list may show that.
    touch("stats", "users");
    void loadProviders();
    return true;
  } catch (err) {
    adminFailure(err, "Failed to delete");
    return false;
  }
}

/**
 * POST /api/admin/providers (Add Provider; toast 'Created'). The new provider
 * appears first in Manage Providers (newest first) once that list refetches.
 */
export async function createProvider(
  payload: AdminProviderCreateInput,
): Promise<FormResult<AddProviderErrors>> {
  try {
    const created = await apiSend<AdminProvider>("POST", "/api/admin/providers", payload);
    adminSuccess("Created", `${created.companyName} was added to the directory.`);
    // An owner email turns that customer into a provider: users and stats change too.
    touch("providers", "stats", "users");
    return { ok: true };
  } catch (err) {
    adminFailure(err, "Failed to add provider");
    return { ok: false, errors: refusedFields(err, ADD_PROVIDER_FIELD_OF_PAYLOAD) };
  }
}
