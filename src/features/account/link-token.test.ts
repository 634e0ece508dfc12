import { describe, expect, it } from "vitest";
import { tokenFromHash } from "./link-token.ts";

describe("tokenFromHash", () => {
  it.each([
    ["#token=ABC234", "ABC234"],
    ["token=ABC234", "ABC234"],
    ["#other=1&token=ABC234", "ABC234"],
    ["#token=", null],
    ["#token=%20", null],
    ["", null],
    ["#", null],
  ])("%j gives %j", (hash, token) => {
    expect(tokenFromHash(hash)).toBe(token);
  });
});
