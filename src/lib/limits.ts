/**
 * Limits shared by the API's schemas and the islands. Kept apart from
 * schemas.ts so an island can use them without bundling zod.
 */

/** Page size of GET /api/providers when `limit` is not given (docs/decisions/002). */
export const DEFAULT_PAGE_SIZE = 24;
/** Largest page GET /api/providers serves. */
export const MAX_PAGE_SIZE = 100;
/**
 * Deepest result GET /api/providers pages to (decision 010): every skipped row
 * is work for the database, and nobody reads past a thousand results of one
 * query; a narrower search or a city or category filter finds the rest.
 */
export const MAX_RESULT_DEPTH = 1000;
/** Longest search text accepted. */
export const MAX_SEARCH_LENGTH = 200;
/**
 * Shortest word that becomes a search term: a one-letter prefix (`"a"*`)
 * matches nearly every provider, and ranking all of them is the costliest
 * query the directory can be asked (see scripts/bench-worst-case.ts).
 */
export const MIN_TERM_LENGTH = 2;
/** Most words (or dictionary phrases) per search: each one is another posting list to walk. */
export const MAX_SEARCH_TERMS = 8;
