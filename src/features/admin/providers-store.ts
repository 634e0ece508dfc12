/**
 * Manage Providers and Add Provider data for the admin dashboard. The list is one server page at a time (search, status filter, Prev/Next), so it
 * stays fast with 100,000 providers. Every mutation answers with the updated
 * provider, which replaces its row; the stats row is told to refresh.
 */
import { map } from "nanostores";
import { ApiError } from "../../lib/api.ts";
import { api, unwrap, unwrapWithHeaders, withSignal } from "../../lib/api-client.ts";
import {
  type AdminProvider,
  type AdminProviderCreateInput,
  type AdminProviderFilter,
} from "../../lib/admin-schemas.ts";
import { serverFieldErrors } from "../../lib/server-errors.ts";
import { ADD_PROVIDER_FIELD_OF_PAYLOAD, type AddProviderErrors } from "./add-provider-form.ts";
import { adminFailure, adminSuccess } from "./notify.ts";
import {
  DETAILS_FIELD_OF_PAYLOAD,
  flagSentence,
  providersQuery,
  replaceProvider,
  type DetailsErrors,
  type DetailsPayload,
  type ProvidersQuery,
} from "./providers.ts";
import { touch } from "./store.ts";
import { firstPage, pagedList, type PagedListState } from "./paged-list.ts";

export type ProvidersState = ProvidersQuery & PagedListState<AdminProvider>;

export const $providers = map<ProvidersState>({
  filter: "all",
  ...firstPage<AdminProvider>(),
});

const list = pagedList<AdminProvider, ProvidersState>({
  $store: $providers,
  area: "providers",
  fetchPage: (s, signal) =>
    unwrapWithHeaders(api.admin.providers.$get({ query: providersQuery(s) }, withSignal(signal))),
  failure: "Failed to load providers",
});

/** Fetches the page the query points at; an older request still running is cancelled. */
export const loadProviders = list.load;
export const setProviderSearch = list.setSearch;
export const submitProviderSearch = list.submitSearch;
export const goToProvidersPage = list.goToPage;

export function setProviderFilter(filter: AdminProviderFilter): void {
  list.refilter({ filter });
}

/** Back to every provider: no search, status All, page 1. */
export function clearProviderFilters(): void {
  list.refilter({ search: "", q: "", filter: "all" });
}

const one = api.admin.providers[":id"];
const param = (id: string) => ({ id: encodeURIComponent(id) });

function findProvider(id: string): AdminProvider | undefined {
  return $providers.get().items.find((p) => p.id === id);
}

/** Puts the server's answer in place of the row (it is the truth after any change). */
function settle(saved: AdminProvider): void {
  $providers.setKey("items", replaceProvider($providers.get().items, saved));
  touch("stats");
}

export type ProviderFlag = "isActive" | "isVerified";

/**
 * PATCH /api/admin/providers/{id} {is_active} or {is_verified}. The switch
 * moves at once and moves back if the server refuses.
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
    const json = flag === "isActive" ? { is_active: on } : { is_verified: on };
    const saved = await unwrap(one.$patch({ param: param(id), json }));
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
    const saved = await unwrap(one.details.$patch({ param: param(id), json: payload }));
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
    const saved = await unwrap(one.services.$post({ param: param(id), json: { categoryId } }));
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
    const saved = await unwrap(
      one.services[":serviceId"].$delete({
        param: { ...param(id), serviceId: encodeURIComponent(serviceId) },
      }),
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
 * DELETE /api/admin/providers/{id} (after the admin confirms). The row
 * goes at once; the page is then fetched again so the next provider moves up.
 */
export async function deleteProvider(id: string): Promise<boolean> {
  const name = findProvider(id)?.companyName;
  try {
    await unwrap(one.$delete({ param: param(id) }));
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
 * POST …/detach (decision 025): the listing loses its owner, for an owner who
 * left; it can be claimed again. The answer replaces the row.
 */
export async function detachProviderOwner(id: string): Promise<boolean> {
  const p = findProvider(id);
  try {
    const saved = await unwrap(one.detach.$post({ param: param(id) }));
    settle(saved);
    adminSuccess(
      "Owner detached",
      p ? `${p.companyName} has no owner now and can be claimed again.` : undefined,
    );
    // The former owner's account no longer manages a listing.
    touch("users", "claims");
    return true;
  } catch (err) {
    adminFailure(err, "Failed to detach the owner");
    return false;
  }
}

/**
 * POST …/confirm-email (decision 029): the admin vouches for the listing's
 * email, which a former owner set, so a claim link to it proves a claim again.
 */
export async function confirmProviderEmail(id: string): Promise<boolean> {
  const p = findProvider(id);
  try {
    const saved = await unwrap(one["confirm-email"].$post({ param: param(id) }));
    settle(saved);
    adminSuccess(
      "Email confirmed",
      p?.email
        ? `A claim link sent to ${p.email} proves a claim of ${p.companyName} again.`
        : undefined,
    );
    return true;
  } catch (err) {
    adminFailure(err, "Failed to confirm the email");
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
    const created = await unwrap(api.admin.providers.$post({ json: payload }));
    adminSuccess("Created", `${created.companyName} was added to the directory.`);
    // An owner email turns that customer into a provider: users and stats change too.
    touch("providers", "stats", "users");
    return { ok: true };
  } catch (err) {
    adminFailure(err, "Failed to add provider");
    return { ok: false, errors: refusedFields(err, ADD_PROVIDER_FIELD_OF_PAYLOAD) };
  }
}
