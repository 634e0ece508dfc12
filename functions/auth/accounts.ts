import { and, eq, gt, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { insertClaimedMail, type ClaimedMailRow } from "../../db/queries/mail-outbox.ts";
import {
  deviceTrusts,
  emailTokens,
  sessions,
  users,
  type EmailTokenPurpose,
} from "../../db/schema.ts";
import type { Locale } from "../../src/i18n/locales.ts";
import type { SignupRole } from "../../src/lib/auth-schemas.ts";
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

/** A link's token as long as it works: this purpose, not used, not expired. */
const usableToken = (token: string, purpose: EmailTokenPurpose, now: Date) =>
  and(
    eq(emailTokens.id, hashToken(token)),
    eq(emailTokens.purpose, purpose),
    isNull(emailTokens.usedAt),
    gt(emailTokens.expiresAt, now),
  );
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Stores a new single-use token (its SHA-256) for `userId`; voiding older ones is the caller's. */
async function storeEmailToken(
  tx: Tx,
  userId: string,
  purpose: EmailTokenPurpose,
  token: string,
  now: Date,
): Promise<void> {
  await tx.insert(emailTokens).values({
    id: hashToken(token),
    userId,
    purpose,
    expiresAt: new Date(now.getTime() + TTL[purpose]),
    createdAt: now,
  });
}

/** What a sign-up chose, checked and hashed. */
export interface SignupFields {
  email: string;
  firstName: string;
  lastName: string;
  role: SignupRole;
  passwordHash: string;
  locale: Locale;
}

/**
 * A new unconfirmed account, its confirmation token and the mail that carries
 * the link, in one transaction: all of them or none (decision 028). Answers
 * the new user's id, or null when the email was taken meanwhile (a parallel
 * sign-up), in which case nothing is written.
 */
export async function createPendingSignup(
  db: Db,
  fields: SignupFields,
  token: string,
  mail: ClaimedMailRow,
  now: Date,
): Promise<string | null> {
  return db.transaction(async (tx) => {
    const id = crypto.randomUUID();
    const inserted = await tx
      .insert(users)
      .values({ id, ...fields, createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (inserted.length === 0) return null;
    await storeEmailToken(tx, id, "confirm_email", token, now);
    await insertClaimedMail(tx, mail);
    return id;
  });
}

/**
 * A second sign-up of an email whose account is still unconfirmed replaces
 * the first (decision 028): its names, password, role (an admin stays admin:
 * no sign-up chose that) and language, as of now. Every link mailed for the
 * first stops working, any session or trusted browser goes (an unconfirmed
 * account should have none), and the new token and its mail are stored, all
 * in one transaction. False when the account was confirmed meanwhile (nothing
 * is written).
 */
export async function replacePendingSignup(
  db: Db,
  userId: string,
  fields: SignupFields,
  token: string,
  mail: ClaimedMailRow,
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const replaced = await tx
      .update(users)
      .set({
        firstName: fields.firstName,
        lastName: fields.lastName,
        role: sql`CASE WHEN ${users.role} = 'admin' THEN 'admin' ELSE ${fields.role} END`,
        passwordHash: fields.passwordHash,
        locale: fields.locale,
        createdAt: now,
        updatedAt: now,
      })
      .where(and(eq(users.id, userId), isNull(users.emailConfirmedAt)))
      .returning({ id: users.id });
    if (replaced.length === 0) return false;
    await tx
      .update(emailTokens)
      .set({ usedAt: now })
      .where(and(eq(emailTokens.userId, userId), isNull(emailTokens.usedAt)));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await tx.delete(deviceTrusts).where(eq(deviceTrusts.userId, userId));
    await storeEmailToken(tx, userId, "confirm_email", token, now);
    await insertClaimedMail(tx, mail);
    return true;
  });
}

/**
 * "Send a new confirmation link" for `email`, in one transaction whose
 * statements are the same whatever the address is (unknown, confirmed or
 * pending): each is keyed by the email and matches only an unconfirmed
 * account, so neither the work nor its round trips tell a caller which it was
 * (decision 028). For a pending account the earlier confirmation links stop
 * working and `token` and `mail` are stored. True when the mail was queued.
 */
export async function reissueConfirmation(
  db: Db,
  email: string,
  token: string,
  mail: ClaimedMailRow,
  now: Date,
  /**
   * A write that happens whatever the address (the per-email throttle): a
   * transaction that writes nothing would commit faster than one that stores
   * a token and a mail, and that time would tell them apart.
   */
  first: (tx: Tx) => Promise<void>,
): Promise<boolean> {
  const pending = sql`SELECT id FROM users WHERE email = ${email} AND email_confirmed_at IS NULL`;
  return db.transaction(async (tx) => {
    await first(tx);
    await tx.run(sql`
      UPDATE email_tokens SET used_at = ${now.getTime()}
      WHERE purpose = 'confirm_email' AND used_at IS NULL AND user_id IN (${pending})`);
    await tx.run(sql`
      INSERT INTO email_tokens (id, user_id, purpose, expires_at, created_at)
      SELECT ${hashToken(token)}, id, 'confirm_email', ${now.getTime() + CONFIRM_TTL_MS},
             ${now.getTime()}
      FROM users WHERE email = ${email} AND email_confirmed_at IS NULL`);
    return insertClaimedMail(tx, mail, sql`EXISTS (${pending})`);
  });
}

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

/**
 * The account a confirmation link is for, without using it up (the page names
 * it before anyone presses a button); null for an unknown, used or expired link.
 */
export async function findConfirmTokenUser(
  db: Db,
  token: string,
  now: Date,
): Promise<UserRow | null> {
  const [row] = await db
    .select({ user: users })
    .from(emailTokens)
    .innerJoin(users, eq(users.id, emailTokens.userId))
    .where(usableToken(token, "confirm_email", now))
    .limit(1);
  return row?.user ?? null;
}

export type DeclineOutcome =
  { kind: "removed"; user: UserRow } | { kind: "confirmed"; user: UserRow } | { kind: "invalid" };

/**
 * "This was not me" on the confirmation page (decision 028): with a live
 * confirmation link, deletes its account while it is unconfirmed, and with it
 * (foreign keys cascade) every link, session and trusted browser of it. Only
 * the holder of the mailbox has the link. A confirmed account is never
 * removed here (`confirmed`); an unknown, used or expired link is `invalid`.
 */
export async function declinePendingSignup(
  db: Db,
  token: string,
  now: Date,
): Promise<DeclineOutcome> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ user: users })
      .from(emailTokens)
      .innerJoin(users, eq(users.id, emailTokens.userId))
      .where(usableToken(token, "confirm_email", now))
      .limit(1);
    if (!row) return { kind: "invalid" } as const;
    const removed = await tx
      .delete(users)
      .where(and(eq(users.id, row.user.id), isNull(users.emailConfirmedAt)))
      .returning({ id: users.id });
    return removed.length > 0
      ? ({ kind: "removed", user: row.user } as const)
      : ({ kind: "confirmed", user: row.user } as const);
  });
}

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
