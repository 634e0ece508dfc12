import type { CountBatch } from "../../db/queries/analytics.ts";

/**
 * Where counts go (docs/decisions/019-counting-views.md). One interface, two
 * ways of writing: the Node server adds them up in memory and writes every
 * few seconds (functions/lib/counter.ts, bufferedCounter); the Worker, whose
 * memory may go with any request, writes each request's counts after its
 * answer (directCounter, kept alive by `executionCtx.waitUntil`).
 */
export interface Counter {
  /**
   * Takes one request's counts. Settles once they are safe: held for the next
   * write, or written. Never rejects: counting must not fail a request.
   */
  add(batch: CountBatch): Promise<void>;
}
