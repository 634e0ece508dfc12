import { Hono } from "hono";
import {
  addFavorite,
  isFavorite,
  listFavorites,
  removeFavorite,
} from "../../db/queries/favorites.ts";
import { findPublicProvider } from "../../db/queries/providers.ts";
import { uuidSchema } from "../../src/lib/schemas.ts";
import type { AppEnv } from "../ports/app-env.ts";
import { HttpError, parseParam } from "../lib/http.ts";
import { requireUser } from "../middleware/session.ts";

const NOT_FOUND = "Provider not found";

export const favoriteRoutes = new Hono<AppEnv>()
  .get("/", async (c) => {
    const user = requireUser(c);
    return c.json(await listFavorites(c.var.deps.db, user.id), 200);
  })
  .get("/:providerId/check", async (c) => {
    const user = requireUser(c);
    const id = parseParam(c, "providerId", uuidSchema, 404, NOT_FOUND);
    return c.json({ isFavorite: await isFavorite(c.var.deps.db, user.id, id) }, 200);
  })
  .post("/:providerId", async (c) => {
    const user = requireUser(c);
    const id = parseParam(c, "providerId", uuidSchema, 404, NOT_FOUND);
    if (!(await findPublicProvider(c.var.deps.db, id))) throw new HttpError(404, NOT_FOUND);
    await addFavorite(c.var.deps.db, user.id, id, c.var.deps.clock());
    return c.json({ isFavorite: true }, 200);
  })
  .delete("/:providerId", async (c) => {
    const user = requireUser(c);
    const id = parseParam(c, "providerId", uuidSchema, 404, NOT_FOUND);
    await removeFavorite(c.var.deps.db, user.id, id);
    return c.json({ isFavorite: false }, 200);
  });
