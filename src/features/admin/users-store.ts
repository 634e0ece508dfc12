/**
 * Manage Users data (spec §2, §4 "A user's role is changeable by an admin"):
 * one page of GET /api/admin/users at a time, searched by email or name and
 * filtered by role, so an admin reaches anyone among thousands. Components
 * call the actions; the store owns fetching, the search debounce and the
 * revision subscription (another panel changing users makes it refetch).
 */
import { map, onMount } from "nanostores";
import { apiGet, apiSend, describeError, isAbortError, readPaging } from "../../lib/api.ts";
import { ADMIN_PAGE_SIZE, type AdminUser, type UserRole } from "../../lib/admin-schemas.ts";
import { clampPage } from "../../components/ui/pagination.ts";
import { isUnauthorized } from "../dashboard/unauthorized.ts";
import { adminFailure, adminSuccess } from "./notify.ts";
import { $revisions, touch } from "./store.ts";
import { replaceUser, usersUrl, type UsersQuery } from "./users.ts";

/** How long typing pauses before the search runs (one request per pause, not per key). */
export const SEARCH_DEBOUNCE_MS = 300;

export interface UsersState extends UsersQuery {
  /** What the search box shows; becomes `q` after the debounce. */
  search: string;
  /** "loading" only before the first answer; later fetches keep the rows on screen. */
  status: "loading" | "ready" | "error";
  fetching: boolean;
  items: AdminUser[];
  total: number;
  message: string | null;
  /** Users whose role change is on its way. */
  saving: readonly string[];
}

const INITIAL: UsersState = {
  search: "",
  q: "",
  role: "",
  page: 1,
  status: "loading",
  fetching: false,
  items: [],
  total: 0,
  message: null,
  saving: [],
};

export const $users = map<UsersState>(INITIAL);

let controller: AbortController | null = null;
let searchTimer: ReturnType<typeof setTimeout> | undefined;

onMount($users, () => {
  if (typeof window === "undefined") return;
  let seen = $revisions.get().users;
  void loadUsers();
  const off = $revisions.subscribe((r) => {
    if (r.users === seen) return;
    seen = r.users;
    void loadUsers();
  });
  return () => {
    off();
    clearTimeout(searchTimer);
    controller?.abort();
  };
});

/** Fetches the page the query points at; an older request still running is cancelled. */
export async function loadUsers(): Promise<void> {
  controller?.abort();
  const ctrl = new AbortController();
  controller = ctrl;
  const s = $users.get();
  $users.set({ ...s, fetching: true, ...(s.status === "error" ? { status: "loading" } : {}) });
  try {
    const { data, headers } = await apiGet<AdminUser[]>(usersUrl(s), { signal: ctrl.signal });
    if (ctrl.signal.aborted) return;
    const { total } = readPaging(headers, data.length);
    const now = $users.get();
    // The list shrank under us (a filter, a deletion elsewhere): show its last page instead.
    const last = clampPage(now.page, total, ADMIN_PAGE_SIZE);
    if (data.length === 0 && last < now.page) {
      $users.set({ ...now, page: last });
      return loadUsers();
    }
    $users.set({ ...now, status: "ready", fetching: false, items: data, total, message: null });
  } catch (err) {
    if (ctrl.signal.aborted || isAbortError(err)) return;
    if (isUnauthorized(err)) adminFailure(err, "Failed to load users");
    $users.set({
      ...$users.get(),
      status: "error",
      fetching: false,
      message: describeError(err),
    });
  }
}

function applySearch(): void {
  clearTimeout(searchTimer);
  const s = $users.get();
  const q = s.search.trim();
  if (q === s.q && s.status !== "error") return;
  $users.set({ ...s, q, page: 1 });
  void loadUsers();
}

/** The search box changed: search after a pause in typing, from page 1. */
export function setUserSearch(text: string): void {
  $users.setKey("search", text);
  clearTimeout(searchTimer);
  searchTimer = setTimeout(applySearch, SEARCH_DEBOUNCE_MS);
}

/** Enter in the search box: search now. */
export function submitUserSearch(): void {
  applySearch();
}

export function setUserRoleFilter(role: UserRole | ""): void {
  $users.set({ ...$users.get(), role, page: 1 });
  void loadUsers();
}

/** Back to every user: no search, no role filter, page 1. */
export function clearUserFilters(): void {
  clearTimeout(searchTimer);
  $users.set({ ...$users.get(), search: "", q: "", role: "", page: 1 });
  void loadUsers();
}

export function goToUsersPage(page: number): void {
  const s = $users.get();
  $users.set({ ...s, page: clampPage(page, s.total, ADMIN_PAGE_SIZE) });
  void loadUsers();
}

function setSaving(id: string, on: boolean): void {
  const saving = $users.get().saving.filter((x) => x !== id);
  $users.setKey("saving", on ? [...saving, id] : saving);
}

/**
 * PATCH /api/admin/users/{id} {role}. The dropdown shows the new role at once
 * and goes back to the old one if the server refuses (spec §8 'Failed to
 * update role'; 409 when an admin would remove their own admin role).
 */
export async function changeUserRole(id: string, role: UserRole): Promise<boolean> {
  const s = $users.get();
  const before = s.items.find((u) => u.id === id);
  if (!before || before.role === role || s.saving.includes(id)) return false;
  $users.setKey("items", replaceUser(s.items, { ...before, role }));
  setSaving(id, true);
  try {
    const saved = await apiSend<AdminUser>("PATCH", `/api/admin/users/${encodeURIComponent(id)}`, {
      role,
    });
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
