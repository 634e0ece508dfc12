import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { emailTokens, users } from "../../db/schema.ts";
import { generateToken, hashToken } from "./tokens.ts";

/** Confirmation links expire a day after they are sent. */
export const CONFIRM_TTL_MS = 24 * 60 * 60 * 1000;

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row ?? null;
}

/** A fresh single-use confirmation token for `userId`; earlier unused ones stop working. */
export async function createConfirmToken(db: Db, userId: string, now: Date): Promise<string> {
  const token = generateToken();
  await db.transaction(async (tx) => {
    await tx
      .update(emailTokens)
      .set({ usedAt: now })
      .where(and(eq(emailTokens.userId, userId), isNull(emailTokens.usedAt)));
    await tx.insert(emailTokens).values({
      id: hashToken(token),
      userId,
      purpose: "confirm_email",
      expiresAt: new Date(now.getTime() + CONFIRM_TTL_MS),
      createdAt: now,
    });
  });
  return token;
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
