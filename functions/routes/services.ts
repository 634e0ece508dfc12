import { Hono } from "hono";
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
import type { AppEnv } from "../ports/app-env.ts";
import { HttpError, parseJson, parseParam } from "../lib/http.ts";
import { assertCanManage } from "../lib/provider-access.ts";
import { throttleProviderWrite } from "../lib/write-throttle.ts";
import { requireRole, requireUser } from "../middleware/session.ts";

const NOT_FOUND = "Service not found";
const UNKNOWN_CATEGORY = "Unknown category";

/**
 * A provider's services (spec §2 Services tab, §7): add, edit (PATCH, which
 * the spec does not show), delete. Owner of the service's provider or admin.
 */
export const serviceRoutes = new Hono<AppEnv>()
  .post("/", async (c) => {
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
  })
  .patch("/:id", async (c) => {
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
  })
  .delete("/:id", async (c) => {
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
  });
