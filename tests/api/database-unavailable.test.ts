/**
 * The database out of reach (the remote libSQL endpoint stopped, as when
 * Turso is down): the API answers 503 JSON with Retry-After instead of 500,
 * built pages keep being served, and everything works again by itself once
 * the database is back.
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openRemoteDb } from "../../db/remote.ts";
import { createProvider } from "../../db/seed/factories.ts";
import { DATABASE_UNAVAILABLE, isDatabaseUnavailable } from "../../functions/lib/db-errors.ts";
import { nodeHandler } from "../../functions/node/server.ts";
import { makeWorker, type WorkerBindings } from "../../functions/worker.ts";
import { fakeAstroApp } from "../helpers/fake-pages.ts";
import { SiteRoot } from "../../functions/node/static-site.ts";
import { startHranaServer, type HranaServer } from "../fixtures/hrana-server.ts";
import { makeTestApp, type TestApp } from "../helpers/app.ts";

const TOKEN = "down-token";
let dir: string;
let port: number;
let remote: HranaServer | null = null;
let t: TestApp;

/** A port nobody uses, so the endpoint can come back at the same address. */
async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  const { port: p } = s.address() as { port: number };
  await new Promise((r) => s.close(r));
  return p;
}

const up = async () => {
  remote = await startHranaServer({ file: join(dir, "remote.db"), token: TOKEN, port });
};
const down = async () => {
  await remote?.close();
  remote = null;
};

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "karkhana-down-"));
  port = await freePort();
  await up();
  const db = openRemoteDb({ url: `http://127.0.0.1:${port}`, authToken: TOKEN });
  const { migrateDb } = await import("../../db/client.ts");
  await migrateDb(db);
  t = await makeTestApp({ db });
  await createProvider(t.db, { companyName: "Multan Blue Pottery", city: "Multan" });
}, 60_000);

afterAll(async () => {
  await down();
  await rm(dir, { recursive: true, force: true });
});

describe("the database out of reach", () => {
  it("the API answers 503 with Retry-After, and recovers by itself", async () => {
    expect((await t.app.request("/api/providers?search=pottery")).status).toBe(200);

    await down();
    for (const path of [
      "/api/providers?search=pottery",
      "/api/health",
      "/api/service-categories",
    ]) {
      const res = await t.app.request(path);
      expect(res.status, path).toBe(503);
      expect(res.headers.get("Retry-After"), path).toBe("5");
      expect(await res.json(), path).toEqual({ error: DATABASE_UNAVAILABLE });
    }

    await up();
    const back = await t.app.request("/api/providers?search=pottery");
    expect(back.status).toBe(200);
    expect(((await back.json()) as { companyName: string }[])[0]?.companyName).toBe(
      "Multan Blue Pottery",
    );
  });

  it("built pages keep being served by the Node server", async () => {
    const site = join(dir, "site");
    await mkdir(join(site, "pk"), { recursive: true });
    await writeFile(join(site, "pk", "index.html"), "<!doctype html><title>Pakistan</title>");
    const handler = nodeHandler(new SiteRoot(site), t.app, { siteUrl: "http://127.0.0.1" });
    await down();
    try {
      const page = await handler.request("/pk");
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("<title>Pakistan</title>");
      expect((await handler.request("/api/health")).status).toBe(503);
    } finally {
      await up();
    }
  });

  it("the Worker serves a built page and answers its API 503 while the database is away", async () => {
    const worker = makeWorker(fakeAstroApp());
    const pages: Record<string, string> = {
      "/build-info.json": JSON.stringify({ dataVersion: 1 }),
      "/pk/multan": "<!doctype html><title>Multan</title>",
    };
    const env = {
      ASSETS: {
        async fetch(input: Request | string) {
          const path = new URL(typeof input === "string" ? input : input.url).pathname;
          const body = pages[path];
          return body === undefined
            ? new Response("not found", { status: 404 })
            : new Response(body, { headers: { "Content-Type": "text/html; charset=utf-8" } });
        },
      },
      MEDIA: {} as WorkerBindings["MEDIA"],
      DATABASE_URL: `http://127.0.0.1:${port}`,
      DATABASE_AUTH_TOKEN: TOKEN,
      PUBLIC_SITE_URL: "https://karkhana.example",
    } as WorkerBindings;
    const ctx = { waitUntil: () => {} };
    await down();
    try {
      const page = await worker.fetch(new Request("https://karkhana.example/pk/multan"), env, ctx);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("<title>Multan</title>");
      const api = await worker.fetch(new Request("https://karkhana.example/api/health"), env, ctx);
      expect(api.status).toBe(503);
      expect(api.headers.get("Retry-After")).toBe("5");
    } finally {
      await up();
    }
    const again = await worker.fetch(new Request("https://karkhana.example/api/health"), env, ctx);
    expect(again.status).toBe(200);
  });

  it("tells a failed connection from a failed query", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" });
    const fetchFailed = new TypeError("fetch failed", { cause: refused });
    const wrapped = new Error("Failed query: SELECT 1", { cause: fetchFailed });
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
    expect(isDatabaseUnavailable(new TypeError("Network connection lost."))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("x"), { code: "SERVER_ERROR" }))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(new Error("no such table: nope"))).toBe(false);
    expect(
      isDatabaseUnavailable(
        Object.assign(new Error("UNIQUE constraint"), { code: "SQLITE_CONSTRAINT" }),
      ),
    ).toBe(false);
  });
});
