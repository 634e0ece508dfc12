import type { Client } from "@libsql/client";

/*
 * Foreign keys must be on for every connection: the schema's cascade, restrict
 * and set-null rules (db/schema.ts) are what delete an account's sessions and
 * tokens or a provider's services. Its own module, with no runtime import, so
 * the Worker's remote client can use it without the Node client's build.
 */

/** Foreign keys are off and could not be turned on: the schema's rules would not hold. */
export class ForeignKeysOff extends Error {
  constructor(where: string) {
    super(
      `foreign keys are off on ${where} and could not be turned on (PRAGMA foreign_keys = ON ` +
        "did not hold): cascades and restrictions would be skipped silently, so the server " +
        "stops here. Use a libSQL server or Turso database that enforces foreign keys.",
    );
    this.name = "ForeignKeysOff";
  }
}

/**
 * Checks that the connection enforces foreign keys, turning them on when it
 * does not, and throws {@link ForeignKeysOff} when they stay off. A remote
 * libSQL server (Turso over HTTP) runs each request on a connection of its
 * own, so a PRAGMA sent now does not hold for later requests: there the check
 * proves the server's own setting, and a server with them off fails loudly
 * at start instead of half-working.
 */
export async function ensureForeignKeys(
  client: Pick<Client, "execute">,
  where: string,
): Promise<void> {
  const on = async () => {
    const row = (await client.execute("PRAGMA foreign_keys")).rows[0];
    return row !== undefined && Number(row[0]) === 1;
  };
  if (await on()) return;
  await client.execute("PRAGMA foreign_keys = ON");
  if (!(await on())) throw new ForeignKeysOff(where);
}
