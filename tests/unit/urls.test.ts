import { describe, expect, it } from "vitest";
import {
  providerPath,
  providerShortPath,
  providerSlugId,
  uuidFromSegment,
} from "../../src/lib/urls.ts";

const id = "3f0c9a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d";

describe("provider URLs (the Visit link rule)", () => {
  it("builds /pk/{city}/{first-category}/{name}-{id}", () => {
    expect(
      providerPath({
        id,
        companyName: "Malik Surgical Co.",
        city: "Sialkot",
        services: [
          { category: { name: "Surgical Instruments" } },
          { category: { name: "Sports Goods" } },
        ],
      }),
    ).toBe(`/pk/sialkot/surgical-instruments/malik-surgical-co-${id}`);
  });

  it("falls back to pakistan, services and provider", () => {
    expect(providerPath({ id, companyName: "!!!", city: null, services: [] })).toBe(
      `/pk/pakistan/services/provider-${id}`,
    );
  });

  it("builds the /providers twin", () => {
    expect(providerShortPath({ id, companyName: "Indus CNC Works" })).toBe(
      `/providers/indus-cnc-works-${id}`,
    );
    expect(providerSlugId({ id, companyName: "" })).toBe(`provider-${id}`);
  });
});

describe("uuidFromSegment", () => {
  it.each([
    [`indus-cnc-works-${id}`, id],
    [id, id],
    [`x-${id.toUpperCase()}`, id],
    ["indus-cnc-works", null],
    [`${id}-extra`, null],
    ["", null],
  ])("%j → %j", (segment, expected) => {
    expect(uuidFromSegment(segment)).toBe(expected);
  });
});
