import { Hono, type Context } from "hono";
import { z } from "zod";
import {
  addAdminProviderService,
  CATEGORY_TAKEN,
  createAdminProvider,
  deleteAdminProvider,
  findAdminProvider,
  listAdminProviders,
  OWNER_HAS_PROVIDER,
  removeAdminProviderService,
  setAdminProviderFlags,
  UNKNOWN_CATEGORY,
  updateAdminProviderDetails,
} from "../../db/queries/admin-providers.ts";
import { confirmListingEmail, detachOwner } from "../../db/queries/claims.ts";
import {
  adminProviderCreateSchema,
  adminProviderDetailsSchema,
  adminProviderFlagsSchema,
  adminProviderListQuerySchema,
  adminProviderServiceSchema,
} from "../../src/lib/admin-schemas.ts";
import { adminProviderSchema, deletedSchema } from "../../src/lib/api-schemas.ts";
import type { AppEnv } from "../ports/app-env.ts";
import { ADMINS, jsonBody, PAGE_HEADERS, paramsOf, queryOf, route } from "../openapi/describe.ts";
import { HttpError, parseJson, parseParam, parseQuery } from "../lib/http.ts";
import { blobKeyFromUrl, releaseBlobs } from "../lib/images.ts";
import { requireRole } from "../middleware/session.ts";

const idParam = z.uuid().transform((s) => s.toLowerCase());
const NOT_FOUND = "Provider not found";
const SERVICE_NOT_FOUND = "Service not found";
const tags = ["Admin"];
const params = paramsOf(z.object({ id: idParam }));
const notFound = "`Provider not found` (or not a UUID).";
const badBody = "A field is invalid or the body is not JSON.";

/**
 * X-Total-Count, X-Page, X-Per-Page and a `Link: rel="next"` while there are
 * more, like GET /api/providers (decision 002).
 */
export function setPageHeaders(
  c: Context<AppEnv>,
  q: { page: number; limit: number },
  page: { total: number; hasMore: boolean },
): void {
  c.header("X-Total-Count", String(page.total));
  c.header("X-Page", String(q.page));
  c.header("X-Per-Page", String(q.limit));
  if (page.hasMore) {
    const next = new URL(c.req.url);
    next.searchParams.set("page", String(q.page + 1));
    next.searchParams.set("limit", String(q.limit));
    c.header("Link", `<${next.pathname}${next.search}>; rel="next"`);
  }
}

/**
 * Add Provider and Manage Providers, mounted at
 * /api/admin/providers. Admins only: 401 signed out, 403 others. Every change
 * of public data marks the site dirty after its commit.
 */
export const adminProviderRoutes = new Hono<AppEnv>()
  .get(
    "/",
    route(
      {
        summary: "List providers",
        description:
          "Newest first, active or not; `q` matches name, location or contact email, or is a provider id. Paged like GET /api/providers (headers).",
        tags,
        roles: ADMINS,
        ok: {
          200: {
            description: "One page of providers.",
            schema: z.array(adminProviderSchema),
            headers: PAGE_HEADERS,
          },
        },
        errors: { 400: "`Invalid query: …`." },
      },
      "get",
    ),
    queryOf(adminProviderListQuerySchema),
    async (c) => {
      requireRole(c, "admin");
      const q = parseQuery(c, adminProviderListQuerySchema);
      const page = await listAdminProviders(c.var.deps.db, q);
      setPageHeaders(c, q, page);
      return c.json(page.items, 200);
    },
  )
  .post(
    "/",
    route(
      {
        summary: "Add a provider",
        description:
          "Active and unverified. `ownerEmail` links an existing user (a customer becomes a provider); otherwise unclaimed.",
        tags,
        roles: ADMINS,
        ok: { 201: { description: "The new provider.", schema: adminProviderSchema } },
        errors: {
          400: `${badBody} Or an unknown category.`,
          409: "The owner has a provider already.",
        },
      },
      "write",
    ),
    jsonBody(adminProviderCreateSchema),
    async (c) => {
      const admin = requireRole(c, "admin");
      const input = await parseJson(c, adminProviderCreateSchema);
      const { db, clock, publisher } = c.var.deps;
      const result = await createAdminProvider(db, input, admin.id, clock());
      if (result.kind === "unknown-category") throw new HttpError(400, UNKNOWN_CATEGORY);
      if (result.kind === "owner-has-provider") throw new HttpError(409, OWNER_HAS_PROVIDER);
      publisher.markDirty(`provider ${result.provider.id} created by an admin`);
      return c.json(result.provider, 201);
    },
  )
  .patch(
    "/:id/details",
    route(
      {
        summary: "Edit a provider's details",
        description: 'Any subset (at least one field); `""` clears optional text.',
        tags,
        roles: ADMINS,
        ok: { 200: { description: "The provider as it is now.", schema: adminProviderSchema } },
        errors: { 400: badBody, 404: notFound },
      },
      "write",
    ),
    params,
    jsonBody(adminProviderDetailsSchema),
    async (c) => {
      const admin = requireRole(c, "admin");
      const id = parseParam(c, "id", idParam, 404, NOT_FOUND);
      const input = await parseJson(c, adminProviderDetailsSchema);
      const { db, clock, publisher } = c.var.deps;
      const result = await updateAdminProviderDetails(db, id, input, admin.id, clock());
      if (result.kind === "not-found") throw new HttpError(404, NOT_FOUND);
      if (result.changed) publisher.markDirty(`provider ${id} edited by an admin`);
      return c.json(result.provider, 200);
    },
  )
  .patch(
    "/:id",
    route(
      {
        summary: "Activate, deactivate, verify or unverify a provider",
        tags,
        roles: ADMINS,
        ok: { 200: { description: "The provider as it is now.", schema: adminProviderSchema } },
        errors: { 400: badBody, 404: notFound },
      },
      "write",
    ),
    params,
    jsonBody(adminProviderFlagsSchema),
    async (c) => {
      const admin = requireRole(c, "admin");
      const id = parseParam(c, "id", idParam, 404, NOT_FOUND);
      const flags = await parseJson(c, adminProviderFlagsSchema);
      const { db, clock, publisher } = c.var.deps;
      const result = await setAdminProviderFlags(db, id, flags, admin.id, clock());
      if (result.kind === "not-found") throw new HttpError(404, NOT_FOUND);
      if (result.changed) publisher.markDirty(`provider ${id} flags changed`);
      return c.json(result.provider, 200);
    },
  )
  .delete(
    "/:id",
    route(
      {
        summary: "Delete a provider",
        description: "With its services and gallery; its images once nothing else uses them.",
        tags,
        roles: ADMINS,
        ok: { 200: { description: "Deleted.", schema: deletedSchema } },
        errors: { 404: notFound },
      },
      "write",
    ),
    params,
    async (c) => {
      const admin = requireRole(c, "admin");
      const id = parseParam(c, "id", idParam, 404, NOT_FOUND);
      const { db, clock, publisher } = c.var.deps;
      const result = await deleteAdminProvider(db, id, admin.id, clock());
      if (result.kind === "not-found") throw new HttpError(404, NOT_FOUND);
      publisher.markDirty(`provider ${id} deleted`);
      // After the commit: a rolled-back delete keeps its images. Blobs another
      // row still points at are kept (releaseBlobs checks).
      const { coverImageUrl, logoUrl, gallery } = result.images;
      await releaseBlobs(c, [
        blobKeyFromUrl(coverImageUrl),
        blobKeyFromUrl(logoUrl),
        ...gallery.map((g) => g.blobKey ?? blobKeyFromUrl(g.imageUrl)),
      ]);
      return c.json({ id, deleted: true as const }, 200);
    },
  )
  .post(
    "/:id/detach",
    route(
      {
        summary: "Detach a listing's owner",
        description:
          "For an owner who left: the listing has no owner again and can be claimed anew (decision 025). The former owner keeps their account and role. Audit `provider.detach`.",
        tags,
        roles: ADMINS,
        ok: { 200: { description: "The provider as it is now.", schema: adminProviderSchema } },
        errors: { 404: notFound, 409: "`This listing has no owner`." },
      },
      "write",
    ),
    params,
    async (c) => {
      const admin = requireRole(c, "admin");
      const id = parseParam(c, "id", idParam, 404, NOT_FOUND);
      const { db, clock, publisher } = c.var.deps;
      const result = await detachOwner(db, id, admin.id, clock());
      if (result.kind === "not-found") throw new HttpError(404, NOT_FOUND);
      if (result.kind === "no-owner") throw new HttpError(409, "This listing has no owner");
      publisher.markDirty(`provider ${id} owner detached by an admin`);
      c.var.logEvent({
        event: "provider.detached",
        userId: result.ownerId,
        providerId: id,
        adminId: admin.id,
      });
      return c.json((await findAdminProvider(db, id))!, 200);
    },
  )
  .post(
    "/:id/confirm-email",
    route(
      {
        summary: "Confirm a listing's email on file",
        description:
          "The admin vouches that the listing's email is the business's (decision 029): a claim link mailed to it proves a claim again, also when a former owner set it. Audit `provider.email_confirm`; an address an admin already vouched for changes nothing.",
        tags,
        roles: ADMINS,
        ok: { 200: { description: "The provider as it is now.", schema: adminProviderSchema } },
        errors: { 404: notFound, 409: "`This listing has no email on file`." },
      },
      "write",
    ),
    params,
    async (c) => {
      const admin = requireRole(c, "admin");
      const id = parseParam(c, "id", idParam, 404, NOT_FOUND);
      const { db, clock } = c.var.deps;
      const result = await confirmListingEmail(db, id, admin.id, clock());
      if (result.kind === "not-found") throw new HttpError(404, NOT_FOUND);
      if (result.kind === "no-email") {
        throw new HttpError(409, "This listing has no email on file");
      }
      if (result.changed) {
        c.var.logEvent({ event: "provider.email_confirmed", providerId: id, adminId: admin.id });
      }
      return c.json((await findAdminProvider(db, id))!, 200);
    },
  )
  .post(
    "/:id/services",
    route(
      {
        summary: "Add a service in a category",
        description:
          "Named after the category, not priced (`pricePkr` null: the provider sets the price).",
        tags,
        roles: ADMINS,
        ok: { 201: { description: "The provider as it is now.", schema: adminProviderSchema } },
        errors: {
          400: `${badBody} Or an unknown category.`,
          404: notFound,
          409: "The provider offers this category already.",
        },
      },
      "write",
    ),
    params,
    jsonBody(adminProviderServiceSchema),
    async (c) => {
      const admin = requireRole(c, "admin");
      const id = parseParam(c, "id", idParam, 404, NOT_FOUND);
      const { categoryId } = await parseJson(c, adminProviderServiceSchema);
      const { db, clock, publisher } = c.var.deps;
      const result = await addAdminProviderService(db, id, categoryId, admin.id, clock());
      if (result.kind === "not-found") throw new HttpError(404, NOT_FOUND);
      if (result.kind === "unknown-category") throw new HttpError(400, UNKNOWN_CATEGORY);
      if (result.kind === "category-taken") throw new HttpError(409, CATEGORY_TAKEN);
      publisher.markDirty(`provider ${id} service ${result.serviceId} added by an admin`);
      return c.json(result.provider, 201);
    },
  )
  .delete(
    "/:id/services/:serviceId",
    route(
      {
        summary: "Remove a provider's service",
        tags,
        roles: ADMINS,
        ok: { 200: { description: "The provider as it is now.", schema: adminProviderSchema } },
        errors: { 404: "`Provider not found` or `Service not found` (or not a UUID)." },
      },
      "write",
    ),
    paramsOf(z.object({ id: idParam, serviceId: idParam })),
    async (c) => {
      const admin = requireRole(c, "admin");
      const id = parseParam(c, "id", idParam, 404, NOT_FOUND);
      const serviceId = parseParam(c, "serviceId", idParam, 404, SERVICE_NOT_FOUND);
      const { db, clock, publisher } = c.var.deps;
      const result = await removeAdminProviderService(db, id, serviceId, admin.id, clock());
      if (result.kind === "not-found") throw new HttpError(404, NOT_FOUND);
      if (result.kind === "service-not-found") throw new HttpError(404, SERVICE_NOT_FOUND);
      publisher.markDirty(`provider ${id} service ${serviceId} removed by an admin`);
      return c.json(result.provider, 200);
    },
  );
