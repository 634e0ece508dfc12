import { describe, expect, it } from "vitest";
import { installErrorTable, localizeError } from "../../i18n/errors.ts";
import { translateError } from "../../i18n/error-table.ts";
import type { MyProvider } from "./my-provider.ts";
import {
  checkProfile,
  EMPTY_PROFILE,
  profileValuesFrom,
  type ProfileValues,
} from "./profile-form.ts";

// As an Urdu page does once it has loaded (src/i18n/index.ts).
installErrorTable(translateError);

const VALID: ProfileValues = {
  ...EMPTY_PROFILE,
  companyName: "  Indus Precision Works ",
  city: "Sialkot",
  address: " Small Industrial Estate, Plot 12 ",
  coverImageUrl: "/media/providers/u1/cover_1.jpg",
  logoUrl: "/media/providers/u1/logo_1.jpg",
};

describe("checkProfile", () => {
  it("joins city and address into `City — address` and trims", () => {
    const r = checkProfile(VALID);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.payload).toEqual({
      companyName: "Indus Precision Works",
      companyNameUr: null,
      description: "",
      descriptionUr: "",
      location: "Sialkot — Small Industrial Estate, Plot 12",
      website: "",
      phone: "",
      phoneOnWhatsapp: true,
      email: "",
      coverImageUrl: "/media/providers/u1/cover_1.jpg",
      logoUrl: "/media/providers/u1/logo_1.jpg",
      responseTime: "",
    });
  });

  it("sends the Urdu name and description trimmed", () => {
    const r = checkProfile({
      ...VALID,
      companyNameUr: " انڈس پریسیژن ورکس ",
      descriptionUr: " سرجیکل آلات۔ ",
    });
    expect(r.ok && r.payload).toMatchObject({
      companyNameUr: "انڈس پریسیژن ورکس",
      descriptionUr: "سرجیکل آلات۔",
    });
  });

  it("words its messages in the page's language", () => {
    const r = checkProfile({ ...VALID, companyName: " ", companyNameUr: "ن".repeat(201) }, "ur");
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.companyName).toBe(localizeError("Company name is required", "ur"));
    expect(r.errors.companyName).not.toBe("Company name is required");
    expect(r.errors.companyNameUr).toBe(
      localizeError("Urdu company name must be at most 200 characters", "ur"),
    );
    expect(r.first).toBe("companyName");
  });

  it("stores the city alone when there is no address", () => {
    const r = checkProfile({ ...VALID, address: "  " });
    expect(r.ok && r.payload.location).toBe("Sialkot");
  });

  it.each<[Partial<ProfileValues>, Partial<Record<keyof ProfileValues, string>>]>([
    [{ companyName: "  " }, { companyName: "Company name is required" }],
    [{ city: "" }, { city: "City is required" }],
    [{ coverImageUrl: "" }, { coverImageUrl: "Cover image is required" }],
    [{ logoUrl: "" }, { logoUrl: "Logo is required" }],
    [{ phone: "call me" }, { phone: "Phone may only contain digits, spaces, + ( ) and -" }],
  ])("rejects %j", (patch, errors) => {
    const r = checkProfile({ ...VALID, ...patch });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toEqual(errors);
  });

  it("relaxes website and email to any string (the server checks them)", () => {
    const r = checkProfile({ ...VALID, website: "our shop", email: "ask at the gate" });
    expect(r.ok).toBe(true);
  });

  it("reports every missing required field and focuses the first in form order", () => {
    const r = checkProfile(EMPTY_PROFILE);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(Object.keys(r.errors).sort()).toEqual(
      ["city", "companyName", "coverImageUrl", "logoUrl"].sort(),
    );
    expect(r.first).toBe("companyName");
  });
});

describe("profileValuesFrom", () => {
  const base = {
    companyName: "Karachi Moulds",
    location: "Karachi — SITE Area, Block B",
    city: "Karachi",
    description: "Injection moulds.",
    email: "sales@moulds.pk",
    phone: "+923001234567",
    phoneOnWhatsapp: false,
    website: "https://moulds.pk",
    responseTime: "2-4 hours",
    coverImageUrl: "/media/c.jpg",
    logoUrl: null,
  } as unknown as MyProvider;

  it("splits the stored location back into city and address", () => {
    expect(profileValuesFrom(base)).toEqual({
      companyName: "Karachi Moulds",
      companyNameUr: "",
      email: "sales@moulds.pk",
      phone: "0300 1234567",
      phoneOnWhatsapp: false,
      city: "Karachi",
      address: "SITE Area, Block B",
      website: "https://moulds.pk",
      responseTime: "2-4 hours",
      description: "Injection moulds.",
      descriptionUr: "",
      coverImageUrl: "/media/c.jpg",
      logoUrl: "",
    });
  });

  it("fills the Urdu fields from the saved profile", () => {
    const v = profileValuesFrom({
      ...base,
      companyNameUr: "کراچی مولڈز",
      descriptionUr: "انجیکشن مولڈ۔",
    });
    expect(v).toMatchObject({ companyNameUr: "کراچی مولڈز", descriptionUr: "انجیکشن مولڈ۔" });
  });

  it("keeps an unknown place in the address", () => {
    const v = profileValuesFrom({ ...base, location: "Chak 45 GB", city: null });
    expect(v.city).toBe("");
    expect(v.address).toBe("Chak 45 GB");
  });

  it("is empty without a provider", () => {
    expect(profileValuesFrom(null)).toEqual(EMPTY_PROFILE);
  });
});
