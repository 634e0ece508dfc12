import { Hono } from "hono";
import { z } from "zod";
import { listCategories } from "../../db/queries/categories.ts";
import { categorySchema } from "../../src/lib/api-schemas.ts";
import type { AppEnv } from "../ports/app-env.ts";
import { ANYONE, route } from "../openapi/describe.ts";

export const categoryRoutes = new Hono<AppEnv>().get(
  "/",
  route(
    {
      summary: "List the service categories",
      description: "Every category, by name.",
      tags: ["Directory"],
      roles: ANYONE,
      ok: { 200: { description: "The categories.", schema: z.array(categorySchema) } },
    },
    "get",
  ),
  async (c) => {
    return c.json(await listCategories(c.var.deps.db), 200);
  },
);
