import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDb, type Db } from "../../db/client.ts";

let dir: string;
let db: Db;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "serialize-"));
  db = await openDb({ url: `file:${join(dir, "t.db")}` });
  await db.run(sql`CREATE TABLE t (n INTEGER)`);
});
afterAll(async () => {
  db.$client.close();
  await rm(dir, { recursive: true, force: true });
});

describe("the local file client", () => {
  it("lets writes and transactions overlap without stalling or failing", async () => {
    const tasks: Promise<unknown>[] = [];
    for (let i = 0; i < 20; i++) {
      tasks.push(
        db.transaction(async (tx) => {
          await tx.run(sql`INSERT INTO t (n) VALUES (${i})`);
          await new Promise((r) => setTimeout(r, 5)); // another request's turn on the event loop
          await tx.run(sql`INSERT INTO t (n) VALUES (${i + 100})`);
        }),
      );
      tasks.push(db.run(sql`INSERT INTO t (n) VALUES (${i + 1000})`));
      tasks.push(db.all(sql`SELECT count(*) AS c FROM t`));
    }
    await Promise.all(tasks);
    const [row] = await db.all<{ c: number }>(sql`SELECT count(*) AS c FROM t`);
    // Without the queue a write waits out the busy timeout on the event loop and fails.
    expect(row!.c).toBe(60);
  });

  it("releases the queue when a transaction rolls back", async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.run(sql`INSERT INTO t (n) VALUES (-1)`);
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    const [row] = await db.all<{ c: number }>(sql`SELECT count(*) AS c FROM t WHERE n = -1`);
    expect(row!.c).toBe(0);
  });
});
