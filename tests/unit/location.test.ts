import { describe, expect, it } from "vitest";
import { joinLocation, splitLocation } from "../../src/lib/location.ts";

describe("joinLocation", () => {
  it.each([
    ["Lahore", "Plot 14, Sundar Industrial Estate", "Lahore — Plot 14, Sundar Industrial Estate"],
    ["Sialkot", "", "Sialkot"],
    ["Sialkot", null, "Sialkot"],
    ["  Karachi ", "  SITE Area  ", "Karachi — SITE Area"],
    ["", "Somewhere", "Somewhere"],
  ])("(%j, %j) → %j", (city, address, expected) => {
    expect(joinLocation(city, address)).toBe(expected);
  });
});

describe("splitLocation", () => {
  it.each([
    ["Lahore — Plot 14, Sundar Industrial Estate", "Lahore", "Plot 14, Sundar Industrial Estate"],
    ["Sialkot", "Sialkot", ""],
    ["karachi — SITE Area", "Karachi", "SITE Area"],
    ["Faisalabad - Jhang Road", "Faisalabad", "Jhang Road"],
    ["Multan, Vehari Road", "Multan", "Vehari Road"],
    ["Dera Ghazi Khan — Block 7", "Dera Ghazi Khan", "Block 7"],
    ["Atlantis — Main Road", "", "Atlantis — Main Road"],
    ["", "", ""],
    [null, "", ""],
  ])("%j → city %j, address %j", (location, city, address) => {
    expect(splitLocation(location)).toEqual({ city, address });
  });

  it("does not take a longer place name for its prefix city", () => {
    // "Lahore Cantt" is not "Lahore" followed by an address.
    expect(splitLocation("Lahore Cantt").city).toBe("");
  });

  it("round-trips join and split for every city", async () => {
    const { CITIES } = await import("../../src/lib/cities.ts");
    for (const city of CITIES) {
      expect(splitLocation(joinLocation(city, "Main Bazaar"))).toEqual({
        city,
        address: "Main Bazaar",
      });
    }
  });
});
