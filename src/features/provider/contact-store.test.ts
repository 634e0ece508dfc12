import { describe, expect, it } from "vitest";
import { safeWebsite } from "./contact-store.ts";

describe("safeWebsite", () => {
  it.each([
    ["https://www.example.pk", { href: "https://www.example.pk/", label: "www.example.pk" }],
    ["http://example.pk/about", { href: "http://example.pk/about", label: "example.pk/about" }],
    ["www.example.pk", { href: "https://www.example.pk/", label: "www.example.pk" }],
    ["javascript:alert(1)", null],
    ["mailto:info@example.pk", null],
    ["not a url at all", null],
  ])("%j → %j", (raw, expected) => {
    expect(safeWebsite(raw)).toEqual(expected);
  });
});
