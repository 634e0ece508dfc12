import {
  and,
  asc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  or,
  sql,
  type SQL,
} from "drizzle-orm";
import type { Db } from "../client.ts";
import { mailOutbox } from "../schema.ts";

export type OutboxRow = typeof mailOutbox.$inferSelect;

/** Done rows (sent, given up, expired) keep their envelope this long, for "did it go out?". */
export const MAIL_OUTBOX_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

/** A message about to be tried once right away, as its row is stored (`insertClaimedMail`). */
export interface ClaimedMailRow {
  id: string;
  idempotencyKey: string;
  recipient: string;
  subject: string;
  body: string;
  leaseId: string;
  leaseUntil: Date;
  nextAttemptAt: Date;
  expiresAt: Date;
  now: Date;
}

/** The database, or a transaction of it: a mail can be stored with what it announces. */
type DbOrTx = Db | Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * Stores a message that is about to be tried once right away: already leased
 * to the caller, with one attempt counted, so a drain leaves it alone while
 * that attempt runs and picks it up at `nextAttemptAt` if the caller dies.
 * Pass a transaction to store it with the rows it announces (a sign-up's user
 * and token), and `onlyIf` to store it only when that condition holds, in the
 * same statement (so the work is the same whether it holds or not). True
 * when the row was stored.
 */
export async function insertClaimedMail(
  db: DbOrTx,
  row: ClaimedMailRow,
  onlyIf?: SQL,
): Promise<boolean> {
  const { now, ...values } = row;
  if (!onlyIf) {
    await db.insert(mailOutbox).values({ ...values, attempts: 1, createdAt: now });
    return true;
  }
  const res = await db.run(sql`
    INSERT INTO mail_outbox (id, idempotency_key, recipient, subject, body, attempts, lease_id,
                             lease_until, next_attempt_at, expires_at, created_at)
    SELECT ${values.id}, ${values.idempotencyKey}, ${values.recipient}, ${values.subject},
           ${values.body}, 1, ${values.leaseId}, ${values.leaseUntil.getTime()},
           ${values.nextAttemptAt.getTime()}, ${values.expiresAt.getTime()}, ${now.getTime()}
    WHERE ${onlyIf}`);
  return res.rowsAffected > 0;
}

const pending = and(isNull(mailOutbox.sentAt), isNull(mailOutbox.failedAt));
const leaseFree = (now: Date) => or(isNull(mailOutbox.leaseUntil), lte(mailOutbox.leaseUntil, now));

/**
 * Leases up to `limit` due rows to `leaseId` until `leaseUntil` and counts an
 * attempt on each, in one UPDATE … RETURNING. SQLite runs a statement under
 * the database's write lock, so of two drainers racing for a row, the second
 * re-reads it leased and skips it: a row is never handed out twice at once.
 * The attempt is counted at the claim, so a drainer that dies mid-send still
 * uses one up, and a message that crashes its sender cannot loop forever.
 */
export async function claimDueMail(
  db: Db,
  opts: { now: Date; leaseId: string; leaseUntil: Date; limit: number },
): Promise<OutboxRow[]> {
  const { now, leaseId, leaseUntil, limit } = opts;
  const due = and(
    pending,
    lte(mailOutbox.nextAttemptAt, now),
    gt(mailOutbox.expiresAt, now),
    leaseFree(now),
  );
  return db
    .update(mailOutbox)
    .set({ leaseId, leaseUntil, attempts: sql`${mailOutbox.attempts} + 1` })
    .where(
      and(
        inArray(
          mailOutbox.id,
          db
            .select({ id: mailOutbox.id })
            .from(mailOutbox)
            .where(due)
            .orderBy(asc(mailOutbox.nextAttemptAt))
            .limit(limit),
        ),
        due,
      ),
    )
    .returning();
}

/**
 * The mail API took the message: the body (its links) is not needed any more.
 * Whoever sent it may mark it, lease or not: it went out either way.
 */
export async function markMailSent(db: Db, id: string, now: Date): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ sentAt: now, body: null, leaseId: null, leaseUntil: null, lastError: null })
    .where(and(eq(mailOutbox.id, id), isNull(mailOutbox.sentAt)));
}

/**
 * Another try at `nextAttemptAt`, if `leaseId` still holds the row (a lease
 * that ran out may belong to another drainer by now). True when it did.
 */
export async function scheduleMailRetry(
  db: Db,
  id: string,
  leaseId: string,
  nextAttemptAt: Date,
  error: string,
): Promise<boolean> {
  const res = await db
    .update(mailOutbox)
    .set({ nextAttemptAt, leaseId: null, leaseUntil: null, lastError: error })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.leaseId, leaseId), pending));
  return res.rowsAffected > 0;
}

/** Gives up on a row `leaseId` holds: failed, body cleared. True when it did. */
export async function markMailFailed(
  db: Db,
  id: string,
  leaseId: string,
  now: Date,
  error: string,
): Promise<boolean> {
  const res = await db
    .update(mailOutbox)
    .set({ failedAt: now, body: null, leaseId: null, leaseUntil: null, lastError: error })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.leaseId, leaseId), pending));
  return res.rowsAffected > 0;
}

/**
 * Gives up on unsent rows whose links have expired (not while a sender holds
 * one): a dead link is not worth sending, and its body not worth keeping.
 */
export async function expireUnsentMail(db: Db, now: Date): Promise<OutboxRow[]> {
  return db
    .update(mailOutbox)
    .set({ failedAt: now, body: null, leaseId: null, leaseUntil: null, lastError: "expired" })
    .where(and(pending, lte(mailOutbox.expiresAt, now), leaseFree(now)))
    .returning();
}

/**
 * Housekeeping: no body outlives its expiry (should a drain not have run),
 * and rows are deleted once done and past the retention.
 */
export async function pruneMailOutbox(db: Db, now: Date): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ body: null })
    .where(and(isNotNull(mailOutbox.body), lte(mailOutbox.expiresAt, now)));
  await db
    .delete(mailOutbox)
    .where(
      and(
        lt(mailOutbox.createdAt, new Date(now.getTime() - MAIL_OUTBOX_RETENTION_MS)),
        or(
          isNotNull(mailOutbox.sentAt),
          isNotNull(mailOutbox.failedAt),
          lte(mailOutbox.expiresAt, now),
        ),
      ),
    );
}
