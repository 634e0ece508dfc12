import { Hono } from "hono";
import { listCategories } from "../../db/queries/categories.ts";
import { searchSuggestions } from "../../db/queries/provider-search.ts";
import type { SearchSuggestions } from "../../src/lib/search-schemas.ts";
import { NO_SUGGESTIONS } from "../../src/lib/search-schemas.ts";
import { searchSuggestionsAnswerSchema } from "../../src/lib/api-schemas.ts";
import { providerListQuerySchema } from "../../src/lib/schemas.ts";
import type { AppEnv } from "../ports/app-env.ts";
import { parseQuery } from "../lib/http.ts";
import { throttleSearch } from "../lib/rate-limit.ts";
import { ANYONE, queryOf, route } from "../openapi/describe.ts";

/**
 * GET /api/search/suggestions: asked by the directory when a search found
 * nothing, so that no search is a dead end (decision 015). Public like the search itself, and
 * counted against the same per-IP throttle.
 */
export const searchRoutes = new Hono<AppEnv>().get(
  "/suggestions",
  route(
    {
      summary: "Ways out of a search that found nothing",
      description:
        "The same query as GET /api/providers. Each part is there only when it would find providers; all null without `search`. Counted against the search throttle.",
      tags: ["Directory"],
      roles: ANYONE,
      limited: true,
      ok: { 200: { description: "The suggestions.", schema: searchSuggestionsAnswerSchema } },
      errors: { 400: "`Invalid query: …` naming the parameter." },
    },
    "get",
  ),
  queryOf(providerListQuerySchema),
  async (c) => {
    const { db } = c.var.deps;
    await throttleSearch(c.var.deps, c.var.ip);
    const q = parseQuery(c, providerListQuerySchema);
    if (!q.search) return c.json<SearchSuggestions>(NO_SUGGESTIONS, 200);
    const categories = await listCategories(db);
    const s = await searchSuggestions(
      db,
      { search: q.search, city: q.city, categoryId: q.categoryId },
      categories,
    );
    const category = s.category && categories.find((cat) => cat.id === s.category!.id);
    const answer: SearchSuggestions = {
      spelling: s.spelling,
      withoutCity: s.withoutCity,
      category: category
        ? { id: category.id, name: category.name, slug: category.slug, total: s.category!.total }
        : null,
    };
    return c.json(answer, 200);
  },
);
