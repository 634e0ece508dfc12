import { Hono, type Context } from "hono";
import { z } from "zod";
import { ownsLeadWithPhoto } from "../../db/queries/leads.ts";
import {
  mediaUrlOf,
  parseUploadKey,
  PRIVATE_FOLDERS,
  type UploadKey,
} from "../../src/lib/upload-keys.ts";
import { originalOfVariant } from "../lib/blob-keys.ts";
import { HttpError } from "../lib/http.ts";
import { requireUser } from "../middleware/session.ts";
import { paramsOf, route, SIGNED_IN } from "../openapi/describe.ts";
import type { AppEnv } from "../ports/app-env.ts";
import { STORE_UNAVAILABLE } from "./uploads.ts";

/**
 * The private images (decision 030): a quote request's photos and a listing
 * claim's proof, with their WebP and JPEG copies, at
 * /api/media/{leads|claims}/{userId}/{file}. Only the people of that request
 * or claim and admins get the bytes; everyone else signed in gets the same 404
 * as for a file that does not exist, so a URL reveals nothing. Never stored by
 * a shared cache, nor by the browser: a detached owner's access ends with the
 * ownership, and a shared computer keeps no copy after sign-out.
 */

const NOT_FOUND = "Not found";
const STORE_RETRY_AFTER_S = 60;

type User = ReturnType<typeof requireUser>;
type PrivateUpload = { kind: "lead" | "claim"; userId: string; key: string };

/** The upload a request names (itself, or the original of a copy), or null when it names none. */
function privateUploadOf(c: Context<AppEnv>): { key: string; upload: PrivateUpload } | null {
  const { folder, userId, file } = c.req.param() as Record<string, string>;
  const key = `${folder}/${userId}/${file}`;
  const upload: UploadKey | null = parseUploadKey(originalOfVariant(key) ?? key);
  if (!upload || (upload.kind !== "lead" && upload.kind !== "claim")) return null;
  return { key, upload: { kind: upload.kind, userId: upload.userId, key: upload.key } };
}

/**
 * Who reads what. Admins: everything. The uploader: their own (the customer of
 * a request, the requester of a claim; the API attaches only the caller's own
 * uploads). A quote request's photo also: the owner of the provider it reached,
 * while the thread is theirs. A claim's proof is nobody else's.
 */
async function mayRead(c: Context<AppEnv>, user: User, upload: PrivateUpload): Promise<boolean> {
  if (user.role === "admin" || upload.userId === user.id) return true;
  if (upload.kind !== "lead") return false;
  return ownsLeadWithPhoto(c.var.deps.db, {
    customerId: upload.userId,
    viewerId: user.id,
    url: mediaUrlOf(upload.key),
  });
}

export const privateMediaRoutes = new Hono<AppEnv>().get(
  "/:folder/:userId/:file",
  route(
    {
      summary: "A private image",
      description:
        "A quote request's photo (`leads/`) or a listing claim's proof (`claims/`), or one of their WebP and JPEG copies, at the `publicUrl` its upload answered. For the request's customer, the owner of the provider it reached (while the thread is theirs), the claim's requester and admins; `Cache-Control: private, no-store` with `Vary: Cookie`. The public `/media/` path answers 404 for these.",
      tags: ["Provider self-service"],
      roles: SIGNED_IN,
      ok: {
        200: {
          description: "The image's bytes, with their own type.",
          schema: z.string().meta({ format: "binary" }),
          media: ["image/jpeg", "image/png", "image/webp"],
          headers: {
            "Cache-Control": {
              description: "`private, no-store`: never kept by a shared cache or the browser.",
              schema: { type: "string" },
            },
          },
        },
      },
      errors: {
        404: "`Not found`: no such image, or not the caller's to see (the same answer for both).",
      },
    },
    "get",
  ),
  paramsOf(
    z.object({
      folder: z.enum(PRIVATE_FOLDERS),
      userId: z.uuid().meta({ description: "The uploader's account id." }),
      file: z.string().meta({ description: "`{timestamp}_{name}`, as the upload answered." }),
    }),
  ),
  async (c) => {
    const user = requireUser(c);
    const named = privateUploadOf(c);
    if (!named) throw new HttpError(404, NOT_FOUND);
    if (!(await mayRead(c, user, named.upload))) {
      c.var.logEvent({ event: "media.refused", userId: user.id, folder: c.req.param("folder") });
      throw new HttpError(404, NOT_FOUND);
    }
    let blob;
    try {
      blob = await c.var.deps.blobs.get(named.key);
    } catch (err) {
      (c.var.deps.logError ?? console.error)(err, `private media ${named.key}: store unreadable`);
      c.header("Retry-After", String(STORE_RETRY_AFTER_S));
      throw new HttpError(503, STORE_UNAVAILABLE);
    }
    if (!blob) throw new HttpError(404, NOT_FOUND);
    return c.body(blob.body, 200, {
      "Content-Type": blob.contentType,
      "Content-Length": String(blob.size),
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
      // Whatever a cache in between does with `private`, the answer depends on who asks.
      Vary: "Cookie",
      // Not for other sites' pages, even as an <img>.
      "Cross-Origin-Resource-Policy": "same-origin",
    });
  },
);
