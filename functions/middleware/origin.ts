import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../ports/app-env.ts";

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * CSRF defence for the JSON API: a state-changing request must carry an Origin
 * equal to the site's (or the request's own origin). A missing Origin is
 * refused too; browsers always send it on cross-origin and on same-origin
 * fetch POSTs. (Hono's `csrf` only looks at form submissions.)
 */
export const originCheck: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (SAFE.has(c.req.method)) return next();
  const origin = c.req.header("Origin");
  const allowed = [new URL(c.var.deps.config.siteUrl).origin, new URL(c.req.url).origin];
  if (!origin || !allowed.includes(origin)) {
    return c.json({ error: "Cross-site request refused" }, 403);
  }
  return next();
};
