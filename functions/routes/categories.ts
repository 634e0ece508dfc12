import { Hono } from "hono";
import { listCategories } from "../../db/queries/categories.ts";
import type { AppEnv } from "../ports/app-env.ts";

export const categoryRoutes = new Hono<AppEnv>().get("/", async (c) => {
  return c.json(await listCategories(c.var.deps.db), 200);
});
