import { describe, expect, it } from "vitest";
import { cityName } from "../../i18n/index.ts";
import { inReaderOrder } from "./reader-order.ts";

// A–Z in English; in Urdu پشاور (pe), سیالکوٹ (seen), کوئٹہ (kaaf).
const cities = ["Peshawar", "Quetta", "Sialkot"];
const options = (locale: "en" | "ur") =>
  cities.map((city) => ({ city, label: cityName(city, locale) }));

describe("inReaderOrder", () => {
  it("keeps the given order in English", () => {
    expect(inReaderOrder(options("en"), "en").map((o) => o.city)).toEqual(cities);
  });

  it("sorts by the Urdu names in the Urdu alphabet", () => {
    expect(inReaderOrder(options("ur"), "ur").map((o) => o.city)).toEqual([
      "Peshawar",
      "Sialkot",
      "Quetta",
    ]);
  });
});
