import { spawn } from "node:child_process";
import { access, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer, type AddressInfo } from "node:net";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { count } from "drizzle-orm";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { migrateDb, openDb, type Db } from "../../db/client.ts";
import { getInstanceId } from "../../db/queries/site-meta.ts";
import { providers, serviceCategories, users } from "../../db/schema.ts";
import { seedDemoAccounts } from "../../db/seed/accounts.ts";
import { SEED_CATEGORIES } from "../../db/seed/categories.ts";
import {
  demoAccountsPresent,
  demoSeedRefusal,
  seedOnStart,
  shouldSeedDemo,
} from "../../db/seed/index.ts";
import { DAILY_CRON } from "../../functions/lib/housekeeping.ts";
import type { BuildInfo } from "../../functions/node/publish.ts";
import { makeWorker } from "../../functions/worker.ts";
import { fakeAstroApp } from "../helpers/fake-pages.ts";
import { startHranaServer, type HranaServer } from "../fixtures/hrana-server.ts";

/**
 * The demo data (accounts whose passwords are in the README) goes
 * only into the local file database of a local run; never into the database
 * that DATABASE_URL names, and never through the Worker; nor
 * through `npm run build`, which builds from the data as it is.
 */

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

let dir: string;
beforeAll(async () => {
  // Inside the project: a build's server bundle resolves its packages from node_modules.
  await mkdir(".tmp", { recursive: true });
  dir = await mkdtemp(join(resolve(".tmp"), "karkhana-demo-policy-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function rowCounts(url: string) {
  const db = await openDb({ url });
  try {
    const n = async (table: typeof users | typeof providers | typeof serviceCategories) =>
      (await db.select({ n: count() }).from(table))[0]?.n ?? 0;
    return {
      users: await n(users),
      providers: await n(providers),
      categories: await n(serviceCategories),
    };
  } finally {
    db.$client.close();
  }
}

async function freshDb(name: string): Promise<{ url: string; db: Db }> {
  const url = `file:${join(dir, name)}`;
  const db = await openDb({ url });
  await migrateDb(db);
  return { url, db };
}

async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((ok) => srv.listen(0, "127.0.0.1", ok));
  const { port } = srv.address() as AddressInfo;
  await new Promise((ok) => srv.close(ok));
  return port;
}

/** Runs a script with Node 24 and a clean environment; resolves with its exit code and output. */
function run(
  args: string[],
  env: Record<string, string>,
  until?: RegExp,
): Promise<{ code: number | null; out: string }> {
  const base = { ...process.env };
  for (const k of ["DATABASE_URL", "DATABASE_AUTH_TOKEN", "DATA_DIR", "PUBLIC_SITE_URL"])
    delete base[k];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...base, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  const onData = (d: Buffer) => {
    out += d.toString();
    // A server runs until stopped: stop it once it says it is serving.
    if (until?.test(out)) child.kill("SIGTERM");
  };
  child.stdout.on("data", onData);
  child.stderr.on("data", onData);
  return new Promise((ok, fail) => {
    child.on("error", fail);
    child.on("exit", (code) => ok({ code, out }));
  });
}

describe("shouldSeedDemo", () => {
  it.each([
    [{}, true],
    [{ PUBLIC_SITE_URL: "" }, true],
    [{ PUBLIC_SITE_URL: "http://127.0.0.1:4321" }, true],
    [{ PUBLIC_SITE_URL: "http://localhost:4321" }, true],
    [{ PUBLIC_SITE_URL: "http://[::1]:4321" }, true],
    [{ PUBLIC_SITE_URL: "https://karkhana.pk" }, false],
    [{ PUBLIC_SITE_URL: "https://localhost" }, false],
    [{ PUBLIC_SITE_URL: "http://karkhana.pk" }, false],
    [{ PUBLIC_SITE_URL: "http://192.168.1.5:4321" }, false],
    [{ PUBLIC_SITE_URL: "http://127.0.0.1.nip.io" }, false],
    [{ PUBLIC_SITE_URL: "not a url" }, false],
  ])("a local file with %j: %s", (env, seeds) => {
    expect(shouldSeedDemo(env)).toBe(seeds);
    expect(demoSeedRefusal(env) === null).toBe(seeds);
  });

  it("says why it refuses, and where the first admin comes from", () => {
    expect(demoSeedRefusal({ PUBLIC_SITE_URL: "https://karkhana.pk" })).toMatch(
      /^PUBLIC_SITE_URL is https:\/\/karkhana\.pk, not a local run .*: no demo data is seeded .*npm run set-role/,
    );
    expect(demoSeedRefusal({ DATABASE_URL: "libsql://k.turso.io" })).toMatch(
      /^DATABASE_URL is set: no demo data is seeded .*npm run set-role/,
    );
  });

  it("seeds the demo only without DATABASE_URL", () => {
    expect(shouldSeedDemo({})).toBe(true);
    expect(shouldSeedDemo({ DATA_DIR: "./data" })).toBe(true);
    expect(shouldSeedDemo({ DATABASE_URL: "" })).toBe(true);
    expect(shouldSeedDemo({ DATABASE_URL: "libsql://karkhana.turso.io" })).toBe(false);
    expect(shouldSeedDemo({ DATABASE_URL: "file:./data/karkhana.db", DATA_DIR: "./data" })).toBe(
      false,
    );
  });

  it("adds only the standard categories to a DATABASE_URL database, and never brings one back", async () => {
    const { url, db } = await freshDb("start-remote.db");
    try {
      expect(await seedOnStart(db, { DATABASE_URL: url })).toBe("no-demo");
      expect(await rowCounts(url)).toEqual({
        users: 0,
        providers: 0,
        categories: SEED_CATEGORIES.length,
      });
      await db.delete(serviceCategories);
      await db.insert(serviceCategories).values({ id: "c-1", name: "Kept", slug: "kept" });
      expect(await seedOnStart(db, { DATABASE_URL: url })).toBe("no-demo");
      expect((await rowCounts(url)).categories).toBe(1);
    } finally {
      db.$client.close();
    }
  });

  it("adds only the categories to the local file when PUBLIC_SITE_URL is a public https site", async () => {
    const { url, db } = await freshDb("start-public.db");
    try {
      const env = { PUBLIC_SITE_URL: "https://karkhana.pk" };
      expect(await seedOnStart(db, env)).toBe("no-demo");
      expect(await rowCounts(url)).toEqual({
        users: 0,
        providers: 0,
        categories: SEED_CATEGORIES.length,
      });
      expect(await demoAccountsPresent(db)).toBe(false);
    } finally {
      db.$client.close();
    }
  });
});

describe("npm start (functions/node.ts)", () => {
  /**
   * Starts the real entry over a database prepared beforehand, with a build
   * that counts as fresh so no site is built, and stops it once it serves.
   */
  async function start(
    env: { DATABASE_URL?: string; DATA_DIR: string; PUBLIC_SITE_URL?: string },
    db: Db,
  ) {
    const port = await freePort();
    const siteDir = join(env.DATA_DIR, "site");
    await mkdir(siteDir, { recursive: true });
    const info: BuildInfo = {
      instanceId: await getInstanceId(db),
      dataVersion: Number.MAX_SAFE_INTEGER,
      siteUrl: env.PUBLIC_SITE_URL ?? `http://127.0.0.1:${port}`,
      builtAt: new Date().toISOString(),
      pages: 0,
      seconds: 0,
    };
    await writeFile(join(siteDir, "build-info.json"), JSON.stringify(info));
    db.$client.close();
    const res = await run(
      ["functions/node.ts"],
      { ...env, PORT: String(port), HOST: "127.0.0.1", SITE_DIR: siteDir },
      /\[karkhana\] serving /,
    );
    expect(res.out).toMatch(/\[karkhana\] serving /);
    return res.out;
  }

  it("seeds no demo data into the DATABASE_URL database, and says where the first admin comes from", async () => {
    const dataDir = join(dir, "start-url");
    await mkdir(dataDir, { recursive: true });
    const { url, db } = await freshDb("start-url.db");
    const out = await start({ DATABASE_URL: url, DATA_DIR: dataDir }, db);
    expect(out).toContain("DATABASE_URL is set: no demo data is seeded");
    expect(out).toContain("npm run set-role");
    expect(out).not.toContain("seeded the demo data");
    expect(await rowCounts(url)).toEqual({
      users: 0,
      providers: 0,
      categories: SEED_CATEGORIES.length,
    });
  }, 120_000);

  it("seeds no demo data into the local file when PUBLIC_SITE_URL is https, and warns of demo accounts already there", async () => {
    const dataDir = join(dir, "start-public");
    await mkdir(dataDir, { recursive: true });
    const url = `file:${join(dataDir, "karkhana.db")}`;
    const db = await openDb({ url });
    await migrateDb(db);
    await seedDemoAccounts(db);
    const before = await rowCounts(url);
    const out = await start({ DATA_DIR: dataDir, PUBLIC_SITE_URL: "https://karkhana.example" }, db);
    expect(out).toContain("PUBLIC_SITE_URL is https://karkhana.example, not a local run");
    expect(out).toContain("no demo data is seeded");
    expect(out).not.toContain("seeded the demo data");
    expect(out).toMatch(/WARNING: this database holds the demo accounts/);
    expect(await rowCounts(url)).toEqual({ ...before, categories: SEED_CATEGORIES.length });
    expect(before.providers).toBe(0);
  }, 120_000);

  it("seeds the demo data into the local file in DATA_DIR", async () => {
    const dataDir = join(dir, "start-local");
    await mkdir(dataDir, { recursive: true });
    const url = `file:${join(dataDir, "karkhana.db")}`;
    const db = await openDb({ url });
    await migrateDb(db);
    const out = await start({ DATA_DIR: dataDir }, db);
    expect(out).toContain("seeded the demo data");
    const n = await rowCounts(url);
    expect(n.users).toBeGreaterThan(0);
    expect(n.providers).toBeGreaterThan(0);
  }, 120_000);
});

describe("npm run build (scripts/build.ts)", () => {
  it(
    "builds an empty directory from an empty DATA_DIR, says so, and adds no data",
    { timeout: 240_000 },
    async () => {
      const dataDir = join(dir, "build-empty");
      const siteDir = join(dir, "build-empty-site");
      const res = await run(["scripts/build.ts"], { DATA_DIR: dataDir, SITE_DIR: siteDir });
      expect(res.out).toContain("has no providers: building an empty directory");
      expect(res.out).not.toContain("seeded");
      expect(res.code).toBe(0);
      // A complete site: the home page and the record of what it was built from.
      await access(join(siteDir, "client", "index.html"));
      await access(join(siteDir, "client", "build-info.json"));
      expect(await rowCounts(`file:${join(dataDir, "karkhana.db")}`)).toEqual({
        users: 0,
        providers: 0,
        categories: 0,
      });
    },
  );
});

describe("npm run seed (db/seed/cli.ts)", () => {
  it("refuses the demo data for a DATABASE_URL database (exit 1), adding only the categories", async () => {
    const url = `file:${join(dir, "cli-url.db")}`;
    const res = await run(["db/seed/cli.ts"], { DATABASE_URL: url });
    expect(res.code).toBe(1);
    expect(res.out).toContain("DATABASE_URL is set");
    expect(await rowCounts(url)).toEqual({
      users: 0,
      providers: 0,
      categories: SEED_CATEGORIES.length,
    });
  }, 120_000);

  it("refuses the demo data for the local file when PUBLIC_SITE_URL is https (exit 1)", async () => {
    const dataDir = join(dir, "cli-public");
    const res = await run(["db/seed/cli.ts"], {
      DATA_DIR: dataDir,
      PUBLIC_SITE_URL: "https://karkhana.pk",
    });
    expect(res.code).toBe(1);
    expect(res.out).toContain("PUBLIC_SITE_URL is https://karkhana.pk, not a local run");
    expect(await rowCounts(`file:${join(dataDir, "karkhana.db")}`)).toEqual({
      users: 0,
      providers: 0,
      categories: SEED_CATEGORIES.length,
    });
  }, 120_000);

  it("writes generated providers, and no account, to a DATABASE_URL database with --providers", async () => {
    const url = `file:${join(dir, "cli-providers.db")}`;
    const res = await run(["db/seed/cli.ts", "--providers", "5"], { DATABASE_URL: url });
    expect(res.code).toBe(0);
    expect(await rowCounts(url)).toEqual({
      users: 0,
      providers: 5,
      categories: SEED_CATEGORIES.length,
    });
  }, 120_000);
});

describe("the Worker", () => {
  it("never imports the seed: no module under db/seed/ is in its bundle", async () => {
    const result = await build({
      entryPoints: [join(ROOT, "functions/worker-main.ts")],
      absWorkingDir: ROOT,
      bundle: true,
      write: false,
      metafile: true,
      platform: "node",
      format: "esm",
      // Only the project's own modules matter here; packages come from node_modules.
      packages: "external",
      // The build's page renderer (wrangler's alias) is not the project's source.
      external: ["cloudflare:*", "karkhana:*"],
      logLevel: "silent",
    });
    const inputs = Object.keys(result.metafile.inputs);
    // The graph was walked: the entry's own imports are in it.
    expect(inputs).toContain("functions/app.ts");
    expect(inputs).toContain("db/remote.ts");
    expect(inputs.filter((p) => p.startsWith("db/seed/"))).toEqual([]);
  });

  describe("against an empty database", () => {
    let server: HranaServer;
    let url: string;
    beforeAll(async () => {
      const file = join(dir, "worker-empty.db");
      const { db } = await freshDb("worker-empty.db");
      db.$client.close();
      url = `file:${file}`;
      server = await startHranaServer({ file, token: "t0ken" });
    });
    afterAll(async () => {
      await server.close();
    });

    it("adds no account and no provider, whatever it is asked", async () => {
      const worker = makeWorker(fakeAstroApp());
      const assets = {
        fetch: async () => new Response("not found", { status: 404 }),
      };
      const bucket = {
        get: async () => null,
        put: async () => ({}),
        delete: async () => {},
        list: async () => ({ objects: [], truncated: false }),
      };
      const env = {
        ASSETS: assets,
        MEDIA: bucket,
        DATABASE_URL: server.url,
        DATABASE_AUTH_TOKEN: "t0ken",
        PUBLIC_SITE_URL: "https://karkhana.example",
      };
      const waits: Promise<unknown>[] = [];
      const ctx = { waitUntil: (p: Promise<unknown>) => void waits.push(p) };
      const spy = vi.spyOn(console, "log").mockImplementation(() => {});
      try {
        for (const path of ["/api/health", "/api/providers?limit=5", "/api/categories", "/"])
          expect(
            (await worker.fetch(new Request(`https://karkhana.example${path}`), env, ctx)).status,
          ).toBeLessThan(500);
        await worker.scheduled({ cron: "*/5 * * * *" }, env, ctx);
        await worker.scheduled({ cron: DAILY_CRON }, env, ctx);
        await Promise.all(waits);
      } finally {
        spy.mockRestore();
      }
      expect(await rowCounts(url)).toEqual({ users: 0, providers: 0, categories: 0 });
    });
  });
});
