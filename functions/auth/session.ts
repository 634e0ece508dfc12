import { and, desc, eq, gt, lt, ne } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { newSessionPublicId, sessions, users } from "../../db/schema.ts";
import { generateToken, hashToken } from "./tokens.ts";

const DAY = 24 * 60 * 60 * 1000;
/** A session lives 30 days from its last use… */
export const SESSION_SLIDING_MS = 30 * DAY;
/** …renewed at most once a day (a write per request would be wasteful)… */
const RENEW_AFTER_MS = DAY;
/** …and never past 90 days from sign-in. */
export const SESSION_ABSOLUTE_MS = 90 * DAY;
/**
 * "Last used" on the account page is good to a few minutes: bumping it on every
 * request would turn every read into a write.
 */
export const LAST_USED_GRANULARITY_MS = 5 * 60 * 1000;
/** Enough for any real browser's User-Agent; the rest is only an attacker's padding. */
export const USER_AGENT_MAX = 300;

export type SessionUserRow = Pick<
  typeof users.$inferSelect,
  | "id"
  | "email"
  | "firstName"
  | "lastName"
  | "profileImageUrl"
  | "role"
  | "emailConfirmedAt"
  | "locale"
>;

export interface ValidSession {
  id: string;
  userId: string;
  expiresAt: Date;
  user: SessionUserRow;
  /** True when this request pushed the expiry forward (the cookie must be re-sent). */
  renewed: boolean;
}

/** Starts a session; only the SHA-256 of the returned token is stored. */
export async function createSession(db: Db, userId: string, now: Date, userAgent?: string | null) {
  const token = generateToken();
  const expiresAt = new Date(now.getTime() + SESSION_SLIDING_MS);
  await db.insert(sessions).values({
    id: hashToken(token),
    publicId: newSessionPublicId(),
    userId,
    userAgent: userAgent ? userAgent.slice(0, USER_AGENT_MAX) : null,
    expiresAt,
    absoluteExpiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS),
    lastUsedAt: now,
    createdAt: now,
  });
  return { token, expiresAt };
}

/** The session and user behind a cookie token, sliding its expiry; null when invalid. */
export async function validateSessionToken(
  db: Db,
  token: string,
  now: Date,
): Promise<ValidSession | null> {
  const id = hashToken(token);
  const [row] = await db
    .select({
      id: sessions.id,
      userId: sessions.userId,
      expiresAt: sessions.expiresAt,
      absoluteExpiresAt: sessions.absoluteExpiresAt,
      lastUsedAt: sessions.lastUsedAt,
      user: {
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        profileImageUrl: users.profileImageUrl,
        role: users.role,
        emailConfirmedAt: users.emailConfirmedAt,
        // Read with the session, so keeping the reader's language costs no query (routes/auth.ts).
        locale: users.locale,
      },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, id))
    .limit(1);
  if (!row) return null;
  const t = now.getTime();
  if (t >= row.expiresAt.getTime() || t >= row.absoluteExpiresAt.getTime()) {
    await db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  let expiresAt = row.expiresAt;
  const renewed = row.expiresAt.getTime() - t < SESSION_SLIDING_MS - RENEW_AFTER_MS;
  if (renewed) {
    expiresAt = new Date(Math.min(t + SESSION_SLIDING_MS, row.absoluteExpiresAt.getTime()));
  }
  // One write covers both: renewal (daily) and "last used" (every few minutes at most).
  if (renewed || t - row.lastUsedAt.getTime() >= LAST_USED_GRANULARITY_MS) {
    await db.update(sessions).set({ expiresAt, lastUsedAt: now }).where(eq(sessions.id, id));
  }
  return { id: row.id, userId: row.userId, expiresAt, user: row.user, renewed };
}

export async function invalidateSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of `userId`, or every one but `exceptSessionId`; returns how many. */
export async function invalidateUserSessions(
  db: Db,
  userId: string,
  exceptSessionId?: string,
): Promise<number> {
  const deleted = await db
    .delete(sessions)
    .where(
      exceptSessionId === undefined
        ? eq(sessions.userId, userId)
        : and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId)),
    )
    .returning({ id: sessions.id });
  return deleted.length;
}

export interface UserSessionRow {
  /** The stored token hash: server-side only, never sent to the browser. */
  id: string;
  publicId: string;
  userAgent: string | null;
  lastUsedAt: Date;
  createdAt: Date;
}

/** The user's sessions still in force, most recently used first. */
export async function listUserSessions(
  db: Db,
  userId: string,
  now: Date,
): Promise<UserSessionRow[]> {
  return db
    .select({
      id: sessions.id,
      publicId: sessions.publicId,
      userAgent: sessions.userAgent,
      lastUsedAt: sessions.lastUsedAt,
      createdAt: sessions.createdAt,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        gt(sessions.expiresAt, now),
        gt(sessions.absoluteExpiresAt, now),
      ),
    )
    .orderBy(desc(sessions.lastUsedAt), desc(sessions.createdAt));
}

/**
 * Ends the session `publicId` if it belongs to `userId` (so one account can
 * never end another's); returns its stored id, or null when there is none.
 */
export async function revokeUserSession(
  db: Db,
  userId: string,
  publicId: string,
): Promise<string | null> {
  const [row] = await db
    .delete(sessions)
    .where(and(eq(sessions.publicId, publicId), eq(sessions.userId, userId)))
    .returning({ id: sessions.id });
  return row?.id ?? null;
}

/** Removes expired sessions (called now and then; expired ones are refused anyway). */
export async function deleteExpiredSessions(db: Db, now: Date): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}
