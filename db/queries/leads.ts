import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  or,
  sql,
} from "drizzle-orm";
import type {
  AdminLead,
  LeadMessage,
  LeadStatus,
  LeadSummary,
  LeadThread,
} from "../../src/lib/lead-schemas.ts";
import { cursorPage, type ListCursor } from "../../src/lib/list-cursor.ts";
import { providerShortPath } from "../../src/lib/urls.ts";
import type { Db } from "../client.ts";
import { leadMessages, leads, providers, users } from "../schema.ts";
import { writeAudit } from "./audit.ts";

/**
 * Quote requests and their threads (docs/decisions/021-leads.md). The routes
 * (functions/routes/leads.ts, admin-leads.ts) decide who may call what; these
 * queries do the reads and the writes, every multi-row write in one
 * transaction.
 */

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type LeadRow = typeof leads.$inferSelect;
export type LeadSide = "customer" | "provider";

/** At most one notification mail per thread per side in this long. */
export const LEAD_MAIL_INTERVAL_MS = 15 * 60_000;
/** The same text sent to this many other providers within HOLD_WINDOW_MS is held for review. */
export const HOLD_OTHER_PROVIDERS = 3;
export const HOLD_WINDOW_MS = 10 * 60_000;

/**
 * SHA-256 (hex) of what a customer needs, lower-cased with whitespace
 * collapsed: the same text pasted to many providers hashes the same.
 */
export async function needHashOf(need: string): Promise<string> {
  const normal = need.toLowerCase().replace(/\s+/g, " ").trim();
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(normal));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** 'Ahmed K.': what the provider's inbox shows before the thread is opened. */
export function shortName(first: string | null, last: string | null): string {
  const f = first?.trim() ?? "";
  const l = last?.trim() ?? "";
  if (!f) return l ? `${l[0]!.toUpperCase()}.` : "Customer";
  return l ? `${f} ${l[0]!.toUpperCase()}.` : f;
}

export function fullName(first: string | null, last: string | null): string {
  return [first?.trim(), last?.trim()].filter(Boolean).join(" ") || "Customer";
}

/** A lead with what every answer about it needs from its provider and customer. */
export interface LeadContext {
  lead: LeadRow;
  provider: {
    id: string;
    companyName: string;
    companyNameUr: string | null;
    userId: string | null;
    ownerSince: Date | null;
  };
  customer: { firstName: string | null; lastName: string | null; email: string };
}

/**
 * The account that reads a lead as its provider: the listing's owner, unless the lead
 * was sent to a previous owner, before the current one won the listing by a claim
 * (decision 025). Those threads stay the customer's and the admins', not the newcomer's.
 */
export function leadOwnerId(ctx: Pick<LeadContext, "lead" | "provider">): string | null {
  const { userId, ownerSince } = ctx.provider;
  if (!userId) return null;
  if (ownerSince && ctx.lead.createdAt < ownerSince) return null;
  return userId;
}

/** SQL twin of leadOwnerId's date rule, for the inbox. */
const sentToCurrentOwner = or(
  isNull(providers.ownerSince),
  gte(leads.createdAt, providers.ownerSince),
);

/**
 * Whether `viewerId` reads, as its provider's owner, a lead of `customerId`
 * carrying the photo at `url` (decision 030): a visible lead, sent to the
 * viewer's listing while they owned it (leadOwnerId's rule), so a new owner
 * sees no photo of the threads before them. The customer and admins need no
 * lead to be found; the private media route decides those itself. One lookup
 * over the customer's own leads (leads_customer_idx).
 */
export async function ownsLeadWithPhoto(
  db: Db,
  q: { customerId: string; viewerId: string; url: string },
): Promise<boolean> {
  const [row] = await db
    .select({ id: leads.id })
    .from(leads)
    .innerJoin(providers, eq(providers.id, leads.providerId))
    .where(
      and(
        eq(leads.customerId, q.customerId),
        eq(leads.reviewState, "visible"),
        eq(providers.userId, q.viewerId),
        sentToCurrentOwner,
        sql`exists (select 1 from json_each(${leads.photos}) as photo where photo.value = ${q.url})`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

const contextColumns = {
  lead: leads,
  provider: {
    id: providers.id,
    companyName: providers.companyName,
    // Mails to an Urdu reader name the business in Urdu when it gave a name (decision 022).
    companyNameUr: providers.companyNameUr,
    userId: providers.userId,
    ownerSince: providers.ownerSince,
  },
  customer: { firstName: users.firstName, lastName: users.lastName, email: users.email },
};

export async function findLeadContext(db: Db | Tx, id: string): Promise<LeadContext | null> {
  const [row] = await db
    .select(contextColumns)
    .from(leads)
    .innerJoin(providers, eq(providers.id, leads.providerId))
    .innerJoin(users, eq(users.id, leads.customerId))
    .where(eq(leads.id, id))
    .limit(1);
  return row ?? null;
}

/* ------------------------------------------------------------- unread */

// A side has unread news when the other side wrote after it last opened the
// thread; for the provider the request itself is news until first opened.
const customerUnreadSql = sql<number>`exists (select 1 from lead_messages m where m.lead_id = ${leads.id} and m.side = 'provider' and m.created_at > coalesce(${leads.customerReadAt}, 0))`;
const providerUnreadSql = sql<number>`(${leads.providerReadAt} is null or exists (select 1 from lead_messages m where m.lead_id = ${leads.id} and m.side = 'customer' and m.created_at > ${leads.providerReadAt}))`;

function unreadFor(lead: LeadRow, messages: LeadMessageRow[], side: LeadSide | "admin"): boolean {
  if (side === "admin") return false;
  const readAt = side === "customer" ? lead.customerReadAt : lead.providerReadAt;
  if (side === "provider" && !readAt) return true;
  const other = side === "customer" ? "provider" : "customer";
  return messages.some((m) => m.side === other && m.createdAt > (readAt ?? new Date(0)));
}

/* ------------------------------------------------------------ answers */

function toSummary(ctx: LeadContext, unread: boolean): LeadSummary {
  const { lead, provider, customer } = ctx;
  return {
    id: lead.id,
    provider: {
      id: provider.id,
      companyName: provider.companyName,
      url: providerShortPath(provider),
    },
    customerName: shortName(customer.firstName, customer.lastName),
    need: lead.need,
    city: lead.city,
    status: lead.status,
    reviewState: lead.reviewState,
    unread,
    lastMessageAt: lead.lastMessageAt.toISOString(),
    createdAt: lead.createdAt.toISOString(),
  };
}

type LeadMessageRow = typeof leadMessages.$inferSelect;

function toMessage(m: LeadMessageRow): LeadMessage {
  return {
    id: m.id,
    side: m.side,
    body: m.body,
    quotePkr: m.quotePkr,
    quoteValidUntil: m.quoteValidUntil,
    createdAt: m.createdAt.toISOString(),
  };
}

export async function listMessages(db: Db | Tx, leadId: string): Promise<LeadMessageRow[]> {
  return db
    .select()
    .from(leadMessages)
    .where(eq(leadMessages.leadId, leadId))
    .orderBy(asc(leadMessages.createdAt), asc(sql`${leadMessages}.rowid`));
}

/**
 * A whole thread as `viewer` sees it: the customer's contact details only for
 * the provider and admins, and whether it was reported only for them too.
 */
export async function leadThread(
  db: Db,
  ctx: LeadContext,
  viewer: LeadSide | "admin",
): Promise<LeadThread> {
  const messages = await listMessages(db, ctx.lead.id);
  const { lead, customer } = ctx;
  return {
    ...toSummary(ctx, unreadFor(lead, messages, viewer)),
    quantity: lead.quantity,
    budgetPkr: lead.budgetPkr,
    neededBy: lead.neededBy,
    photos: lead.photos,
    viewerSide: viewer,
    customer:
      viewer === "customer"
        ? null
        : { name: fullName(customer.firstName, customer.lastName), email: customer.email },
    reportedAt: viewer === "customer" ? null : (lead.reportedAt?.toISOString() ?? null),
    messages: messages.map(toMessage),
  };
}

/* -------------------------------------------------------------- lists */

/** One page of a list paged by cursor (decision 030), and how many rows the whole list has. */
export interface LeadPage {
  items: LeadSummary[];
  total: number;
  next: ListCursor | null;
}

/** The page size and where the previous page ended (none: from the newest). */
export interface LeadPageQuery {
  cursor: ListCursor | null;
  limit: number;
}

/** Rows after `cursor` in the lists' order, newest first (created_at, then id, both descending). */
function olderThan(cursor: ListCursor | null) {
  if (!cursor) return undefined;
  const at = new Date(cursor.at);
  return or(lt(leads.createdAt, at), and(eq(leads.createdAt, at), lt(leads.id, cursor.id)));
}

const cursorOfLead = (s: LeadSummary): ListCursor => ({
  at: Date.parse(s.createdAt),
  id: s.id,
});

/** 'My Requests': what the customer sent, held and removed ones included, newest first. */
export async function listCustomerLeads(
  db: Db,
  customerId: string,
  q: LeadPageQuery,
): Promise<LeadPage> {
  const mine = eq(leads.customerId, customerId);
  const rows = await db
    .select({ ...contextColumns, unread: customerUnreadSql })
    .from(leads)
    .innerJoin(providers, eq(providers.id, leads.providerId))
    .innerJoin(users, eq(users.id, leads.customerId))
    .where(and(mine, olderThan(q.cursor)))
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(q.limit + 1);
  const [total] = await db.select({ n: count() }).from(leads).where(mine);
  const page = cursorPage(
    rows.map((r) => toSummary(r, Boolean(r.unread))),
    q.limit,
    cursorOfLead,
  );
  return { ...page, total: total?.n ?? 0 };
}

/**
 * The provider's inbox: the leads that reached it (held and removed ones never
 * show), newest first, one page at a time; `unread` and `total` count the whole inbox.
 */
export async function listProviderInbox(
  db: Db,
  providerId: string,
  q: LeadPageQuery,
): Promise<LeadPage & { unread: number }> {
  const mine = and(
    eq(leads.providerId, providerId),
    eq(leads.reviewState, "visible"),
    sentToCurrentOwner,
  );
  const rows = await db
    .select({ ...contextColumns, unread: providerUnreadSql })
    .from(leads)
    .innerJoin(providers, eq(providers.id, leads.providerId))
    .innerJoin(users, eq(users.id, leads.customerId))
    .where(and(mine, olderThan(q.cursor)))
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(q.limit + 1);
  const [counts] = await db
    .select({ total: count(), unread: sql<number>`coalesce(sum(${providerUnreadSql}), 0)` })
    .from(leads)
    .innerJoin(providers, eq(providers.id, leads.providerId))
    .where(mine);
  const page = cursorPage(
    rows.map((r) => toSummary(r, Boolean(r.unread))),
    q.limit,
    cursorOfLead,
  );
  return { ...page, total: counts?.total ?? 0, unread: counts?.unread ?? 0 };
}

/* ------------------------------------------------------------- writes */

export interface NewLead {
  id: string;
  providerId: string;
  customerId: string;
  need: string;
  quantity: string | null;
  budgetPkr: number | null;
  city: string;
  neededBy: string | null;
  photos: string[];
  now: Date;
}

/**
 * Stores a request. Held for an admin when the same text went to
 * HOLD_OTHER_PROVIDERS or more other providers (from any account) in the
 * last HOLD_WINDOW_MS; otherwise it reaches the provider at once, and its
 * mail counts as the thread's first to the provider.
 */
export async function createLead(db: Db, input: NewLead): Promise<{ held: boolean }> {
  const needHash = await needHashOf(input.need);
  const { now } = input;
  return db.transaction(async (tx) => {
    const [recent] = await tx
      .select({ n: sql<number>`count(distinct ${leads.providerId})` })
      .from(leads)
      .where(
        and(
          eq(leads.needHash, needHash),
          gt(leads.createdAt, new Date(now.getTime() - HOLD_WINDOW_MS)),
          ne(leads.providerId, input.providerId),
        ),
      );
    const held = (recent?.n ?? 0) >= HOLD_OTHER_PROVIDERS;
    await tx.insert(leads).values({
      id: input.id,
      providerId: input.providerId,
      customerId: input.customerId,
      need: input.need,
      quantity: input.quantity,
      budgetPkr: input.budgetPkr,
      city: input.city,
      neededBy: input.neededBy,
      photos: input.photos,
      status: "new",
      reviewState: held ? "held" : "visible",
      needHash,
      lastMessageAt: now,
      customerReadAt: now,
      providerMailedAt: held ? null : now,
      deliveredAt: held ? null : now,
      createdAt: now,
      updatedAt: now,
    });
    return { held };
  });
}

export type AddMessageResult =
  { kind: "gone" } | { kind: "removed" } | { kind: "ok"; message: LeadMessage; mailOther: boolean };

/**
 * Adds a message and moves the lead along: the provider's first message sets
 * `firstReplyAt` and turns 'new' into 'replied'; a quote turns it 'quoted'
 * unless it is won or lost already. The writer's side has read the thread.
 * `mailOther` says whether the other side is due a mail (none in the last
 * LEAD_MAIL_INTERVAL_MS; never the provider of a held lead), and the mail
 * time is taken in the same transaction, so two messages at once mail once.
 */
export async function addLeadMessage(
  db: Db,
  input: {
    leadId: string;
    side: LeadSide;
    senderId: string;
    body: string;
    quotePkr: number | null;
    quoteValidUntil: string | null;
    now: Date;
  },
): Promise<AddMessageResult> {
  const { leadId, side, now } = input;
  return db.transaction(async (tx) => {
    const [lead] = await tx
      .select({ reviewState: leads.reviewState })
      .from(leads)
      .where(eq(leads.id, leadId))
      .limit(1);
    if (!lead) return { kind: "gone" } as const;
    if (lead.reviewState === "removed") return { kind: "removed" } as const;
    // Held (not released yet) or removed meanwhile: not the provider's to answer.
    if (side === "provider" && lead.reviewState !== "visible") return { kind: "gone" } as const;
    const row: LeadMessageRow = {
      id: crypto.randomUUID(),
      leadId,
      senderId: input.senderId,
      side,
      body: input.body,
      quotePkr: input.quotePkr,
      quoteValidUntil: input.quoteValidUntil,
      createdAt: now,
    };
    await tx.insert(leadMessages).values(row);
    if (side === "provider") {
      const quoted = input.quotePkr !== null;
      await tx
        .update(leads)
        .set({
          lastMessageAt: now,
          providerReadAt: now,
          firstReplyAt: sql`coalesce(${leads.firstReplyAt}, ${now.getTime()})`,
          status: quoted
            ? sql`case when ${leads.status} in ('won', 'lost') then ${leads.status} else 'quoted' end`
            : sql`case when ${leads.status} = 'new' then 'replied' else ${leads.status} end`,
          updatedAt: now,
        })
        .where(eq(leads.id, leadId));
    } else {
      await tx
        .update(leads)
        .set({ lastMessageAt: now, customerReadAt: now, updatedAt: now })
        .where(eq(leads.id, leadId));
    }
    const mailedAt = side === "provider" ? leads.customerMailedAt : leads.providerMailedAt;
    const due = or(
      isNull(mailedAt),
      lte(mailedAt, new Date(now.getTime() - LEAD_MAIL_INTERVAL_MS)),
    );
    const mailed = await tx
      .update(leads)
      .set(side === "provider" ? { customerMailedAt: now } : { providerMailedAt: now })
      .where(
        and(
          eq(leads.id, leadId),
          due,
          side === "customer" ? eq(leads.reviewState, "visible") : undefined,
        ),
      )
      .returning({ id: leads.id });
    return { kind: "ok", message: toMessage(row), mailOther: mailed.length > 0 } as const;
  });
}

/** The side has opened the thread up to now. */
export async function markLeadRead(db: Db, id: string, side: LeadSide, now: Date): Promise<void> {
  await db
    .update(leads)
    .set(side === "customer" ? { customerReadAt: now } : { providerReadAt: now })
    .where(eq(leads.id, id));
}

export async function setLeadStatus(
  db: Db,
  id: string,
  status: LeadStatus,
  now: Date,
): Promise<void> {
  await db.update(leads).set({ status, updatedAt: now }).where(eq(leads.id, id));
}

/** Reports a visible lead as spam; false when it was reported before (once per lead). */
export async function reportLead(
  db: Db,
  id: string,
  reason: string | null,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(leads)
    .set({ reportedAt: now, reportReason: reason, updatedAt: now })
    .where(and(eq(leads.id, id), isNull(leads.reportedAt), eq(leads.reviewState, "visible")))
    .returning({ id: leads.id });
  return rows.length > 0;
}

/* -------------------------------------------------------------- admin */

/** Held for review, or reported and not yet resolved. */
const underReview = or(
  eq(leads.reviewState, "held"),
  and(
    eq(leads.reviewState, "visible"),
    isNotNull(leads.reportedAt),
    isNull(leads.reportResolvedAt),
  ),
);

function toAdminLead(ctx: LeadContext, reason: AdminLead["reason"]): AdminLead {
  const { lead } = ctx;
  return {
    ...toSummary(ctx, false),
    customerEmail: ctx.customer.email,
    reason,
    reportReason: lead.reportReason,
    reportedAt: lead.reportedAt?.toISOString() ?? null,
  };
}

const reasonOf = (lead: LeadRow): AdminLead["reason"] =>
  lead.reviewState === "held" ? "held" : "reported";

/**
 * One page of the admin's review list: held and reported leads, the latest
 * flagged first (ties by id, so pages never overlap).
 */
export async function listAdminLeads(
  db: Db,
  q: { page: number; limit: number },
): Promise<{ items: AdminLead[]; total: number; hasMore: boolean }> {
  const [totalRow] = await db.select({ n: count() }).from(leads).where(underReview);
  const total = totalRow?.n ?? 0;
  const offset = (q.page - 1) * q.limit;
  if (offset >= total) return { items: [], total, hasMore: false };
  const rows = await db
    .select(contextColumns)
    .from(leads)
    .innerJoin(providers, eq(providers.id, leads.providerId))
    .innerJoin(users, eq(users.id, leads.customerId))
    .where(underReview)
    .orderBy(desc(sql`coalesce(${leads.reportedAt}, ${leads.createdAt})`), desc(leads.id))
    .limit(q.limit)
    .offset(offset);
  const items = rows.map((r) => toAdminLead(r, reasonOf(r.lead)));
  return { items, total, hasMore: offset + items.length < total };
}

export type AdminLeadAction = "release" | "remove" | "dismiss";

export type AdminLeadResult =
  | { kind: "not-found" }
  | { kind: "conflict"; message: string }
  | { kind: "ok"; lead: AdminLead; context: LeadContext };

const ACTIONS: Record<
  AdminLeadAction,
  {
    allowed: (l: LeadRow) => boolean;
    refused: string;
    change: (l: LeadRow, now: Date) => Partial<LeadRow>;
  }
> = {
  release: {
    allowed: (l) => l.reviewState === "held",
    refused: "Only a held lead can be released",
    // The provider is mailed now: this counts as the thread's mail to it.
    change: (_l, now) => ({ reviewState: "visible", providerMailedAt: now, deliveredAt: now }),
  },
  remove: {
    allowed: (l) =>
      l.reviewState === "held" ||
      (l.reviewState === "visible" && l.reportedAt !== null && l.reportResolvedAt === null),
    refused: "Only a held or reported lead can be removed",
    change: (l, now) => ({
      reviewState: "removed",
      ...(l.reportedAt ? { reportResolvedAt: now } : {}),
    }),
  },
  dismiss: {
    allowed: (l) =>
      l.reviewState === "visible" && l.reportedAt !== null && l.reportResolvedAt === null,
    refused: "Only an open report can be dismissed",
    change: (_l, now) => ({ reportResolvedAt: now }),
  },
};

const AUDIT_ACTION: Record<AdminLeadAction, string> = {
  release: "lead.release",
  remove: "lead.remove",
  dismiss: "lead.dismiss_report",
};

/** What an audit row keeps of a lead: its review fields, never the text or contacts. */
const auditView = (l: Pick<LeadRow, "reviewState" | "reportedAt" | "reportResolvedAt">) => ({
  reviewState: l.reviewState,
  reported: l.reportedAt !== null,
  reportResolved: l.reportResolvedAt !== null,
});

/**
 * Release (held → visible), remove (held or reported → removed) or dismiss a
 * report, with its audit row in the same transaction.
 */
export async function reviewLead(
  db: Db,
  id: string,
  action: AdminLeadAction,
  actorId: string,
  now: Date,
): Promise<AdminLeadResult> {
  const rule = ACTIONS[action];
  return db.transaction(async (tx) => {
    const ctx = await findLeadContext(tx, id);
    if (!ctx) return { kind: "not-found" } as const;
    const before = ctx.lead;
    if (!rule.allowed(before)) return { kind: "conflict", message: rule.refused } as const;
    const change = { ...rule.change(before, now), updatedAt: now };
    const updated = await tx
      .update(leads)
      .set(change)
      // Unchanged since read: a second admin acting at once gets the 409.
      .where(
        and(
          eq(leads.id, id),
          eq(leads.reviewState, before.reviewState),
          before.reportResolvedAt === null ? isNull(leads.reportResolvedAt) : undefined,
        ),
      )
      .returning();
    const after = updated[0];
    if (!after) return { kind: "conflict", message: rule.refused } as const;
    await writeAudit(tx, {
      actorId,
      action: AUDIT_ACTION[action],
      targetType: "lead",
      targetId: id,
      before: auditView(before),
      after: auditView(after),
      at: now,
    });
    const context = { ...ctx, lead: after };
    return { kind: "ok", lead: toAdminLead(context, reasonOf(before)), context } as const;
  });
}
