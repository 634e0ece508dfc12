/**
 * 'Suggest an edit' (issue 18 part 4, decision 025): proposals by signed-in
 * visitors, decided by the listing's owner or, for a listing nobody owns (and
 * for any listing, when they choose), by an admin. Creating stores every
 * proposal of a request or none; deciding is one transaction with its audit
 * row, and an accepted change re-derives the search row and marks the
 * listing's pages (and, for a move, its old city's) as changed.
 */
import { and, asc, count, desc, eq, inArray, lt, ne, or } from "drizzle-orm";
import type { EditField, EditProposal, EditStatus, EditView } from "../../src/lib/edit-schemas.ts";
import { cursorPage, type ListCursor } from "../../src/lib/list-cursor.ts";
import { joinLocation, splitLocation } from "../../src/lib/location.ts";
import { isPkMobile, toE164Phone } from "../../src/lib/phone.ts";
import { providerPath } from "../../src/lib/urls.ts";
import type { Db } from "../client.ts";
import { listingEdits, providers, serviceCategories, services, users } from "../schema.ts";
import { isUniqueViolation } from "./admin.ts";
import { writeAudit } from "./audit.ts";
import { fullName } from "./leads.ts";
import { servicesByProvider } from "./providers.ts";
import { reindexProvider } from "./search-index.ts";
import { markDataChanged } from "./site-meta.ts";

type Reader = Pick<Db, "select">;
type EditRow = typeof listingEdits.$inferSelect;
type ProviderRow = typeof providers.$inferSelect;

export const EDIT_NOT_FOUND = "Proposal not found";
export const LISTING_NOT_FOUND = "Listing not found";
export const OWN_LISTING = "This is your own listing: change it in your provider dashboard instead";
export const EDIT_PENDING = "A change to this field of the listing is already waiting for review";
export const UNKNOWN_CITY = "Unknown city";
export const UNKNOWN_CATEGORY = "Unknown category";
export const BAD_DUPLICATE =
  "The listing it duplicates must be another active listing of the directory";
export const NO_CHANGE = "The listing already shows this";
export const ALREADY_DECIDED = "This proposal has been decided already";
export const DUPLICATE_GONE =
  "The listing it duplicates is no longer active: reject this proposal instead";
export const CATEGORY_GONE = "A proposed category no longer exists: reject this proposal instead";

// ---------------------------------------------------------------- create

export type EditCreateResult =
  | {
      kind: "ok";
      ids: string[];
      reviewer: "owner" | "admin";
      /** The listing's owner, who reviews (and is mailed); null when admins review. */
      ownerId: string | null;
      fields: EditField[];
      companyName: string;
      companyNameUr: string | null;
    }
  | { kind: "error"; status: 400 | 403 | 404 | 409; message: string };

/** The categories a listing offers (every service, active or not), in the order they were added. */
async function categoriesOf(db: Reader, providerId: string): Promise<string[]> {
  const rows = await db
    .select({ categoryId: services.categoryId })
    .from(services)
    .where(eq(services.providerId, providerId))
    .orderBy(asc(services.createdAt), asc(services.id));
  return [...new Set(rows.map((r) => r.categoryId))];
}

/** The value a proposal is stored with: a phone in E.164 and categories without repeats. */
function storedValue(p: EditProposal): unknown {
  switch (p.field) {
    case "phone":
      return toE164Phone(p.value!);
    case "categories":
      return [...new Set(p.value)];
    case "location":
      return { city: p.value.city, address: p.value.address };
    default:
      return p.value ?? null;
  }
}

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && new Set([...a, ...b]).size === a.length;

/**
 * Stores the proposals of one request as pending, all or none. The listing must
 * be active and not the caller's own; cities and categories must be known, a
 * duplicate's kept listing another active one; a proposal that repeats what
 * the listing shows is refused; a field with a pending proposal is a 409 (the
 * partial unique index settles a race).
 */
export async function createEdits(
  db: Db,
  input: { providerId: string; proposals: EditProposal[] },
  userId: string,
  findCity: (name: string) => string | null | undefined,
  now: Date,
): Promise<EditCreateResult> {
  // Thrown, not returned: a refusal must undo the proposals stored before it.
  const fail = (status: 400 | 403 | 404 | 409, message: string): never => {
    throw new Refused(status, message);
  };
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(providers)
        .where(eq(providers.id, input.providerId))
        .limit(1);
      if (!row || !row.isActive) return fail(404, LISTING_NOT_FOUND);
      if (row.userId === userId) return fail(403, OWN_LISTING);
      const ids: string[] = [];
      let current: string[] | null = null;
      for (const [i, proposal] of input.proposals.entries()) {
        let value = storedValue(proposal);
        switch (proposal.field) {
          case "phone":
            if (value === row.phone) return fail(400, NO_CHANGE);
            break;
          case "email":
            if (value === row.email) return fail(400, NO_CHANGE);
            break;
          case "website":
            if (value === row.website) return fail(400, NO_CHANGE);
            break;
          case "location": {
            const city = findCity(proposal.value.city);
            if (!city) return fail(400, UNKNOWN_CITY);
            value = { city, address: proposal.value.address };
            if (joinLocation(city, proposal.value.address) === row.location) {
              return fail(400, NO_CHANGE);
            }
            break;
          }
          case "categories": {
            const wanted = value as string[];
            const found = await tx
              .select({ id: serviceCategories.id })
              .from(serviceCategories)
              .where(inArray(serviceCategories.id, wanted));
            if (found.length !== wanted.length) return fail(400, UNKNOWN_CATEGORY);
            current ??= await categoriesOf(tx, row.id);
            if (sameSet(wanted, current)) return fail(400, NO_CHANGE);
            break;
          }
          case "duplicate": {
            const target = value as string;
            const [kept] = await tx
              .select({ id: providers.id, isActive: providers.isActive })
              .from(providers)
              .where(eq(providers.id, target))
              .limit(1);
            if (!kept || !kept.isActive || kept.id === row.id) return fail(400, BAD_DUPLICATE);
            break;
          }
          case "closed":
            break;
        }
        const id = crypto.randomUUID();
        const [taken] = await tx
          .select({ id: listingEdits.id })
          .from(listingEdits)
          .where(
            and(
              eq(listingEdits.providerId, row.id),
              eq(listingEdits.field, proposal.field),
              eq(listingEdits.status, "pending"),
            ),
          )
          .limit(1);
        if (taken) return fail(409, EDIT_PENDING);
        await tx.insert(listingEdits).values({
          id,
          providerId: row.id,
          userId,
          field: proposal.field,
          value,
          note: proposal.note,
          status: "pending",
          // Keeps the order of the request among proposals made in the same millisecond.
          createdAt: new Date(now.getTime() + i),
          updatedAt: now,
        });
        ids.push(id);
      }
      return {
        kind: "ok",
        ids,
        reviewer: row.userId ? "owner" : "admin",
        ownerId: row.userId,
        fields: input.proposals.map((p) => p.field),
        companyName: row.companyName,
        companyNameUr: row.companyNameUr,
      } as const;
    });
  } catch (err) {
    if (err instanceof Refused) return { kind: "error", status: err.status, message: err.message };
    if (isUniqueViolation(err)) return { kind: "error", status: 409, message: EDIT_PENDING };
    throw err;
  }
}

/** A refusal inside createEdits' transaction, which rolls it back. */
class Refused extends Error {
  readonly status: 400 | 403 | 404 | 409;
  constructor(status: 400 | 403 | 404 | 409, message: string) {
    super(message);
    this.status = status;
  }
}

// ---------------------------------------------------------------- views

interface ListingSummary {
  row: ProviderRow;
  path: string;
  categories: string[];
}

/** The listings of the given ids with their canonical path and categories, in one pass each. */
async function listingSummaries(db: Reader, ids: string[]): Promise<Map<string, ListingSummary>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.select().from(providers).where(inArray(providers.id, unique));
  const svc = await servicesByProvider(db, unique, { inactiveToo: true });
  return new Map(
    rows.map((row) => {
      const list = svc.get(row.id) ?? [];
      // The page's path follows its active services, as the public views build it.
      const active = list.filter((s) => s.isActive);
      return [
        row.id,
        {
          row,
          path: providerPath({ ...row, services: active }),
          categories: [...new Set(list.map((s) => s.categoryId))],
        },
      ];
    }),
  );
}

/** The listing's value now, in the shape of a proposal's value. */
function currentValue(field: EditField, l: ListingSummary): unknown {
  const r = l.row;
  switch (field) {
    case "phone":
      return r.phone;
    case "email":
      return r.email;
    case "website":
      return r.website;
    case "location": {
      const { city, address } = splitLocation(r.location);
      return city ? { city, address } : { city: r.city ?? "", address };
    }
    case "categories":
      return l.categories;
    case "closed":
      return r.closedAt ? r.closedAt.toISOString() : null;
    case "duplicate":
      return r.duplicateOfId;
  }
}

/** Views of the given proposal rows: owners see the proposer's first name, admins the name and email. */
async function toViews(
  db: Reader,
  rows: EditRow[],
  viewer: "owner" | "admin",
): Promise<EditView[]> {
  if (rows.length === 0) return [];
  const targets = rows.flatMap((r) =>
    r.field === "duplicate" && typeof r.value === "string" ? [r.value] : [],
  );
  const listings = await listingSummaries(db, [...rows.map((r) => r.providerId), ...targets]);
  const userIds = [...new Set(rows.flatMap((r) => (r.userId ? [r.userId] : [])))];
  const people = new Map(
    userIds.length === 0
      ? []
      : (
          await db
            .select({
              id: users.id,
              email: users.email,
              firstName: users.firstName,
              lastName: users.lastName,
            })
            .from(users)
            .where(inArray(users.id, userIds))
        ).map((u) => [u.id, u]),
  );
  return rows.flatMap((r) => {
    const listing = listings.get(r.providerId);
    if (!listing) return [];
    const target =
      r.field === "duplicate" && typeof r.value === "string" ? listings.get(r.value) : undefined;
    const person = r.userId ? people.get(r.userId) : undefined;
    const proposer = person
      ? viewer === "admin"
        ? { name: fullName(person.firstName, person.lastName), email: person.email }
        : { name: person.firstName?.trim() || "Customer" }
      : null;
    return [
      {
        id: r.id,
        field: r.field,
        value: r.value ?? null,
        current: currentValue(r.field, listing),
        duplicateOf: target
          ? { id: target.row.id, companyName: target.row.companyName, path: target.path }
          : null,
        note: r.note,
        status: r.status,
        reason: r.reason,
        createdAt: r.createdAt.toISOString(),
        decidedAt: r.decidedAt ? r.decidedAt.toISOString() : null,
        provider: {
          id: listing.row.id,
          companyName: listing.row.companyName,
          path: listing.path,
        },
        proposer,
      },
    ];
  });
}

/**
 * The owner's section, paged by cursor (decision 030): the first page holds
 * every pending proposal (oldest first; at most one per field, so a handful)
 * and then the latest decided ones; later pages continue the decided ones
 * after `cursor` (latest decision first, ties by id). `total` counts them all.
 */
export async function listOwnerEdits(
  db: Db,
  providerId: string,
  q: { cursor: ListCursor | null; limit: number },
): Promise<{ items: EditView[]; total: number; next: ListCursor | null }> {
  const mine = eq(listingEdits.providerId, providerId);
  const pending = q.cursor
    ? []
    : await db
        .select()
        .from(listingEdits)
        .where(and(mine, eq(listingEdits.status, "pending")))
        .orderBy(asc(listingEdits.createdAt), asc(listingEdits.id));
  const after = q.cursor
    ? or(
        lt(listingEdits.decidedAt, new Date(q.cursor.at)),
        and(eq(listingEdits.decidedAt, new Date(q.cursor.at)), lt(listingEdits.id, q.cursor.id)),
      )
    : undefined;
  const decided = await db
    .select()
    .from(listingEdits)
    .where(and(mine, ne(listingEdits.status, "pending"), after))
    .orderBy(desc(listingEdits.decidedAt), desc(listingEdits.id))
    .limit(q.limit + 1);
  const page = cursorPage(decided, q.limit, (r) => ({
    at: (r.decidedAt ?? r.createdAt).getTime(),
    id: r.id,
  }));
  const [total] = await db.select({ n: count() }).from(listingEdits).where(mine);
  const items = await toViews(db, [...pending, ...page.items], "owner");
  return { items, total: total?.n ?? 0, next: page.next };
}

/**
 * One page of the admin Edits tab: proposals of every listing with `status`;
 * pending ones oldest first (a queue), decided ones latest decision first.
 */
export async function listAdminEdits(
  db: Db,
  q: { status: EditStatus; page: number; limit: number },
): Promise<{ items: EditView[]; total: number; hasMore: boolean }> {
  const where = eq(listingEdits.status, q.status);
  const [totalRow] = await db.select({ n: count() }).from(listingEdits).where(where);
  const total = totalRow?.n ?? 0;
  const offset = (q.page - 1) * q.limit;
  if (offset >= total) return { items: [], total, hasMore: false };
  const order =
    q.status === "pending"
      ? [asc(listingEdits.createdAt), asc(listingEdits.id)]
      : [desc(listingEdits.decidedAt), desc(listingEdits.createdAt), desc(listingEdits.id)];
  const rows = await db
    .select()
    .from(listingEdits)
    .where(where)
    .orderBy(...order)
    .limit(q.limit)
    .offset(offset);
  const items = await toViews(db, rows, "admin");
  return { items, total, hasMore: offset + rows.length < total };
}

/** The proposal's listing (for the owner check) or null when there is no such proposal. */
export async function findEditListing(
  db: Db,
  id: string,
): Promise<{ providerId: string; ownerId: string | null } | null> {
  const [row] = await db
    .select({ providerId: listingEdits.providerId, ownerId: providers.userId })
    .from(listingEdits)
    .innerJoin(providers, eq(providers.id, listingEdits.providerId))
    .where(eq(listingEdits.id, id))
    .limit(1);
  return row ?? null;
}

// ---------------------------------------------------------------- decide

/** What the proposer's mail needs once a decision is committed. */
export interface EditDecision {
  view: EditView;
  proposerId: string | null;
  companyName: string;
  companyNameUr: string | null;
  /** Other pending proposals of the listing withdrawn with it (closing, merging). */
  withdrawn: number;
}

export type DecideResult =
  { kind: "ok"; decision: EditDecision } | { kind: "error"; status: 404 | 409; message: string };

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Applies an accepted proposal to the listing; the audit's before and after, or an error. */
async function applyEdit(
  tx: Tx,
  edit: EditRow,
  row: ProviderRow,
  now: Date,
): Promise<{ before: unknown; after: unknown } | { error: string }> {
  const value = edit.value;
  const set = async (cols: Partial<typeof providers.$inferInsert>) => {
    await tx
      .update(providers)
      .set({ ...cols, updatedAt: now })
      .where(eq(providers.id, row.id));
  };
  switch (edit.field) {
    case "phone": {
      const phone = toE164Phone(String(value));
      // The WhatsApp mark was about the old number: a new one gets the default (decision 020).
      const phoneOnWhatsapp = isPkMobile(phone);
      await set({ phone, phoneOnWhatsapp });
      return {
        before: { phone: row.phone, phoneOnWhatsapp: row.phoneOnWhatsapp },
        after: { phone, phoneOnWhatsapp },
      };
    }
    case "email": {
      const email = String(value);
      await set({ email });
      return { before: { email: row.email }, after: { email } };
    }
    case "website": {
      const website = String(value);
      await set({ website });
      return { before: { website: row.website }, after: { website } };
    }
    case "location": {
      const v = value as { city: string; address: string };
      const location = joinLocation(v.city, v.address);
      const city = splitLocation(location).city || null;
      await set({ location, city });
      return {
        before: { location: row.location, city: row.city },
        after: { location, city },
      };
    }
    case "categories": {
      const wanted = [...new Set(value as string[])];
      const names = new Map(
        (
          await tx
            .select({ id: serviceCategories.id, name: serviceCategories.name })
            .from(serviceCategories)
            .where(inArray(serviceCategories.id, wanted))
        ).map((c) => [c.id, c.name]),
      );
      if (names.size !== wanted.length) return { error: CATEGORY_GONE };
      const before = await categoriesOf(tx, row.id);
      const dropped = before.filter((c) => !wanted.includes(c));
      const added = wanted.filter((c) => !before.includes(c));
      const removed =
        dropped.length === 0
          ? []
          : await tx
              .delete(services)
              .where(and(eq(services.providerId, row.id), inArray(services.categoryId, dropped)))
              .returning({
                id: services.id,
                categoryId: services.categoryId,
                name: services.name,
                pricePkr: services.pricePkr,
              });
      const createdServices: { id: string; categoryId: string; name: string }[] = [];
      for (const [i, categoryId] of added.entries()) {
        const id = crypto.randomUUID();
        const name = names.get(categoryId)!;
        await tx.insert(services).values({
          id,
          providerId: row.id,
          categoryId,
          name,
          // Not priced (decision 023): 'Price on request' until the owner prices it.
          pricePkr: null,
          createdAt: new Date(now.getTime() + i),
          updatedAt: now,
        });
        createdServices.push({ id, categoryId, name });
      }
      await set({});
      return {
        before: { categories: before, removedServices: removed },
        after: { categories: await categoriesOf(tx, row.id), addedServices: createdServices },
      };
    }
    case "closed": {
      await set({ isActive: false, closedAt: now });
      return {
        before: { isActive: row.isActive, closedAt: null },
        after: { isActive: false, closedAt: now.toISOString() },
      };
    }
    case "duplicate": {
      const target = String(value);
      const [kept] = await tx
        .select({ id: providers.id, isActive: providers.isActive })
        .from(providers)
        .where(eq(providers.id, target))
        .limit(1);
      if (!kept || !kept.isActive || kept.id === row.id) return { error: DUPLICATE_GONE };
      await set({ isActive: false, duplicateOfId: target });
      return {
        before: { isActive: row.isActive, duplicateOfId: row.duplicateOfId },
        after: { isActive: false, duplicateOfId: target },
      };
    }
  }
}

/**
 * Accepts or rejects a pending proposal in one transaction: the proposal's
 * status (conditional, so two deciders cannot both win), the change to the
 * listing, an audit row, and for an accepted change the search row and the
 * changed pages. Closing or merging withdraws the listing's other pending
 * proposals. A decided proposal is a 409.
 */
export async function decideEdit(
  db: Db,
  id: string,
  decision: { accept: true } | { accept: false; reason: string },
  actor: { id: string; as: "owner" | "admin" },
  now: Date,
): Promise<DecideResult> {
  type Outcome = DecideResult | { kind: "rollback"; result: DecideResult };
  const outcome: Outcome = await db
    .transaction(async (tx) => {
      const [edit] = await tx.select().from(listingEdits).where(eq(listingEdits.id, id)).limit(1);
      if (!edit) return { kind: "error", status: 404, message: EDIT_NOT_FOUND } as const;
      const [claimed] = await tx
        .update(listingEdits)
        .set({
          status: decision.accept ? "accepted" : "rejected",
          reason: decision.accept ? null : decision.reason,
          reviewedBy: actor.id,
          decidedAt: now,
          updatedAt: now,
        })
        .where(and(eq(listingEdits.id, id), eq(listingEdits.status, "pending")))
        .returning();
      if (!claimed) return { kind: "error", status: 409, message: ALREADY_DECIDED } as const;
      const [row] = await tx
        .select()
        .from(providers)
        .where(eq(providers.id, edit.providerId))
        .limit(1);
      if (!row) return { kind: "error", status: 404, message: EDIT_NOT_FOUND } as const;
      let withdrawn = 0;
      if (decision.accept) {
        const applied = await applyEdit(tx, edit, row, now);
        if ("error" in applied) {
          // Undo the status change: nothing of this decision may stay.
          throw new Rollback({ kind: "error", status: 409, message: applied.error });
        }
        if (edit.field === "closed" || edit.field === "duplicate") {
          const others = await tx
            .update(listingEdits)
            .set({ status: "withdrawn", decidedAt: now, updatedAt: now })
            .where(
              and(
                eq(listingEdits.providerId, row.id),
                eq(listingEdits.status, "pending"),
                ne(listingEdits.id, id),
              ),
            )
            .returning({ id: listingEdits.id });
          withdrawn = others.length;
        }
        await writeAudit(tx, {
          actorId: actor.id,
          action: "edit.accept",
          targetType: "provider",
          targetId: row.id,
          before: applied.before,
          after: {
            ...(applied.after as object),
            editId: id,
            field: edit.field,
            decidedAs: actor.as,
            ...(withdrawn ? { withdrawnProposals: withdrawn } : {}),
          },
          at: now,
        });
        await reindexProvider(tx, row.id);
        await markDataChanged(tx, { providers: [row.id], citiesBefore: [row.city] });
      } else {
        await writeAudit(tx, {
          actorId: actor.id,
          action: "edit.reject",
          targetType: "provider",
          targetId: row.id,
          after: { editId: id, field: edit.field, reason: decision.reason, decidedAs: actor.as },
          at: now,
        });
      }
      const [view] = await toViews(tx, [claimed], actor.as);
      return {
        kind: "ok",
        decision: {
          view: view!,
          proposerId: edit.userId,
          companyName: row.companyName,
          companyNameUr: row.companyNameUr,
          withdrawn,
        },
      } as const;
    })
    .catch((err: unknown) => {
      if (err instanceof Rollback) return { kind: "rollback", result: err.result } as const;
      throw err;
    });
  return outcome.kind === "rollback" ? outcome.result : outcome;
}

/** Thrown inside the transaction to undo it, carrying the answer. */
class Rollback extends Error {
  readonly result: DecideResult;
  constructor(result: DecideResult) {
    super("rollback");
    this.result = result;
  }
}
