import { eq, lt } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { sessions, users } from "../../db/schema.ts";
import { generateToken, hashToken } from "./tokens.ts";

const DAY = 24 * 60 * 60 * 1000;
/** A session lives 30 days from its last use… */
export const SESSION_SLIDING_MS = 30 * DAY;
/** …renewed at most once a day (a write per request would be wasteful)… */
const RENEW_AFTER_MS = DAY;
/** …and never past 90 days from sign-in. */
export const SESSION_ABSOLUTE_MS = 90 * DAY;

export type SessionUserRow = Pick<
  typeof users.$inferSelect,
  "id" | "email" | "firstName" | "lastName" | "profileImageUrl" | "role" | "emailConfirmedAt"
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
export async function createSession(db: Db, userId: string, now: Date) {
  const token = generateToken();
  const expiresAt = new Date(now.getTime() + SESSION_SLIDING_MS);
  await db.insert(sessions).values({
    id: hashToken(token),
    userId,
    expiresAt,
    absoluteExpiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS),
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
      user: {
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        profileImageUrl: users.profileImageUrl,
        role: users.role,
        emailConfirmedAt: users.emailConfirmedAt,
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
  let renewed = false;
  if (row.expiresAt.getTime() - t < SESSION_SLIDING_MS - RENEW_AFTER_MS) {
    expiresAt = new Date(Math.min(t + SESSION_SLIDING_MS, row.absoluteExpiresAt.getTime()));
    await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, id));
    renewed = true;
  }
  return { id: row.id, userId: row.userId, expiresAt, user: row.user, renewed };
}

export async function invalidateSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function invalidateUserSessions(db: Db, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Removes expired sessions (called now and then; expired ones are refused anyway). */
export async function deleteExpiredSessions(db: Db, now: Date): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}
