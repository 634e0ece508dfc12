import { describe, expect, it } from "vitest";
import {
  CITIES,
  DASHBOARD_CITY_OPTIONS,
  DASHBOARD_PRIORITY_CITIES,
  FEATURED_CITIES,
  OTHER_CITIES,
  findCity,
} from "../../src/lib/cities.ts";
import { cityKey } from "../../db/queries/search-index.ts";
import { slugify } from "../../src/lib/slug.ts";

describe("city list", () => {
  it("starts with the six featured cities in order", () => {
    expect(FEATURED_CITIES).toEqual([
      "Lahore",
      "Karachi",
      "Islamabad",
      "Rawalpindi",
      "Faisalabad",
      "Multan",
    ]);
    expect(CITIES.slice(0, 6)).toEqual([...FEATURED_CITIES]);
  });

  it("has about 250 others, sorted alphabetically", () => {
    expect(OTHER_CITIES.length).toBeGreaterThanOrEqual(240);
    expect(OTHER_CITIES.length).toBeLessThanOrEqual(260);
    const sorted = [...OTHER_CITIES].sort((a, b) => a.localeCompare(b, "en"));
    expect(OTHER_CITIES).toEqual(sorted);
  });

  it("has no duplicates, by name or by slug", () => {
    expect(new Set(CITIES.map((c) => c.toLowerCase())).size).toBe(CITIES.length);
    expect(new Set(CITIES.map(slugify)).size).toBe(CITIES.length);
  });

  it("has names the URL slug and search index can carry", () => {
    for (const city of CITIES) {
      expect(city).toBe(city.trim());
      expect(slugify(city)).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(cityKey(city)).toMatch(/^[a-z0-9]+$/);
    }
    expect(new Set(CITIES.map(cityKey)).size).toBe(CITIES.length);
  });

  it("finds a city by name in any case or by slug", () => {
    expect(findCity("lahore")).toBe("Lahore");
    expect(findCity("  KARACHI ")).toBe("Karachi");
    expect(findCity("dera-ghazi-khan")).toBe("Dera Ghazi Khan");
    expect(findCity("Atlantis")).toBeUndefined();
    expect(findCity("")).toBeUndefined();
  });

  it("puts the dashboard's priority cities first, then the rest once", () => {
    expect(DASHBOARD_CITY_OPTIONS.slice(0, DASHBOARD_PRIORITY_CITIES.length)).toEqual([
      ...DASHBOARD_PRIORITY_CITIES,
    ]);
    expect([...DASHBOARD_CITY_OPTIONS].sort()).toEqual([...CITIES].sort());
  });
});
