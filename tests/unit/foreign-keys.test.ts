import { createClient } from "@libsql/client";
import { eq, sql } from "drizzle-orm";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { migrateDb, openDb, type Db } from "../../db/client.ts";
import {
  favorites,
  galleryImages,
  providers,
  serviceCategories,
  services,
} from "../../db/schema.ts";
import { seedCategories } from "../../db/seed/index.ts";
import { createProvider, createUser } from "../../db/seed/factories.ts";
import { ensureForeignKeys, ForeignKeysOff } from "../../db/foreign-keys.ts";
import { makeWorker } from "../../functions/worker.ts";
import { startHranaServer, type HranaServer } from "../fixtures/hrana-server.ts";
import { fakeAstroApp } from "../helpers/fake-pages.ts";

let dir: string;
let db: Db;
let categoryId: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "karkhana-fk-"));
  // libsql's migrate() turns foreign keys on as it finishes: prepare the file
  // with one client, then test a fresh openDb, as a script that does not migrate has it.
  const setup = await openDb({ url: `file:${join(dir, "fk.db")}` });
  await migrateDb(setup);
  await seedCategories(setup);
  setup.$client.close();
  db = await openDb({ url: `file:${join(dir, "fk.db")}` });
  categoryId = (await db.query.serviceCategories.findFirst())!.id;
});
afterAll(async () => {
  db.$client.close();
  await rm(dir, { recursive: true, force: true });
});

/** drizzle wraps the driver's error: the constraint is named in its cause. */
const FK_FAILED = { cause: { message: expect.stringMatching(/FOREIGN KEY constraint failed/) } };

const fkOn = async (run: (q: ReturnType<typeof sql>) => Promise<unknown[]>) =>
  ((await run(sql`PRAGMA foreign_keys`)) as { foreign_keys: number }[])[0]?.foreign_keys;

/** A provider owned by a new user, with one service, one gallery image and one favorite. */
async function providerWithRows(name: string) {
  const userId = await createUser(db, { email: `${name}@example.pk`, role: "provider" });
  const id = await createProvider(db, {
    companyName: name,
    city: "Lahore",
    userId,
    services: [{ categoryId, name: "Pipes", pricePkr: 100 }],
    gallery: [`/media/providers/${name}/gallery/1_a.jpg`],
  });
  await db.insert(favorites).values({ userId, providerId: id });
  return { id, userId };
}

async function rowsOf(providerId: string) {
  const [s, g, f] = await Promise.all([
    db.select().from(services).where(eq(services.providerId, providerId)),
    db.select().from(galleryImages).where(eq(galleryImages.providerId, providerId)),
    db.select().from(favorites).where(eq(favorites.providerId, providerId)),
  ]);
  return s.length + g.length + f.length;
}

describe("foreign keys on the local file (openDb)", () => {
  it("are on for plain statements, inside transactions and after many of them", async () => {
    expect(await fkOn((q) => db.all(q))).toBe(1);
    expect(await db.transaction((tx) => fkOn((q) => tx.all(q)))).toBe(1);
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        db.transaction(async (tx) => {
          expect(await fkOn((q) => tx.all(q))).toBe(1);
          await tx.run(sql`SELECT ${i}`);
        }),
      ),
    );
    expect(await fkOn((q) => db.all(q))).toBe(1);
  });

  it("cascade: deleting a provider deletes its services, gallery rows and favorites", async () => {
    const plain = await providerWithRows("cascade-plain");
    expect(await rowsOf(plain.id)).toBe(3);
    await db.delete(providers).where(eq(providers.id, plain.id));
    expect(await rowsOf(plain.id)).toBe(0);

    const inTx = await providerWithRows("cascade-tx");
    await db.transaction((tx) => tx.delete(providers).where(eq(providers.id, inTx.id)));
    expect(await rowsOf(inTx.id)).toBe(0);
  });

  it("restrict: a category in use cannot be deleted, in or out of a transaction", async () => {
    await providerWithRows("restrict");
    const del = () => db.delete(serviceCategories).where(eq(serviceCategories.id, categoryId));
    await expect(del()).rejects.toMatchObject(FK_FAILED);
    await expect(
      db.transaction(async (tx) => {
        await tx.delete(serviceCategories).where(eq(serviceCategories.id, categoryId));
      }),
    ).rejects.toMatchObject(FK_FAILED);
    expect(
      await db.query.serviceCategories.findFirst({ where: eq(serviceCategories.id, categoryId) }),
    ).toBeTruthy();
  });

  it("refuses a row that points at nothing", async () => {
    await expect(
      db.insert(services).values({
        id: crypto.randomUUID(),
        providerId: crypto.randomUUID(),
        categoryId,
        name: "Orphan",
      }),
    ).rejects.toMatchObject(FK_FAILED);
  });

  it("set null: deleting the owner unlinks the provider instead of deleting it", async () => {
    const { id, userId } = await providerWithRows("set-null");
    await db.run(sql`DELETE FROM users WHERE id = ${userId}`);
    const row = await db.query.providers.findFirst({ where: eq(providers.id, id) });
    expect(row?.userId).toBeNull();
  });

  it("a connection the pool opens later starts with them on too (libsql's default)", async () => {
    const fresh = createClient({ url: `file:${join(dir, "fk.db")}` });
    try {
      expect((await fresh.execute("PRAGMA foreign_keys")).rows[0]?.foreign_keys).toBe(1);
    } finally {
      fresh.close();
    }
  });
});

describe("the check at start (db/foreign-keys.ts)", () => {
  /** A client whose `PRAGMA foreign_keys` reads `states` in turn (the last one repeats). */
  function fakeClient(states: number[]) {
    const sent: string[] = [];
    let i = 0;
    return {
      sent,
      execute: async (stmt: string) => {
        sent.push(stmt);
        if (stmt !== "PRAGMA foreign_keys") return { rows: [] };
        const value = states[Math.min(i++, states.length - 1)]!;
        return { rows: [Object.assign([value], { foreign_keys: value })] };
      },
    };
  }

  it("passes a connection that has them on, sending nothing else", async () => {
    const client = fakeClient([1]);
    await ensureForeignKeys(client as never, "x");
    expect(client.sent).toEqual(["PRAGMA foreign_keys"]);
  });

  it("turns them on where that holds", async () => {
    const client = fakeClient([0, 1]);
    await ensureForeignKeys(client as never, "x");
    expect(client.sent).toEqual([
      "PRAGMA foreign_keys",
      "PRAGMA foreign_keys = ON",
      "PRAGMA foreign_keys",
    ]);
  });

  it("fails loudly, naming the database, where they stay off", async () => {
    await expect(ensureForeignKeys(fakeClient([0]) as never, "the test database")).rejects.toThrow(
      /foreign keys are off on the test database and could not be turned on/,
    );
  });

  describe("against a libSQL server whose connections have them off (each request its own)", () => {
    let server: HranaServer;
    beforeAll(async () => {
      const file = join(dir, "fk-off.db");
      const setup = await openDb({ url: `file:${file}` });
      await migrateDb(setup);
      setup.$client.close();
      server = await startHranaServer({ file, token: "t0ken", foreignKeysOff: true });
    });
    afterAll(() => server.close());

    it("openDb (Node with DATABASE_URL) refuses to start", async () => {
      await expect(openDb({ url: server.url, authToken: "t0ken" })).rejects.toBeInstanceOf(
        ForeignKeysOff,
      );
    });

    it("the Worker answers 500 and logs why, and its Cron Trigger does nothing", async () => {
      const worker = makeWorker(fakeAstroApp());
      const env = {
        ASSETS: { fetch: async () => new Response("not found", { status: 404 }) },
        MEDIA: {
          get: async () => null,
          put: async () => ({}),
          delete: async () => {},
          list: async () => ({ objects: [], truncated: false }),
        },
        DATABASE_URL: server.url,
        DATABASE_AUTH_TOKEN: "t0ken",
        PUBLIC_SITE_URL: "https://karkhana.example",
      };
      const waits: Promise<unknown>[] = [];
      const ctx = { waitUntil: (p: Promise<unknown>) => void waits.push(p) };
      const errors = vi.spyOn(console, "error").mockImplementation(() => {});
      const logs = vi.spyOn(console, "log").mockImplementation(() => {});
      try {
        const res = await worker.fetch(
          new Request("https://karkhana.example/api/health"),
          env,
          ctx,
        );
        expect(res.status).toBe(500);
        expect(await res.json()).toEqual({ error: "Internal server error" });
        await worker.scheduled({ cron: "*/5 * * * *" }, env, ctx);
        expect(waits).toEqual([]);
        expect(errors.mock.calls.map((c) => String(c[0]))).toContainEqual(
          expect.stringMatching(/foreign keys are off on DATABASE_URL's database/),
        );
      } finally {
        errors.mockRestore();
        logs.mockRestore();
      }
    });
  });
});
