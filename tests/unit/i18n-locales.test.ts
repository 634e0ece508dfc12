import { describe, expect, it } from "vitest";
import {
  basePath,
  localeFromAcceptLanguage,
  localeOfPath,
  localizePath,
} from "../../src/i18n/locales.ts";
import { formatCount, formatRupees } from "../../src/i18n/format.ts";
import { categoryName, cityName, companyName } from "../../src/i18n/names.ts";

describe("a URL's language (decision 022)", () => {
  it("is Urdu under /ur and English elsewhere", () => {
    expect(localeOfPath("/ur")).toBe("ur");
    expect(localeOfPath("/ur/pk/lahore")).toBe("ur");
    expect(localeOfPath("/urdu-poetry")).toBe("en");
    expect(localeOfPath("/pk/lahore")).toBe("en");
    expect(localeOfPath("/")).toBe("en");
  });

  it("maps a page to its twin and back, keeping the query and hash", () => {
    expect(localizePath("/", "ur")).toBe("/ur");
    expect(localizePath("/ur", "en")).toBe("/");
    expect(localizePath("/pk/lahore?view=list#results", "ur")).toBe(
      "/ur/pk/lahore?view=list#results",
    );
    expect(localizePath("/ur/pk/lahore?view=list", "en")).toBe("/pk/lahore?view=list");
    expect(localizePath("/ur/pk/lahore", "ur")).toBe("/ur/pk/lahore");
    expect(localizePath("/login?next=%2Ffavorites", "ur")).toBe("/ur/login?next=%2Ffavorites");
    expect(basePath("/ur/account")).toBe("/account");
  });

  it("leaves what has no Urdu twin, and other sites, alone", () => {
    for (const path of [
      "/admin-dashboard",
      "/api/providers",
      "/api-reference",
      "/media/a.webp",
      "/sitemap.xml",
    ]) {
      expect(localizePath(path, "ur")).toBe(path);
    }
    expect(localizePath("https://wa.me/923001234567", "ur")).toBe("https://wa.me/923001234567");
    expect(localizePath("//evil.example/x", "ur")).toBe("//evil.example/x");
    expect(localizePath("#suggest", "ur")).toBe("#suggest");
  });

  it("reads the reader's language from Accept-Language", () => {
    expect(localeFromAcceptLanguage("ur-PK")).toBe("ur");
    expect(localeFromAcceptLanguage("ur")).toBe("ur");
    expect(localeFromAcceptLanguage("ur;q=0.9, en;q=0.8")).toBe("ur");
    expect(localeFromAcceptLanguage("en-PK,ur;q=0.9")).toBe("en");
    expect(localeFromAcceptLanguage(undefined)).toBe("en");
    expect(localeFromAcceptLanguage("")).toBe("en");
  });
});

describe("numbers and names in the reader's language", () => {
  it("keeps Western digits in Urdu and writes rupees the ur-PK way", () => {
    expect(formatCount(1234567, "ur")).toBe("1,234,567");
    expect(formatRupees(150000, "en")).toBe("PKR 150,000");
    expect(formatRupees(150000, "ur")).toMatch(/^Rs\s?150,000$/);
  });

  it("uses the Urdu name when there is one, the English otherwise", () => {
    expect(cityName("Lahore", "ur")).toBe("لاہور");
    expect(cityName("Lahore", "en")).toBe("Lahore");
    expect(cityName("Atlantis", "ur")).toBe("Atlantis");
    expect(categoryName({ name: "Denim", nameUr: "ڈینم" }, "ur")).toBe("ڈینم");
    expect(categoryName({ name: "Denim", nameUr: null }, "ur")).toBe("Denim");
    expect(companyName({ companyName: "Umar Surgical", companyNameUr: "  " }, "ur")).toBe(
      "Umar Surgical",
    );
    expect(companyName({ companyName: "Umar Surgical", companyNameUr: "عمر سرجیکل" }, "en")).toBe(
      "Umar Surgical",
    );
  });
});
