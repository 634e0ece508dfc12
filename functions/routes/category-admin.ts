import { Hono } from "hono";
import { z } from "zod";
import {
  CATEGORY_NAME_TAKEN,
  createCategory,
  deleteCategory,
  updateCategory,
} from "../../db/queries/admin.ts";
import { categoryCreateSchema, categoryUpdateSchema } from "../../src/lib/admin-schemas.ts";
import { categorySchema, deletedSchema } from "../../src/lib/api-schemas.ts";
import type { AppEnv } from "../ports/app-env.ts";
import { ADMINS, jsonBody, paramsOf, route } from "../openapi/describe.ts";
import { HttpError, parseJson, parseParam } from "../lib/http.ts";
import { requireRole } from "../middleware/session.ts";

const idParam = z.uuid();
const tags = ["Admin"];
const params = paramsOf(z.object({ id: idParam }));
const badName =
  "A field is invalid, the body is not JSON, or `name: Name must contain a letter or digit`.";

/** Slug-less names ("!!!") would give every such category the same empty slug. */
function requireSluggable(name: string | undefined) {
  if (name !== undefined && !/[\p{L}\p{N}]/u.test(name)) {
    throw new HttpError(400, "name: Name must contain a letter or digit");
  }
}

/**
 * Service category management, mounted beside the
 * public list at /api/service-categories. Admins only: 401 signed out, 403 others.
 */
export const categoryAdminRoutes = new Hono<AppEnv>()
  .post(
    "/",
    route(
      {
        summary: "Create a service category",
        tags,
        roles: ADMINS,
        ok: { 201: { description: "The new category.", schema: categorySchema } },
        errors: { 400: badName, 409: "A category with this name exists already." },
      },
      "write",
    ),
    jsonBody(categoryCreateSchema),
    async (c) => {
      const admin = requireRole(c, "admin");
      const input = await parseJson(c, categoryCreateSchema);
      requireSluggable(input.name);
      const { db, clock, publisher } = c.var.deps;
      const result = await createCategory(db, input, admin.id, clock());
      if (result.kind === "name-taken") throw new HttpError(409, CATEGORY_NAME_TAKEN);
      if (result.kind === "not-found") throw new HttpError(404, "Category not found");
      publisher.markDirty(`category ${result.category.id} created`);
      return c.json(result.category, 201);
    },
  )
  .patch(
    "/:id",
    route(
      {
        summary: "Change a service category",
        description:
          "Any subset of name, description, icon and the Urdu name and description (at least one).",
        tags,
        roles: ADMINS,
        ok: { 200: { description: "The category as it is now.", schema: categorySchema } },
        errors: {
          400: badName,
          404: "`Category not found` (or not a UUID).",
          409: "A category with this name exists already.",
        },
      },
      "write",
    ),
    params,
    jsonBody(categoryUpdateSchema),
    async (c) => {
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
    },
  )
  .delete(
    "/:id",
    route(
      {
        summary: "Delete a service category",
        tags,
        roles: ADMINS,
        ok: { 200: { description: "Deleted.", schema: deletedSchema } },
        errors: {
          404: "`Category not found` (or not a UUID).",
          409: "The category is used by services and cannot be deleted.",
        },
      },
      "write",
    ),
    params,
    async (c) => {
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
    },
  );
