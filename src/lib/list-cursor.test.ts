import { describe, expect, it } from "vitest";
import {
  cursorPage,
  decodeCursor,
  encodeCursor,
  listCursorQuerySchema,
  nextCursorOf,
} from "./list-cursor.ts";

const ID = "6f1c1c52-58b4-4a8f-9d5e-3c1f2f6e8b10";

describe("list cursors", () => {
  it("round-trips a position, and names nothing for anything else", () => {
    const c = { at: 1764500000000, id: ID };
    expect(decodeCursor(encodeCursor(c))).toEqual(c);
    for (const bad of [undefined, "", "x", `1.${ID.toUpperCase()}`, `-1.${ID}`, `1.${ID}x`]) {
      expect(decodeCursor(bad), String(bad)).toBeNull();
    }
  });

  it.each([
    [{}, { limit: 20 }],
    [{ cursor: "", limit: "" }, { limit: 20 }],
    [
      { cursor: `5.${ID}`, limit: "100" },
      { cursor: `5.${ID}`, limit: 100 },
    ],
  ])("reads the query %j", (query, expected) => {
    expect(listCursorQuerySchema.parse(query)).toEqual(expected);
  });

  it.each([{ cursor: "abc" }, { limit: "0" }, { limit: "101" }, { limit: "2.5" }])(
    "refuses the query %j",
    (query) => {
      expect(listCursorQuerySchema.safeParse(query).success).toBe(false);
    },
  );

  it("reads the next cursor from a Link header", () => {
    const headers = new Headers({ Link: `</api/leads?cursor=5.${ID}&limit=20>; rel="next"` });
    expect(nextCursorOf(headers)).toBe(`5.${ID}`);
    expect(nextCursorOf(new Headers())).toBeNull();
  });

  it("makes a page of limit + 1 rows: the extra row only says there is more", () => {
    const rows = [3, 2, 1].map((n) => ({ n }));
    const of = (r: { n: number }) => ({ at: r.n, id: ID });
    expect(cursorPage(rows, 2, of)).toEqual({ items: rows.slice(0, 2), next: { at: 2, id: ID } });
    expect(cursorPage(rows, 3, of)).toEqual({ items: rows, next: null });
    expect(cursorPage([], 3, of)).toEqual({ items: [], next: null });
  });
});
