import { z } from "zod";
import { ADMIN_MAX_PAGE_SIZE, ADMIN_PAGE_SIZE, adminLimit } from "./admin-schemas.ts";

/**
 * Paging by cursor (decision 030), for the lists a person reads from the top
 * and extends with 'Load more': a provider's inbox, 'My Requests' and an
 * owner's Suggested changes. Their rows arrive at the top while someone reads,
 * so a page number would show a row twice on the next page; a cursor names
 * the last row shown (its sort time and id), and the next page starts after
 * it whatever arrived meanwhile. Admin review lists keep page numbers (decision
 * 002's headers): an admin jumps between pages of a queue.
 *
 * The answer's body is unchanged; the paging travels in headers:
 * `X-Total-Count`, `X-Per-Page`, and `Link: <…?cursor=…&limit=…>; rel="next"`
 * while there is more. A cursor is opaque to clients: pass back the one the
 * Link gave.
 */

export const LIST_PAGE_SIZE = ADMIN_PAGE_SIZE;
export const LIST_MAX_PAGE_SIZE = ADMIN_MAX_PAGE_SIZE;

/** Where the previous page ended: its last row's sort time (ms) and id. */
export interface ListCursor {
  at: number;
  id: string;
}

const CURSOR = /^(\d{1,15})\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

export function encodeCursor(c: ListCursor): string {
  return `${c.at}.${c.id}`;
}

/** The cursor a string names, or null when it is none of ours. */
export function decodeCursor(text: string | undefined): ListCursor | null {
  const m = text ? CURSOR.exec(text) : null;
  return m ? { at: Number(m[1]), id: m[2]! } : null;
}

const BAD_CURSOR = "cursor must come from a previous page's Link header";

/** `?cursor=&limit=` of the lists above; `limit` as the admin lists' (20 by default, at most 100). */
export const listCursorQuerySchema = z.object({
  cursor: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    z.string({ error: BAD_CURSOR }).regex(CURSOR, { error: BAD_CURSOR }).optional(),
  ),
  limit: adminLimit,
});
export type ListCursorQuery = z.input<typeof listCursorQuerySchema>;

/** The next page's cursor from an answer's `Link: <…>; rel="next"`, or null on the last page. */
export function nextCursorOf(headers: Headers): string | null {
  const link = headers.get("Link") ?? "";
  const m = /<([^>]+)>\s*;\s*rel="?next"?/.exec(link);
  if (!m) return null;
  return new URL(m[1]!, "http://x").searchParams.get("cursor");
}

/**
 * One page from `limit + 1` rows read in the list's order: the extra row only
 * says there is more, and the cursor is the last row shown.
 */
export function cursorPage<T>(
  rows: readonly T[],
  limit: number,
  cursorOf: (row: T) => ListCursor,
): { items: T[]; next: ListCursor | null } {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, next: rows.length > limit && last ? cursorOf(last) : null };
}
