import { and, eq, gt, isNull, ne } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import {
  deviceTrusts,
  emailTokens,
  sessions,
  users,
  type EmailTokenPurpose,
} from "../../db/schema.ts";
import { generateToken, hashToken } from "./tokens.ts";

/** Confirmation links expire a day after they are sent. */
export const CONFIRM_TTL_MS = 24 * 60 * 60 * 1000;
/** Reset links are worth a password: an hour is enough to open the mail (ASVS 5.0 V6.4). */
export const RESET_TTL_MS = 60 * 60 * 1000;

const TTL: Record<EmailTokenPurpose, number> = {
  confirm_email: CONFIRM_TTL_MS,
  reset_password: RESET_TTL_MS,
};

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row ?? null;
}

/**
 * A fresh single-use token for `userId` and `purpose`; earlier unused ones of
 * that purpose stop working (the newest mail is the only one that counts).
 * Only its SHA-256 is stored.
 */
export async function createEmailToken(
  db: Db,
  userId: string,
  purpose: EmailTokenPurpose,
  now: Date,
): Promise<string> {
  const token = generateToken();
  await db.transaction(async (tx) => {
    await tx
      .update(emailTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(emailTokens.userId, userId),
          eq(emailTokens.purpose, purpose),
          isNull(emailTokens.usedAt),
        ),
      );
    await tx.insert(emailTokens).values({
      id: hashToken(token),
      userId,
      purpose,
      expiresAt: new Date(now.getTime() + TTL[purpose]),
      createdAt: now,
    });
  });
  return token;
}

/** A fresh confirmation token for `userId`; earlier unused ones stop working. */
export function createConfirmToken(db: Db, userId: string, now: Date): Promise<string> {
  return createEmailToken(db, userId, "confirm_email", now);
}

/**
 * The database work of `createEmailToken` for an email with no account: a
 * transaction whose update matches nothing, so "no such account" costs about
 * the same round trips as a real link (on a remote database they show).
 */
export async function createNoEmailToken(db: Db, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(emailTokens)
      .set({ usedAt: now })
      .where(and(eq(emailTokens.userId, crypto.randomUUID()), isNull(emailTokens.usedAt)));
  });
}

/**
 * Uses a confirmation token: marks it used and the user's email confirmed, in
 * one transaction. Returns the user, or null for an unknown, used or expired token.
 */
export async function consumeConfirmToken(
  db: Db,
  token: string,
  now: Date,
): Promise<UserRow | null> {
  return db.transaction(async (tx) => {
    const [used] = await tx
      .update(emailTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(emailTokens.id, hashToken(token)),
          eq(emailTokens.purpose, "confirm_email"),
          isNull(emailTokens.usedAt),
          gt(emailTokens.expiresAt, now),
        ),
      )
      .returning({ userId: emailTokens.userId });
    if (!used) return null;
    const [user] = await tx
      .update(users)
      .set({ emailConfirmedAt: now, updatedAt: now })
      .where(eq(users.id, used.userId))
      .returning();
    return user ?? null;
  });
}

const usableToken = (token: string, purpose: EmailTokenPurpose, now: Date) =>
  and(
    eq(emailTokens.id, hashToken(token)),
    eq(emailTokens.purpose, purpose),
    isNull(emailTokens.usedAt),
    gt(emailTokens.expiresAt, now),
  );

/** The user a reset token is for, without using it up; null for an unknown, used or expired one. */
export async function findResetTokenUser(
  db: Db,
  token: string,
  now: Date,
): Promise<UserRow | null> {
  const [row] = await db
    .select({ user: users })
    .from(emailTokens)
    .innerJoin(users, eq(users.id, emailTokens.userId))
    .where(usableToken(token, "reset_password", now))
    .limit(1);
  return row?.user ?? null;
}

/**
 * Uses a reset token, in one transaction: marks it used, stores the new hash,
 * confirms the email if it was not yet (opening the link proved the mailbox)
 * and ends every session of the account. Returns the user as it was before, or
 * null when the token is no longer usable (e.g. a parallel request used it).
 */
export async function resetPasswordWithToken(
  db: Db,
  token: string,
  passwordHash: string,
  now: Date,
): Promise<UserRow | null> {
  return db.transaction(async (tx) => {
    const [used] = await tx
      .update(emailTokens)
      .set({ usedAt: now })
      .where(usableToken(token, "reset_password", now))
      .returning({ userId: emailTokens.userId });
    if (!used) return null;
    const [before] = await tx.select().from(users).where(eq(users.id, used.userId)).limit(1);
    if (!before) return null;
    await tx
      .update(users)
      .set({ passwordHash, emailConfirmedAt: before.emailConfirmedAt ?? now, updatedAt: now })
      .where(eq(users.id, before.id));
    // A confirmation link still in a mailbox would now only confirm what is confirmed.
    await tx
      .update(emailTokens)
      .set({ usedAt: now })
      .where(and(eq(emailTokens.userId, before.id), isNull(emailTokens.usedAt)));
    await tx.delete(sessions).where(eq(sessions.userId, before.id));
    // The account may have been someone else's until now: no browser stays trusted.
    await tx.delete(deviceTrusts).where(eq(deviceTrusts.userId, before.id));
    return before;
  });
}

/**
 * A signed-in password change: the new hash and, in the same transaction, the
 * end of every other session (a thief's included) and of every device trust;
 * `keepSessionId` stays.
 */
export async function changePasswordHash(
  db: Db,
  userId: string,
  passwordHash: string,
  keepSessionId: string,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
    await tx
      .delete(sessions)
      .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)));
    // The route gives this browser a fresh one (routes/auth.ts).
    await tx.delete(deviceTrusts).where(eq(deviceTrusts.userId, userId));
  });
}

/** Voids every unused link of `purpose` for `userId`. */
export async function voidEmailTokens(
  db: Db,
  userId: string,
  purpose: EmailTokenPurpose,
  now: Date,
): Promise<void> {
  await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(emailTokens.userId, userId),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
      ),
    );
}
