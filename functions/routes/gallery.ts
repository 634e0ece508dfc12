import { Hono } from "hono";
import { z } from "zod";
import {
  deleteGalleryImage,
  findGalleryImage,
  findProviderIdOfUser,
  findProviderRow,
  galleryHasBlob,
  insertGalleryImage,
} from "../../db/queries/provider-writes.ts";
import { galleryAddSchema } from "../../src/lib/provider-schemas.ts";
import { uuidSchema } from "../../src/lib/schemas.ts";
import { galleryImageSchema, okSchema } from "../../src/lib/api-schemas.ts";
import type { AppEnv } from "../ports/app-env.ts";
import { HttpError, parseJson, parseParam } from "../lib/http.ts";
import { blobKeyFromUrl, parseUploadKey, releaseBlobs } from "../lib/images.ts";
import { assertCanManage } from "../lib/provider-access.ts";
import { throttleProviderWrite } from "../lib/write-throttle.ts";
import { requireRole, requireUser } from "../middleware/session.ts";
import { NO_PROVIDER_YET } from "./my-provider.ts";
import { jsonBody, paramsOf, PROVIDERS, route } from "../openapi/describe.ts";

const NOT_FOUND = "Image not found";

/**
 * A provider's gallery (the dashboard's Gallery tab): attach an uploaded image,
 * delete one (row and blob). Reading stays GET /api/providers/{id}/gallery.
 */
export const galleryRoutes = new Hono<AppEnv>()
  .post(
    "/",
    route(
      {
        summary: "Add an uploaded image to a gallery",
        description:
          "The image must be uploaded first (POST /api/uploads/file with a gallery key of this provider). Without `providerId`, the caller's own provider. Counted against the account's write limit (not for admins).",
        tags: ["Provider self-service"],
        roles: PROVIDERS,
        limited: true,
        ok: { 201: { description: "The new gallery image.", schema: galleryImageSchema } },
        errors: {
          400: "A field is invalid, the body is not JSON, the image is not an upload to this provider's gallery or does not exist, or an admin sent no `providerId`.",
          403: "`Forbidden`: a customer, or not the provider's owner (and not an admin).",
          404: "`Provider not found`, or `No provider profile yet` (no `providerId` and no own provider).",
          409: "`This image is already in the gallery`.",
        },
      },
      "write",
    ),
    jsonBody(galleryAddSchema),
    async (c) => {
      const user = requireRole(c, "provider", "admin");
      await throttleProviderWrite(c, user);
      const input = await parseJson(c, galleryAddSchema);
      const { db, blobs, clock, publisher } = c.var.deps;
      let providerId: string;
      if (input.providerId) {
        providerId = input.providerId.toLowerCase();
        const provider = await findProviderRow(db, providerId);
        if (!provider) throw new HttpError(404, "Provider not found");
        assertCanManage(user, provider);
      } else {
        // The spec's dashboard sends only imageUrl: the caller's own provider.
        const own = await findProviderIdOfUser(db, user.id);
        if (!own) {
          if (user.role === "admin") throw new HttpError(400, "providerId is required");
          throw new HttpError(404, NO_PROVIDER_YET);
        }
        providerId = own;
      }
      const key = blobKeyFromUrl(input.imageUrl);
      const upload = key ? parseUploadKey(key) : null;
      if (!key || upload?.kind !== "gallery" || upload.providerId !== providerId) {
        throw new HttpError(400, "imageUrl must be an image uploaded to this provider's gallery");
      }
      if (!(await blobs.get(key))) throw new HttpError(400, "Image not found: upload it first");
      if (await galleryHasBlob(db, key)) {
        throw new HttpError(409, "This image is already in the gallery");
      }
      const image = await insertGalleryImage(db, providerId, key, input.imageUrl, clock());
      publisher.markDirty(`gallery of provider ${providerId} changed`);
      return c.json(image, 201);
    },
  )
  .delete(
    "/:id",
    route(
      {
        summary: "Delete a gallery image",
        description:
          "Removes the row and, once nothing else uses it, the stored image. Owner or admin. Counted against the account's write limit (not for admins).",
        tags: ["Provider self-service"],
        roles: PROVIDERS,
        limited: true,
        ok: { 200: { description: "Deleted.", schema: okSchema } },
        errors: {
          403: "`Forbidden`: not the provider's owner (and not an admin).",
          404: "`Image not found` (or not a UUID).",
        },
      },
      "write",
    ),
    paramsOf(z.object({ id: uuidSchema })),
    async (c) => {
      const user = requireUser(c);
      await throttleProviderWrite(c, user);
      const id = parseParam(c, "id", uuidSchema, 404, NOT_FOUND);
      const { db, clock, publisher } = c.var.deps;
      const image = await findGalleryImage(db, id);
      if (!image) throw new HttpError(404, NOT_FOUND);
      assertCanManage(user, { userId: image.ownerId });
      if (!(await deleteGalleryImage(db, id, clock()))) throw new HttpError(404, NOT_FOUND);
      publisher.markDirty(`gallery of provider ${image.providerId} changed`);
      await releaseBlobs(c, [image.blobKey ?? blobKeyFromUrl(image.imageUrl)]);
      return c.json({ ok: true }, 200);
    },
  );
