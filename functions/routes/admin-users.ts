import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import {
  listAdminUsers,
  OWNER_TO_CUSTOMER,
  SELF_DEMOTION,
  updateUserRole,
} from "../../db/queries/admin-users.ts";
import { users } from "../../db/schema.ts";
import { adminUserListQuerySchema, userRoleUpdateSchema } from "../../src/lib/admin-schemas.ts";
import { adminUserSchema } from "../../src/lib/api-schemas.ts";
import type { AppEnv } from "../ports/app-env.ts";
import { ADMINS, jsonBody, PAGE_HEADERS, paramsOf, queryOf, route } from "../openapi/describe.ts";
import { HttpError, parseJson, parseParam, parseQuery } from "../lib/http.ts";
import { requireRole } from "../middleware/session.ts";
import { setPageHeaders } from "./admin-providers.ts";

const idParam = z.uuid().transform((s) => s.toLowerCase());
const NOT_FOUND = "User not found";
const tags = ["Admin"];

/**
 * Manage Users, mounted at /api/admin/users.
 * Admins only: 401 signed out, 403 others.
 */
export const adminUserRoutes = new Hono<AppEnv>()
  .get(
    "/",
    route(
      {
        summary: "List users",
        description:
          "Oldest first; `q` matches email, first or last name. Paged like GET /api/providers (headers).",
        tags,
        roles: ADMINS,
        ok: {
          200: {
            description: "One page of users.",
            schema: z.array(adminUserSchema),
            headers: PAGE_HEADERS,
          },
        },
        errors: { 400: "`Invalid query: …`." },
      },
      "get",
    ),
    queryOf(adminUserListQuerySchema),
    async (c) => {
      requireRole(c, "admin");
      const q = parseQuery(c, adminUserListQuerySchema);
      const page = await listAdminUsers(c.var.deps.db, q);
      setPageHeaders(c, q, page);
      return c.json(page.items, 200);
    },
  )
  // A role change applies from the user's next request: the session reads the role each time.
  .patch(
    "/:id",
    route(
      {
        summary: "Change a user's role",
        description: "Applies from the user's next request.",
        tags,
        roles: ADMINS,
        ok: { 200: { description: "The user as they are now.", schema: adminUserSchema } },
        errors: {
          400: "A field is invalid or the body is not JSON.",
          404: "`User not found` (or not a UUID).",
          409: "An admin taking their own admin role away, or making a provider's owner a customer.",
        },
      },
      "write",
    ),
    paramsOf(z.object({ id: idParam })),
    jsonBody(userRoleUpdateSchema),
    async (c) => {
      const admin = requireRole(c, "admin");
      const id = parseParam(c, "id", idParam, 404, NOT_FOUND);
      const { role } = await parseJson(c, userRoleUpdateSchema);
      const { db, clock } = c.var.deps;
      // Read for the security log only (the update checks again in its transaction).
      const [before] = await db.select({ role: users.role }).from(users).where(eq(users.id, id));
      const result = await updateUserRole(db, id, role, admin.id, clock());
      if (result.kind === "not-found") throw new HttpError(404, NOT_FOUND);
      if (result.kind === "self-demotion") throw new HttpError(409, SELF_DEMOTION);
      if (result.kind === "owns-provider") throw new HttpError(409, OWNER_TO_CUSTOMER);
      if (result.changed) {
        c.var.logEvent({
          event: "role.changed",
          userId: id,
          by: admin.id,
          from: before?.role ?? null,
          to: role,
        });
      }
      return c.json(result.user, 200);
    },
  );
