import { z } from "zod";
import { findCity } from "./cities.ts";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, MAX_RESULT_DEPTH, MAX_SEARCH_LENGTH } from "./limits.ts";

export { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, MAX_RESULT_DEPTH, MAX_SEARCH_LENGTH };

export const uuidSchema = z.uuid({ error: "must be a UUID" }).transform((s) => s.toLowerCase());

/** Empty query values (`?city=`) mean "no filter", as the directory's client sends them. */
const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

const providerListFields = z.object({
  search: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .max(MAX_SEARCH_LENGTH, { error: `search must be at most ${MAX_SEARCH_LENGTH} characters` })
      .optional(),
  ),
  city: z.preprocess(
    blankToUndefined,
    z
      .string()
      .transform((v, ctx) => {
        const city = findCity(v);
        if (!city) {
          ctx.addIssue({ code: "custom", message: `unknown city '${v.slice(0, 60)}'` });
          return z.NEVER;
        }
        return city;
      })
      .optional(),
  ),
  categoryId: z.preprocess(blankToUndefined, uuidSchema.optional()),
  page: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: "page must be a whole number of at least 1" })
      .int({ error: "page must be a whole number of at least 1" })
      .min(1, { error: "page must be a whole number of at least 1" })
      .max(10_000, { error: "page must be at most 10000" })
      .default(1),
  ),
  limit: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}` })
      .int({ error: `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}` })
      .min(1, { error: `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}` })
      .max(MAX_PAGE_SIZE, { error: `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}` })
      .default(DEFAULT_PAGE_SIZE),
  ),
});

/**
 * Query of GET /api/providers, shared by the directory island and the API.
 * Deeper than MAX_RESULT_DEPTH is refused: skipped rows cost the database.
 */
export const providerListQuerySchema = providerListFields.refine(
  (q) => (q.page - 1) * q.limit < MAX_RESULT_DEPTH,
  {
    path: ["page"],
    error: `only the first ${MAX_RESULT_DEPTH} results can be paged to; narrow the search with more words, a city or a category`,
  },
);
export type ProviderListQuery = z.infer<typeof providerListQuerySchema>;
export type ProviderListInput = z.input<typeof providerListQuerySchema>;
