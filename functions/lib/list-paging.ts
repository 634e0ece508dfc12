import type { Context } from "hono";
import { encodeCursor, type ListCursor } from "../../src/lib/list-cursor.ts";

/**
 * The paging headers of a list paged by cursor (src/lib/list-cursor.ts,
 * decision 030): the total, the page size, and the next page's link while
 * there is one, with the caller's other query parameters kept.
 */
export function setCursorHeaders(
  c: Context,
  limit: number,
  page: { total: number; next: ListCursor | null },
): void {
  c.header("X-Total-Count", String(page.total));
  c.header("X-Per-Page", String(limit));
  if (page.next) {
    const next = new URL(c.req.url);
    next.searchParams.set("cursor", encodeCursor(page.next));
    next.searchParams.set("limit", String(limit));
    c.header("Link", `<${next.pathname}${next.search}>; rel="next"`);
  }
}
