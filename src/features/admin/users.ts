/**
 * Pure helpers of the Manage Users panel: the list query, how a user is
 * named and when they joined. Unit-tested.
 */
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

/**
 * The query string of GET /api/admin/users; empty values are left out of the
 * request (they mean "all"), and so is page 1.
 */
export function usersQuery(query: UsersQuery, limit: number = ADMIN_PAGE_SIZE) {
  return {
    q: query.q.trim(),
    role: query.role,
    page: query.page > 1 ? String(query.page) : "",
    limit: String(limit),
  };
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
