import { sql } from "drizzle-orm";
import { Hono } from "hono";
import { healthSchema } from "../../src/lib/api-schemas.ts";
import type { AppEnv } from "../ports/app-env.ts";
import { ANYONE, route } from "../openapi/describe.ts";

export const healthRoutes = new Hono<AppEnv>().get(
  "/",
  route(
    {
      summary: "Health check",
      description: "`ok` once the server can reach its database (503 otherwise).",
      tags: ["Meta"],
      roles: ANYONE,
      ok: { 200: { description: "The server can serve.", schema: healthSchema } },
    },
    "get",
  ),
  async (c) => {
    // Touch the database so "ok" means the server can really serve.
    await c.var.deps.db.run(sql`SELECT 1`);
    c.header("Cache-Control", "no-store");
    return c.json({ ok: true }, 200);
  },
);
