import { describe, expect, it } from "vitest";
import { SLUG_MAX_LENGTH, slugify } from "../../src/lib/slug.ts";

describe("slugify (the URL slug rule)", () => {
  it.each([
    ["Malik Brothers Engineering", "malik-brothers-engineering"],
    ["  Al-Noor Textiles  ", "al-noor-textiles"],
    ["Printing & Packaging", "printing-packaging"],
    ["Butt & Sons (Pvt) Ltd.", "butt-sons-pvt-ltd"],
    ["A -- B", "a-b"],
    ["Dera   Ghazi\tKhan", "dera-ghazi-khan"],
    ["CNC Machining 24/7", "cnc-machining-247"],
    ["UPPER lower", "upper-lower"],
    ["!!!", ""],
    ["", ""],
    ["کارخانہ لاہور", "کارخانہ-لاہور"],
    ["Café Crème", "café-crème"],
  ])("%j → %j", (input, expected) => {
    expect(slugify(input)).toBe(expected);
  });

  it(`cuts to ${SLUG_MAX_LENGTH} characters`, () => {
    const long = "Karachi Industrial Precision Engineering and Fabrication Works Private Limited";
    const slug = slugify(long);
    expect(slug).toHaveLength(60);
    expect(slug).toBe("karachi-industrial-precision-engineering-and-fabrication-wor");
  });

  it("cuts non-Latin input by characters too", () => {
    const slug = slugify("ل".repeat(80));
    expect([...slug]).toHaveLength(60);
  });
});
