import { Hono } from "hono";
import { z } from "zod";
import {
  CATEGORY_NAME_TAKEN,
  createCategory,
  deleteCategory,
  updateCategory,
} from "../../db/queries/admin.ts";
import { categoryCreateSchema, categoryUpdateSchema } from "../../src/lib/admin-schemas.ts";
import type { AppEnv } from "../ports/app-env.ts";
import { HttpError, parseJson, parseParam } from "../lib/http.ts";
import { requireRole } from "../middleware/session.ts";

const idParam = z.uuid();

/** Slug-less names ("!!!") would give every such category the same empty slug. */
function requireSluggable(name: string | undefined) {
  if (name !== undefined && !/[\p{L}\p{N}]/u.test(name)) {
    throw new HttpError(400, "name: Name must contain a letter or digit");
  }
}

/**
 * Service category management (issue 5, spec §7 Admin), mounted beside the
 * public list at /api/service-categories. Admins only: 401 signed out, 403 others.
 */
export const categoryAdminRoutes = new Hono<AppEnv>()
  .post("/", async (c) => {
    const admin = requireRole(c, "admin");
    const input = await parseJson(c, categoryCreateSchema);
    requireSluggable(input.name);
    const { db, clock, publisher } = c.var.deps;
    const result = await createCategory(db, input, admin.id, clock());
    if (result.kind === "name-taken") throw new HttpError(409, CATEGORY_NAME_TAKEN);
    if (result.kind === "not-found") throw new HttpError(404, "Category not found");
    publisher.markDirty(`category ${result.category.id} created`);
    return c.json(result.category, 201);
  })
  .patch("/:id", async (c) => {
    const admin = requireRole(c, "admin");
    const id = parseParam(c, "id", idParam, 404, "Category not found");
    const input = await parseJson(c, categoryUpdateSchema);
    requireSluggable(input.name);
    const { db, clock, publisher } = c.var.deps;
    const result = await updateCategory(db, id, input, admin.id, clock());
    if (result.kind === "name-taken") throw new HttpError(409, CATEGORY_NAME_TAKEN);
    if (result.kind === "not-found") throw new HttpError(404, "Category not found");
    publisher.markDirty(`category ${id} updated`);
    return c.json(result.category, 200);
  })
  .delete("/:id", async (c) => {
    const admin = requireRole(c, "admin");
    const id = parseParam(c, "id", idParam, 404, "Category not found");
    const { db, clock, publisher } = c.var.deps;
    const result = await deleteCategory(db, id, admin.id, clock());
    if (result.kind === "not-found") throw new HttpError(404, "Category not found");
    if (result.kind === "in-use") {
      const n = result.services;
      throw new HttpError(
        409,
        `This category is used by ${n} ${n === 1 ? "service" : "services"} and cannot be deleted.`,
      );
    }
    publisher.markDirty(`category ${id} deleted`);
    return c.json({ id, deleted: true }, 200);
  });
