/**
 * Honest prices (decision 023): an unpriced service reads 'Price on request',
 * 0 reads 'Free', and 'From PKR {lowest}' counts priced services only. No
 * card, row or provider page of an unpriced listing says 'PKR 0'.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { ProviderCard } from "../../src/components/provider/ProviderCard.tsx";
import { ProviderRow } from "../../src/components/provider/ProviderRow.tsx";
import { ProviderProfile } from "../../src/features/provider/ProviderProfile.tsx";
import { formatServicePrice, setServerLocaleSource, type Locale } from "../../src/i18n/index.ts";
import { lowestPrice } from "../../src/lib/money.ts";
import { toProviderCard, toProviderRow } from "../../src/lib/provider-view.ts";
import type { ProviderPublic, ServicePublic } from "../../src/lib/types.ts";
import { publicProvider } from "../fixtures/provider-public.ts";

const CAT = { id: "c1", name: "Steel", nameUr: "اسٹیل", slug: "steel" };

const service = (name: string, pricePkr: number | null): ServicePublic => ({
  id: `s-${name}`,
  providerId: "p1",
  categoryId: CAT.id,
  name,
  description: "",
  pricePkr,
  isActive: true,
  category: CAT,
});

// An approved suggestion: nobody owns it yet.
const provider = (services: ServicePublic[]): ProviderPublic =>
  publicProvider({
    description: "Gates and grills.",
    isVerified: false,
    isSuggested: true,
    isClaimed: false,
    services,
  });

/** Rendered as a page in `locale` renders them on the server. */
function render(
  locale: Locale,
  p: ProviderPublic,
): { card: string; listCard: string; row: string; page: string } {
  setServerLocaleSource(() => locale);
  const slot = createElement("span");
  return {
    card: renderToStaticMarkup(createElement(ProviderCard, { provider: toProviderCard(p) })),
    listCard: renderToStaticMarkup(
      createElement(ProviderCard, { provider: toProviderCard(p), layout: "list", favorite: slot }),
    ),
    row: renderToStaticMarkup(
      createElement(ProviderRow, { provider: toProviderRow(p, "short"), favorite: slot }),
    ),
    page: renderToStaticMarkup(
      createElement(ProviderProfile, {
        provider: p,
        gallery: [],
        contact: slot,
        favorite: slot,
        quote: slot,
      }),
    ),
  };
}

/** Rupees of nothing, in either language: 'PKR 0', 'Rs 0', 'Rs 0' with a no-break space. */
const ZERO_RUPEES = /(PKR|Rs)[\s\u00a0]*0(?![\d,])/;

afterEach(() => setServerLocaleSource(() => undefined));

describe("formatServicePrice", () => {
  it.each<[number | null, Locale, string]>([
    [null, "en", "Price on request"],
    [null, "ur", "قیمت پوچھیں"],
    [0, "en", "Free"],
    [0, "ur", "مفت"],
    [12_500, "en", "PKR 12,500"],
  ])("%j in %s → %s", (price, locale, text) => {
    expect(formatServicePrice(price, locale)).toBe(text);
  });
});

describe("lowestPrice over priced services only", () => {
  it("skips unpriced services and is null when none is priced", () => {
    expect(lowestPrice([{ pricePkr: null }, { pricePkr: 9000 }, { pricePkr: 4000 }])).toBe(4000);
    expect(lowestPrice([{ pricePkr: null }, { pricePkr: null }])).toBeNull();
  });
});

describe("an unpriced listing", () => {
  const p = provider([service("Gates", null), service("Grills", null)]);

  it("has no 'from' price on its card or row", () => {
    expect(toProviderRow(p, "canonical").fromPrice).toBeNull();
  });

  it.each<Locale>(["en", "ur"])("never says PKR 0 (%s)", (locale) => {
    for (const [where, html] of Object.entries(render(locale, p))) {
      expect(html, where).not.toMatch(ZERO_RUPEES);
    }
  });

  it("reads 'Price on request' on cards, rows and for each service of its page", () => {
    const { card, listCard, row, page } = render("en", p);
    for (const html of [card, listCard, row]) {
      expect(html).toContain("Price on request");
      expect(html).not.toContain("From");
    }
    expect(page.match(/Price on request/g)).toHaveLength(2);
    // The page's 'From' line is left out.
    expect(page).not.toMatch(/From\s*</);
    expect(render("ur", p).page).toContain("قیمت پوچھیں");
  });

  it("says nothing about prices without services", () => {
    const { card, row } = render("en", provider([]));
    for (const html of [card, row]) expect(html).not.toMatch(/Price on request|From|Free/);
  });
});

describe("a listing with some services priced", () => {
  it("starts 'From' at the lowest priced one; the others read 'Price on request'", () => {
    const p = provider([service("Gates", null), service("Grills", 40_000), service("Rails", 9000)]);
    const { card, row, page } = render("en", p);
    for (const html of [card, row]) {
      expect(html).toMatch(/From\s*<span[^>]*>PKR 9,000</);
      expect(html).not.toContain("Price on request");
    }
    expect(page).toContain("PKR 9,000");
    expect(page).toContain("PKR 40,000");
    expect(page.match(/Price on request/g)).toHaveLength(1);
  });

  it("reads 'Free' for a 0 a provider entered, never 'PKR 0'", () => {
    const p = { ...provider([service("Advice", 0), service("Gates", 5000)]), isClaimed: true };
    for (const locale of ["en", "ur"] as const) {
      const html = render(locale, p);
      const free = locale === "en" ? "Free" : "مفت";
      expect(html.card).toContain(free);
      expect(html.row).toContain(free);
      expect(html.page).toContain(free);
      for (const text of Object.values(html)) expect(text).not.toMatch(ZERO_RUPEES);
    }
  });
});
