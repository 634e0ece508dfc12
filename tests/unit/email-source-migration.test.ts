import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MIGRATIONS_FOLDER, migrateDb, openDb, type Db } from "../../db/client.ts";
import { writeAudit } from "../../db/queries/audit.ts";
import {
  listingClaims,
  listingEdits,
  providers,
  serviceCategories,
  users,
} from "../../db/schema.ts";

/**
 * Migration 0022 fills in where the stored emails came from (decision 029) and
 * what undoing the accepted category changes needs. Its UPDATE statements are
 * run again over rows as they were before it, on a database migrated up to now.
 */

let dir: string;
let db: Db;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "karkhana-email-source-"));
  db = await openDb({ url: `file:${join(dir, "test.db")}` });
  await migrateDb(db);
});

afterAll(async () => {
  db.$client.close();
  await rm(dir, { recursive: true, force: true });
});

/** The migration's statements that fill in values (its ALTERs have run already). */
async function backfill() {
  const text = await readFile(join(MIGRATIONS_FOLDER, "0022_email_source_and_undo.sql"), "utf8");
  for (const statement of text.split("--> statement-breakpoint")) {
    if (/^\s*(--.*\n\s*)*UPDATE/.test(statement)) await db.run(sql.raw(statement));
  }
}

async function user(email: string) {
  const id = crypto.randomUUID();
  await db.insert(users).values({ id, email, role: "provider" });
  return id;
}

async function provider(name: string, cols: Partial<typeof providers.$inferInsert> = {}) {
  const id = crypto.randomUUID();
  await db.insert(providers).values({ id, companyName: name, slug: name.toLowerCase(), ...cols });
  return id;
}

const sourceOf = async (id: string) => {
  const [row] = await db.select().from(providers).where(eq(providers.id, id));
  return [row!.emailSource, row!.emailSourceUserId];
};

describe("migration 0022", () => {
  it("counts owned and detached listings' addresses as their owners', the rest as the directory's", async () => {
    const owner = await user("owner@example.pk");
    const left = await user("left@example.pk");
    const owned = await provider("Owned", { userId: owner, email: "desk@owned.pk" });
    const detached = await provider("Detached", { email: "mine@left.pk" });
    const detachedGone = await provider("Detached Gone", { email: "gone@left.pk" });
    const directory = await provider("Directory", { email: "desk@directory.pk" });
    const none = await provider("None");
    const now = new Date();
    await writeAudit(db, {
      actorId: null,
      action: "provider.detach",
      targetType: "provider",
      targetId: detached,
      before: { userId: left, ownerEmail: "left@example.pk" },
      after: { userId: null },
      at: now,
    });
    // Its former owner's account no longer exists: the address is still theirs.
    await writeAudit(db, {
      actorId: null,
      action: "provider.detach",
      targetType: "provider",
      targetId: detachedGone,
      before: { userId: crypto.randomUUID(), ownerEmail: "gone@example.pk" },
      after: { userId: null },
      at: now,
    });
    await backfill();
    expect(await sourceOf(owned)).toEqual(["owner", owner]);
    expect(await sourceOf(detached)).toEqual(["owner", left]);
    expect(await sourceOf(detachedGone)).toEqual(["owner", null]);
    expect(await sourceOf(directory)).toEqual(["legacy", null]);
    expect(await sourceOf(none)).toEqual([null, null]);
  });

  it("records where a waiting link went, and what undoing an accepted change of categories needs", async () => {
    const asker = await user("asker@example.pk");
    const l = await provider("Linked", { email: "desk@linked.pk" });
    const claim = crypto.randomUUID();
    await db.insert(listingClaims).values({
      id: claim,
      providerId: l,
      userId: asker,
      method: "email",
      tokenHash: "h".repeat(64),
      expiresAt: new Date(Date.now() + 60_000),
    });
    const category = crypto.randomUUID();
    await db.insert(serviceCategories).values({ id: category, name: "Migrated", slug: "migrated" });
    const edit = crypto.randomUUID();
    await db.insert(listingEdits).values({
      id: edit,
      providerId: l,
      field: "categories",
      value: [category],
      status: "accepted",
    });
    const removed = { id: crypto.randomUUID(), categoryId: category, name: "Old", pricePkr: 900 };
    const added = { id: crypto.randomUUID(), categoryId: category, name: "Migrated" };
    await writeAudit(db, {
      actorId: null,
      action: "edit.accept",
      targetType: "provider",
      targetId: l,
      before: { categories: [], removedServices: [removed] },
      after: { categories: [category], addedServices: [added], editId: edit, field: "categories" },
      at: new Date(),
    });
    await backfill();
    const [c] = await db.select().from(listingClaims).where(eq(listingClaims.id, claim));
    expect(c!.sentTo).toBe("desk@linked.pk");
    const [e] = await db.select().from(listingEdits).where(eq(listingEdits.id, edit));
    expect(e!.undo).toEqual({ removed: [removed], added: [added.id] });
  });
});
