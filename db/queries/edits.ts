/**
 * 'Suggest an edit' (decision 025): proposals by signed-in
 * visitors, decided by the listing's owner or, for a listing nobody owns (and
 * for any listing, when they choose), by an admin. Creating stores every
 * proposal of a request or none; deciding is one transaction with its audit
 * row, and an accepted change re-derives the search row and marks the
 * listing's pages (and, for a move, its old city's) as changed.
 */
import { and, asc, count, desc, eq, inArray, isNull, lt, ne, or } from "drizzle-orm";
import type { EditField, EditProposal, EditStatus, EditView } from "../../src/lib/edit-schemas.ts";
import { cursorPage, type ListCursor } from "../../src/lib/list-cursor.ts";
import { joinLocation, splitLocation } from "../../src/lib/location.ts";
import { isPkMobile, toE164Phone } from "../../src/lib/phone.ts";
import { providerPath } from "../../src/lib/urls.ts";
import type { Db } from "../client.ts";
import {
  listingEdits,
  providers,
  serviceCategories,
  services,
  users,
  type CategoriesUndo,
  type RemovedService,
} from "../schema.ts";
import { isUniqueViolation } from "./admin.ts";
import { writeAudit } from "./audit.ts";
import { fullName } from "./leads.ts";
import { servicesByProvider } from "./providers.ts";
import { reindexProvider } from "./search-index.ts";
import { emailSourceColumns } from "./provider-writes.ts";
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
export const NOT_UNDOABLE = "Only an accepted change of categories can be undone";
export const ALREADY_UNDONE = "This change has been undone already";
export const UNDO_CATEGORY_GONE =
  "A category this change removed no longer exists: add its services again by hand";

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
 * the public page shows (city and address, categories) is refused, one that
 * repeats a contact detail is not (the answer would confirm a guess); a field
 * with a pending proposal is a 409 (the partial unique index settles a race).
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
          // Contact details are shown only past the reveal caps (decision 010): whether a
          // guess equals them is never told. It is stored like any proposal, holding the
          // field's one pending place, and its reviewer sees it changes nothing (decision 029).
          case "phone":
          case "email":
          case "website":
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

/** An accepted change of categories not undone yet, with what undoing it needs. */
const isUndoable = (r: EditRow) =>
  r.field === "categories" && r.status === "accepted" && r.undo !== null && r.undoneAt === null;

/** Whether accepting a proposal would leave the listing as it is (its value is the listing's now). */
function changesNothing(field: EditField, value: unknown, current: unknown): boolean {
  switch (field) {
    case "phone":
    case "email":
    case "website":
    case "duplicate":
      return value !== null && value === current;
    case "location": {
      const v = value as { city: string; address: string } | null;
      const c = current as { city: string; address: string };
      return v !== null && joinLocation(v.city, v.address) === joinLocation(c.city, c.address);
    }
    case "categories":
      return Array.isArray(value) && sameSet(value as string[], current as string[]);
    case "closed":
      return current !== null;
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
    const current = currentValue(r.field, listing);
    return [
      {
        id: r.id,
        field: r.field,
        value: r.value ?? null,
        current,
        noChange: r.status === "pending" && changesNothing(r.field, r.value ?? null, current),
        undoable: isUndoable(r),
        undoneAt: r.undoneAt ? r.undoneAt.toISOString() : null,
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
  actor: { id: string; as: "owner" | "admin" },
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
      // An owner's acceptance is the owner's word, an admin's the directory's (decision 029).
      const source = emailSourceColumns(
        email,
        row.email,
        actor.as === "owner" ? "owner" : "edit",
        actor.id,
      );
      await set({ email, ...source });
      return {
        before: { email: row.email, emailSource: row.emailSource },
        after: { email, emailSource: source.emailSource ?? row.emailSource },
      };
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
      // Whole rows, so undoing the change gives back their descriptions and prices too.
      const removed: RemovedService[] =
        dropped.length === 0
          ? []
          : (
              await tx
                .delete(services)
                .where(and(eq(services.providerId, row.id), inArray(services.categoryId, dropped)))
                .returning()
            ).map((r) => ({
              id: r.id,
              categoryId: r.categoryId,
              name: r.name,
              description: r.description,
              pricePkr: r.pricePkr,
              isActive: r.isActive,
              createdAt: r.createdAt.getTime(),
              updatedAt: r.updatedAt.getTime(),
            }));
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
      const undo: CategoriesUndo = { removed, added: createdServices.map((c) => c.id) };
      await tx.update(listingEdits).set({ undo }).where(eq(listingEdits.id, edit.id));
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
 * proposals. A decided proposal is a 409; as `owner`, a proposal of a listing
 * the actor does not own (now, in this transaction) is a 404.
 */
export async function decideEdit(
  db: Db,
  id: string,
  decision: { accept: true } | { accept: false; reason: string },
  actor: { id: string; as: "owner" | "admin" },
  now: Date,
): Promise<DecideResult> {
  return onEdit(db, id, actor, async (tx, edit, row) => {
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
    let withdrawn = 0;
    if (decision.accept) {
      const applied = await applyEdit(tx, edit, row, actor, now);
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
    // Read again: applying a change of categories stored what undoing it needs.
    const [decidedRow] = await tx
      .select()
      .from(listingEdits)
      .where(eq(listingEdits.id, id))
      .limit(1);
    const [view] = await toViews(tx, [decidedRow ?? claimed], actor.as);
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
  });
}

/**
 * `work` on a proposal and its listing, read in one transaction with it: the
 * owner is checked there too, so one detached since the route looked, or
 * meanwhile, changes nothing (404, decision 029). A `Rollback` thrown by
 * `work` undoes the transaction and is still the answer.
 */
async function onEdit(
  db: Db,
  id: string,
  actor: { id: string; as: "owner" | "admin" },
  work: (tx: Tx, edit: EditRow, row: ProviderRow) => Promise<DecideResult>,
): Promise<DecideResult> {
  try {
    return await db.transaction(async (tx) => {
      const [edit] = await tx.select().from(listingEdits).where(eq(listingEdits.id, id)).limit(1);
      if (!edit) return { kind: "error", status: 404, message: EDIT_NOT_FOUND } as const;
      const [row] = await tx
        .select()
        .from(providers)
        .where(eq(providers.id, edit.providerId))
        .limit(1);
      if (!row || (actor.as === "owner" && row.userId !== actor.id)) {
        return { kind: "error", status: 404, message: EDIT_NOT_FOUND } as const;
      }
      return work(tx, edit, row);
    });
  } catch (err) {
    if (err instanceof Rollback) return err.result;
    throw err;
  }
}

/** Thrown inside the transaction to undo it, carrying the answer. */
class Rollback extends Error {
  readonly result: DecideResult;
  constructor(result: DecideResult) {
    super("rollback");
    this.result = result;
  }
}

// ---------------------------------------------------------------- undo

/** A stored service row as undo kept it; rows kept before whole rows were (migration 0022) lack some. */
function restoredRow(providerId: string, r: Partial<RemovedService>, now: Date) {
  return {
    id: r.id!,
    providerId,
    categoryId: r.categoryId!,
    name: r.name ?? "",
    description: r.description ?? "",
    pricePkr: r.pricePkr ?? null,
    isActive: r.isActive ?? true,
    createdAt: new Date(r.createdAt ?? now.getTime()),
    updatedAt: now,
  };
}

/**
 * Undoes an accepted change of categories (decision 029), in one transaction:
 * the services it removed come back whole (same ids, descriptions, prices),
 * the services it added go unless someone changed them since (those stay, and
 * the audit row names them), with an audit row, the search row and the
 * changed pages. Once only; as `owner`, only for the listing the actor owns now.
 */
export async function undoEdit(
  db: Db,
  id: string,
  actor: { id: string; as: "owner" | "admin" },
  now: Date,
): Promise<DecideResult> {
  return onEdit(db, id, actor, async (tx, edit, row) => {
    if (edit.undoneAt) return { kind: "error", status: 409, message: ALREADY_UNDONE } as const;
    if (!isUndoable(edit)) return { kind: "error", status: 409, message: NOT_UNDOABLE } as const;
    const [marked] = await tx
      .update(listingEdits)
      .set({ undoneAt: now, undoneBy: actor.id, updatedAt: now })
      .where(and(eq(listingEdits.id, id), isNull(listingEdits.undoneAt)))
      .returning();
    if (!marked) return { kind: "error", status: 409, message: ALREADY_UNDONE } as const;

    const undo = edit.undo!;
    const wanted = [...new Set(undo.removed.map((r) => r.categoryId))];
    const known =
      wanted.length === 0
        ? []
        : await tx
            .select({ id: serviceCategories.id })
            .from(serviceCategories)
            .where(inArray(serviceCategories.id, wanted));
    if (known.length !== wanted.length) {
      throw new Rollback({ kind: "error", status: 409, message: UNDO_CATEGORY_GONE });
    }
    const before = await categoriesOf(tx, row.id);
    const restored =
      undo.removed.length === 0
        ? []
        : await tx
            .insert(services)
            .values(undo.removed.map((r) => restoredRow(row.id, r, now)))
            .onConflictDoNothing()
            .returning({ id: services.id });
    // What the change added and nobody touched since (its owner pricing one, say) goes.
    const added = undo.added.length
      ? await tx
          .select({ id: services.id, updatedAt: services.updatedAt })
          .from(services)
          .where(and(eq(services.providerId, row.id), inArray(services.id, undo.added)))
      : [];
    const decidedAt = edit.decidedAt?.getTime() ?? 0;
    const untouched = added.filter((s) => s.updatedAt.getTime() <= decidedAt).map((s) => s.id);
    const kept = added.filter((s) => s.updatedAt.getTime() > decidedAt).map((s) => s.id);
    if (untouched.length > 0) {
      await tx.delete(services).where(inArray(services.id, untouched));
    }
    await tx.update(providers).set({ updatedAt: now }).where(eq(providers.id, row.id));
    await writeAudit(tx, {
      actorId: actor.id,
      action: "edit.undo",
      targetType: "provider",
      targetId: row.id,
      before: { categories: before },
      after: {
        categories: await categoriesOf(tx, row.id),
        editId: id,
        restoredServices: restored.map((r) => r.id),
        removedServices: untouched,
        ...(kept.length ? { keptServices: kept } : {}),
        decidedAs: actor.as,
      },
      at: now,
    });
    await reindexProvider(tx, row.id);
    await markDataChanged(tx, { providers: [row.id] });
    const [view] = await toViews(tx, [marked], actor.as);
    return {
      kind: "ok",
      decision: {
        view: view!,
        proposerId: edit.userId,
        companyName: row.companyName,
        companyNameUr: row.companyNameUr,
        withdrawn: 0,
      },
    } as const;
  });
}
