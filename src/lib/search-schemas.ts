import { z } from "zod";

/**
 * GET /api/search/suggestions: what the directory offers when a search finds
 * no provider, so a search never ends at a dead end (decision 015). Each part is
 * there only when taking it would show at least one provider; `total` says how many.
 */
export const searchSuggestionsSchema = z.object({
  /** The text with its misspelt words corrected ("wleding lahore" → "welding lahore"). */
  spelling: z.object({ search: z.string(), total: z.number().int().positive() }).nullable(),
  /** The text without its city (named in the text or chosen as a filter), in all of Pakistan. */
  withoutCity: z.object({ search: z.string(), total: z.number().int().positive() }).nullable(),
  /** The category the words point at, browsed in the same city (if any), without the text. */
  category: z
    .object({
      id: z.uuid(),
      name: z.string(),
      slug: z.string(),
      total: z.number().int().positive(),
    })
    .nullable(),
});

export type SearchSuggestions = z.infer<typeof searchSuggestionsSchema>;

export const NO_SUGGESTIONS: SearchSuggestions = Object.freeze({
  spelling: null,
  withoutCity: null,
  category: null,
});
