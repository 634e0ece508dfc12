import { Hono } from "hono";
import { z } from "zod";
import {
  addFavorite,
  isFavorite,
  listFavorites,
  removeFavorite,
} from "../../db/queries/favorites.ts";
import { findPublicProvider } from "../../db/queries/providers.ts";
import { favoriteStateSchema, providerPublicSchema } from "../../src/lib/api-schemas.ts";
import { uuidSchema } from "../../src/lib/schemas.ts";
import type { AppEnv } from "../ports/app-env.ts";
import { HttpError, parseParam } from "../lib/http.ts";
import { requireUser } from "../middleware/session.ts";
import { paramsOf, route, SIGNED_IN } from "../openapi/describe.ts";

const NOT_FOUND = "Provider not found";
const providerParam = paramsOf(z.object({ providerId: uuidSchema }));
const tags = ["Favorites"];
const badId = "`Provider not found` (also for an id that is not a UUID).";

export const favoriteRoutes = new Hono<AppEnv>()
  .get(
    "/",
    route(
      {
        summary: "List my favorite providers",
        tags,
        roles: SIGNED_IN,
        ok: {
          200: {
            description: "The providers, active ones only.",
            schema: z.array(providerPublicSchema),
          },
        },
      },
      "get",
    ),
    async (c) => {
      const user = requireUser(c);
      return c.json(await listFavorites(c.var.deps.db, user.id), 200);
    },
  )
  .get(
    "/:providerId/check",
    route(
      {
        summary: "Is this provider one of my favorites?",
        tags,
        roles: SIGNED_IN,
        ok: { 200: { description: "Whether it is.", schema: favoriteStateSchema } },
        errors: { 404: badId },
      },
      "get",
    ),
    providerParam,
    async (c) => {
      const user = requireUser(c);
      const id = parseParam(c, "providerId", uuidSchema, 404, NOT_FOUND);
      return c.json({ isFavorite: await isFavorite(c.var.deps.db, user.id, id) }, 200);
    },
  )
  .post(
    "/:providerId",
    route(
      {
        summary: "Add a provider to my favorites",
        description: "Adding one that is a favorite already changes nothing.",
        tags,
        roles: SIGNED_IN,
        ok: { 200: { description: "It is a favorite.", schema: favoriteStateSchema } },
        errors: { 404: "`Provider not found`: no active provider with this id." },
      },
      "write",
    ),
    providerParam,
    async (c) => {
      const user = requireUser(c);
      const id = parseParam(c, "providerId", uuidSchema, 404, NOT_FOUND);
      if (!(await findPublicProvider(c.var.deps.db, id))) throw new HttpError(404, NOT_FOUND);
      await addFavorite(c.var.deps.db, user.id, id, c.var.deps.clock());
      return c.json({ isFavorite: true }, 200);
    },
  )
  .delete(
    "/:providerId",
    route(
      {
        summary: "Remove a provider from my favorites",
        description: "Removing one that is not a favorite changes nothing.",
        tags,
        roles: SIGNED_IN,
        ok: { 200: { description: "It is not a favorite.", schema: favoriteStateSchema } },
        errors: { 404: badId },
      },
      "write",
    ),
    providerParam,
    async (c) => {
      const user = requireUser(c);
      const id = parseParam(c, "providerId", uuidSchema, 404, NOT_FOUND);
      await removeFavorite(c.var.deps.db, user.id, id);
      return c.json({ isFavorite: false }, 200);
    },
  );
