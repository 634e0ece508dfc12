/**
 * Manage Users data (an admin may change any user's role): one page of GET /api/admin/users at a time, searched by email or name and
 * filtered by role, so an admin reaches anyone among thousands. Components
 * call the actions; the store owns fetching, the search debounce and the
 * revision subscription (another panel changing users makes it refetch).
 */
import { map } from "nanostores";
import { api, unwrap, unwrapWithHeaders, withSignal } from "../../lib/api-client.ts";
import type { AdminUser, UserRole } from "../../lib/admin-schemas.ts";
import { adminFailure, adminSuccess } from "./notify.ts";
import { touch } from "./store.ts";
import { replaceUser, usersQuery, type UsersQuery } from "./users.ts";
import { firstPage, pagedList, SEARCH_DEBOUNCE_MS, type PagedListState } from "./paged-list.ts";

export { SEARCH_DEBOUNCE_MS };

export interface UsersState extends UsersQuery, PagedListState<AdminUser> {
  /** Users whose role change is on its way. */
  saving: readonly string[];
}

const INITIAL: UsersState = {
  role: "",
  ...firstPage<AdminUser>(),
  saving: [],
};

export const $users = map<UsersState>(INITIAL);

const list = pagedList<AdminUser, UsersState>({
  $store: $users,
  area: "users",
  fetchPage: (s, signal) =>
    unwrapWithHeaders(api.admin.users.$get({ query: usersQuery(s) }, withSignal(signal))),
  failure: "Failed to load users",
});

/** Fetches the page the query points at; an older request still running is cancelled. */
export const loadUsers = list.load;
export const setUserSearch = list.setSearch;
export const submitUserSearch = list.submitSearch;
export const goToUsersPage = list.goToPage;

export function setUserRoleFilter(role: UserRole | ""): void {
  list.refilter({ role });
}

/** Back to every user: no search, no role filter, page 1. */
export function clearUserFilters(): void {
  list.refilter({ search: "", q: "", role: "" });
}

function setSaving(id: string, on: boolean): void {
  const saving = $users.get().saving.filter((x) => x !== id);
  $users.setKey("saving", on ? [...saving, id] : saving);
}

/**
 * PATCH /api/admin/users/{id} {role}. The dropdown shows the new role at once
 * and goes back to the old one if the server refuses (toast 'Failed to
 * update role'; 409 when an admin would remove their own admin role).
 */
export async function changeUserRole(id: string, role: UserRole): Promise<boolean> {
  const s = $users.get();
  const before = s.items.find((u) => u.id === id);
  if (!before || before.role === role || s.saving.includes(id)) return false;
  $users.setKey("items", replaceUser(s.items, { ...before, role }));
  setSaving(id, true);
  try {
    const saved = await unwrap(
      api.admin.users[":id"].$patch({ param: { id: encodeURIComponent(id) }, json: { role } }),
    );
    $users.setKey("items", replaceUser($users.get().items, saved));
    adminSuccess("Updated", "User role updated");
    touch("stats");
    return true;
  } catch (err) {
    const now = $users.get().items.find((u) => u.id === id);
    if (now) $users.setKey("items", replaceUser($users.get().items, { ...now, role: before.role }));
    adminFailure(err, "Failed to update role");
    return false;
  } finally {
    setSaving(id, false);
  }
}
