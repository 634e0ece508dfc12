import { Hono } from "hono";
import {
  findProviderContact,
  findPublicProvider,
  listGallery,
  listPublicProviders,
} from "../../db/queries/providers.ts";
import { providerListQuerySchema, uuidSchema } from "../../src/lib/schemas.ts";
import type { AppEnv } from "../app.ts";
import { HttpError, parseParam, parseQuery } from "../lib/http.ts";

const NOT_FOUND = "Provider not found";

export const providerRoutes = new Hono<AppEnv>()
  .get("/", async (c) => {
    const q = parseQuery(c, providerListQuerySchema);
    const page = await listPublicProviders(c.var.deps.db, q);
    c.header("X-Total-Count", String(page.total));
    c.header("X-Page", String(q.page));
    c.header("X-Per-Page", String(q.limit));
    if (page.hasMore) {
      const next = new URL(c.req.url);
      next.searchParams.set("page", String(q.page + 1));
      next.searchParams.set("limit", String(q.limit));
      c.header("Link", `<${next.pathname}${next.search}>; rel="next"`);
    }
    return c.json(page.items, 200);
  })
  .get("/:id", async (c) => {
    const id = parseParam(c, "id", uuidSchema, 404, NOT_FOUND);
    const provider = await findPublicProvider(c.var.deps.db, id);
    if (!provider) throw new HttpError(404, NOT_FOUND);
    // Contact details only for signed-in users (spec §6); never cached publicly.
    if (c.var.session) {
      const contact = await findProviderContact(c.var.deps.db, id);
      c.header("Cache-Control", "private, no-store");
      return c.json({ ...provider, ...contact }, 200);
    }
    return c.json(provider, 200);
  })
  .get("/:id/services", async (c) => {
    const id = parseParam(c, "id", uuidSchema, 404, NOT_FOUND);
    const provider = await findPublicProvider(c.var.deps.db, id);
    if (!provider) throw new HttpError(404, NOT_FOUND);
    return c.json(provider.services, 200);
  })
  .get("/:id/gallery", async (c) => {
    const id = parseParam(c, "id", uuidSchema, 404, NOT_FOUND);
    const provider = await findPublicProvider(c.var.deps.db, id);
    if (!provider) throw new HttpError(404, NOT_FOUND);
    return c.json(await listGallery(c.var.deps.db, id), 200);
  });
