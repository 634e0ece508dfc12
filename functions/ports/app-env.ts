/**
 * The app's own types: what its runtime entry hands it (`AppDeps`) and what
 * every handler finds on `c.var` (`AppEnv`). They live beside the ports, not in
 * app.ts, so routes, middleware and helpers can name them without importing
 * the module that imports every route (an import circle through app.ts);
 * hono-open-api-starter keeps its bindings in one types module the same way.
 *
 * A file of its own rather than part of ports/types.ts: the ports there import
 * nothing and each runtime implements them, while these types reach into the
 * database, sessions and search.
 */
import type { Context } from "hono";
import type { Db } from "../../db/client.ts";
import type { GoogleConfig } from "../auth/google.ts";
import type { ValidSession } from "../auth/session.ts";
import type { EventLogger } from "../lib/events.ts";
import type { RateLimiter } from "../lib/rate-limit.ts";
import type { SearchCodec, SearchRunner, SearchService } from "../lib/search-service.ts";
import type { PageRenderer } from "../pages/renderer.ts";
import type { QueuedMailer } from "../lib/queued-mailer.ts";
import type { AssetStore, BlobStore, Publisher } from "./types.ts";
import type { Counter } from "./counter.ts";

/** Everything request-time code needs from its runtime. */
export interface AppDeps {
  db: Db;
  blobs: BlobStore;
  assets: AssetStore;
  publisher: Publisher;
  /** Renders directory pages on demand with the build's components (decision 014). */
  pages: PageRenderer;
  /**
   * The durable mail queue in front of the runtime's transport (decision 018):
   * `send`, or `prepare` + store the row in a transaction + `deliver`.
   */
  mailer: QueuedMailer;
  config: { siteUrl: string };
  /** Google sign-in credentials; null or absent when not configured (the button then answers 503). */
  google?: GoogleConfig | null;
  clock: () => Date;
  /** The caller's IP address as this runtime knows it (for throttling). */
  clientIp: (c: Context) => string;
  /** Where unexpected errors go; console by default. */
  logError?: (err: unknown, context: string) => void;
  /** Where security events go (one JSON line each, functions/lib/events.ts); stdout by default. */
  logEvent?: EventLogger;
  /**
   * Runs a directory search; by default on `db` in this thread. Node runs them
   * in worker threads, so a slow one never holds up other requests.
   */
  searchRunner?: SearchRunner;
  /** Keeps search answers gzipped (Node: nothing in front of it compresses). */
  searchCodec?: SearchCodec;
  /**
   * The per-IP search throttle: in the database by default (every Worker
   * isolate sees it); in memory on the single Node process.
   */
  searchRateLimiter?: RateLimiter;
  /**
   * Where page views, search appearances and taps are counted (decision 019):
   * batched in memory on Node; by default each request's counts are written
   * on their own (the Worker, after the answer).
   */
  counter?: Counter;
}

export interface AppEnv {
  Variables: {
    deps: AppDeps;
    session: ValidSession | null;
    ip: string;
    /** Records a security event with this request's IP filled in. */
    logEvent: EventLogger;
    /** Directory searches, answered from memory while the data is unchanged. */
    search: SearchService;
  };
}
