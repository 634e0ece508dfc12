import { and, asc, count, eq, inArray, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { AdminUser, UserRole } from "../../src/lib/admin-schemas.ts";
import type { Db } from "../client.ts";
import { providers, users } from "../schema.ts";
import { writeAudit } from "./audit.ts";

/**
 * Manage Users of the admin dashboard: a paged, searchable
 * list and role changes. A role change is one transaction with its audit row;
 * it takes effect on the user's next request, because the session middleware
 * reads the role from the users table on every request (functions/auth/session.ts).
 */

/**
 * `%…%` LIKE pattern matching `text` literally anywhere: `%`, `_` and the
 * escape character itself are escaped, so "100%" or "a_b" are no wildcards.
 * Use with `ESCAPE '\'`. SQLite's LIKE ignores case for ASCII letters.
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** `column LIKE pattern ESCAPE '\'`. */
export function likeEscaped(column: AnyColumn | SQL, pattern: string): SQL {
  return sql`${column} LIKE ${pattern} ESCAPE '\\'`;
}

const adminUserColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  profileImageUrl: users.profileImageUrl,
  role: users.role,
  emailConfirmedAt: users.emailConfirmedAt,
  providerId: providers.id,
  createdAt: users.createdAt,
} as const;

interface AdminUserRow {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  role: UserRole;
  emailConfirmedAt: Date | null;
  providerId: string | null;
  createdAt: Date;
}

function toAdminUser(row: AdminUserRow): AdminUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    profileImageUrl: row.profileImageUrl,
    role: row.role,
    emailConfirmed: row.emailConfirmedAt !== null,
    providerId: row.providerId,
    createdAt: row.createdAt.toISOString(),
  };
}

export interface AdminUserListInput {
  q?: string | undefined;
  role?: UserRole | undefined;
  page: number;
  limit: number;
}

export interface AdminUserPage {
  items: AdminUser[];
  total: number;
  hasMore: boolean;
}

/**
 * Users oldest first (the panel shows the first 20), ties by id. `q` matches
 * the email, the first or last name, or "first last", anywhere in them. The
 * role filter is written `+role = ?` so SQLite walks users_admin_list_idx in
 * order (stopping at the page) instead of sorting every user of that role
 * found through users_role_idx; the page's rows are then read by primary key.
 */
export async function listAdminUsers(db: Db, q: AdminUserListInput): Promise<AdminUserPage> {
  const conds: SQL[] = [];
  if (q.role) conds.push(sql`+${users.role} = ${q.role}`);
  if (q.q) {
    const p = containsPattern(q.q);
    conds.push(
      or(
        likeEscaped(users.email, p),
        likeEscaped(users.firstName, p),
        likeEscaped(users.lastName, p),
        likeEscaped(
          sql`coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')`,
          p,
        ),
      )!,
    );
  }
  const where = conds.length ? and(...conds) : undefined;
  const [totalRow] = await db.select({ n: count() }).from(users).where(where);
  const total = totalRow?.n ?? 0;
  const offset = (q.page - 1) * q.limit;
  if (offset >= total) return { items: [], total, hasMore: false };
  const ids = (
    await db
      .select({ id: users.id })
      .from(users)
      .where(where)
      .orderBy(asc(users.createdAt), asc(users.id))
      .limit(q.limit)
      .offset(offset)
  ).map((r) => r.id);
  if (ids.length === 0) return { items: [], total, hasMore: false };
  const rows = await db
    .select(adminUserColumns)
    .from(users)
    .leftJoin(providers, eq(providers.userId, users.id))
    .where(inArray(users.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const items = ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toAdminUser(row)] : [];
  });
  return { items, total, hasMore: offset + ids.length < total };
}

async function findAdminUserRow(db: Pick<Db, "select">, id: string): Promise<AdminUserRow | null> {
  const [row] = await db
    .select(adminUserColumns)
    .from(users)
    .leftJoin(providers, eq(providers.userId, users.id))
    .where(eq(users.id, id))
    .limit(1);
  return row ?? null;
}

export async function findAdminUser(db: Db, id: string): Promise<AdminUser | null> {
  const row = await findAdminUserRow(db, id);
  return row ? toAdminUser(row) : null;
}

export type RoleUpdateResult =
  | { kind: "not-found" }
  /** An admin taking their own admin role away (so there is always one admin left). */
  | { kind: "self-demotion" }
  /** The user owns a provider and would become a customer (decision 008). */
  | { kind: "owns-provider" }
  | { kind: "ok"; user: AdminUser; changed: boolean };

export const SELF_DEMOTION = "You cannot remove your own admin role";
export const OWNER_TO_CUSTOMER =
  "This user owns a provider profile; delete the provider before making them a customer";

/**
 * Sets a user's role. The same role again changes nothing and writes no audit
 * row. Admins cannot take their own admin role away, and a provider's owner
 * cannot become a customer (the dashboard would lock them out of a listing
 * that still carries their name).
 */
export async function updateUserRole(
  db: Db,
  id: string,
  role: UserRole,
  actorId: string,
  now: Date,
): Promise<RoleUpdateResult> {
  return db.transaction(async (tx) => {
    const before = await findAdminUserRow(tx, id);
    if (!before) return { kind: "not-found" } as const;
    if (before.role === role) {
      return { kind: "ok", user: toAdminUser(before), changed: false } as const;
    }
    if (id === actorId && before.role === "admin") return { kind: "self-demotion" } as const;
    if (before.providerId && role === "customer") return { kind: "owns-provider" } as const;
    await tx.update(users).set({ role, updatedAt: now }).where(eq(users.id, id));
    await writeAudit(tx, {
      actorId,
      action: "user.role",
      targetType: "user",
      targetId: id,
      before: { role: before.role },
      after: { role },
      at: now,
    });
    return { kind: "ok", user: toAdminUser({ ...before, role }), changed: true } as const;
  });
}
