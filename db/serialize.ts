import type { Client, Transaction } from "@libsql/client";

/** Any method read through the proxies below, bound back to its object. */
type Fn = (...args: unknown[]) => unknown;

/**
 * A local libSQL file is driven synchronously on the event loop. When one
 * connection holds a write transaction (awaiting between statements) and a
 * request writes on another connection, that write busy-waits for the lock on
 * the event loop thread, so the transaction can never finish: the process
 * stalls for the busy timeout and the write fails. SQLite takes one writer at
 * a time anyway, so calls on the client are queued instead: a transaction
 * holds the queue from BEGIN to COMMIT/ROLLBACK, everything else waits its turn
 * (statements inside the transaction go through the transaction object).
 */
export function serializeClient(client: Client): Client {
  let tail: Promise<void> = Promise.resolve();
  const lock = async (): Promise<() => void> => {
    let release!: () => void;
    const next = new Promise<void>((r) => (release = r));
    const prev = tail;
    tail = prev.then(() => next);
    await prev;
    return release;
  };
  const queued =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const release = await lock();
      try {
        return await fn(...args);
      } finally {
        release();
      }
    };

  const transaction = async (...args: Parameters<Client["transaction"]>): Promise<Transaction> => {
    const release = await lock();
    let tx: Transaction;
    try {
      tx = await client.transaction(...args);
    } catch (err) {
      release();
      throw err;
    }
    let released = false;
    const done = () => {
      if (!released) {
        released = true;
        release();
      }
    };
    return new Proxy(tx, {
      get(target, prop, receiver) {
        const value: unknown = Reflect.get(target, prop, receiver);
        if (prop === "commit" || prop === "rollback") {
          return async () => {
            try {
              return await (value as () => Promise<void>).call(target);
            } finally {
              done();
            }
          };
        }
        if (prop === "close") {
          return () => {
            try {
              (value as () => void).call(target);
            } finally {
              done();
            }
          };
        }
        return typeof value === "function" ? (value as Fn).bind(target) : value;
      },
    });
  };

  return new Proxy(client, {
    get(target, prop, receiver) {
      const value: unknown = Reflect.get(target, prop, receiver);
      if (prop === "transaction") return transaction;
      if (
        prop === "execute" ||
        prop === "batch" ||
        prop === "migrate" ||
        prop === "executeMultiple"
      ) {
        return queued((value as (...a: unknown[]) => Promise<unknown>).bind(target));
      }
      return typeof value === "function" ? (value as Fn).bind(target) : value;
    },
  });
}
