import { createClient, type Client } from "@libsql/client";
import { drizzle, type LibSQLDatabase } from "drizzle-orm/libsql";
import { migrate } from "drizzle-orm/libsql/migrator";
import { fileURLToPath } from "node:url";
import * as schema from "./schema.ts";
import { ensureForeignKeys } from "./foreign-keys.ts";
import { serializeClient } from "./serialize.ts";

export type Db = LibSQLDatabase<typeof schema> & { $client: Client };

export const MIGRATIONS_FOLDER = fileURLToPath(new URL("./migrations", import.meta.url));

export interface DbConfig {
  /** `file:./data/karkhana.db` locally, `libsql://…` for Turso. */
  url: string;
  authToken?: string | undefined;
}

/**
 * Opens the database. File databases get WAL so readers never wait for the
 * writer. Foreign keys are on, or the open fails (`ensureForeignKeys`): the
 * schema's cascade, restrict and set-null rules (db/schema.ts) are what delete
 * an account's sessions and tokens, or a provider's services.
 */
export async function openDb(config: DbConfig): Promise<Db> {
  const client = createClient({
    url: config.url,
    ...(config.authToken ? { authToken: config.authToken } : {}),
    // Busy timeout (ms) for the local file: a reader's connection waits for a
    // writer's commit instead of failing with SQLITE_BUSY.
    timeout: 5000,
  });
  const file = config.url.startsWith("file:");
  if (file) {
    // Per connection, and a no-op inside a transaction. The client pools
    // connections and opens them lazily, but serializeClient lends one at a
    // time, so the pool keeps reusing this one, transactions included; one it
    // opens later (after dropping a broken one) starts with libsql's built-in
    // default, which is on as well. tests/unit/foreign-keys.test.ts checks both.
    await client.execute("PRAGMA foreign_keys = ON");
    await client.execute("PRAGMA journal_mode = WAL");
  }
  try {
    await ensureForeignKeys(client, file ? "the database file" : "DATABASE_URL's database");
  } catch (err) {
    client.close();
    throw err;
  }
  return drizzle(file ? serializeClient(client) : client, { schema, casing: "snake_case" });
}

/** Applies the committed drizzle-kit migrations (idempotent). */
export async function migrateDb(db: Db): Promise<void> {
  await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
}

/**
 * Where the database is: `DATABASE_URL` (+ `DATABASE_AUTH_TOKEN`) when set,
 * else the libSQL file `karkhana.db` in `DATA_DIR` (default ./data).
 */
export function dbConfigFromEnv(env: Record<string, string | undefined>): DbConfig {
  if (env.DATABASE_URL) return { url: env.DATABASE_URL, authToken: env.DATABASE_AUTH_TOKEN };
  const dataDir = env.DATA_DIR || "./data";
  return { url: `file:${dataDir.replace(/\/+$/, "")}/karkhana.db` };
}
