import { describe, expect, it } from "vitest";
import { LruMap } from "../../functions/lib/lru.ts";

describe("LruMap", () => {
  it("holds at most its size, the least recently used going first", () => {
    const m = new LruMap<string, number>(3);
    m.set("a", 1).set("b", 2).set("c", 3);
    // Reading "a" makes it the most recently used: "b" goes when "d" comes.
    expect(m.get("a")).toBe(1);
    m.set("d", 4);
    expect(m.size).toBe(3);
    expect(m.get("b")).toBeUndefined();
    expect([m.get("a"), m.get("c"), m.get("d")]).toEqual([1, 3, 4]);
  });

  it("stays at its size however many keys come", () => {
    const m = new LruMap<number, number>(100);
    for (let i = 0; i < 10_000; i++) m.set(i, i);
    expect(m.size).toBe(100);
    expect(m.get(9_999)).toBe(9_999);
    expect(m.get(9_899)).toBeUndefined();
  });

  it("replaces a key's value without growing, and deletes", () => {
    const m = new LruMap<string, number>(2);
    m.set("a", 1).set("a", 2);
    expect(m.size).toBe(1);
    expect(m.get("a")).toBe(2);
    expect(m.delete("a")).toBe(true);
    expect(m.size).toBe(0);
  });

  it("refuses a size that is not a whole number of at least 1", () => {
    for (const bad of [0, -1, 1.5, Number.NaN]) {
      expect(() => new LruMap(bad)).toThrow(RangeError);
    }
  });
});
