import { inArray } from "drizzle-orm";
import { Hono } from "hono";
import { providerSuggestions, serviceCategories } from "../../db/schema.ts";
import { findCity } from "../../src/lib/cities.ts";
import { suggestionSchema, type SuggestionCreated } from "../../src/lib/suggestion-schemas.ts";
import { suggestionCreatedSchema } from "../../src/lib/api-schemas.ts";
import type { AppEnv } from "../ports/app-env.ts";
import { ANYONE, jsonBody, route } from "../openapi/describe.ts";
import { HttpError, parseJson } from "../lib/http.ts";
import { LIMITS, rateLimit } from "../lib/rate-limit.ts";

/**
 * "Suggest a Service Provider": anyone may suggest, signed in or
 * not (docs/decisions/007-suggestions.md). Suggestions wait as `pending` for
 * an admin; nothing reaches the public directory from here.
 */
export const suggestionRoutes = new Hono<AppEnv>().post(
  "/providers",
  route(
    {
      summary: "Suggest a provider for the directory",
      description:
        "Anyone may suggest; the suggestion waits for an admin. `categoryId` and `categoryIds` are merged (at least one category). Counted per IP and per account.",
      tags: ["Suggestions"],
      roles: ANYONE,
      limited: true,
      ok: { 201: { description: "Stored as pending.", schema: suggestionCreatedSchema } },
      errors: {
        400: "A field is invalid, or `Unknown city` / `Unknown category`, or the body is not JSON.",
      },
    },
    "write",
  ),
  jsonBody(suggestionSchema),
  async (c) => {
    const { db, clock } = c.var.deps;
    const now = clock();
    const user = c.var.session?.user ?? null;
    await rateLimit(db, `suggestion:ip:${c.var.ip}`, LIMITS.suggestionIp, now);
    if (user) await rateLimit(db, `suggestion:user:${user.id}`, LIMITS.suggestionIp, now);

    const input = await parseJson(c, suggestionSchema);
    const id = crypto.randomUUID();
    const created: SuggestionCreated = { id, status: "pending" };
    // A filled honeypot gets the same answer as a person, and nothing is stored.
    if (input.isBot) return c.json(created, 201);

    const city = findCity(input.city);
    if (!city) throw new HttpError(400, "Unknown city");
    const found = await db
      .select({ id: serviceCategories.id })
      .from(serviceCategories)
      .where(inArray(serviceCategories.id, input.categoryIds));
    if (found.length !== input.categoryIds.length) throw new HttpError(400, "Unknown category");

    await db.insert(providerSuggestions).values({
      id,
      name: input.name,
      city,
      categoryIds: input.categoryIds,
      contact: input.contact,
      email: input.email,
      website: input.website,
      status: "pending",
      submittedBy: user?.id ?? null,
      createdAt: now,
      updatedAt: now,
    });
    return c.json(created, 201);
  },
);
