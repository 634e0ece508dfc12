import { desc, sql } from "drizzle-orm";
import type { AuditEntry } from "../../src/lib/admin-schemas.ts";
import type { Db } from "../client.ts";
import { adminAudit } from "../schema.ts";

export interface AuditInput {
  actorId: string | null;
  action: string;
  targetType: string;
  targetId: string;
  before?: unknown;
  after?: unknown;
  at: Date;
}

/** Records one admin mutation; call inside the transaction of the change. */
export async function writeAudit(tx: Pick<Db, "insert">, input: AuditInput): Promise<void> {
  await tx.insert(adminAudit).values({
    id: crypto.randomUUID(),
    actorId: input.actorId,
    action: input.action,
    targetType: input.targetType,
    targetId: input.targetId,
    before: input.before ?? null,
    after: input.after ?? null,
    createdAt: input.at,
  });
}

/** The newest audit rows first (ties broken by insertion order). */
export async function listAudit(db: Db, limit: number): Promise<AuditEntry[]> {
  const rows = await db
    .select()
    .from(adminAudit)
    .orderBy(desc(adminAudit.createdAt), desc(sql`${adminAudit}.rowid`))
    .limit(limit);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}
