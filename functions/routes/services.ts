import { Hono } from "hono";
import { z } from "zod";
import {
  categoryExists,
  deleteService,
  findProviderRow,
  findService,
  findServiceOwner,
  insertService,
  updateService,
} from "../../db/queries/provider-writes.ts";
import { serviceCreateSchema, serviceUpdateSchema } from "../../src/lib/provider-schemas.ts";
import { uuidSchema } from "../../src/lib/schemas.ts";
import { okSchema, servicePublicSchema } from "../../src/lib/api-schemas.ts";
import type { AppEnv } from "../ports/app-env.ts";
import { HttpError, parseJson, parseParam } from "../lib/http.ts";
import { assertCanManage } from "../lib/provider-access.ts";
import { throttleProviderWrite } from "../lib/write-throttle.ts";
import { requireRole, requireUser } from "../middleware/session.ts";
import { jsonBody, paramsOf, PROVIDERS, route } from "../openapi/describe.ts";

const NOT_FOUND = "Service not found";
const UNKNOWN_CATEGORY = "Unknown category";
const tags = ["Provider self-service"];
const idParam = paramsOf(z.object({ id: uuidSchema }));
const writeLimit =
  "Counted against the account's write limit (not for admins). Owner of the service's provider or admin.";
const notOwner = "`Forbidden`: not the provider's owner (and not an admin).";

/**
 * A provider's services (the dashboard's Services tab): add, edit (PATCH),
 * delete. Owner of the service's provider or admin.
 */
export const serviceRoutes = new Hono<AppEnv>()
  .post(
    "/",
    route(
      {
        summary: "Add a service to a provider",
        description: writeLimit,
        tags,
        roles: PROVIDERS,
        limited: true,
        ok: { 201: { description: "The new service.", schema: servicePublicSchema } },
        errors: {
          400: "A field is invalid, the body is not JSON, or `Unknown category`.",
          403: "`Forbidden`: a customer, or not the provider's owner (and not an admin).",
          404: "`Provider not found`.",
        },
      },
      "write",
    ),
    jsonBody(serviceCreateSchema),
    async (c) => {
      const user = requireRole(c, "provider", "admin");
      await throttleProviderWrite(c, user);
      const input = await parseJson(c, serviceCreateSchema);
      const { db, clock, publisher } = c.var.deps;
      const providerId = input.providerId.toLowerCase();
      const provider = await findProviderRow(db, providerId);
      if (!provider) throw new HttpError(404, "Provider not found");
      assertCanManage(user, provider);
      const categoryId = input.categoryId.toLowerCase();
      if (!(await categoryExists(db, categoryId))) throw new HttpError(400, UNKNOWN_CATEGORY);
      const id = await insertService(db, providerId, { ...input, categoryId }, clock());
      publisher.markDirty(`service ${id} added`);
      const service = await findService(db, id);
      if (!service) throw new HttpError(404, NOT_FOUND);
      return c.json(service, 201);
    },
  )
  .patch(
    "/:id",
    route(
      {
        summary: "Change a service",
        description: `Any subset of the fields. ${writeLimit}`,
        tags,
        roles: PROVIDERS,
        limited: true,
        ok: { 200: { description: "The service as it is now.", schema: servicePublicSchema } },
        errors: {
          400: "A field is invalid, the body is not JSON, or `Unknown category`.",
          403: notOwner,
          404: "`Service not found` (or not a UUID).",
        },
      },
      "write",
    ),
    idParam,
    jsonBody(serviceUpdateSchema),
    async (c) => {
      const user = requireUser(c);
      await throttleProviderWrite(c, user);
      const id = parseParam(c, "id", uuidSchema, 404, NOT_FOUND);
      const { db, clock, publisher } = c.var.deps;
      const owner = await findServiceOwner(db, id);
      if (!owner) throw new HttpError(404, NOT_FOUND);
      assertCanManage(user, { userId: owner.ownerId });
      const input = await parseJson(c, serviceUpdateSchema);
      const categoryId = input.categoryId?.toLowerCase();
      if (categoryId && !(await categoryExists(db, categoryId))) {
        throw new HttpError(400, UNKNOWN_CATEGORY);
      }
      if (!(await updateService(db, id, { ...input, categoryId }, clock()))) {
        throw new HttpError(404, NOT_FOUND);
      }
      publisher.markDirty(`service ${id} changed`);
      const service = await findService(db, id);
      if (!service) throw new HttpError(404, NOT_FOUND);
      return c.json(service, 200);
    },
  )
  .delete(
    "/:id",
    route(
      {
        summary: "Delete a service",
        description: writeLimit,
        tags,
        roles: PROVIDERS,
        limited: true,
        ok: { 200: { description: "Deleted.", schema: okSchema } },
        errors: { 403: notOwner, 404: "`Service not found` (or not a UUID)." },
      },
      "write",
    ),
    idParam,
    async (c) => {
      const user = requireUser(c);
      await throttleProviderWrite(c, user);
      const id = parseParam(c, "id", uuidSchema, 404, NOT_FOUND);
      const { db, clock, publisher } = c.var.deps;
      const owner = await findServiceOwner(db, id);
      if (!owner) throw new HttpError(404, NOT_FOUND);
      assertCanManage(user, { userId: owner.ownerId });
      if (!(await deleteService(db, id, clock()))) throw new HttpError(404, NOT_FOUND);
      publisher.markDirty(`service ${id} deleted`);
      return c.json({ ok: true }, 200);
    },
  );
