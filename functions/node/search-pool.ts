/**
 * Directory searches in worker threads (decision 015). The embedded
 * libSQL client is synchronous underneath: a search run on the main thread
 * holds every other request until it ends, however cheap they are. Each
 * thread here has its own read connection to the same file (WAL: readers
 * never wait for the writer or each other) and sees every committed write.
 */
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import type { DbConfig } from "../../db/client.ts";
import type { ProviderPage } from "../../db/queries/providers.ts";
import type { ProviderListQuery } from "../../src/lib/schemas.ts";
import type { SearchRunner } from "../lib/search-service.ts";

interface Job {
  resolve: (page: ProviderPage) => void;
  reject: (err: Error) => void;
}

interface Thread {
  worker: Worker;
  jobs: Map<number, Job>;
}

type Reply = { id: number; page: ProviderPage } | { id: number; error: string } | { ready: true };

export interface SearchPool {
  run: SearchRunner;
  /** Bytes of V8 heap each thread uses now (its own isolate: not in process.memoryUsage()). */
  heapUsed(): Promise<number[]>;
  close(): Promise<void>;
}

/** Threads: one per core, at least two (one slow search must leave another free). */
export function defaultSearchThreads(): number {
  return Math.max(2, Math.min(4, availableParallelism()));
}

export function startSearchPool(
  config: DbConfig,
  size = defaultSearchThreads(),
  logError: (err: unknown, context: string) => void = (err, ctx) =>
    console.error(`[karkhana] ${ctx}`, err),
): SearchPool {
  let nextId = 0;
  let closing = false;
  const threads: Thread[] = [];

  const spawn = (slot: number) => {
    const worker = new Worker(new URL("./search-thread.ts", import.meta.url), {
      workerData: { config },
    });
    const thread: Thread = { worker, jobs: new Map() };
    worker.on("message", (reply: Reply) => {
      if ("ready" in reply) return;
      const job = thread.jobs.get(reply.id);
      if (!job) return;
      thread.jobs.delete(reply.id);
      if ("error" in reply) job.reject(new Error(reply.error));
      else job.resolve(reply.page);
    });
    worker.on("error", (err) => logError(err, "search thread failed"));
    worker.on("exit", () => {
      for (const job of thread.jobs.values()) job.reject(new Error("The search thread stopped"));
      thread.jobs.clear();
      if (!closing) threads[slot] = spawn(slot);
    });
    // Idle threads must not keep the process alive.
    worker.unref();
    return thread;
  };
  for (let i = 0; i < size; i++) threads.push(spawn(i));

  return {
    run(q: ProviderListQuery) {
      // The least busy thread: a slow search piles nothing up behind it while another is free.
      const thread = threads.reduce((a, b) => (b.jobs.size < a.jobs.size ? b : a));
      const id = nextId++;
      return new Promise<ProviderPage>((resolve, reject) => {
        thread.jobs.set(id, { resolve, reject });
        thread.worker.postMessage({ id, q });
      });
    },
    heapUsed() {
      return Promise.all(
        threads.map(({ worker }) =>
          worker.getHeapStatistics().then(
            (s) => s.used_heap_size,
            () => NaN,
          ),
        ),
      );
    },
    async close() {
      closing = true;
      await Promise.all(
        threads.map(async ({ worker }) => {
          const exited = new Promise((resolve) => worker.once("exit", resolve));
          worker.postMessage({ close: true });
          // A search that never ends must not hold the shutdown.
          const timer = setTimeout(() => void worker.terminate(), 5000);
          await exited;
          clearTimeout(timer);
        }),
      );
    },
  };
}
