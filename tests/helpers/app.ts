import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrateDb, openDb, type Db } from "../../db/client.ts";
import { seedCategories, seedProviders } from "../../db/seed/index.ts";
import { astroPageRenderer, type PageRenderer } from "../../functions/pages/renderer.ts";
import { fakeAstroApp } from "./fake-pages.ts";
import { createApp } from "../../functions/app.ts";
import { createSession } from "../../functions/auth/session.ts";
import type { GoogleConfig } from "../../functions/auth/google.ts";
import { diskBlobStore } from "../../functions/node/disk-blobs.ts";
import type { SecurityEvent } from "../../functions/lib/events.ts";
import type { AssetStore, BlobStore, MailMessage, Mailer } from "../../functions/ports/types.ts";
import {
  mailQueue,
  type MailQueueOptions,
  type QueuedMailer,
} from "../../functions/lib/queued-mailer.ts";

export const SITE = "http://127.0.0.1:4321";

/** Stand-ins for the built pages the fallbacks serve, recognisable in assertions. */
export const FAKE_PAGES: Record<string, string> = {
  "/404.html": "<!doctype html><title>404</title><h1>404 Page Not Found</h1>",
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
  /** Every message the app sent, oldest first (with the default mail transport). */
  outbox: MailMessage[];
  /** The app's mailer: the mail queue, whose `drain()` sends what is due. */
  mailer: QueuedMailer;
  /** Every security event the app logged, oldest first. */
  events: SecurityEvent[];
  /** Moves the app's clock forward (expiry tests). */
  clockOffset: { ms: number };
  dir: string;
  close(): Promise<void>;
}

/**
 * The real app over a throwaway libSQL file: migrated, categories seeded and,
 * when asked, `providers` deterministic demo providers.
 */
export async function makeTestApp(
  opts: {
    providers?: number;
    google?: GoogleConfig | null;
    siteUrl?: string;
    /** On-demand page rendering (default: a stand-in Astro App, no cache). */
    pages?: PageRenderer;
    /** Wraps the disk blob store (to make it fail, for instance). */
    wrapBlobs?: (disk: BlobStore) => BlobStore;
    /** Another database than the throwaway file (a remote libSQL endpoint, as on the Worker). */
    db?: Db;
    /** What the mail queue sends through (default: pushes onto `outbox`). */
    mailTransport?: Mailer;
    /** The mail queue's timeouts, attempts and body secret. */
    mailQueue?: Omit<MailQueueOptions, "db" | "transport" | "clock" | "logEvent" | "logError">;
  } = {},
): Promise<TestApp> {
  const dir = await mkdtemp(join(tmpdir(), "karkhana-test-"));
  const db = opts.db ?? (await openDb({ url: `file:${join(dir, "test.db")}` }));
  await migrateDb(db);
  await seedCategories(db);
  if (opts.providers) await seedProviders(db, opts.providers);
  const disk = diskBlobStore(join(dir, "media"));
  const blobs = opts.wrapBlobs ? opts.wrapBlobs(disk) : disk;
  const dirty: string[] = [];
  const outbox: MailMessage[] = [];
  const events: SecurityEvent[] = [];
  const clockOffset = { ms: 0 };
  const clock = () => new Date(Date.now() + clockOffset.ms);
  const logEvent = (e: SecurityEvent) => void events.push(e);
  const mailer = mailQueue({
    db,
    transport: opts.mailTransport ?? { send: async (m) => void outbox.push(m) },
    clock,
    logEvent,
    logError: () => undefined,
    ...opts.mailQueue,
  });
  const app = createApp({
    db,
    blobs,
    assets: fakeAssets,
    publisher: { markDirty: (reason) => dirty.push(reason) },
    mailer,
    config: { siteUrl: opts.siteUrl ?? SITE },
    google: opts.google ?? null,
    clock,
    clientIp: (c) => c.req.header("x-test-ip") ?? "127.0.0.1",
    logError: () => undefined,
    logEvent,
    pages: opts.pages ?? astroPageRenderer(() => fakeAstroApp(), null),
  });
  return {
    app,
    db,
    blobs,
    dirty,
    outbox,
    mailer,
    events,
    clockOffset,
    dir,
    async close() {
      db.$client.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Request helpers that act like a same-site browser: JSON, Origin, cookie jar. */
export function client(t: TestApp, ip = "127.0.0.1") {
  let cookie = "";
  async function request(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    const res = await t.app.request(path, {
      method,
      headers: {
        Origin: SITE,
        "x-test-ip": ip,
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        ...(cookie ? { Cookie: cookie } : {}),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    for (const set of res.headers.getSetCookie()) {
      const [pair] = set.split(";");
      const [name, value] = (pair ?? "").split("=");
      if (!name) continue;
      const rest = cookie.split("; ").filter((c) => c && !c.startsWith(`${name}=`));
      cookie = [...rest, ...(value ? [`${name}=${value}`] : [])].join("; ");
    }
    const text = await res.text();
    let json: any;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    return { res, status: res.status, body: json, text };
  }
  /** POST of raw bytes (an upload), like the dashboard's fetch with a Blob body. */
  async function postBytes(
    path: string,
    bytes: Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array>,
    headers: Record<string, string> = {},
  ) {
    const res = await t.app.request(path, {
      method: "POST",
      headers: {
        Origin: SITE,
        "x-test-ip": ip,
        "Content-Type": "application/octet-stream",
        ...(cookie ? { Cookie: cookie } : {}),
        ...headers,
      },
      body: bytes,
      // A stream body needs half duplex in Node's fetch Request.
      ...(bytes instanceof ReadableStream ? { duplex: "half" } : {}),
    });
    const text = await res.text();
    let json: any;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    return { res, status: res.status, body: json, text };
  }
  return {
    request,
    postBytes,
    get: (path: string) => request("GET", path),
    post: (path: string, body?: unknown) => request("POST", path, body ?? {}),
    put: (path: string, body: unknown) => request("PUT", path, body),
    patch: (path: string, body: unknown) => request("PATCH", path, body),
    del: (path: string) => request("DELETE", path),
    get cookie() {
      return cookie;
    },
    /** One cookie's value from the jar (`karkhana_session`, `karkhana_device`). */
    cookieValue(name: string): string | undefined {
      const pair = cookie.split("; ").find((c) => c.startsWith(`${name}=`));
      return pair?.slice(name.length + 1);
    },
    set cookie(v: string) {
      cookie = v;
    },
    async signIn(email: string, password: string) {
      const r = await request("POST", "/api/auth/signin", { email, password });
      if (r.status !== 200) throw new Error(`sign-in failed: ${r.status} ${r.text}`);
      return r;
    },
  };
}

/** A client signed in as `userId` through the database (no password, no sign-in throttle). */
export async function clientAs(t: TestApp, userId: string, ip?: string) {
  const c = client(t, ip);
  const { token } = await createSession(t.db, userId, new Date());
  c.cookie = `karkhana_session=${token}`;
  return c;
}
