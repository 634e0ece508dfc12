import { astroPageRenderer } from "../../functions/pages/renderer.ts";
import { serve } from "@hono/node-server";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, like } from "drizzle-orm";
import type { AnySQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { migrateDb, openDb, type Db } from "../../db/client.ts";
import { markDataChanged } from "../../db/queries/site-meta.ts";
import { createProvider, createUser } from "../../db/seed/factories.ts";
import { emailTokens, mailOutbox, providers, rateLimits, sessions } from "../../db/schema.ts";
import { SEED_CATEGORIES } from "../../db/seed/categories.ts";
import { slugify } from "../../src/lib/slug.ts";
import { seedCategories, seedProviders } from "../../db/seed/index.ts";
import { createApp } from "../../functions/app.ts";
import { parseEnv } from "../../functions/config.ts";
import { DAILY_CRON } from "../../functions/lib/housekeeping.ts";
import {
  SECURITY_HEADERS,
  STRICT_TRANSPORT_SECURITY,
} from "../../functions/lib/security-headers.ts";
import { nodeDeps } from "../../functions/node/deps.ts";
import { startOrphanSweeps } from "../../functions/node/housekeeping.ts";
import { precompressDir } from "../../functions/node/precompress.ts";
import { nodeHandler } from "../../functions/node/server.ts";
import { SiteRoot, staticSiteHandler } from "../../functions/node/static-site.ts";
import { makeWorker, type WorkerBindings } from "../../functions/worker.ts";
import { FORM_PAGES } from "../../src/lib/auth-paths.ts";
import { fakeAstroApp } from "../helpers/fake-pages.ts";

const worker = makeWorker(fakeAstroApp());
import { workerAssets } from "../../functions/worker/assets.ts";
import { parseWorkerEnv } from "../../functions/worker/env.ts";
import { checkPublish, PUBLISH_RETRY_MS } from "../../functions/worker/publish.ts";
import { r2Blobs, type R2BucketLike } from "../../functions/worker/r2-blobs.ts";
import { startHranaServer, type HranaServer } from "../fixtures/hrana-server.ts";

/** An in-memory stand-in for an R2 bucket binding, listing like R2 (key order, opaque cursor). */
function fakeBucket(): R2BucketLike & {
  objects: Map<string, { bytes: Uint8Array; type: string; uploaded: Date }>;
} {
  const objects = new Map<string, { bytes: Uint8Array; type: string; uploaded: Date }>();
  return {
    objects,
    async get(key) {
      const o = objects.get(key);
      if (!o) return null;
      return {
        body: new Response(new Uint8Array(o.bytes)).body!,
        size: o.bytes.byteLength,
        httpMetadata: { contentType: o.type },
      };
    },
    async put(key, value, options) {
      const type = options?.httpMetadata?.contentType ?? "";
      objects.set(key, { bytes: value, type, uploaded: new Date() });
      return {};
    },
    async delete(key) {
      objects.delete(key);
    },
    async list({ prefix = "", cursor, limit = 1000 }) {
      const after = cursor ? atob(cursor) : "";
      const keys = [...objects.keys()]
        .filter((k) => k.startsWith(prefix) && k > after)
        .sort()
        .slice(0, limit + 1);
      const page = keys.slice(0, limit);
      const truncated = keys.length > limit;
      return {
        objects: page.map((key) => ({ key, uploaded: objects.get(key)!.uploaded })),
        truncated,
        ...(truncated ? { cursor: btoa(page.at(-1)!) } : {}),
      };
    },
  };
}

/** A stand-in for the static assets binding, answering like html_handling = drop-trailing-slash. */
function fakeAssets(files: Record<string, string>) {
  const asked: string[] = [];
  return {
    asked,
    async fetch(input: Request | string) {
      const path = new URL(typeof input === "string" ? input : input.url).pathname;
      asked.push(path);
      const body = files[path];
      return body === undefined
        ? new Response("not found", { status: 404 })
        : new Response(body, { headers: { "Content-Type": "text/html; charset=utf-8" } });
    },
  };
}

let dir: string;
let server: HranaServer;
let db: Db;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "karkhana-entries-"));
  server = await startHranaServer({ file: join(dir, "remote.db"), token: "t0ken" });
  db = await openDb({ url: server.url, authToken: "t0ken" });
  await migrateDb(db);
  await seedCategories(db);
  await seedProviders(db, 12);
});

afterAll(async () => {
  db.$client.close();
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

describe("the Worker entry", () => {
  const bindings = (extra: Record<string, string> = {}): WorkerBindings => ({
    ASSETS: fakeAssets({ "/404": "<!doctype html><h1>404 Page Not Found</h1>" }),
    MEDIA: fakeBucket(),
    DATABASE_URL: server.url,
    DATABASE_AUTH_TOKEN: "t0ken",
    PUBLIC_SITE_URL: "https://karkhana.example",
    ...extra,
  });
  const ctx = { waitUntil: () => {} };

  it("answers the API from the database over HTTP", async () => {
    const env = bindings();
    const health = await worker.fetch(new Request("https://karkhana.example/api/health"), env, ctx);
    expect(health.status).toBe(200);
    const list = await worker.fetch(
      new Request("https://karkhana.example/api/providers?limit=5"),
      env,
      ctx,
    );
    expect(list.status).toBe(200);
    expect(((await list.json()) as unknown[]).length).toBe(5);
  });

  it("serves the built 404 page from the assets binding with the security headers", async () => {
    const env = bindings();
    const res = await worker.fetch(new Request("https://karkhana.example/nope"), env, ctx);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("404 Page Not Found");
    for (const [k, v] of Object.entries(SECURITY_HEADERS)) expect(res.headers.get(k)).toBe(v);
    expect(res.headers.get("Strict-Transport-Security")).toBe(STRICT_TRANSPORT_SECURITY);
  });

  it("refuses to start on a public http origin or with Google endpoint overrides", async () => {
    for (const extra of [
      { PUBLIC_SITE_URL: "http://karkhana.example" } as Record<string, string>,
      { GOOGLE_AUTH_URL: "https://evil.example/auth" },
    ]) {
      const env = bindings(extra);
      await expect(
        Promise.resolve().then(() =>
          worker.fetch(new Request("https://karkhana.example/api/health"), env, ctx),
        ),
      ).rejects.toThrow(/Invalid Worker configuration: (PUBLIC_SITE_URL|GOOGLE_AUTH_URL)/);
    }
  });

  it("refuses to start without its database settings, naming them", async () => {
    expect(() => parseWorkerEnv({ PUBLIC_SITE_URL: "https://k.example" })).toThrow(
      /Invalid Worker configuration: DATABASE_URL/,
    );
    expect(() =>
      parseWorkerEnv({ DATABASE_URL: "file:./x.db", PUBLIC_SITE_URL: "https://k.example" }),
    ).toThrow(/libsql:\/\/ or https:\/\//);
    const env = bindings({ DATABASE_URL: "" });
    await expect(
      Promise.resolve().then(() =>
        worker.fetch(new Request("https://karkhana.example/api/health"), env, ctx),
      ),
    ).rejects.toThrow(/DATABASE_URL/);
  });

  it("keeps uploads in R2 with their content type", async () => {
    const bucket = fakeBucket();
    const blobs = r2Blobs(bucket);
    await blobs.put("providers/u1/logo_1.jpg", new Uint8Array([0xff, 0xd8, 0xff]), "image/jpeg");
    const got = await blobs.get("providers/u1/logo_1.jpg");
    expect(got?.contentType).toBe("image/jpeg");
    expect(got?.size).toBe(3);
    await blobs.delete("providers/u1/logo_1.jpg");
    expect(await blobs.get("providers/u1/logo_1.jpg")).toBeNull();
  });

  it("lists R2 keys page by page, following R2's cursor until it is not truncated", async () => {
    const bucket = fakeBucket();
    const blobs = r2Blobs(bucket);
    for (const k of ["providers/a/1.jpg", "providers/a/2.jpg", "providers/b/3.jpg", "other/4.jpg"])
      await blobs.put(k, new Uint8Array([1]), "image/jpeg");
    const keys: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await blobs.list({
        prefix: "providers/",
        limit: 2,
        ...(cursor ? { cursor } : {}),
      });
      pages++;
      for (const b of page.blobs) {
        expect(b.uploaded).toBeInstanceOf(Date);
        keys.push(b.key);
      }
      cursor = page.cursor;
    } while (cursor);
    expect(pages).toBe(2);
    expect(keys).toEqual(["providers/a/1.jpg", "providers/a/2.jpg", "providers/b/3.jpg"]);

    // R2 may end a page early and still be truncated, and passes cursors through
    // untouched; a cursor on the last page means nothing. Limits are capped at 1,000.
    const asked: unknown[] = [];
    const uploaded = new Date("2026-01-02T03:04:05Z");
    const paged = r2Blobs({
      ...bucket,
      async list(options) {
        asked.push(options);
        return options.cursor
          ? { objects: [{ key: "providers/z.jpg", uploaded }], truncated: false, cursor: "stale" }
          : { objects: [], truncated: true, cursor: "opaque-1" };
      },
    });
    expect(await paged.list({ prefix: "providers/", limit: 5000 })).toEqual({
      blobs: [],
      cursor: "opaque-1",
    });
    expect(await paged.list({ prefix: "providers/", cursor: "opaque-1" })).toEqual({
      blobs: [{ key: "providers/z.jpg", uploaded }],
    });
    expect(asked).toEqual([
      { prefix: "providers/", limit: 1000 },
      { prefix: "providers/", cursor: "opaque-1" },
    ]);
  });

  it("runs the publish check on the five-minute cron; the daily one prunes expired rows and sweeps uploads", async () => {
    const env = bindings();
    const bucket = env.MEDIA as ReturnType<typeof fakeBucket>;
    const owner = "3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b";
    const used = `providers/${owner}/cover_1.jpg`;
    const orphan = `providers/${owner}/cover_2.jpg`;
    const fresh = `providers/${owner}/cover_3.jpg`;
    const elsewhere = "exports/old.csv";
    await createProvider(db, {
      companyName: "Cron Co",
      city: "Lahore",
      coverImageUrl: `/media/${used}`,
    });
    const twoDaysAgo = new Date(Date.now() - 48 * 60 * 60 * 1000);
    for (const key of [used, orphan, elsewhere])
      bucket.objects.set(key, {
        bytes: new Uint8Array([1]),
        type: "image/jpeg",
        uploaded: twoDaysAgo,
      });
    bucket.objects.set(fresh, {
      bytes: new Uint8Array([1]),
      type: "image/jpeg",
      uploaded: new Date(),
    });

    // Rows nobody can use any more, next to ones still in use.
    const userId = await createUser(db, { email: `cron-${Date.now()}@karkhana.example` });
    const hour = 60 * 60 * 1000;
    const ago = (ms: number) => new Date(Date.now() - ms);
    await db.insert(sessions).values([
      { id: "cron-expired", userId, expiresAt: ago(hour), absoluteExpiresAt: ago(hour) },
      { id: "cron-live", userId, expiresAt: ago(-hour), absoluteExpiresAt: ago(-hour) },
    ]);
    await db.insert(emailTokens).values([
      { id: "cron-old-link", userId, purpose: "confirm_email", expiresAt: ago(hour) },
      { id: "cron-new-link", userId, purpose: "confirm_email", expiresAt: ago(-hour) },
    ]);
    await db.insert(rateLimits).values([
      { key: "cron:old", count: 3, windowStart: ago(25 * hour).getTime() },
      { key: "cron:now", count: 3, windowStart: Date.now() },
    ]);
    // The rows this test made that are still in each table.
    const ids = async (table: SQLiteTable, column: AnySQLiteColumn, prefix: string) =>
      (
        await db
          .select({ id: column })
          .from(table)
          .where(like(column, `${prefix}%`))
      )
        .map((r) => String(r.id))
        .sort();
    const left = async () => ({
      sessions: await ids(sessions, sessions.id, "cron-"),
      links: await ids(emailTokens, emailTokens.id, "cron-"),
      limits: await ids(rateLimits, rateLimits.key, "cron:"),
    });

    const logged: string[] = [];
    const spy = vi
      .spyOn(console, "log")
      .mockImplementation((line: string) => void logged.push(line));
    try {
      const waits: Promise<unknown>[] = [];
      const ctx = { waitUntil: (p: Promise<unknown>) => void waits.push(p) };

      await worker.scheduled({ cron: "*/5 * * * *" }, env, ctx);
      await Promise.all(waits.splice(0));
      expect(logged).toEqual([expect.stringMatching(/^\[karkhana\] publish check: no-hook/)]);
      expect(bucket.objects.has(orphan)).toBe(true);
      expect((await left()).sessions).toEqual(["cron-expired", "cron-live"]);

      await worker.scheduled({ cron: DAILY_CRON }, env, ctx);
      await Promise.all(waits.splice(0));
      expect(logged[1]).toBe(
        "[karkhana] expired rows pruned; orphaned uploads: 1 deleted, 2 kept of 3",
      );
      expect([...bucket.objects.keys()].sort()).toEqual([elsewhere, used, fresh].sort());
      expect(await left()).toEqual({
        sessions: ["cron-live"],
        links: ["cron-new-link"],
        limits: ["cron:now"],
      });
    } finally {
      spy.mockRestore();
    }
  });

  it("runs first for the pages whose forms the app takes: their POST reaches it, a GET gets the built file", async () => {
    const toml = await readFile(join(import.meta.dirname, "../../wrangler.toml"), "utf8");
    const first = /^run_worker_first = \[([\s\S]*?)\]/m.exec(toml)?.[1] ?? "";
    const listed = [...first.matchAll(/^\s*"([^"]+)",/gm)].map((m) => m[1]);
    expect(listed).toEqual(expect.arrayContaining([...FORM_PAGES]));

    const env = {
      ...bindings(),
      ASSETS: fakeAssets({ "/login": "<!doctype html><form method=post></form>" }),
    };
    const page = await worker.fetch(new Request("https://karkhana.example/login"), env, ctx);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("<form method=post>");
    for (const [k, v] of Object.entries(SECURITY_HEADERS)) expect(page.headers.get(k)).toBe(v);

    const post = await worker.fetch(
      new Request("https://karkhana.example/login", {
        method: "POST",
        headers: {
          Origin: "https://karkhana.example",
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body: "mode=signin&email=nobody%40example.pk&password=whatever-123",
      }),
      env,
      ctx,
    );
    // The app's handler: the sign-in refused, the screen rendered again.
    expect(post.status).toBe(401);
    expect(await post.text()).toContain("Invalid email or password");
  });

  it("has both Cron Triggers in wrangler.toml", async () => {
    const toml = await readFile(join(import.meta.dirname, "../../wrangler.toml"), "utf8");
    const crons = /^crons = (\[.*\])$/m.exec(toml)?.[1];
    expect(JSON.parse(crons ?? "[]")).toEqual(["*/5 * * * *", DAILY_CRON]);
  });

  it("asks the assets binding for pages by their pretty paths", async () => {
    const binding = fakeAssets({ "/_live/provider": "shell", "/404": "404" });
    const assets = workerAssets(binding);
    expect(await (await assets.fetch("/_live/provider/index.html"))?.text()).toBe("shell");
    expect(await (await assets.fetch("/404.html"))?.text()).toBe("404");
    expect(await assets.fetch("/missing.html")).toBeNull();
    expect(binding.asked).toEqual(["/_live/provider", "/404", "/missing"]);
  });

  it("keeps a closed business's 410 page at the edge for a minute, like its other pages", async () => {
    const category = SEED_CATEGORIES[0]!;
    const id = await createProvider(db, {
      companyName: "Edge Closed Forge",
      city: "Sialkot",
      services: [{ categoryId: category.id, name: "Forging", pricePkr: null }],
    });
    await db
      .update(providers)
      .set({ isActive: false, closedAt: new Date() })
      .where(eq(providers.id, id));
    await db.transaction((tx) => markDataChanged(tx, { providers: [id] }));
    const kept = new Map<string, Response>();
    const edge = {
      async match(request: Request) {
        return kept.get(request.url)?.clone();
      },
      async put(request: Request, response: Response) {
        kept.set(request.url, response);
      },
    };
    const waits: Promise<unknown>[] = [];
    const env = bindings();
    env.ASSETS = fakeAssets({ "/build-info.json": JSON.stringify({ dataVersion: 0 }) });
    const url = `https://karkhana.example/pk/sialkot/${slugify(category.name)}/edge-closed-forge-${id}`;
    const global = globalThis as { caches?: unknown };
    const before = global.caches;
    global.caches = { default: edge };
    try {
      const first = await worker.fetch(new Request(url), env, { waitUntil: (p) => waits.push(p) });
      await Promise.all(waits);
      expect(first.status).toBe(410);
      expect(await first.text()).toContain("closed: Edge Closed Forge");
      expect(first.headers.get("X-Page-Extra-Tags")).toBeNull();
      const stored = kept.get(url.replace(/\?.*$/, ""));
      expect(stored?.status).toBe(410);
      expect(stored?.headers.get("Cache-Control")).toBe("public, max-age=60");
      expect(stored?.headers.get("X-Page-Extra-Tags")).toBeNull();

      // The next visitor within the minute gets the edge's copy: no database, no rendering.
      await db.delete(providers).where(eq(providers.id, id));
      const again = await worker.fetch(new Request(`${url}?ref=x`), env, ctx);
      expect(again.status).toBe(410);
      expect(await again.text()).toContain("closed: Edge Closed Forge");
      expect(again.headers.get("Cache-Control")).toBe("public, max-age=0, must-revalidate");
    } finally {
      global.caches = before;
    }
  });

  it("takes the client IP from Cloudflare's header", async () => {
    const env = bindings();
    // Sign-in is throttled per IP: eleven failures from one IP, then another IP still gets in.
    const signin = (ip: string) =>
      worker.fetch(
        new Request("https://karkhana.example/api/auth/signin", {
          method: "POST",
          headers: {
            Origin: "https://karkhana.example",
            "Content-Type": "application/json",
            "CF-Connecting-IP": ip,
          },
          body: "{}",
        }),
        env,
        ctx,
      );
    let last = 0;
    for (let i = 0; i < 40 && last !== 429; i++) last = (await signin("203.0.113.9")).status;
    expect(last).toBe(429);
    expect((await signin("198.51.100.7")).status).toBe(400);
  });
});

/** The Node entry's ports over `dataDir`, serving the built site from `site`. */
function nodeDepsIn(dataDir: string, site = new SiteRoot(join(dataDir, "site"))) {
  const env = parseEnv({ DATA_DIR: dataDir, PUBLIC_SITE_URL: "https://k.example" });
  return nodeDeps(env, {
    db,
    site,
    publisher: { markDirty: () => {} },
    pages: astroPageRenderer(() => fakeAstroApp(), null),
    dataDir,
    google: null,
  });
}

describe("the Node entry", () => {
  it("wires disk blobs, the built site, the outbox and the socket address", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "karkhana-node-"));
    try {
      const deps = nodeDepsIn(dataDir);
      expect(deps.config.siteUrl).toBe("https://k.example");
      await deps.blobs.put("providers/p/x.jpg", new Uint8Array([1, 2, 3]), "image/jpeg");
      expect(await readdir(join(dataDir, "media", "providers", "p"))).toEqual(["x.jpg"]);
      await deps.mailer.send({ to: "a@b.pk", subject: "Hi", text: "t", html: "<p>t</p>" });
      const [mail] = await readdir(join(dataDir, "outbox"));
      expect(JSON.parse(await readFile(join(dataDir, "outbox", mail!), "utf8")).to).toBe("a@b.pk");
      // The client IP comes from the socket, so this needs a real Node server.
      const app = createApp(deps);
      const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
      await new Promise((r) => server.once("listening", r));
      const { port } = server.address() as AddressInfo;
      try {
        expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
      } finally {
        server.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it("sweeps orphaned uploads after start and then on schedule, surviving a failed sweep", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "karkhana-sweep-"));
    try {
      const deps = nodeDepsIn(dataDir);
      const orphan = "providers/3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b/logo_9.jpg";
      await deps.blobs.put(orphan, new Uint8Array([1]), "image/jpeg");
      let failNext = true;
      const errors: string[] = [];
      const lines: string[] = [];
      const twoRuns = Promise.withResolvers<void>();
      const stop = startOrphanSweeps(
        {
          db,
          // The first listing fails; the timer must carry on to the next sweep.
          blobs: {
            ...deps.blobs,
            list: (opts) => {
              if (failNext) {
                failNext = false;
                return Promise.reject(new Error("disk on fire"));
              }
              return deps.blobs.list(opts);
            },
          },
          clock: () => new Date(Date.now() + 25 * 60 * 60 * 1000),
          logError: (err, ctx) => errors.push(`${ctx}: ${(err as Error).message}`),
        },
        {
          firstDelayMs: 5,
          everyMs: 5,
          log: (line) => {
            lines.push(line);
            twoRuns.resolve();
          },
        },
      );
      await twoRuns.promise;
      stop();
      expect(errors).toEqual(["orphaned upload sweep failed: disk on fire"]);
      expect(lines[0]).toBe("orphaned uploads: 1 deleted, 0 kept of 1");
      expect(await deps.blobs.get(orphan)).toBeNull();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it("serves the site (precompressed at build time), then the app, compressing its text answers the way Cloudflare would", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "karkhana-node-"));
    try {
      const siteDir = join(dataDir, "site");
      await mkdir(siteDir, { recursive: true });
      const page = `<!doctype html><title>home</title>${"<p>Karkhana</p>".repeat(400)}`;
      await writeFile(join(siteDir, "index.html"), page);
      const notFound = `<!doctype html><title>404</title>${"<p>Not here</p>".repeat(300)}`;
      await writeFile(join(siteDir, "404.html"), notFound);
      await precompressDir(siteDir);
      const site = new SiteRoot(siteDir);
      const deps = nodeDepsIn(dataDir, site);
      const photo = new Uint8Array(4096).fill(7);
      await deps.blobs.put("providers/p/big.jpg", photo, "image/jpeg");
      const seen: string[] = [];
      const app = createApp({ ...deps, clientIp: (c) => (seen.push(deps.clientIp(c)), "x") });
      const server = serve({ fetch: nodeHandler(site, app).fetch, port: 0, hostname: "127.0.0.1" });
      await new Promise((r) => server.once("listening", r));
      const { port } = server.address() as AddressInfo;
      const get = (path: string, encoding = "gzip, deflate, br") =>
        fetch(`http://127.0.0.1:${port}${path}`, { headers: { "Accept-Encoding": encoding } });
      try {
        const home = await get("/");
        expect(home.headers.get("content-encoding")).toBe("br");
        expect(home.headers.get("vary")).toContain("Accept-Encoding");
        expect(home.headers.get("content-security-policy")).toBe(
          SECURITY_HEADERS["Content-Security-Policy"],
        );
        expect(await home.text()).toBe(page);
        const plain = await get("/", "identity");
        expect(plain.headers.get("content-encoding")).toBeNull();
        expect(await plain.text()).toBe(page);

        // Images are compressed already.
        const image = await get("/media/providers/p/big.jpg");
        expect(image.headers.get("content-encoding")).toBeNull();
        expect(new Uint8Array(await image.arrayBuffer())).toEqual(photo);
        // The app's answers: gzipped from 1 KiB, smaller ones as they are, with their length.
        const categories = await get("/api/service-categories");
        expect(categories.headers.get("content-encoding")).toBe("gzip");
        expect(categories.headers.get("vary")).toContain("Accept-Encoding");
        expect(Array.isArray(await categories.json())).toBe(true);
        const refused = await get("/api/service-categories", "gzip;q=0, identity");
        expect(refused.headers.get("content-encoding")).toBeNull();
        expect(Array.isArray(await refused.json())).toBe(true);
        // A built file the app answers with (the 404 page): gzipped, with the gzipped length.
        const missing = await get("/no-such-page");
        expect(missing.status).toBe(404);
        expect(missing.headers.get("content-encoding")).toBe("gzip");
        expect(Number(missing.headers.get("content-length"))).toBeLessThan(notFound.length / 4);
        expect(await missing.text()).toBe(notFound);
        const health = await get("/api/health");
        expect(health.headers.get("content-encoding")).toBeNull();
        expect(health.headers.get("content-length")).toBe("11");
        expect(await health.json()).toEqual({ ok: true });
        // The app still sees the socket's address behind the wrapper.
        expect(seen.at(-1)).toBe("127.0.0.1");
      } finally {
        server.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it("never serves the host's config files from the built site", async () => {
    const siteDir = await mkdtemp(join(tmpdir(), "karkhana-site-"));
    try {
      await writeFile(join(siteDir, "_headers"), "/*\n  X-Test: 1\n");
      await writeFile(join(siteDir, "index.html"), "<!doctype html><title>home</title>");
      const handle = staticSiteHandler(new SiteRoot(siteDir));
      await writeFile(join(siteDir, "_redirects"), "/*/ /:splat 301\n");
      expect(await handle(new Request("http://k.example/_headers"))).toBeNull();
      expect(await handle(new Request("http://k.example/_redirects"))).toBeNull();
      const home = await handle(new Request("http://k.example/"));
      expect(home?.status).toBe(200);
      for (const [k, v] of Object.entries(SECURITY_HEADERS)) expect(home?.headers.get(k)).toBe(v);
      expect(home?.headers.get("Cache-Control")).toBe("public, max-age=0, must-revalidate");
    } finally {
      await rm(siteDir, { recursive: true, force: true });
    }
  });

  it("queues mail for the HTTP mailer when MAIL_API_URL is set", async () => {
    const env = parseEnv({
      DATA_DIR: dir,
      MAIL_API_URL: "http://127.0.0.1:9/emails",
      MAIL_API_KEY: "k",
    });
    const deps = nodeDeps(env, {
      db,
      site: new SiteRoot(dir),
      publisher: { markDirty: () => {} },
      pages: astroPageRenderer(() => fakeAstroApp(), null),
      dataDir: dir,
      google: null,
    });
    // Nothing listens there: the request goes on, and the message waits in the queue.
    await deps.mailer.send({ to: "queued@b.pk", subject: "Hi", text: "t", html: "t" });
    const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.recipient, "queued@b.pk"));
    expect(row).toMatchObject({ sentAt: null, attempts: 1, lastError: "fetch failed" });
  });
});

describe("the scheduled publish check", () => {
  it("does nothing while the pages are as new as the data", async () => {
    await markDataChanged(db);
    const { getDataVersion } = await import("../../db/queries/site-meta.ts");
    const v = await getDataVersion(db);
    const calls: string[] = [];
    const r = await checkPublish(
      db,
      fakeJsonAssets(v),
      { url: "https://ci.example/hook" },
      new Date(),
      async (u) => {
        calls.push(u instanceof Request ? u.url : String(u));
        return new Response("{}");
      },
    );
    expect(r.action).toBe("fresh");
    expect(calls).toEqual([]);
  });

  it("asks CI once per data version, and again after the retry interval", async () => {
    const { getDataVersion } = await import("../../db/queries/site-meta.ts");
    await markDataChanged(db);
    const current = await getDataVersion(db);
    const bodies: unknown[] = [];
    const hookFetch: typeof fetch = async (_u, init) => {
      bodies.push(JSON.parse(await new Response(init?.body).text()));
      expect(new Headers(init?.headers).get("Authorization")).toBe("Bearer gh-token");
      return new Response(null, { status: 204 });
    };
    const hook = { url: "https://api.github.com/repos/o/r/dispatches", token: "gh-token" };
    const t0 = new Date("2026-11-22T10:00:00Z");
    expect((await checkPublish(db, fakeJsonAssets(current - 1), hook, t0, hookFetch)).action).toBe(
      "triggered",
    );
    expect(bodies).toEqual([
      {
        event_type: "karkhana-publish",
        client_payload: { dataVersion: current, deployedVersion: current - 1 },
      },
    ]);
    const soon = new Date(t0.getTime() + 60_000);
    expect(
      (await checkPublish(db, fakeJsonAssets(current - 1), hook, soon, hookFetch)).action,
    ).toBe("waiting");
    const later = new Date(t0.getTime() + PUBLISH_RETRY_MS + 1);
    expect(
      (await checkPublish(db, fakeJsonAssets(current - 1), hook, later, hookFetch)).action,
    ).toBe("triggered");
    expect(bodies).toHaveLength(2);
    expect((await checkPublish(db, fakeJsonAssets(current - 1), null, later)).action).toBe(
      "no-hook",
    );
  });

  it("reports a failing hook", async () => {
    const { getDataVersion } = await import("../../db/queries/site-meta.ts");
    await markDataChanged(db);
    const v = await getDataVersion(db);
    await expect(
      checkPublish(
        db,
        fakeJsonAssets(v - 1),
        { url: "https://ci.example/hook" },
        new Date(),
        async () => new Response("bad credentials", { status: 401 }),
      ),
    ).rejects.toThrow("deploy hook answered 401: bad credentials");
  });
});

function fakeJsonAssets(version: number) {
  return {
    async fetch(path: string) {
      return path === "/build-info.json"
        ? new Response(JSON.stringify({ dataVersion: version }))
        : null;
    },
  };
}
