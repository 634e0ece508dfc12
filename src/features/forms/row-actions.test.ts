import { describe, expect, it } from "vitest";
import { rowActions } from "./row-actions.ts";

describe("rowActions", () => {
  it("runs one action per row at a time and says which is in flight", async () => {
    const rows = rowActions<"approve" | "reject">();
    let release!: () => void;
    const first = rows.run(
      "a",
      "approve",
      () => new Promise<void>((r) => (release = r)),
      () => {},
    );
    expect(rows.$busy.get()).toEqual({ a: "approve" });
    // A second click on the same row is refused; another row is free.
    expect(
      await rows.run(
        "a",
        "reject",
        async () => {},
        () => {},
      ),
    ).toBe(false);
    expect(
      await rows.run(
        "b",
        "reject",
        async () => {},
        () => {},
      ),
    ).toBe(true);
    release();
    expect(await first).toBe(true);
    expect(rows.$busy.get()).toEqual({});
  });

  it("reports a failure and frees the row", async () => {
    const rows = rowActions<"accept">();
    const seen: unknown[] = [];
    const ok = await rows.run(
      "x",
      "accept",
      async () => {
        throw new Error("409: decided already");
      },
      (err) => seen.push(err),
    );
    expect(ok).toBe(false);
    expect(seen).toHaveLength(1);
    expect(rows.$busy.get()).toEqual({});
  });
});
