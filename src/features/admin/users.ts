/**
 * Pure helpers of the Manage Users panel (spec §2 "Manage Users"): the list
 * URL, how a user is named and when they joined. Unit-tested.
 */
import { withQuery } from "../../lib/api.ts";
import { ADMIN_PAGE_SIZE, type AdminUser, type UserRole } from "../../lib/admin-schemas.ts";

export const ROLE_LABELS: Readonly<Record<UserRole, string>> = {
  customer: "Customer",
  provider: "Provider",
  admin: "Admin",
};

export interface UsersQuery {
  q: string;
  role: UserRole | "";
  page: number;
}

/** GET /api/admin/users for a query; empty filters are left out (they mean "all"). */
export function usersUrl(query: UsersQuery, limit: number = ADMIN_PAGE_SIZE): string {
  return withQuery("/api/admin/users", {
    q: query.q.trim(),
    role: query.role,
    page: query.page > 1 ? query.page : undefined,
    limit,
  });
}

/** "Ayesha Khan", or null when the account has no name (the email then stands alone). */
export function fullName(user: Pick<AdminUser, "firstName" | "lastName">): string | null {
  const name = [user.firstName, user.lastName]
    .map((part) => part?.trim() ?? "")
    .filter(Boolean)
    .join(" ");
  return name || null;
}

const joinedFormat = new Intl.DateTimeFormat("en-PK", {
  day: "numeric",
  month: "short",
  year: "numeric",
  // Sign-ups are stored in UTC; a fixed zone keeps the build and every browser in agreement.
  timeZone: "Asia/Karachi",
});

/** "22 Nov 2026"; an unreadable timestamp shows as a dash rather than "Invalid Date". */
export function joinedDate(createdAt: string): string {
  const d = new Date(createdAt);
  return Number.isNaN(d.getTime()) ? "—" : joinedFormat.format(d);
}

/** Replaces one user in a page of users (the PATCH answer), keeping the order. */
export function replaceUser(items: readonly AdminUser[], next: AdminUser): AdminUser[] {
  return items.map((u) => (u.id === next.id ? next : u));
}
