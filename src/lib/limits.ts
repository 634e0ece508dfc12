/**
 * Limits shared by the API's schemas and the islands. Kept apart from
 * schemas.ts so an island can use them without bundling zod.
 */

/** Page size of GET /api/providers when `limit` is not given (docs/decisions/002). */
export const DEFAULT_PAGE_SIZE = 24;
/** Largest page GET /api/providers serves. */
export const MAX_PAGE_SIZE = 100;
/** Longest search text accepted. */
export const MAX_SEARCH_LENGTH = 200;
