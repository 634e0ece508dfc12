import type { Context } from "hono";
import { CountBatch, writeCounts } from "../../db/queries/analytics.ts";
import type { Db } from "../../db/client.ts";
import type { AppDeps, AppEnv } from "../ports/app-env.ts";
import type { Counter } from "../ports/counter.ts";

/*
 * The two ways counts reach the database (docs/decisions/019-counting-views.md).
 */

type LogError = (err: unknown, context: string) => void;
const consoleLog: LogError = (err, ctx) => console.error(`[karkhana] ${ctx}`, err);

/**
 * Writes each request's counts at once (one batch, one round trip). The
 * Worker's: an isolate's memory may be gone after any request, so nothing
 * waits there; `count()` hands the write to `waitUntil`, after the answer.
 * Also the default wherever no counter is given (tests: the write is awaited).
 */
export function directCounter(db: Db, logError: LogError = consoleLog): Counter {
  return {
    async add(batch) {
      try {
        await writeCounts(db, batch);
      } catch (err) {
        // A count lost to a database hiccup is not worth failing or retrying a request for.
        logError(err, "counting failed");
      }
    },
  };
}

export interface BufferedCounter extends Counter {
  /** Writes what is held now (waits for a write already under way). */
  flush(): Promise<void>;
  /** Stops the timer and writes what is left: the server's graceful stop. */
  close(): Promise<void>;
  /** Keys held, not yet written. */
  readonly pending: number;
}

/**
 * The Node server's counter: adds counts up in memory and writes them every
 * `everyMs` in one transaction, so a thousand page views of one provider in
 * that time are one row update, not a thousand. A failed write keeps its
 * counts for the next one. At most `maxKeys` keys are held: past that, while
 * the database is out of reach, new counts are dropped rather than memory
 * grown. The timer is unref'ed and starts only when there is something to write.
 */
export function bufferedCounter(
  db: Db,
  opts: { everyMs?: number; maxKeys?: number; logError?: LogError } = {},
): BufferedCounter {
  const { everyMs = 5000, maxKeys = 50_000, logError = consoleLog } = opts;
  let held = new CountBatch();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let writing: Promise<void> | null = null;
  let closed = false;

  const schedule = () => {
    if (timer || closed) return;
    timer = setTimeout(() => {
      timer = null;
      void flush();
    }, everyMs);
    timer.unref?.();
  };

  async function flush(): Promise<void> {
    while (writing) await writing;
    if (held.size === 0) return;
    const batch = held;
    held = new CountBatch();
    writing = (async () => {
      try {
        await writeCounts(db, batch);
      } catch (err) {
        logError(err, "writing counts failed; kept for the next try");
        if (batch.size + held.size <= maxKeys) held = batch.merge(held);
        schedule();
      }
    })();
    try {
      await writing;
    } finally {
      writing = null;
    }
  }

  return {
    async add(batch) {
      if (held.size >= maxKeys) return;
      held.merge(batch);
      schedule();
    },
    flush,
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await flush();
    },
    get pending() {
      return held.size;
    },
  };
}

const fallbacks = new WeakMap<AppDeps, Counter>();

/**
 * Hands one request's counts to the runtime's counter. On the Worker the
 * write runs after the answer (`executionCtx.waitUntil`); elsewhere this
 * waits for `add`, which on Node only merges into memory.
 */
export async function count(c: Context<AppEnv>, batch: CountBatch): Promise<void> {
  if (batch.size === 0) return;
  const deps = c.var.deps;
  let counter = deps.counter ?? fallbacks.get(deps);
  if (!counter) {
    counter = directCounter(deps.db, deps.logError);
    fallbacks.set(deps, counter);
  }
  const done = counter.add(batch);
  let waitUntil: ((p: Promise<unknown>) => void) | null = null;
  try {
    const ctx = c.executionCtx;
    waitUntil = ctx.waitUntil.bind(ctx);
  } catch {
    // No ExecutionContext: Node and tests.
  }
  if (waitUntil) waitUntil(done);
  else await done;
}
