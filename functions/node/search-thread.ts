/**
 * A search thread of the Node server (functions/node/search-pool.ts): its own
 * read connection to the database file, running one search at a time.
 */
import { parentPort, workerData } from "node:worker_threads";
import { openDb, type DbConfig } from "../../db/client.ts";
import { listPublicProviders } from "../../db/queries/providers.ts";
import type { ProviderListQuery } from "../../src/lib/schemas.ts";

const port = parentPort!;
const db = await openDb((workerData as { config: DbConfig }).config);

port.on("message", (job: { id: number; q: ProviderListQuery }) => {
  listPublicProviders(db, job.q).then(
    (page) => port.postMessage({ id: job.id, page }),
    (err: unknown) =>
      port.postMessage({ id: job.id, error: err instanceof Error ? err.message : String(err) }),
  );
});
port.postMessage({ ready: true });
