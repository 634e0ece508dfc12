import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../ports/app-env.ts";

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Whether a state-changing request comes from this site: its Origin equals
 * the site's (or the request's own origin). A missing Origin is refused too;
 * browsers send it on every cross-origin request, on same-origin fetch POSTs
 * and on form POSTs.
 */
export function fromThisSite(c: Context<AppEnv>): boolean {
  const origin = c.req.header("Origin");
  const allowed = [new URL(c.var.deps.config.siteUrl).origin, new URL(c.req.url).origin];
  return origin !== undefined && allowed.includes(origin);
}

/**
 * CSRF defence for the JSON API: a state-changing request must come from this
 * site (fromThisSite). Hono's `csrf` only looks at form submissions. The
 * pages' form handlers check the same (functions/routes/forms.ts).
 */
export const originCheck: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (SAFE.has(c.req.method)) return next();
  if (!fromThisSite(c)) return c.json({ error: "Cross-site request refused" }, 403);
  return next();
};
