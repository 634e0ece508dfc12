import { describe, expect, it } from "vitest";
import { localizeError } from "../../i18n/errors.ts";
import { checkSetup, EMPTY_SETUP, setupPayload, type SetupValues } from "./setup-form.ts";

const USER = "3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b";

describe("setupPayload", () => {
  it("leaves out empty website, phone and email", () => {
    expect(setupPayload({ ...EMPTY_SETUP, companyName: " Ravi Textiles " }, USER)).toEqual({
      userId: USER,
      companyName: "Ravi Textiles",
      description: "",
      location: "",
    });
  });

  it("sends what was given, with the location as `City — address`", () => {
    const values: SetupValues = {
      companyName: "Ravi Textiles",
      companyNameUr: "",
      description: " Weaving and dyeing. ",
      descriptionUr: "",
      city: "Faisalabad",
      address: "Jhang Road",
      phone: " 0300 1234567 ",
      phoneOnWhatsapp: false,
      website: "ravi.pk",
      email: "info@ravi.pk",
    };
    expect(setupPayload(values, USER)).toEqual({
      userId: USER,
      companyName: "Ravi Textiles",
      description: "Weaving and dyeing.",
      location: "Faisalabad — Jhang Road",
      phone: "0300 1234567",
      phoneOnWhatsapp: false,
      website: "ravi.pk",
      email: "info@ravi.pk",
    });
  });
});

describe("setupPayload, Urdu", () => {
  it("sends the Urdu name and description only when given", () => {
    const p = setupPayload(
      {
        ...EMPTY_SETUP,
        companyName: "Ravi Textiles",
        companyNameUr: " راوی ٹیکسٹائلز ",
        descriptionUr: "  ",
      },
      USER,
    );
    expect(p.companyNameUr).toBe("راوی ٹیکسٹائلز");
    expect(p).not.toHaveProperty("descriptionUr");
  });
});

describe("checkSetup", () => {
  it.each<[Partial<SetupValues>, Partial<Record<keyof SetupValues, string>>]>([
    [{ companyName: "" }, { companyName: "Company name is required" }],
    [{ companyName: "A", email: "not-an-email" }, { email: "Email must be a valid email address" }],
    [
      { companyName: "A", website: "ftp://files.example.pk" },
      { website: "Website must be a web address (https://…)" },
    ],
    [
      { companyName: "A", phone: "ring ring" },
      { phone: "Phone may only contain digits, spaces, + ( ) and -" },
    ],
  ])("rejects %j", (patch, errors) => {
    const r = checkSetup({ ...EMPTY_SETUP, ...patch }, USER);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors).toEqual(errors);
  });

  it("words its messages in the page's language", () => {
    const r = checkSetup({ ...EMPTY_SETUP, descriptionUr: "ا".repeat(5001) }, USER, "ur");
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toEqual({
      companyName: localizeError("Company name is required", "ur"),
      descriptionUr: localizeError("Urdu description must be at most 5000 characters", "ur"),
    });
  });

  it("accepts a bare domain as the website (the server adds https://)", () => {
    expect(checkSetup({ ...EMPTY_SETUP, companyName: "A", website: "ravi.pk" }, USER).ok).toBe(
      true,
    );
  });
});
