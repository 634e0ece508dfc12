import { afterEach, describe, expect, it } from "vitest";
import { setServerLocaleSource } from "../../i18n/index.ts";
import type { ProviderPublic } from "../../lib/types.ts";
import { providerPageModel } from "./page-model.ts";
import { providerCrumbs } from "./ProviderProfile.tsx";

const ID = "8d3f2a4e-1b2c-4d5e-8f90-123456789abc";
const provider: ProviderPublic = {
  id: ID,
  companyName: "Ravi Textiles",
  companyNameUr: "راوی ٹیکسٹائلز",
  slug: "ravi-textiles",
  description: "Cotton weaving since 1985.",
  descriptionUr: "1985 سے سوتی کپڑے کی بنائی۔",
  location: "Ferozepur Road, Lahore",
  city: "Lahore",
  coverImageUrl: null,
  logoUrl: null,
  responseTime: null,
  replyMinutes: null,
  isFastResponder: false,
  pricePkr: null,
  isVerified: true,
  isActive: true,
  isSuggested: false,
  isClaimed: true,
  services: [
    {
      id: "s1",
      providerId: ID,
      categoryId: "c1",
      name: "Weaving",
      description: "",
      pricePkr: 150000,
      isActive: true,
      category: { id: "c1", name: "Textiles", nameUr: "ٹیکسٹائل", slug: "textiles" },
    },
  ],
  path: `/pk/lahore/textiles/ravi-textiles-${ID}`,
  createdAt: "2025-01-01T00:00:00.000Z",
  updatedAt: "2025-01-01T00:00:00.000Z",
};
const site = new URL("https://karkhana.pk");

describe("a provider page", () => {
  afterEach(() => setServerLocaleSource(() => undefined));

  it("in English: the English names and the /pk canonical", () => {
    const model = providerPageModel(site, provider, []);
    expect(model.canonicalPath).toBe(provider.path);
    expect(model.title).toMatch(/^Ravi Textiles – /);
    expect(providerCrumbs(provider)).toEqual([
      { name: "Pakistan", path: "/pk" },
      { name: "Lahore", path: "/pk/lahore" },
      { name: "Textiles", path: "/pk/lahore/textiles" },
      { name: "Ravi Textiles" },
    ]);
  });

  it("in Urdu: the Urdu names, links to the Urdu pages", () => {
    setServerLocaleSource(() => "ur");
    const model = providerPageModel(site, provider, []);
    // The layout takes the canonical path into the page's language.
    expect(model.canonicalPath).toBe(provider.path);
    expect(model.title).toMatch(/^راوی ٹیکسٹائلز – /);
    expect(model.description).toBe(provider.descriptionUr);
    expect(JSON.stringify(model.jsonLd)).toContain(`"item":"https://karkhana.pk/ur/pk/lahore"`);
    expect(providerCrumbs(provider)).toEqual([
      { name: "پاکستان", path: "/pk" },
      { name: "لاہور", path: "/pk/lahore" },
      { name: "ٹیکسٹائل", path: "/pk/lahore/textiles" },
      { name: "راوی ٹیکسٹائلز" },
    ]);
  });
});
