/**
 * Limits shared by the API's schemas and the islands. Kept apart from
 * schemas.ts so an island can use them without bundling zod.
 */

/** Page size of GET /api/providers when `limit` is not given (docs/decisions/002). */
export const DEFAULT_PAGE_SIZE = 24;
/** Largest page GET /api/providers serves. */
export const MAX_PAGE_SIZE = 100;
/**
 * Deepest result GET /api/providers pages to (issue 11 §4): every skipped row
 * is work for the database, and nobody reads past a thousand results of one
 * query; a narrower search or a city or category filter finds the rest.
 */
export const MAX_RESULT_DEPTH = 1000;
/** Longest search text accepted. */
export const MAX_SEARCH_LENGTH = 200;
