import { getConnInfo } from "@hono/node-server/conninfo";
import { join } from "node:path";
import type { Db } from "../../db/client.ts";
import { gunzipSync, gzipSync } from "node:zlib";
import { memoryRateLimiter, type MemoryRateLimiter } from "../lib/rate-limit.ts";
import { bufferedCounter, type BufferedCounter } from "../lib/counter.ts";
import type { SearchRunner } from "../lib/search-service.ts";
import type { AppDeps } from "../ports/app-env.ts";
import type { GoogleConfig } from "../auth/google.ts";
import { siteUrl, type Env } from "../config.ts";
import { clientIpKey, forwardedClientIp } from "../lib/client-ip.ts";
import { httpMailer } from "../lib/http-mailer.ts";
import { mailQueue, type QueuedMailer } from "../lib/queued-mailer.ts";
import type { PageRenderer } from "../pages/renderer.ts";
import type { Publisher } from "../ports/types.ts";
import { diskBlobStore } from "./disk-blobs.ts";
import { outboxMailer } from "./outbox-mailer.ts";
import { diskAssets, type SiteRoot } from "./static-site.ts";

/**
 * The Node runtime's ports: blobs on disk under DATA_DIR/media, the live built
 * site, the mail queue in front of the HTTP mail API (MAIL_API_URL) or else the
 * outbox folder, and the socket's address
 * as the client IP (with TRUST_PROXY, the right-most X-Forwarded-For hop),
 * IPv6 clients keyed by their /64.
 */
export function nodeDeps(
  env: Env,
  parts: {
    db: Db;
    site: SiteRoot;
    publisher: Publisher;
    pages: PageRenderer;
    dataDir: string;
    google: GoogleConfig | null;
    searchRunner?: SearchRunner;
  },
): AppDeps & {
  mailer: QueuedMailer;
  counter: BufferedCounter;
  searchRateLimiter: MemoryRateLimiter;
} {
  const transport = env.MAIL_API_URL
    ? httpMailer({
        url: env.MAIL_API_URL,
        apiKey: env.MAIL_API_KEY ?? "",
        from: env.MAIL_FROM ?? "Karkhana <no-reply@karkhana.pk>",
      })
    : outboxMailer(join(parts.dataDir, "outbox"));
  const clock = () => new Date();
  return {
    ...(parts.searchRunner ? { searchRunner: parts.searchRunner } : {}),
    searchRateLimiter: memoryRateLimiter(),
    // One process: counts add up in memory and are written every few seconds (decision 019).
    counter: bufferedCounter(parts.db),
    searchCodec: {
      gzip: (json) => new Uint8Array(gzipSync(json)),
      gunzip: (bytes) => gunzipSync(bytes).toString("utf8"),
    },
    db: parts.db,
    blobs: diskBlobStore(join(parts.dataDir, "media")),
    assets: diskAssets(parts.site),
    publisher: parts.publisher,
    pages: parts.pages,
    // Bodies are sealed with a key derived from the mail API key (decision 018).
    mailer: mailQueue({ db: parts.db, transport, clock, secret: env.MAIL_API_KEY }),
    config: { siteUrl: siteUrl(env) },
    google: parts.google,
    clock,
    // The local server faces the browser directly; behind a proxy, trust only the hop it added.
    clientIp: (c) =>
      clientIpKey(
        (env.TRUST_PROXY ? forwardedClientIp(c.req.header("x-forwarded-for")) : undefined) ??
          getConnInfo(c).remote.address,
      ),
  };
}
