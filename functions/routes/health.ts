import { sql } from "drizzle-orm";
import { Hono } from "hono";
import type { AppEnv } from "../ports/app-env.ts";

export const healthRoutes = new Hono<AppEnv>().get("/", async (c) => {
  // Touch the database so "ok" means the server can really serve.
  await c.var.deps.db.run(sql`SELECT 1`);
  c.header("Cache-Control", "no-store");
  return c.json({ ok: true }, 200);
});
