/**
 * Search that finds what people type (decision 015): typos, Roman Urdu and Urdu,
 * a city in the text, and no dead ends when nothing matches.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProvider } from "../../db/seed/factories.ts";
import { searchSuggestionsSchema } from "../../src/lib/search-schemas.ts";
import { makeTestApp, type TestApp } from "../helpers/app.ts";

const WELDING = "a4fd919a-3d75-491a-87f9-764bc5dda4d8";
const FOOTWEAR = "7a28a7f3-c043-4ab8-90c4-a29ad8f04fd2";

let t: TestApp;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await makeTestApp();
  ids.welder = await createProvider(t.db, {
    companyName: "Faisal Welding Works",
    city: "Lahore",
    description: "Gates, grills and steel structures.",
    services: [{ categoryId: WELDING, name: "Arc welding", pricePkr: 1500 }],
  });
  ids.welderSteel = await createProvider(t.db, {
    companyName: "Ravi Steel Fabricators",
    city: "Lahore",
    description: "Sheds and frames, welded on site.",
    services: [{ categoryId: WELDING, name: "Steel fabrication", pricePkr: 9000 }],
  });
  ids.shoes = await createProvider(t.db, {
    companyName: "Gul Khan Shoemakers",
    city: "Peshawar",
    description: "Handmade leather shoes and chappals.",
    services: [{ categoryId: FOOTWEAR, name: "Peshawari chappal", pricePkr: 3500 }],
  });
  ids.welderInCity = await createProvider(t.db, {
    companyName: "Welding Point Weldingville",
    city: "Karachi",
    description: "Welding of all kinds.",
    services: [{ categoryId: WELDING, name: "Welding", pricePkr: 800 }],
  });
});
afterAll(() => t.close());

async function names(query: string): Promise<string[]> {
  const res = await t.app.request(`/api/providers?${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { companyName: string }[]).map((p) => p.companyName);
}

async function suggestions(query: string) {
  const res = await t.app.request(`/api/search/suggestions?${query}`);
  expect(res.status).toBe(200);
  return searchSuggestionsSchema.parse(await res.json());
}

describe("what people type", () => {
  it("finds a word one edit away, and a 9-letter word two edits away", async () => {
    expect(await names("search=wleding&city=Lahore")).toContain("Faisal Welding Works");
    expect(await names("search=chapals")).toEqual(["Gul Khan Shoemakers"]);
    expect(await names("search=fabrcatrs")).toEqual(["Ravi Steel Fabricators"]);
  });

  it("ranks exact matches above close spellings", async () => {
    // "welded" is exact for Ravi Steel; "welding" is one edit from "weldeng" too, but
    // exact matches (fewer than five) come first, close ones after.
    const found = await names("search=welded");
    expect(found[0]).toBe("Ravi Steel Fabricators");
  });

  it("reads Roman Urdu and Urdu", async () => {
    expect(await names("search=joote")).toEqual(["Gul Khan Shoemakers"]);
    expect(await names(`search=${encodeURIComponent("جوتے")}`)).toEqual(["Gul Khan Shoemakers"]);
  });

  it("takes a city named in the text as the city filter, in English or Urdu, before or after", async () => {
    for (const q of ["welding lahore", "welding in lahore", "lahore welding", "welding لاہور"]) {
      const found = await names(`search=${encodeURIComponent(q)}`);
      expect(found, q).toContain("Faisal Welding Works");
      expect(found, q).not.toContain("Welding Point Weldingville");
    }
    expect(await names("search=welding%20karachi")).toEqual(["Welding Point Weldingville"]);
  });

  it("a city filter given keeps the text as text", async () => {
    expect(await names("search=welding%20lahore&city=Karachi")).toEqual([]);
  });
});

describe("no dead ends", () => {
  it("offers the search without its city, and the category in that city", async () => {
    expect(await names("search=joote%20lahore")).toEqual([]);
    const s = await suggestions("search=joote%20lahore");
    expect(s.withoutCity).toEqual({ search: "joote", total: 1 });
    expect(s.spelling).toBeNull();
  });

  it("offers the closest category where it has providers", async () => {
    expect(await names("search=lohar%20qainchi&city=Lahore")).toEqual([]);
    const s = await suggestions("search=lohar%20qainchi&city=Lahore");
    expect(s.category).toMatchObject({ id: WELDING, total: 2 });
  });

  it("offers a misspelt Roman Urdu word's dictionary spelling when that finds providers", async () => {
    // Index words one edit away are searched already; a dictionary word is not in the index.
    expect(await names("search=mochhi")).toEqual([]);
    const s = await suggestions("search=mochhi");
    expect(s.spelling).toEqual({ search: "mochi", total: 1 });
  });

  it("offers nothing for text that matches nothing anywhere", async () => {
    const s = await suggestions("search=zzzqqq");
    expect(s).toEqual({ spelling: null, withoutCity: null, category: null });
    expect((await t.app.request("/api/search/suggestions?city=nowhere")).status).toBe(400);
  });
});
