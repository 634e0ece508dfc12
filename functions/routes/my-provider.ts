import { Hono } from "hono";
import { findOwnerView, findProviderIdOfUser } from "../../db/queries/provider-writes.ts";
import { providerOwnerViewSchema } from "../../src/lib/api-schemas.ts";
import type { AppEnv } from "../ports/app-env.ts";
import { route, SIGNED_IN } from "../openapi/describe.ts";
import { HttpError } from "../lib/http.ts";
import { requireUser } from "../middleware/session.ts";

export const NO_PROVIDER_YET = "No provider profile yet";

/** GET /api/my-provider: the caller's own provider with contact details, services and gallery. */
export const myProviderRoutes = new Hono<AppEnv>().get(
  "/",
  route(
    {
      summary: "My own provider profile",
      description: "With contact details, services (active or not) and gallery; active or not.",
      tags: ["Provider self-service"],
      roles: SIGNED_IN,
      ok: { 200: { description: "The profile.", schema: providerOwnerViewSchema } },
      errors: { 404: "`No provider profile yet`." },
    },
    "get",
  ),
  async (c) => {
    const user = requireUser(c);
    const { db } = c.var.deps;
    const id = await findProviderIdOfUser(db, user.id);
    const view = id ? await findOwnerView(db, id) : null;
    if (!view) throw new HttpError(404, NO_PROVIDER_YET);
    c.header("Cache-Control", "private, no-store");
    return c.json(view, 200);
  },
);
