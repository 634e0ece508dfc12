import { describe, expect, it } from "vitest";
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
      description: " Weaving and dyeing. ",
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

  it("accepts a bare domain as the website (the server adds https://)", () => {
    expect(checkSetup({ ...EMPTY_SETUP, companyName: "A", website: "ravi.pk" }, USER).ok).toBe(
      true,
    );
  });
});
