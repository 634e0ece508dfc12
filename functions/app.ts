import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import type { Db } from "../db/client.ts";
import { HttpError } from "./lib/http.ts";
import type { AssetStore, BlobStore, Publisher } from "./ports/types.ts";
import { categoryRoutes } from "./routes/categories.ts";
import { healthRoutes } from "./routes/health.ts";
import { mediaRoutes } from "./routes/media.ts";
import { notFoundPage, pageRoutes } from "./routes/pages.ts";
import { providerRoutes } from "./routes/providers.ts";

/** Everything request-time code needs from its runtime. */
export interface AppDeps {
  db: Db;
  blobs: BlobStore;
  assets: AssetStore;
  publisher: Publisher;
  config: { siteUrl: string };
  clock: () => Date;
  /** Where unexpected errors go; console by default. */
  logError?: (err: unknown, context: string) => void;
}

export interface AppEnv {
  Variables: { deps: AppDeps };
}

const isApi = (path: string) => path === "/api" || path.startsWith("/api/");

/**
 * The one Hono app both runtime entries mount: the JSON API under /api, images
 * under /media, and the page fallbacks. Tests build it with throwaway ports.
 */
export function createApp(deps: AppDeps) {
  const logError = deps.logError ?? ((err, ctx) => console.error(`[karkhana] ${ctx}`, err));
  const app = new Hono<AppEnv>();

  app.use(async (c, next) => {
    c.set("deps", deps);
    await next();
    if (isApi(c.req.path)) {
      c.header("X-Content-Type-Options", "nosniff");
      if (!c.res.headers.has("Cache-Control")) c.header("Cache-Control", "no-store");
    }
  });

  const routes = app
    .route("/api/health", healthRoutes)
    .route("/api/service-categories", categoryRoutes)
    .route("/api/providers", providerRoutes)
    .route("/media", mediaRoutes)
    .route("/", pageRoutes);

  app.notFound((c) => {
    if (isApi(c.req.path)) return c.json({ error: "Not found" }, 404);
    return notFoundPage(c);
  });

  app.onError((err, c) => {
    if (err instanceof HttpError) {
      if (!isApi(c.req.path) && err.status === 404) return notFoundPage(c);
      return c.json({ error: err.message }, err.status);
    }
    if (err instanceof HTTPException) {
      return c.json({ error: err.message || "Request failed" }, err.status);
    }
    logError(err, `${c.req.method} ${c.req.path}`);
    return c.json({ error: "Internal server error" }, 500);
  });

  return routes;
}

export type AppType = ReturnType<typeof createApp>;
