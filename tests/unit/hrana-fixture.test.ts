import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateDb, openDb, type Db } from "../../db/client.ts";
import { providers, serviceCategories } from "../../db/schema.ts";
import { seedCategories, seedProviders } from "../../db/seed/index.ts";
import { listPublicProviders } from "../../db/queries/providers.ts";
import { startHranaServer, type HranaServer } from "../fixtures/hrana-server.ts";

/**
 * The Worker talks to Turso over HTTP; locally it talks to this fixture. These
 * tests prove the fixture is faithful enough for the app: migrations, FTS5
 * search, interactive transactions (commit and rollback), batches, blobs and
 * the bearer token, all through the real `@libsql/client` HTTP transport.
 */
let dir: string;
let server: HranaServer;
let db: Db;
const TOKEN = "fixture-token";

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "karkhana-hrana-"));
  server = await startHranaServer({ file: join(dir, "remote.db"), token: TOKEN });
  db = await openDb({ url: server.url, authToken: TOKEN });
  await migrateDb(db);
  await seedCategories(db);
  await seedProviders(db, 30);
});

afterAll(async () => {
  db.$client.close();
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

describe("Hrana-over-HTTP fixture", () => {
  it("runs the migrations and the seed over HTTP", async () => {
    const [cats] = await db.select({ n: count() }).from(serviceCategories);
    const [provs] = await db.select({ n: count() }).from(providers);
    expect(cats?.n).toBe(42);
    expect(provs?.n).toBe(30);
  });

  it("answers the directory query with FTS5 search", async () => {
    const all = await listPublicProviders(db, { page: 1, limit: 5 });
    expect(all.items).toHaveLength(5);
    const name = all.items[0]!.companyName.split(/\s+/)[0]!;
    const found = await listPublicProviders(db, { search: name, page: 1, limit: 24 });
    expect(found.items.some((p) => p.companyName.includes(name))).toBe(true);
  });

  it("commits an interactive transaction and rolls one back on error", async () => {
    const id = crypto.randomUUID();
    await db.transaction(async (tx) => {
      await tx
        .update(providers)
        .set({ description: `committed ${id}` })
        .where(eq(providers.isActive, true));
    });
    const [after] = await db
      .select({ n: count() })
      .from(providers)
      .where(eq(providers.description, `committed ${id}`));
    expect(after?.n).toBeGreaterThan(0);

    await expect(
      db.transaction(async (tx) => {
        await tx.update(providers).set({ description: "rolled back" });
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    const [none] = await db
      .select({ n: count() })
      .from(providers)
      .where(eq(providers.description, "rolled back"));
    expect(none?.n).toBe(0);
  });

  it("lets a second client wait for an open transaction instead of failing", async () => {
    const other = await openDb({ url: server.url, authToken: TOKEN });
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const tx = db.transaction(async (t) => {
      await t.update(providers).set({ responseTime: "1 hour" });
      await held;
    });
    await new Promise((r) => setTimeout(r, 50));
    const write = other.update(providers).set({ responseTime: "2 hours" });
    release();
    await tx;
    await write;
    const [row] = await db.select({ r: providers.responseTime }).from(providers).limit(1);
    expect(row?.r).toBe("2 hours");
    other.$client.close();
  });

  it("round-trips blobs, integers, reals and nulls", async () => {
    const rs = await db.$client.execute({
      sql: "SELECT ? AS b, ? AS i, ? AS f, ? AS n",
      args: [new Uint8Array([0, 1, 254, 255]), 2 ** 40, 1.5, null],
    });
    const row = rs.rows[0]!;
    expect(new Uint8Array(row.b as ArrayBuffer)).toEqual(new Uint8Array([0, 1, 254, 255]));
    expect(row.i).toBe(2 ** 40);
    expect(row.f).toBe(1.5);
    expect(row.n).toBeNull();
  });

  it("runs a batch atomically", async () => {
    await expect(
      db.$client.batch(
        [
          "UPDATE providers SET response_time = 'batch' WHERE 1",
          "INSERT INTO no_such_table VALUES (1)",
        ],
        "write",
      ),
    ).rejects.toThrow(/no_such_table/);
    const rs = await db.$client.execute(
      "SELECT count(*) AS n FROM providers WHERE response_time = 'batch'",
    );
    expect(Number(rs.rows[0]!.n)).toBe(0);
  });

  it("refuses requests without the bearer token", async () => {
    const res = await fetch(`${server.url}/v2/pipeline`, {
      method: "POST",
      body: JSON.stringify({ baton: null, requests: [] }),
    });
    expect(res.status).toBe(401);
  });
});
