import { useStore } from "@nanostores/react";
import { ListSearchForm } from "./ListSearchForm.tsx";
import { LoaderCircle, UserRound, X } from "lucide-react";
import { useId } from "react";
import { buttonClass } from "../../components/ui/button.ts";
import { ErrorBox } from "../../components/ui/ErrorBox.tsx";
import { SelectControl } from "../../components/ui/Field.tsx";
import { Pagination } from "../../components/ui/Pagination.tsx";
import {
  ADMIN_PAGE_SIZE,
  USER_ROLES,
  type AdminUser,
  type UserRole,
} from "../../lib/admin-schemas.ts";
import { cn } from "../../lib/cn.ts";
import { $session } from "../auth/session.ts";
import { fullName, joinedDate, ROLE_LABELS } from "./users.ts";
import {
  $users,
  changeUserRole,
  clearUserFilters,
  goToUsersPage,
  loadUsers,
  setUserRoleFilter,
  setUserSearch,
  submitUserSearch,
} from "./users-store.ts";

const ROW_GRID = "sm:grid sm:grid-cols-[minmax(0,1fr)_7.5rem_11rem] sm:items-center sm:gap-4";

/**
 * "Manage Users": the first 20 users, oldest first, each with a role
 * dropdown; search and Prev/Next reach the rest.
 */
export function UsersPanel() {
  const id = useId();
  const state = useStore($users);
  const session = useStore($session);
  const selfId = session.status === "authenticated" ? session.user.id : null;
  const filtered = state.q !== "" || state.role !== "";

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-card border-line bg-surface shadow-card border p-4 sm:p-6"
    >
      <h2 id={`${id}-title`} className="text-ink text-lg font-semibold">
        Manage Users
      </h2>
      <p className="text-ink-muted mt-1 text-sm">
        Oldest accounts first. A role decides what someone can do: customers save favourites,
        providers run a company page, admins moderate everything here.
      </p>

      <ListSearchForm
        id={id}
        name="Users"
        searchLabel="Search users"
        placeholder="Name or email"
        search={state.search}
        onSearch={setUserSearch}
        onSubmit={submitUserSearch}
        filterLabel="Role"
        filter={state.role}
        onFilter={(role: UserRole | "") => setUserRoleFilter(role)}
        options={
          <>
            <option value="">All roles</option>
            {USER_ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r]}s
              </option>
            ))}
          </>
        }
      />

      <div className="mt-5" aria-busy={state.fetching || undefined}>
        {state.status === "loading" ? (
          <UsersSkeleton />
        ) : state.status === "error" ? (
          <ErrorBox
            title="We couldn't load users."
            message={state.message}
            onRetry={() => void loadUsers()}
          />
        ) : state.items.length === 0 ? (
          <div className="rounded-control bg-subtle text-ink-soft flex flex-col items-center gap-3 px-4 py-8 text-center text-sm">
            <UserRound aria-hidden="true" className="text-ink-muted size-6" />
            <p>{filtered ? "No users match." : "No users yet."}</p>
            {filtered && (
              <button
                type="button"
                onClick={clearUserFilters}
                className={buttonClass("outline", "sm")}
              >
                <X aria-hidden="true" className="size-4" />
                Clear filters
              </button>
            )}
          </div>
        ) : (
          <>
            <div
              aria-hidden="true"
              className={cn(
                "border-line text-ink-muted hidden border-b pb-2 text-xs font-semibold tracking-wide uppercase",
                ROW_GRID,
              )}
            >
              <span>User</span>
              <span>Joined</span>
              <span>Role</span>
            </div>
            <ul
              className={cn(
                "divide-line divide-y transition-opacity",
                state.fetching && "opacity-60",
              )}
            >
              {state.items.map((u) => (
                <UserRow
                  key={u.id}
                  user={u}
                  isSelf={u.id === selfId}
                  saving={state.saving.includes(u.id)}
                />
              ))}
            </ul>
          </>
        )}
      </div>

      {state.status === "ready" && state.total > 0 && (
        <div className="border-line mt-4 border-t pt-4">
          <Pagination
            label="Users pages"
            page={state.page}
            limit={ADMIN_PAGE_SIZE}
            total={state.total}
            loading={state.fetching}
            onPage={goToUsersPage}
          />
        </div>
      )}
    </section>
  );
}

function UserRow({
  user: u,
  isSelf,
  saving,
}: {
  user: AdminUser;
  isSelf: boolean;
  saving: boolean;
}) {
  const id = useId();
  const name = fullName(u);
  const joined = joinedDate(u.createdAt);
  return (
    <li className={cn("flex flex-col gap-3 py-3", ROW_GRID)}>
      <div className="min-w-0">
        <p className="text-ink flex flex-wrap items-center gap-2 font-medium break-words">
          <span className="min-w-0 break-words">{name ?? u.email}</span>
          {isSelf && (
            <span className="bg-primary-soft text-primary-dark rounded-full px-2 py-0.5 text-xs font-semibold">
              You
            </span>
          )}
        </p>
        {name && <p className="text-ink-muted text-sm break-all">{u.email}</p>}
      </div>
      <p className="text-ink-soft hidden text-sm tabular-nums sm:block">{joined}</p>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-role`} className="sr-only">
          Role for {u.email}
        </label>
        <div className="flex items-center gap-3 sm:block">
          <p className="text-ink-muted flex-1 text-sm sm:hidden">Joined {joined}</p>
          <div className="relative w-40 sm:w-full">
            <SelectControl
              id={`${id}-role`}
              value={u.role}
              disabled={isSelf}
              aria-describedby={isSelf ? `${id}-self` : undefined}
              aria-busy={saving || undefined}
              onChange={(e) => void changeUserRole(u.id, e.currentTarget.value as UserRole)}
              className="min-h-11"
            >
              {USER_ROLES.map((r) => (
                <option key={r} value={r}>
                  {ROLE_LABELS[r]}
                </option>
              ))}
            </SelectControl>
            {saving && (
              <LoaderCircle
                aria-hidden="true"
                className="text-primary absolute end-9 top-1/2 size-4 -translate-y-1/2 animate-spin"
              />
            )}
          </div>
        </div>
        {isSelf && (
          <p id={`${id}-self`} className="text-ink-muted text-xs sm:text-end">
            Ask another admin to change your own role.
          </p>
        )}
      </div>
    </li>
  );
}

function UsersSkeleton() {
  return (
    <ul aria-label="Loading users" className="divide-line divide-y">
      {Array.from({ length: 6 }, (_, i) => (
        <li key={i} className={cn("flex flex-col gap-3 py-3", ROW_GRID)}>
          <div className="flex flex-col gap-2">
            <div className="skeleton h-4 w-40" />
            <div className="skeleton h-3.5 w-56 max-w-full" />
          </div>
          <div className="skeleton hidden h-4 w-24 sm:block" />
          <div className="skeleton h-11 w-40 sm:w-full" />
        </li>
      ))}
    </ul>
  );
}
