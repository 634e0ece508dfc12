import { Hono, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import {
  DATABASE_RETRY_AFTER_S,
  DATABASE_UNAVAILABLE,
  isDatabaseUnavailable,
} from "./lib/db-errors.ts";
import { consoleEventLogger } from "./lib/events.ts";
import { HttpError } from "./lib/http.ts";
import { localizeErrors } from "./lib/localize-errors.ts";
import { SECURITY_HEADERS, STRICT_TRANSPORT_SECURITY } from "./lib/security-headers.ts";
import { TooManyRequests } from "./lib/rate-limit.ts";
import { originCheck } from "./middleware/origin.ts";
import { sessionMiddleware } from "./middleware/session.ts";
import type { AppDeps, AppEnv } from "./ports/app-env.ts";
import { adminRoutes } from "./routes/admin.ts";
import { authRoutes } from "./routes/auth.ts";
import { categoryAdminRoutes } from "./routes/category-admin.ts";
import { categoryRoutes } from "./routes/categories.ts";
import { favoriteRoutes } from "./routes/favorites.ts";
import { galleryRoutes } from "./routes/gallery.ts";
import { healthRoutes } from "./routes/health.ts";
import { SearchService } from "./lib/search-service.ts";
import { listPublicProviders } from "../db/queries/providers.ts";
import { mediaRoutes } from "./routes/media.ts";
import { privateMediaRoutes } from "./routes/private-media.ts";
import { myProviderRoutes } from "./routes/my-provider.ts";
import { oauthRoutes } from "./routes/oauth.ts";
import { notFoundPage, pageRoutes } from "./routes/pages.ts";
import { formRoutes } from "./routes/forms.ts";
import { providerRoutes } from "./routes/providers.ts";
import { searchRoutes } from "./routes/search.ts";
import { serviceRoutes } from "./routes/services.ts";
import { suggestionRoutes } from "./routes/suggestions.ts";
import { UPLOAD_FILE_PATH, uploadRoutes } from "./routes/uploads.ts";
import { apiDocsRoutes } from "./routes/api-docs.ts";
import { leadRoutes, providerLeadRoutes } from "./routes/leads.ts";
import { adminLeadRoutes } from "./routes/admin-leads.ts";
import { claimRoutes } from "./routes/claims.ts";
import { adminClaimRoutes } from "./routes/admin-claims.ts";
import { eventRoutes } from "./routes/events.ts";
import { adminInsightsRoutes, providerInsightsRoutes } from "./routes/insights.ts";
import { editRoutes, ownerEditRoutes } from "./routes/edits.ts";
import { adminEditRoutes } from "./routes/admin-edits.ts";

const isApi = (path: string) => path === "/api" || path.startsWith("/api/");

/**
 * The one Hono app both runtime entries mount: the JSON API under /api, images
 * under /media, and the page fallbacks. Tests build it with throwaway ports.
 */
export function createApp(deps: AppDeps) {
  const logError = deps.logError ?? ((err, ctx) => console.error(`[karkhana] ${ctx}`, err));
  const logEvent = deps.logEvent ?? consoleEventLogger;
  const app = new Hono<AppEnv>();
  const siteIsHttps = deps.config.siteUrl.startsWith("https:");
  const search = new SearchService(
    deps.db,
    deps.searchRunner ?? ((q) => listPublicProviders(deps.db, q)),
    deps.searchCodec ? { codec: deps.searchCodec, maxBytes: 64 * 2 ** 20 } : {},
  );

  app.use(async (c, next) => {
    c.set("deps", deps);
    c.set("search", search);
    c.set("session", null);
    c.set("ip", deps.clientIp(c));
    c.set("logEvent", (e) => logEvent({ ip: c.var.ip, ...e }));
    await next();
    if (isApi(c.req.path)) {
      c.header("X-Content-Type-Options", "nosniff");
      if (!c.res.headers.has("Cache-Control")) c.header("Cache-Control", "no-store");
    } else if (c.res.headers.get("Content-Type")?.startsWith("text/html")) {
      // The 404 page and the fallbacks' shells: the same headers as the static pages.
      // A Response from the Workers assets binding has immutable headers: copy it.
      const res = new Response(c.res.body, c.res);
      for (const [k, v] of Object.entries(SECURITY_HEADERS)) res.headers.set(k, v);
      c.res = res;
    }
    // Only over https (a browser ignores it on http anyway, RFC 6797 §8.1): a plain-http local
    // run must not pin localhost to https. Behind a TLS proxy the request itself is http.
    if (siteIsHttps || c.req.url.startsWith("https:")) {
      c.res.headers.set("Strict-Transport-Security", STRICT_TRANSPORT_SECURITY);
    }
  });

  // First of the API's steps, so it sees every answer, the refusals of the ones below included.
  app.use("/api/*", localizeErrors);
  app.use("/api/*", originCheck);
  const jsonBodyLimit: MiddlewareHandler<AppEnv> = bodyLimit({
    maxSize: 64 * 1024,
    onError: (c) => c.json({ error: "Request body too large" }, 413),
  });
  // Image uploads carry up to 5 MB and have their own limit (routes/uploads.ts).
  const apiBodyLimit: MiddlewareHandler<AppEnv> = (c, next) =>
    c.req.path === UPLOAD_FILE_PATH ? next() : jsonBodyLimit(c, next);
  app.use("/api/*", apiBodyLimit);
  app.use("/api/*", sessionMiddleware);

  const routes = app
    .route("/api/health", healthRoutes)
    .route("/api/auth", authRoutes)
    .route("/api/auth", oauthRoutes)
    .route("/api/favorites", favoriteRoutes)
    .route("/api/service-categories", categoryRoutes)
    .route("/api/service-categories", categoryAdminRoutes)
    .route("/api/providers/gallery", galleryRoutes)
    .route("/api/providers", providerRoutes)
    .route("/api/my-provider/leads", providerLeadRoutes)
    .route("/api/my-provider/insights", providerInsightsRoutes)
    .route("/api/my-provider/edits", ownerEditRoutes)
    .route("/api/my-provider", myProviderRoutes)
    .route("/api/leads", leadRoutes)
    .route("/api/events", eventRoutes)
    .route("/api/services", serviceRoutes)
    .route("/api/suggestions", suggestionRoutes)
    .route("/api/edits", editRoutes)
    .route("/api/search", searchRoutes)
    .route("/api/uploads", uploadRoutes)
    .route("/api/media", privateMediaRoutes)
    .route("/api/claims", claimRoutes)
    .route("/api/admin/claims", adminClaimRoutes)
    .route("/api/admin/leads", adminLeadRoutes)
    .route("/api/admin/insights", adminInsightsRoutes)
    .route("/api/admin/edits", adminEditRoutes)
    .route("/api/admin", adminRoutes)
    .route(
      "/api",
      apiDocsRoutes(() => app),
    )
    .route("/media", mediaRoutes)
    // The auth forms sent before their script ran (decision 027).
    .route(
      "/",
      formRoutes(() => app),
    )
    .route("/", pageRoutes);

  app.notFound((c) => {
    if (isApi(c.req.path)) return c.json({ error: "Not found" }, 404);
    return notFoundPage(c);
  });

  app.onError((err, c) => {
    if (err instanceof TooManyRequests) {
      c.header("Retry-After", String(err.retryAfter));
      return c.json({ error: err.message }, 429);
    }
    if (err instanceof HttpError) {
      if (!isApi(c.req.path) && err.status === 404) return notFoundPage(c);
      return c.json({ error: err.message }, err.status);
    }
    if (err instanceof HTTPException) {
      return c.json({ error: err.message || "Request failed" }, err.status);
    }
    logError(err, `${c.req.method} ${c.req.path}`);
    if (isDatabaseUnavailable(err)) {
      // Nothing was changed (the database was not reached): try again shortly.
      c.header("Retry-After", String(DATABASE_RETRY_AFTER_S));
      return c.json({ error: DATABASE_UNAVAILABLE }, 503);
    }
    return c.json({ error: "Internal server error" }, 500);
  });

  return routes;
}

export type AppType = ReturnType<typeof createApp>;
