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

let running = 0;
let closing = false;

/** Closes the connection and lets the thread end once no search is running. */
function closeWhenIdle() {
  if (!closing || running > 0) return;
  db.$client.close();
  port.close();
}

port.on("message", (job: { id: number; q: ProviderListQuery } | { close: true }) => {
  if ("close" in job) {
    // Ending the thread inside a native call aborts the process: finish first.
    closing = true;
    closeWhenIdle();
    return;
  }
  running++;
  listPublicProviders(db, job.q)
    .then(
      (page) => port.postMessage({ id: job.id, page }),
      (err: unknown) =>
        port.postMessage({ id: job.id, error: err instanceof Error ? err.message : String(err) }),
    )
    .finally(() => {
      running--;
      closeWhenIdle();
    });
});
port.postMessage({ ready: true });
