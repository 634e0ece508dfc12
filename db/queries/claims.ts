import { and, count, desc, eq, gt, isNull, lte, or, type SQL } from "drizzle-orm";
import type { AdminClaim, ClaimStatus, ClaimTarget } from "../../src/lib/claim-schemas.ts";
import { emailProvesClaim, type EmailSource } from "../../src/lib/provider-schemas.ts";
import { providerShortPath } from "../../src/lib/urls.ts";
import type { Db } from "../client.ts";
import { listingClaims, providers, users, type Role } from "../schema.ts";
import { isUniqueViolation } from "./admin.ts";
import { writeAudit } from "./audit.ts";
import { reindexProvider } from "./search-index.ts";
import { markDataChanged } from "./site-meta.ts";

/**
 * Claiming a listing nobody owns (decision 025; the design is on
 * `listingClaims` in db/schema.ts). Nothing on the listing changes until a
 * claim wins: by its emailed link (`awardClaim`, action `claim.confirm`) or
 * by an admin (`claim.approve`). The first proof wins, with one conditional
 * UPDATE of providers.user_id; the listing's other pending claims are then
 * superseded in the same transaction.
 */

type Reader = Pick<Db, "select">;
type ClaimRow = typeof listingClaims.$inferSelect;

/** How long a mailed claim link works. */
export const CLAIM_LINK_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * A claim's status as the reader sees it: a link past its day reads `expired`
 * even before anything wrote that down (nothing sweeps them; the row is
 * marked when someone uses it).
 */
export function effectiveStatus(
  row: Pick<ClaimRow, "status" | "method" | "expiresAt">,
  now: Date,
): ClaimStatus {
  if (
    row.status === "pending" &&
    row.method === "email" &&
    (!row.expiresAt || row.expiresAt.getTime() <= now.getTime())
  ) {
    return "expired";
  }
  return row.status;
}

/** `ahmed.khan@steel.com.pk` → `a•••@s•••.com.pk`: enough to recognise, not to harvest. */
export function maskClaimEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return "•••";
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  const dot = domain.indexOf(".");
  const host = dot === -1 ? domain : domain.slice(0, dot);
  const rest = dot === -1 ? "" : domain.slice(dot);
  return `${local[0]}•••@${host ? `${host[0]}•••` : "•••"}${rest}`;
}

export interface ClaimListing {
  id: string;
  companyName: string;
  companyNameUr: string | null;
  city: string | null;
  email: string | null;
  /** Where the email came from: an owner's, once they are gone, proves no claim (decision 029). */
  emailSource: EmailSource | null;
  userId: string | null;
  isActive: boolean;
  isSuggested: boolean;
}

/** The listing as a claim needs it, active or not, or null. */
export async function findClaimListing(db: Reader, id: string): Promise<ClaimListing | null> {
  const [row] = await db
    .select({
      id: providers.id,
      companyName: providers.companyName,
      companyNameUr: providers.companyNameUr,
      city: providers.city,
      email: providers.email,
      emailSource: providers.emailSource,
      userId: providers.userId,
      isActive: providers.isActive,
      isSuggested: providers.isSuggested,
    })
    .from(providers)
    .where(eq(providers.id, id))
    .limit(1);
  return row ?? null;
}

/** The provider `userId` owns, if any (one per account: providers_user_id_unique). */
export async function ownedProviderId(db: Reader, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: providers.id })
    .from(providers)
    .where(eq(providers.userId, userId))
    .limit(1);
  return row?.id ?? null;
}

/** Why `userId` cannot claim `listing` now, or null when they can. */
export async function claimBlocker(
  db: Reader,
  listing: Pick<ClaimListing, "userId">,
  userId: string,
): Promise<"yours" | "claimed" | "owns_other" | null> {
  if (listing.userId === userId) return "yours";
  if (listing.userId !== null) return "claimed";
  return (await ownedProviderId(db, userId)) ? "owns_other" : null;
}

/** What the claim page shows the signed-in user; null for an unknown or inactive listing. */
export async function claimTarget(
  db: Db,
  providerId: string,
  userId: string,
  now: Date,
): Promise<ClaimTarget | null> {
  const listing = await findClaimListing(db, providerId);
  if (!listing || !listing.isActive) return null;
  const [mine] = await db
    .select()
    .from(listingClaims)
    .where(and(eq(listingClaims.providerId, providerId), eq(listingClaims.userId, userId)))
    .orderBy(desc(listingClaims.createdAt), desc(listingClaims.id))
    .limit(1);
  return {
    provider: {
      id: listing.id,
      companyName: listing.companyName,
      companyNameUr: listing.companyNameUr,
      city: listing.city,
      path: providerShortPath(listing),
      isClaimed: listing.userId !== null,
    },
    emailOnFile: listing.email ? maskClaimEmail(listing.email) : null,
    emailUsable: emailProvesClaim(listing),
    myClaim: mine
      ? {
          id: mine.id,
          method: mine.method,
          status: effectiveStatus(mine, now),
          reason: mine.reason,
        }
      : null,
    blockedBy: await claimBlocker(db, listing, userId),
  };
}

/**
 * How often one address is mailed a claim link (decision 029): at most once in
 * CLAIM_MAIL_GAP_MS and CLAIM_MAILS_PER_DAY times a day, whoever asks. A link
 * works for any signed-in account that holds it and lives its whole day, newer
 * ones beside it, so whenever a request mails nothing a working link is already
 * in that mailbox: strangers asking cannot lock the business out, and cannot
 * flood its inbox either.
 */
export const CLAIM_MAIL_GAP_MS = 15 * 60 * 1000;
export const CLAIM_MAILS_PER_DAY = 5;

export type EmailClaimRequest =
  /** A new link: mail it. */
  | { mailed: true; claimId: string; sentAt: Date }
  /** A working link went to the address at `sentAt`: nothing new is mailed. */
  | { mailed: false; sentAt: Date };

/**
 * Stores a pending `email` claim with the SHA-256 of its token, to be mailed to
 * `sentTo`, unless a working link went to that address less than
 * CLAIM_MAIL_GAP_MS ago or CLAIM_MAILS_PER_DAY went there in the last day (one
 * transaction, so two requests at once cannot both pass).
 */
export async function requestEmailClaim(
  db: Db,
  input: { providerId: string; userId: string; tokenHash: string; sentTo: string; now: Date },
): Promise<EmailClaimRequest> {
  const { now } = input;
  const dayAgo = new Date(now.getTime() - CLAIM_LINK_TTL_MS);
  const toAddress = and(
    eq(listingClaims.providerId, input.providerId),
    eq(listingClaims.method, "email"),
    eq(listingClaims.sentTo, input.sentTo),
  );
  return db.transaction(async (tx): Promise<EmailClaimRequest> => {
    const [live] = await tx
      .select({ createdAt: listingClaims.createdAt })
      .from(listingClaims)
      .where(and(toAddress, eq(listingClaims.status, "pending"), gt(listingClaims.expiresAt, now)))
      .orderBy(desc(listingClaims.createdAt))
      .limit(1);
    if (live) {
      const [sent] = await tx
        .select({ n: count() })
        .from(listingClaims)
        .where(and(toAddress, gt(listingClaims.createdAt, dayAgo)));
      const recent = now.getTime() - live.createdAt.getTime() < CLAIM_MAIL_GAP_MS;
      if (recent || (sent?.n ?? 0) >= CLAIM_MAILS_PER_DAY) {
        return { mailed: false, sentAt: live.createdAt };
      }
    }
    const id = crypto.randomUUID();
    await tx.insert(listingClaims).values({
      id,
      providerId: input.providerId,
      userId: input.userId,
      method: "email",
      status: "pending",
      tokenHash: input.tokenHash,
      sentTo: input.sentTo,
      expiresAt: new Date(now.getTime() + CLAIM_LINK_TTL_MS),
      createdAt: now,
      updatedAt: now,
    });
    return { mailed: true, claimId: id, sentAt: now };
  });
}

/** Whether `userId` has an evidence claim on the listing waiting for an admin. */
export async function hasPendingEvidence(
  db: Reader,
  providerId: string,
  userId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: listingClaims.id })
    .from(listingClaims)
    .where(
      and(
        eq(listingClaims.providerId, providerId),
        eq(listingClaims.userId, userId),
        eq(listingClaims.method, "evidence"),
        eq(listingClaims.status, "pending"),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Stores a pending `evidence` claim for an admin (phone already in its stored form). */
export async function createEvidenceClaim(
  db: Db,
  input: {
    providerId: string;
    userId: string;
    phone: string;
    note: string;
    photoUrl: string | null;
    now: Date;
  },
): Promise<string> {
  const id = crypto.randomUUID();
  await db.insert(listingClaims).values({
    id,
    providerId: input.providerId,
    userId: input.userId,
    method: "evidence",
    status: "pending",
    phone: input.phone,
    note: input.note,
    photoUrl: input.photoUrl,
    createdAt: input.now,
    updatedAt: input.now,
  });
  return id;
}

export async function findClaim(db: Reader, id: string): Promise<ClaimRow | null> {
  const [row] = await db.select().from(listingClaims).where(eq(listingClaims.id, id)).limit(1);
  return row ?? null;
}

export async function findClaimByTokenHash(db: Reader, hash: string): Promise<ClaimRow | null> {
  const [row] = await db
    .select()
    .from(listingClaims)
    .where(eq(listingClaims.tokenHash, hash))
    .limit(1);
  return row ?? null;
}

/** Writes down that a pending link passed its day (what effectiveStatus already reads). */
export async function markClaimExpired(db: Db, id: string, now: Date): Promise<void> {
  await db
    .update(listingClaims)
    .set({ status: "expired", decidedAt: now, updatedAt: now })
    .where(and(eq(listingClaims.id, id), eq(listingClaims.status, "pending")));
}

export type AwardResult =
  | {
      kind: "ok";
      providerId: string;
      path: string;
      /** The listing's owner now. */
      winnerId: string;
      /** Requesters of the listing's other claims, superseded now (the winner left out). */
      supersededUserIds: string[];
    }
  | { kind: "not-found" }
  | { kind: "decided"; status: ClaimStatus }
  | { kind: "gone" }
  | { kind: "claimed" }
  | { kind: "owns-other" }
  /** An email link to an address the listing no longer has, or no longer trusts. */
  | { kind: "link-dead" };

/**
 * Makes the claim's winner the listing's owner (the account confirming a
 * mailed link, or the requester of proof an admin approves), in one transaction: the
 * conditional UPDATE (`user_id IS NULL`, active) lets exactly one proof win
 * however many arrive at once, providers_user_id_unique keeps one listing per
 * account; the listing loses its 'Suggested' badge, a customer becomes a
 * provider (admins stay admins), the claim is approved and the listing's other
 * pending claims superseded (links past their day are marked expired instead),
 * with one audit row, the search row and the changed page.
 */
export async function awardClaim(
  db: Db,
  claimId: string,
  opts:
    | { actorId: string; action: "claim.confirm"; now: Date }
    | { actorId: string | null; action: "claim.approve"; now: Date },
): Promise<AwardResult> {
  const { now } = opts;
  try {
    return await db.transaction(async (tx): Promise<AwardResult> => {
      const claim = await findClaim(tx, claimId);
      if (!claim) return { kind: "not-found" };
      // A mailed link is won by whoever confirms it holding it (decision 029); proof an
      // admin approves, by the one who sent it.
      const winner = opts.action === "claim.confirm" ? opts.actorId : claim.userId;
      const status = effectiveStatus(claim, now);
      if (status !== "pending") return { kind: "decided", status };
      const listing = await findClaimListing(tx, claim.providerId);
      if (!listing || !listing.isActive) return { kind: "gone" };
      if (listing.userId !== null) return { kind: "claimed" };
      // A link proves control of the address it went to, and that only while the listing
      // has it and trusts it (decision 029): not once an admin changed it, nor when it
      // was set by an owner who has since been detached.
      if (
        claim.method === "email" &&
        (claim.sentTo !== listing.email || !emailProvesClaim(listing))
      ) {
        return { kind: "link-dead" };
      }
      if (await ownedProviderId(tx, winner)) return { kind: "owns-other" };
      const [requester] = await tx
        .select({ role: users.role })
        .from(users)
        .where(eq(users.id, winner))
        .limit(1);
      if (!requester) return { kind: "not-found" };

      const won = await tx
        .update(providers)
        .set({ userId: winner, isSuggested: false, ownerSince: now, updatedAt: now })
        .where(
          and(
            eq(providers.id, claim.providerId),
            isNull(providers.userId),
            eq(providers.isActive, true),
          ),
        )
        .returning({ id: providers.id });
      if (won.length === 0) return { kind: "claimed" };

      const role: Role = requester.role === "customer" ? "provider" : requester.role;
      if (role !== requester.role) {
        await tx.update(users).set({ role, updatedAt: now }).where(eq(users.id, winner));
      }
      await tx
        .update(listingClaims)
        .set({
          status: "approved",
          reviewedBy: opts.action === "claim.approve" ? opts.actorId : null,
          confirmedBy: opts.action === "claim.confirm" ? winner : null,
          decidedAt: now,
          updatedAt: now,
        })
        .where(eq(listingClaims.id, claim.id));
      // Links past their day were never live competitors: they expire, untold.
      await tx
        .update(listingClaims)
        .set({ status: "expired", decidedAt: now, updatedAt: now })
        .where(
          and(
            eq(listingClaims.providerId, claim.providerId),
            eq(listingClaims.status, "pending"),
            eq(listingClaims.method, "email"),
            lte(listingClaims.expiresAt, now),
          ),
        );
      const superseded = await tx
        .update(listingClaims)
        .set({ status: "superseded", decidedAt: now, updatedAt: now })
        .where(
          and(eq(listingClaims.providerId, claim.providerId), eq(listingClaims.status, "pending")),
        )
        .returning({ userId: listingClaims.userId });
      // Told it is taken: the other requesters, and whoever asked for the winning link
      // when someone else confirmed it.
      const supersededUserIds = [
        ...new Set([...superseded.map((r) => r.userId), claim.userId].filter((u) => u !== winner)),
      ];

      await writeAudit(tx, {
        actorId: opts.actorId,
        action: opts.action,
        targetType: "provider",
        targetId: claim.providerId,
        before: { userId: null, isSuggested: listing.isSuggested, role: requester.role },
        after: {
          userId: winner,
          isSuggested: false,
          role,
          claimId: claim.id,
          method: claim.method,
          ...(winner !== claim.userId ? { requestedBy: claim.userId } : {}),
          superseded: superseded.length,
        },
        at: now,
      });
      await reindexProvider(tx, claim.providerId);
      await markDataChanged(tx, { providers: [claim.providerId] });
      return {
        kind: "ok",
        providerId: claim.providerId,
        path: providerShortPath(listing),
        winnerId: winner,
        supersededUserIds,
      };
    });
  } catch (err) {
    // providers_user_id_unique: the account got a listing of its own meanwhile.
    if (isUniqueViolation(err)) return { kind: "owns-other" };
    throw err;
  }
}

export type RejectResult =
  | { kind: "ok"; claim: ClaimRow }
  | { kind: "not-found" }
  | { kind: "decided"; status: ClaimStatus };

/** An admin turns a pending claim down, with the reason the requester is mailed. */
export async function rejectClaim(
  db: Db,
  id: string,
  input: { adminId: string; reason: string; now: Date },
): Promise<RejectResult> {
  const { now } = input;
  return db.transaction(async (tx): Promise<RejectResult> => {
    const claim = await findClaim(tx, id);
    if (!claim) return { kind: "not-found" };
    const status = effectiveStatus(claim, now);
    if (status !== "pending") return { kind: "decided", status };
    const [updated] = await tx
      .update(listingClaims)
      .set({
        status: "rejected",
        reason: input.reason,
        reviewedBy: input.adminId,
        decidedAt: now,
        updatedAt: now,
      })
      .where(and(eq(listingClaims.id, id), eq(listingClaims.status, "pending")))
      .returning();
    if (!updated) return { kind: "decided", status: "rejected" };
    await writeAudit(tx, {
      actorId: input.adminId,
      action: "claim.reject",
      targetType: "claim",
      targetId: id,
      before: { status: "pending" },
      after: {
        status: "rejected",
        reason: input.reason,
        providerId: claim.providerId,
        userId: claim.userId,
      },
      at: now,
    });
    return { kind: "ok", claim: updated };
  });
}

export interface AdminClaimPage {
  items: AdminClaim[];
  total: number;
  hasMore: boolean;
}

/** The rows whose effective status is `status` (a link past its day reads expired). */
function statusFilter(status: ClaimStatus, now: Date): SQL {
  const liveLink = and(eq(listingClaims.method, "email"), gt(listingClaims.expiresAt, now));
  const staleLink = and(
    eq(listingClaims.status, "pending"),
    eq(listingClaims.method, "email"),
    or(isNull(listingClaims.expiresAt), lte(listingClaims.expiresAt, now)),
  );
  if (status === "pending") {
    return and(
      eq(listingClaims.status, "pending"),
      or(eq(listingClaims.method, "evidence"), liveLink),
    )!;
  }
  if (status === "expired") return or(eq(listingClaims.status, "expired"), staleLink)!;
  return eq(listingClaims.status, status);
}

/**
 * The admin Claims tab: claims of one (effective) status, newest first, with
 * the listing's phone and email on file beside the proof, and the requester.
 */
export async function listAdminClaims(
  db: Db,
  q: { status: ClaimStatus; page: number; limit: number },
  now: Date,
): Promise<AdminClaimPage> {
  const where = statusFilter(q.status, now);
  const [totalRow] = await db.select({ n: count() }).from(listingClaims).where(where);
  const total = totalRow?.n ?? 0;
  const offset = (q.page - 1) * q.limit;
  if (offset >= total) return { items: [], total, hasMore: false };
  const rows = await db
    .select({
      claim: listingClaims,
      provider: {
        id: providers.id,
        companyName: providers.companyName,
        city: providers.city,
        phone: providers.phone,
        email: providers.email,
        userId: providers.userId,
      },
      requester: {
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
      },
    })
    .from(listingClaims)
    .innerJoin(providers, eq(providers.id, listingClaims.providerId))
    .innerJoin(users, eq(users.id, listingClaims.userId))
    .where(where)
    .orderBy(desc(listingClaims.createdAt), desc(listingClaims.id))
    .limit(q.limit)
    .offset(offset);
  const items = rows.map(({ claim, provider, requester }): AdminClaim => ({
    id: claim.id,
    method: claim.method,
    status: effectiveStatus(claim, now),
    phone: claim.phone,
    note: claim.note,
    photoUrl: claim.photoUrl,
    reason: claim.reason,
    createdAt: claim.createdAt.toISOString(),
    decidedAt: claim.decidedAt ? claim.decidedAt.toISOString() : null,
    provider: {
      id: provider.id,
      companyName: provider.companyName,
      city: provider.city,
      phone: provider.phone,
      email: provider.email,
      path: providerShortPath(provider),
      isClaimed: provider.userId !== null,
    },
    requester: {
      id: requester.id,
      email: requester.email,
      name: [requester.firstName, requester.lastName].filter(Boolean).join(" "),
    },
  }));
  return { items, total, hasMore: offset + items.length < total };
}

export type DetachResult =
  { kind: "ok"; ownerId: string } | { kind: "not-found" } | { kind: "no-owner" };

/**
 * An admin takes a listing from an owner who left: it has no owner again and
 * can be claimed anew (audit `provider.detach`). The former owner keeps their
 * account and role; the public page changes (claim control back).
 */
export async function detachOwner(
  db: Db,
  providerId: string,
  adminId: string,
  now: Date,
): Promise<DetachResult> {
  return db.transaction(async (tx): Promise<DetachResult> => {
    const listing = await findClaimListing(tx, providerId);
    if (!listing) return { kind: "not-found" };
    if (listing.userId === null) return { kind: "no-owner" };
    const [owner] = await tx
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, listing.userId))
      .limit(1);
    const detached = await tx
      .update(providers)
      .set({ userId: null, updatedAt: now })
      .where(and(eq(providers.id, providerId), eq(providers.userId, listing.userId)))
      .returning({ id: providers.id });
    if (detached.length === 0) return { kind: "no-owner" };
    await writeAudit(tx, {
      actorId: adminId,
      action: "provider.detach",
      targetType: "provider",
      targetId: providerId,
      before: { userId: listing.userId, ownerEmail: owner?.email ?? null },
      after: { userId: null },
      at: now,
    });
    await reindexProvider(tx, providerId);
    await markDataChanged(tx, { providers: [providerId] });
    return { kind: "ok", ownerId: listing.userId };
  });
}

export type ConfirmEmailResult =
  { kind: "ok"; changed: boolean } | { kind: "not-found" } | { kind: "no-email" };

/**
 * An admin vouches for a listing's email on file (decision 029): after checking
 * it is the business's (calling its phone, say), a link mailed to it proves a
 * claim again, whoever set it. Audit `provider.email_confirm`; an address an
 * admin already vouched for changes nothing.
 */
export async function confirmListingEmail(
  db: Db,
  providerId: string,
  adminId: string,
  now: Date,
): Promise<ConfirmEmailResult> {
  return db.transaction(async (tx): Promise<ConfirmEmailResult> => {
    const [row] = await tx
      .select({
        email: providers.email,
        emailSource: providers.emailSource,
        emailSourceUserId: providers.emailSourceUserId,
      })
      .from(providers)
      .where(eq(providers.id, providerId))
      .limit(1);
    if (!row) return { kind: "not-found" };
    if (!row.email) return { kind: "no-email" };
    if (row.emailSource === "admin") return { kind: "ok", changed: false };
    await tx
      .update(providers)
      .set({ emailSource: "admin", emailSourceUserId: adminId, updatedAt: now })
      .where(eq(providers.id, providerId));
    await writeAudit(tx, {
      actorId: adminId,
      action: "provider.email_confirm",
      targetType: "provider",
      targetId: providerId,
      before: {
        email: row.email,
        emailSource: row.emailSource,
        emailSourceUserId: row.emailSourceUserId,
      },
      after: { email: row.email, emailSource: "admin", emailSourceUserId: adminId },
      at: now,
    });
    return { kind: "ok", changed: true };
  });
}
