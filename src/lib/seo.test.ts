import { describe, expect, it } from "vitest";
import { publicProvider } from "../../tests/fixtures/provider-public.ts";
import {
  breadcrumbJsonLd,
  itemListJsonLd,
  listingDescription,
  listingHeading,
  localBusinessJsonLd,
  pageTitle,
  providerDescription,
  providerTitle,
  truncate,
  webPageJsonLd,
  webSiteJsonLd,
} from "./seo.ts";
import type { ProviderPublic, ServicePublic } from "./types.ts";

const SITE = "https://karkhana.example";

const service = (name: string, category: string, pricePkr: number | null): ServicePublic => ({
  id: `s-${name}`,
  providerId: "p1",
  categoryId: category,
  name,
  description: "",
  pricePkr,
  isActive: true,
  category: { id: category, name: category, nameUr: null, slug: category.toLowerCase() },
});

const provider = (over: Partial<ProviderPublic> = {}) =>
  publicProvider({
    services: [service("Gates", "Steel", 50_000), service("Uniforms", "Textiles", 150_000)],
    ...over,
  });

describe("titles and descriptions in English (the spec's copy)", () => {
  it("names pages after the site", () => {
    expect(pageTitle(undefined, "en")).toBe("Karkhana: Manufacturing Directory of Pakistan");
    expect(pageTitle("Account", "en")).toBe("Account | Karkhana");
  });

  it("titles a provider page with its location, else Pakistan", () => {
    expect(providerTitle(provider(), "en")).toBe(
      "Crescent Forge Works – Lahore — Gulberg III | Karkhana",
    );
    expect(providerTitle(provider({ location: " " }), "en")).toBe(
      "Crescent Forge Works – Pakistan | Karkhana",
    );
  });

  it("heads listings '{category} in {city}', 'Providers in {city}' or 'Providers'", () => {
    expect(listingHeading("Lahore", "Steel", "en")).toBe("Steel in Lahore");
    expect(listingHeading("Lahore", null, "en")).toBe("Providers in Lahore");
    expect(listingHeading(null, null, "en")).toBe("Providers");
  });

  it.each([
    [
      1250,
      "Lahore",
      "Steel",
      "1,250 Steel providers in Lahore on Karkhana: compare verified companies, services and prices in PKR.",
    ],
    [
      1,
      null,
      null,
      "1 manufacturing and service provider across Pakistan on Karkhana: compare verified companies, services and prices in PKR.",
    ],
    [
      0,
      "Lahore",
      "Steel",
      "No Steel providers in Lahore are listed on Karkhana yet. Browse nearby cities and categories, or suggest a provider.",
    ],
    [
      0,
      null,
      null,
      "No manufacturing and service providers across Pakistan are listed on Karkhana yet. Browse nearby cities and categories, or suggest a provider.",
    ],
  ])("describes %i providers in %s, %s", (total, city, category, text) => {
    expect(listingDescription(total, city, category, "en")).toBe(text);
  });

  it("describes a provider by its own words, else by where and what it is", () => {
    expect(providerDescription(provider({ description: "  Forged   gates. " }), "en")).toBe(
      "Forged gates.",
    );
    expect(providerDescription(provider(), "en")).toBe(
      "Crescent Forge Works in Lahore: Steel, Textiles.",
    );
    expect(providerDescription(provider({ city: null, services: [] }), "en")).toBe(
      "Crescent Forge Works in Pakistan.",
    );
  });

  it("cuts long text at a word, without a comma before the ellipsis", () => {
    expect(truncate("word ".repeat(50), 20)).toBe("word word word…");
    expect(truncate("لوہا، تانبا، پیتل، اسٹیل، ایلومینیم", 20)).toBe("لوہا، تانبا، پیتل…");
  });
});

describe("titles and descriptions in Urdu", () => {
  it("names the site کارخانہ", () => {
    expect(pageTitle(undefined, "ur")).toBe("کارخانہ: پاکستان کی مینوفیکچرنگ ڈائریکٹری");
    expect(pageTitle("اکاؤنٹ", "ur")).toBe("اکاؤنٹ | کارخانہ");
  });

  it("uses the provider's Urdu name when it has one", () => {
    expect(providerTitle(provider({ companyNameUr: "کریسنٹ فورج ورکس" }), "ur")).toBe(
      "کریسنٹ فورج ورکس – Lahore — Gulberg III | کارخانہ",
    );
    expect(providerTitle(provider({ location: "" }), "ur")).toBe(
      "Crescent Forge Works – پاکستان | کارخانہ",
    );
  });

  it("puts the city first, as Urdu does", () => {
    expect(listingHeading("لاہور", "اسٹیل", "ur")).toBe("لاہور میں اسٹیل");
    expect(listingHeading("لاہور", null, "ur")).toBe("لاہور میں سروس فراہم کنندگان");
    expect(listingHeading(null, null, "ur")).toBe("سروس فراہم کنندگان");
  });

  it("counts with Western digits and says when a listing is empty", () => {
    expect(listingDescription(1250, "لاہور", "اسٹیل", "ur")).toBe(
      "کارخانہ پر لاہور میں 1,250 اسٹیل کے سروس فراہم کنندگان: تصدیق شدہ کمپنیوں، ان کی سروسز اور روپوں میں قیمتوں کا موازنہ کریں۔",
    );
    expect(listingDescription(0, null, null, "ur")).toContain(
      "ابھی پورے پاکستان میں کوئی مینوفیکچرر یا سروس فراہم کنندہ درج نہیں۔",
    );
  });

  it("prefers the Urdu description, else names the city in Urdu", () => {
    expect(providerDescription(provider({ descriptionUr: "لوہے کے گیٹ۔" }), "ur")).toBe(
      "لوہے کے گیٹ۔",
    );
    expect(providerDescription(provider({ description: "Forged gates." }), "ur")).toBe(
      "Forged gates.",
    );
    expect(providerDescription(provider(), "ur")).toBe(
      "لاہور میں Crescent Forge Works: Steel، Textiles۔",
    );
  });
});

describe("structured data", () => {
  const crumbs = [
    { name: "Pakistan", path: "/pk" },
    { name: "Lahore", path: "/pk/lahore" },
    { name: "Steel" },
  ];

  it("links breadcrumbs and lists to the pages in the page's language", () => {
    const en = breadcrumbJsonLd(SITE, crumbs, "/pk/lahore/steel", "en");
    expect(en.itemListElement.map((c) => c.item)).toEqual([
      `${SITE}/pk`,
      `${SITE}/pk/lahore`,
      `${SITE}/pk/lahore/steel`,
    ]);
    const ur = breadcrumbJsonLd(SITE, crumbs, "/pk/lahore/steel", "ur");
    expect(ur.itemListElement.map((c) => c.item)).toEqual([
      `${SITE}/ur/pk`,
      `${SITE}/ur/pk/lahore`,
      `${SITE}/ur/pk/lahore/steel`,
    ]);
    // Paths a caller already put into Urdu stay as they are.
    const list = itemListJsonLd(SITE, "L", [{ name: "A", path: "/ur/pk/a" }], 1, "ur");
    expect(list.itemListElement[0]?.url).toBe(`${SITE}/ur/pk/a`);
    expect(list).not.toHaveProperty("inLanguage");
  });

  it("says the language on the WebSite and the WebPage, which are CreativeWorks", () => {
    expect(webSiteJsonLd(SITE, "en")).toMatchObject({
      name: "Karkhana",
      url: `${SITE}/`,
      inLanguage: "en-PK",
    });
    expect(webSiteJsonLd(SITE, "ur")).toMatchObject({
      name: "کارخانہ",
      alternateName: "Karkhana",
      url: `${SITE}/ur`,
      inLanguage: "ur-PK",
      potentialAction: { target: `${SITE}/ur?q={search_term_string}` },
    });
    expect(
      webPageJsonLd(SITE, { path: "/pk/lahore", title: "T", description: "D" }, "ur"),
    ).toMatchObject({
      "@type": "WebPage",
      "@id": `${SITE}/ur/pk/lahore#webpage`,
      url: `${SITE}/ur/pk/lahore`,
      inLanguage: "ur-PK",
      isPartOf: { name: "کارخانہ", url: `${SITE}/ur` },
    });
  });

  it("describes the business in the page's language, one @id for both, prices in PKR", () => {
    const p = provider({ companyNameUr: "کریسنٹ فورج ورکس", logoUrl: "/media/logo.png" });
    const en = localBusinessJsonLd(SITE, p, p.path, [], "en");
    const ur = localBusinessJsonLd(SITE, p, p.path, [], "ur");
    expect(en).toMatchObject({
      name: "Crescent Forge Works",
      alternateName: "کریسنٹ فورج ورکس",
      url: `${SITE}${p.path}`,
      priceRange: "PKR 50,000 – PKR 150,000",
      address: { addressLocality: "Lahore", streetAddress: "Gulberg III" },
    });
    expect(ur).toMatchObject({
      name: "کریسنٹ فورج ورکس",
      alternateName: "Crescent Forge Works",
      url: `${SITE}/ur${p.path}`,
      priceRange: "PKR 50,000 – PKR 150,000",
      address: { addressLocality: "لاہور" },
    });
    expect(ur["@id"]).toBe(en["@id"]);
    expect(en).not.toHaveProperty("inLanguage");
    // No Urdu name: no alternate to give.
    expect(localBusinessJsonLd(SITE, provider(), p.path, [], "ur")).not.toHaveProperty(
      "alternateName",
    );
  });
});

describe("localBusinessJsonLd with unpriced services (decision 023)", () => {
  const offers = (ld: ReturnType<typeof localBusinessJsonLd>) =>
    (ld as { makesOffer?: Record<string, unknown>[] }).makesOffer ?? [];

  it("gives an unpriced offer no price and ranges over the priced ones only", () => {
    const p = provider({
      services: [
        service("Gates", "Steel", null),
        service("Grills", "Steel", 40_000),
        service("Uniforms", "Textiles", 150_000),
      ],
    });
    const ld = localBusinessJsonLd(SITE, p, p.path, [], "en");
    expect(ld).toMatchObject({ priceRange: "PKR 40,000 – PKR 150,000" });
    const [gates, grills] = offers(ld);
    expect(gates).not.toHaveProperty("price");
    expect(gates).not.toHaveProperty("priceCurrency");
    expect(gates).toMatchObject({ "@type": "Offer", itemOffered: { name: "Gates" } });
    expect(grills).toMatchObject({ price: 40_000, priceCurrency: "PKR" });
  });

  it("leaves the price range out when no service is priced, and never says PKR 0", () => {
    const p = provider({
      isClaimed: false,
      services: [service("Gates", "Steel", null), service("Uniforms", "Textiles", null)],
    });
    for (const locale of ["en", "ur"] as const) {
      const ld = localBusinessJsonLd(SITE, p, p.path, [], locale);
      expect(ld).not.toHaveProperty("priceRange");
      expect(offers(ld)).toHaveLength(2);
      for (const offer of offers(ld)) expect(offer).not.toHaveProperty("price");
      expect(JSON.stringify(ld)).not.toMatch(/PKR 0|Rs\s?0|"price":0/);
    }
  });

  it("keeps a price of 0 a provider entered: the offer is free", () => {
    const p = provider({
      services: [service("Advice", "Steel", 0), service("Gates", "Steel", 9000)],
    });
    const ld = localBusinessJsonLd(SITE, p, p.path, [], "en");
    expect(offers(ld)[0]).toMatchObject({ price: 0, priceCurrency: "PKR" });
    expect(ld).toMatchObject({ priceRange: "PKR 0 – PKR 9,000" });
  });
});
