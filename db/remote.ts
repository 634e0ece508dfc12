import { createClient } from "@libsql/client/web";
import { drizzle } from "drizzle-orm/libsql/web";
import type { Db, DbConfig } from "./client.ts";
import * as schema from "./schema.ts";

/**
 * Opens a remote libSQL database (Turso, or the local test endpoint) over
 * HTTP with the client's web build: what the Worker runs, where native SQLite
 * and files do not exist. Same schema and casing as `openDb`.
 */
export function openRemoteDb(config: DbConfig): Db {
  if (!/^(libsql|https?):\/\//.test(config.url)) {
    throw new Error("DATABASE_URL must be a libsql:// or https:// URL on the Worker");
  }
  const client = createClient({
    url: config.url,
    ...(config.authToken ? { authToken: config.authToken } : {}),
  });
  return drizzle(client, { schema, casing: "snake_case" });
}
