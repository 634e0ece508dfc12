import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrateDb, openDb, type Db } from "../../db/client.ts";
import { seedCategories, seedProviders } from "../../db/seed/index.ts";
import { createApp } from "../../functions/app.ts";
import { diskBlobStore } from "../../functions/node/disk-blobs.ts";
import type { AssetStore, BlobStore } from "../../functions/ports/types.ts";

/** Stand-ins for the built pages the fallbacks serve, recognisable in assertions. */
export const FAKE_PAGES: Record<string, string> = {
  "/404.html": "<!doctype html><title>404</title><h1>404 Page Not Found</h1>",
  "/_live/provider/index.html": "<!doctype html><title>live provider</title>",
  "/_live/listing/index.html": "<!doctype html><title>live listing</title>",
};

const fakeAssets: AssetStore = {
  async fetch(path) {
    const html = FAKE_PAGES[path];
    return html === undefined
      ? null
      : new Response(html, { headers: { "Content-Type": "text/html" } });
  },
};

export interface TestApp {
  app: ReturnType<typeof createApp>;
  db: Db;
  blobs: BlobStore;
  dirty: string[];
  dir: string;
  close(): Promise<void>;
}

/**
 * The real app over a throwaway libSQL file: migrated, categories seeded and,
 * when asked, `providers` deterministic demo providers.
 */
export async function makeTestApp(opts: { providers?: number } = {}): Promise<TestApp> {
  const dir = await mkdtemp(join(tmpdir(), "karkhana-test-"));
  const db = await openDb({ url: `file:${join(dir, "test.db")}` });
  await migrateDb(db);
  await seedCategories(db);
  if (opts.providers) await seedProviders(db, opts.providers);
  const blobs = diskBlobStore(join(dir, "media"));
  const dirty: string[] = [];
  const app = createApp({
    db,
    blobs,
    assets: fakeAssets,
    publisher: { markDirty: (reason) => dirty.push(reason) },
    config: { siteUrl: "http://127.0.0.1:4321" },
    clock: () => new Date(),
    logError: () => undefined,
  });
  return {
    app,
    db,
    blobs,
    dirty,
    dir,
    async close() {
      db.$client.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
