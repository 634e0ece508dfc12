import { Hono } from "hono";
import {
  createOwnProvider,
  findOwnerView,
  findProviderIdOfUser,
  findProviderRow,
  updateProviderProfile,
} from "../../db/queries/provider-writes.ts";
import {
  findProviderContact,
  findPublicProvider,
  listGallery,
} from "../../db/queries/providers.ts";
import { providerProfileSchema, providerUpdateSchema } from "../../src/lib/provider-schemas.ts";
import { providerListQuerySchema, uuidSchema } from "../../src/lib/schemas.ts";
import {
  galleryImageSchema,
  providerDetailSchema,
  providerOwnerViewSchema,
  providerPublicSchema,
  servicePublicSchema,
} from "../../src/lib/api-schemas.ts";
import { z } from "zod";
import type { AppEnv } from "../ports/app-env.ts";
import { HttpError, parseJson, parseParam, parseQuery } from "../lib/http.ts";
import { assertContactReveal } from "../lib/contact-caps.ts";
import { countProviderEvent, countSearchAnswer } from "../lib/counter-rules.ts";
import { assertUsableImage, blobKeyFromUrl, releaseBlobs } from "../lib/images.ts";
import { assertCanManage } from "../lib/provider-access.ts";
import { throttleSearch } from "../lib/rate-limit.ts";
import { throttleProviderWrite } from "../lib/write-throttle.ts";
import { requireUser } from "../middleware/session.ts";
import {
  ANYONE,
  jsonBody,
  PAGE_HEADERS,
  paramsOf,
  queryOf,
  route,
  SIGNED_IN,
} from "../openapi/describe.ts";

const NOT_FOUND = "Provider not found";
export const ALREADY_HAS_PROVIDER = "You already have a provider profile";
const tags = ["Directory"];
const idParam = paramsOf(z.object({ id: uuidSchema }));
const notFound = "`Provider not found`: no active provider with this id (or not a UUID).";
const imageErrors =
  "A field is invalid, the body is not JSON, or an image is not the caller's own upload (`Images must be your own uploads`, `Image not found: upload it first`).";

export const providerRoutes = new Hono<AppEnv>()
  .get(
    "/",
    route(
      {
        summary: "Search and list providers",
        description:
          "Active providers, best match first with `search`, else newest first; filtered by city and category. Paged: the total and the next page's link are in headers (docs/api.md). Gzipped when the client accepts it. Counted against a per-IP search throttle.",
        tags,
        roles: ANYONE,
        limited: true,
        ok: {
          200: {
            description: "One page of providers.",
            schema: z.array(providerPublicSchema),
            headers: PAGE_HEADERS,
          },
        },
        errors: {
          400: "`Invalid query: …` naming the parameter (unknown city, page too deep, …).",
        },
      },
      "get",
    ),
    queryOf(providerListQuerySchema),
    async (c) => {
      await throttleSearch(c.var.deps, c.var.ip);
      const q = parseQuery(c, providerListQuerySchema);
      const started = performance.now();
      const page = await c.var.search.page(q);
      const ms = (performance.now() - started).toFixed(1);
      // Per answer served, cached or not: each is a page of results someone was shown.
      await countSearchAnswer(c, q, page);
      c.header("Server-Timing", `search;dur=${ms};desc=${page.cached ? "hit" : "miss"}`);
      c.header("X-Total-Count", String(page.total));
      c.header("X-Page", String(q.page));
      c.header("X-Per-Page", String(q.limit));
      if (page.hasMore) {
        const next = new URL(c.req.url);
        next.searchParams.set("page", String(q.page + 1));
        next.searchParams.set("limit", String(q.limit));
        c.header("Link", `<${next.pathname}${next.search}>; rel="next"`);
      }
      const gzipped = /\bgzip\b/.test(c.req.header("Accept-Encoding") ?? "") ? page.gzip() : null;
      if (gzipped) {
        return c.body(gzipped, 200, {
          "Content-Type": "application/json",
          "Content-Encoding": "gzip",
          Vary: "Accept-Encoding",
        });
      }
      return c.body(page.json, 200, { "Content-Type": "application/json" });
    },
  )
  // Provider setup: the signed-in user's own profile. The body's
  // userId is ignored; a customer becomes a provider (admins stay admins).
  .post(
    "/",
    route(
      {
        summary: "Create my provider profile",
        description:
          "The signed-in user's own profile; a customer becomes a provider. The body's `userId` is ignored. Counted against the account's write limit (not for admins).",
        tags: ["Provider self-service"],
        roles: SIGNED_IN,
        limited: true,
        ok: { 201: { description: "The new profile.", schema: providerOwnerViewSchema } },
        errors: { 400: imageErrors, 409: "`You already have a provider profile`." },
      },
      "write",
    ),
    jsonBody(providerProfileSchema),
    async (c) => {
      const user = requireUser(c);
      await throttleProviderWrite(c, user);
      const { userId: _ignored, ...input } = await parseJson(c, providerProfileSchema);
      const { db, clock, publisher } = c.var.deps;
      if (await findProviderIdOfUser(db, user.id)) throw new HttpError(409, ALREADY_HAS_PROVIDER);
      await assertUsableImage(c, input.coverImageUrl, [user.id]);
      await assertUsableImage(c, input.logoUrl, [user.id]);
      const id = await createOwnProvider(db, user.id, input, clock());
      if (!id) throw new HttpError(409, ALREADY_HAS_PROVIDER);
      publisher.markDirty(`provider ${id} created`);
      const view = await findOwnerView(db, id);
      if (!view) throw new HttpError(404, NOT_FOUND);
      c.header("Cache-Control", "private, no-store");
      return c.json(view, 201);
    },
  )
  // Partial update by the owner or an admin: absent fields stay, "" or null clears.
  .put(
    "/:id",
    route(
      {
        summary: "Update a provider profile",
        description:
          'By its owner or an admin. Absent fields stay; `""` or null clears an optional one. Counted against the account\'s write limit (not for admins).',
        tags: ["Provider self-service"],
        roles: ["provider", "admin"],
        limited: true,
        ok: { 200: { description: "The profile as it is now.", schema: providerOwnerViewSchema } },
        errors: {
          400: imageErrors,
          403: "`Forbidden`: not the owner (and not an admin).",
          404: "`Provider not found` (any provider, active or not; or not a UUID).",
        },
      },
      "write",
    ),
    idParam,
    jsonBody(providerUpdateSchema),
    async (c) => {
      const user = requireUser(c);
      await throttleProviderWrite(c, user);
      const id = parseParam(c, "id", uuidSchema, 404, NOT_FOUND);
      const { db, clock, publisher } = c.var.deps;
      const row = await findProviderRow(db, id);
      if (!row) throw new HttpError(404, NOT_FOUND);
      assertCanManage(user, row);
      const { userId: _ignored, ...input } = await parseJson(c, providerUpdateSchema);
      const owners = [user.id, row.userId, row.id];
      const coverChanged =
        input.coverImageUrl !== undefined && input.coverImageUrl !== row.coverImageUrl;
      const logoChanged = input.logoUrl !== undefined && input.logoUrl !== row.logoUrl;
      if (coverChanged) await assertUsableImage(c, input.coverImageUrl, owners);
      if (logoChanged) await assertUsableImage(c, input.logoUrl, owners);
      // An admin managing someone else's listing is not its owner (decision 029).
      const by = { userId: user.id, as: row.userId === user.id ? "owner" : "admin" } as const;
      if (!(await updateProviderProfile(db, id, input, by, clock()))) {
        throw new HttpError(404, NOT_FOUND);
      }
      publisher.markDirty(`provider ${id} updated`);
      // The images this update replaced, once nothing points at them any more.
      await releaseBlobs(c, [
        coverChanged ? blobKeyFromUrl(row.coverImageUrl) : null,
        logoChanged ? blobKeyFromUrl(row.logoUrl) : null,
      ]);
      const view = await findOwnerView(db, id);
      if (!view) throw new HttpError(404, NOT_FOUND);
      c.header("Cache-Control", "private, no-store");
      return c.json(view, 200);
    },
  )
  .get(
    "/:id",
    route(
      {
        summary: "One provider",
        description:
          "Contact details (email, phone, website) only for signed-in callers, counted against a per-account and per-IP cap (not for the owner or admins).",
        tags,
        roles: ANYONE,
        limited: true,
        ok: {
          200: {
            description: "The provider; with contact details when signed in.",
            schema: providerDetailSchema,
          },
        },
        errors: {
          404: notFound,
          429: "Contact details of too many providers opened recently: wait `Retry-After` seconds.",
        },
      },
      "get",
    ),
    idParam,
    async (c) => {
      const id = parseParam(c, "id", uuidSchema, 404, NOT_FOUND);
      const provider = await findPublicProvider(c.var.deps.db, id);
      if (!provider) throw new HttpError(404, NOT_FOUND);
      // Contact details only for signed-in users; never cached publicly.
      const user = c.var.session?.user;
      if (!user) return c.json(provider, 200);
      const found = await findProviderContact(c.var.deps.db, id);
      if (!found) throw new HttpError(404, NOT_FOUND);
      // Capped per account and IP against scraping (decision 010); an owner's
      // own profile and an admin's view are not reveals.
      if (user.role !== "admin" && found.ownerId !== user.id) {
        await assertContactReveal(c, user.id, id);
        await countProviderEvent(c, id, "contactReveals", { ownerChecked: true });
      }
      c.header("Cache-Control", "private, no-store");
      return c.json({ ...provider, ...found.contact }, 200);
    },
  )
  .get(
    "/:id/services",
    route(
      {
        summary: "A provider's services",
        tags,
        roles: ANYONE,
        ok: { 200: { description: "Its active services.", schema: z.array(servicePublicSchema) } },
        errors: { 404: notFound },
      },
      "get",
    ),
    idParam,
    async (c) => {
      const id = parseParam(c, "id", uuidSchema, 404, NOT_FOUND);
      const provider = await findPublicProvider(c.var.deps.db, id);
      if (!provider) throw new HttpError(404, NOT_FOUND);
      return c.json(provider.services, 200);
    },
  )
  .get(
    "/:id/gallery",
    route(
      {
        summary: "A provider's gallery",
        tags,
        roles: ANYONE,
        ok: {
          200: { description: "Its images, oldest first.", schema: z.array(galleryImageSchema) },
        },
        errors: { 404: notFound },
      },
      "get",
    ),
    idParam,
    async (c) => {
      const id = parseParam(c, "id", uuidSchema, 404, NOT_FOUND);
      const provider = await findPublicProvider(c.var.deps.db, id);
      if (!provider) throw new HttpError(404, NOT_FOUND);
      return c.json(await listGallery(c.var.deps.db, id), 200);
    },
  );
