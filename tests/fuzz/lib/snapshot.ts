import type { Db } from "../../../db/client.ts";

/**
 * Tables a refused request may legitimately write, left out of the
 * "nothing changed" comparison:
 * - `rate_limits`: fixed-window counters. A throttle counts every attempt,
 *   refused ones included (a wrong password is exactly what the sign-in
 *   limit counts), so a 401/429 bumps a row here by design.
 * - `sqlite_sequence`: SQLite's own bookkeeping.
 * - `provider_search`, `provider_search_vocab`: views over the full-text
 *   index (an FTS5 table and its fts5vocab reader), whose rows live in the
 *   `provider_search_*` shadow tables compared here; reading them again would
 *   only double the work.
 * - `search_term_deletes`: derived, row for row, from `search_terms` (the
 *   typo index's deletes of each term, db/queries/search-vocab.ts), which is
 *   compared; it is most of the rows of a small database.
 * Security events go to the `logEvent` port, not to a table.
 */
const EXCLUDED_TABLES = new Set([
  "rate_limits",
  "sqlite_sequence",
  "provider_search",
  "provider_search_vocab",
  "search_term_deletes",
]);

/**
 * Columns any authenticated request may move: validating a session slides its
 * expiry and bumps "last used" (functions/auth/session.ts), whatever the
 * handler answers afterwards.
 */
const VOLATILE_COLUMNS: Record<string, readonly string[]> = {
  sessions: ["expires_at", "last_used_at"],
};

export interface Snapshot {
  /** Table → its rows as objects (volatile columns dropped). */
  rows: Map<string, Record<string, unknown>[]>;
  /** Table → its rows as sorted JSON lines, for cheap comparison. */
  lines: Map<string, string[]>;
}

let tableCache: { db: Db; tables: string[] } | null = null;

async function tablesOf(db: Db): Promise<string[]> {
  if (tableCache?.db === db) return tableCache.tables;
  const rs = await db.$client.execute(
    "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name",
  );
  const tables = rs.rows.map((r) => r[0] as string).filter((n) => !EXCLUDED_TABLES.has(n));
  tableCache = { db, tables };
  return tables;
}

function plain(v: unknown): unknown {
  if (v instanceof ArrayBuffer) return `blob:${Buffer.from(v).toString("hex")}`;
  if (typeof v === "bigint") return v.toString();
  return v;
}

/** Every row of every table (but the excluded ones), in one read transaction. */
export async function snapshot(db: Db): Promise<Snapshot> {
  const tables = await tablesOf(db);
  const results = await db.$client.batch(
    tables.map((t) => `SELECT * FROM "${t}"`),
    "read",
  );
  const rows = new Map<string, Record<string, unknown>[]>();
  const lines = new Map<string, string[]>();
  tables.forEach((table, i) => {
    const rs = results[i]!;
    const skip = new Set(VOLATILE_COLUMNS[table] ?? []);
    const objs = rs.rows.map((r) => {
      const o: Record<string, unknown> = {};
      rs.columns.forEach((c, j) => {
        if (!skip.has(c)) o[c] = plain(r[j]);
      });
      return o;
    });
    rows.set(table, objs);
    lines.set(table, objs.map((o) => JSON.stringify(o)).sort());
  });
  return { rows, lines };
}

/** Rows added and removed per table between two snapshots (empty when equal). */
export function diff(a: Snapshot, b: Snapshot, only?: (table: string) => boolean): string[] {
  const out: string[] = [];
  for (const [table, before] of a.lines) {
    if (only && !only(table)) continue;
    const after = b.lines.get(table) ?? [];
    if (before.length === after.length && before.every((l, i) => l === after[i])) continue;
    const setA = new Set(before);
    const setB = new Set(after);
    const removed = before.filter((l) => !setB.has(l));
    const added = after.filter((l) => !setA.has(l));
    out.push(
      `${table}: -${removed.length} +${added.length} ${removed
        .slice(0, 2)
        .map((l) => `- ${l.slice(0, 300)}`)
        .join(" ")} ${added
        .slice(0, 2)
        .map((l) => `+ ${l.slice(0, 300)}`)
        .join(" ")}`,
    );
  }
  return out;
}

/**
 * Rows that belong to someone else than `userId`: what a customer's or a
 * provider's successful write must leave alone. Only the tables with an
 * owner column; shared ones (categories, audit log) must not move at all.
 */
export function foreignRows(s: Snapshot, userId: string): Snapshot {
  const mine = new Set(
    (s.rows.get("providers") ?? []).filter((p) => p.user_id === userId).map((p) => p.id),
  );
  const keep: Record<string, (r: Record<string, unknown>) => boolean> = {
    users: (r) => r.id !== userId,
    providers: (r) => r.user_id !== userId,
    services: (r) => !mine.has(r.provider_id),
    gallery_images: (r) => !mine.has(r.provider_id),
    favorites: (r) => r.user_id !== userId,
    sessions: (r) => r.user_id !== userId,
    device_trusts: (r) => r.user_id !== userId,
    email_tokens: (r) => r.user_id !== userId,
    oauth_accounts: (r) => r.user_id !== userId,
    service_categories: () => true,
    admin_audit: () => true,
  };
  const rows = new Map<string, Record<string, unknown>[]>();
  const lines = new Map<string, string[]>();
  for (const [table, pred] of Object.entries(keep)) {
    const r = (s.rows.get(table) ?? []).filter(pred);
    rows.set(table, r);
    lines.set(table, r.map((o) => JSON.stringify(o)).sort());
  }
  return { rows, lines };
}
