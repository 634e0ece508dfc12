import { and, desc, eq, gt, lt, notInArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { deviceTrusts, users } from "../../db/schema.ts";
import { generateToken, hashToken } from "./tokens.ts";

/**
 * Device cookies (decision 011; OWASP "Slow Down Online Guessing Attacks with
 * Device Cookies",
 * https://owasp.org/www-community/Slow_Down_Online_Guessing_Attacks_with_Device_Cookies):
 * a browser that signed in to an account gets a long-lived random token bound
 * to that account. A sign-in attempt that carries it is throttled per device,
 * so a stranger who keeps the per-email backoff full never slows the owner down.
 * Only the SHA-256 of the token is stored; no server secret is involved.
 */
export const DEVICE_TRUST_MS = 365 * 24 * 60 * 60 * 1000;
/** Enough for every browser a person uses; older trusts of the account are dropped. */
export const DEVICE_TRUSTS_PER_USER = 20;

/**
 * Issues a fresh device token for `userId` after a successful sign-in. The
 * token the browser sent (if any, whichever account it was for) is voided: the
 * new cookie replaces it, and a copy elsewhere must not stay trusted.
 */
export async function issueDeviceTrust(
  db: Db,
  userId: string,
  previousToken: string | undefined,
  now: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const token = generateToken();
  const expiresAt = new Date(now.getTime() + DEVICE_TRUST_MS);
  await db.transaction(async (tx) => {
    if (previousToken)
      await tx.delete(deviceTrusts).where(eq(deviceTrusts.id, hashToken(previousToken)));
    await tx
      .insert(deviceTrusts)
      .values({ id: hashToken(token), userId, expiresAt, createdAt: now });
    const keep = tx
      .select({ id: deviceTrusts.id })
      .from(deviceTrusts)
      .where(eq(deviceTrusts.userId, userId))
      .orderBy(desc(deviceTrusts.createdAt))
      .limit(DEVICE_TRUSTS_PER_USER);
    await tx
      .delete(deviceTrusts)
      .where(and(eq(deviceTrusts.userId, userId), notInArray(deviceTrusts.id, keep)));
  });
  return { token, expiresAt };
}

/**
 * The stored id of `token` when it is a live device trust of the account with
 * `email`, else null. Asked for every sign-in, known email or not; it answers
 * non-null only to a browser that holds the account's own cookie, so it tells a
 * stranger nothing about which emails exist.
 */
export async function findDeviceTrust(
  db: Db,
  token: string,
  email: string,
  now: Date,
): Promise<string | null> {
  const [row] = await db
    .select({ id: deviceTrusts.id })
    .from(deviceTrusts)
    .innerJoin(users, eq(users.id, deviceTrusts.userId))
    .where(
      and(
        eq(deviceTrusts.id, hashToken(token)),
        eq(users.email, email),
        gt(deviceTrusts.expiresAt, now),
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

/** Forgets every browser the account trusted (sign out everywhere, password reset or change). */
export async function deleteUserDeviceTrusts(db: Db, userId: string): Promise<void> {
  await db.delete(deviceTrusts).where(eq(deviceTrusts.userId, userId));
}

/** Removes expired trusts (housekeeping; expired ones are refused anyway). */
export async function deleteExpiredDeviceTrusts(db: Db, now: Date): Promise<void> {
  await db.delete(deviceTrusts).where(lt(deviceTrusts.expiresAt, now));
}
