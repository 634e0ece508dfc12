/**
 * Titles, descriptions and structured data (schema.org JSON-LD) for the public
 * pages, in the page's language (decision 022): every function takes the
 * locale last and defaults to the page being rendered. Pure apart from that
 * default: pages and the live islands share them.
 */
import {
  categoryName,
  cityName,
  companyDescription,
  companyName,
  currentLocale,
  formatCount,
  formatRupees,
  LOCALE_TAGS,
  localizePath,
  m,
  type Locale,
} from "../i18n/index.ts";
import { splitLocation } from "./location.ts";
import { lowestPrice } from "./money.ts";
import type { GalleryImage, ProviderPublic } from "./types.ts";

/** The brand in Latin letters: the Urdu pages' alternate name for it. */
const SITE_NAME = "Karkhana";

/** The site's name as its readers write it: "کارخانہ" on Urdu pages. */
export function siteName(locale: Locale = currentLocale()): string {
  return m.common_brand({}, { locale });
}

export function siteTagline(locale: Locale = currentLocale()): string {
  return m.common_tagline({}, { locale });
}

/** "{page title} | Karkhana"; the home page passes no title. */
export function pageTitle(title?: string | null, locale: Locale = currentLocale()): string {
  return title ? m.pages_title({ title }, { locale }) : m.pages_home_title({}, { locale });
}

/** A provider page's title: company name, location (or Pakistan) and the site name. */
export function providerTitle(
  p: { companyName: string; companyNameUr?: string | null | undefined; location: string },
  locale: Locale = currentLocale(),
): string {
  const where = p.location.trim() || m.pages_pakistan({}, { locale });
  return pageTitle(`${companyName(p, locale)} – ${where}`, locale);
}

/**
 * A listing page's title: '{category} in {city}', 'Providers in {city}' or
 * 'Providers'. City and category are the names to show, already in the page's
 * language (cityName, categoryName).
 */
export function listingHeading(
  city?: string | null,
  category?: string | null,
  locale: Locale = currentLocale(),
): string {
  if (city && category) return m.pages_heading_category_city({ category, city }, { locale });
  if (city) return m.pages_heading_city({ city }, { locale });
  return m.pages_heading_all({}, { locale });
}

/** Meta description of a listing page: the count and where/what (names as in listingHeading). */
export function listingDescription(
  total: number,
  city?: string | null,
  category?: string | null,
  locale: Locale = currentLocale(),
): string {
  const where = city
    ? m.pages_listing_where_city({ city }, { locale })
    : m.pages_listing_where_country({}, { locale });
  if (total === 0) {
    return category
      ? m.pages_listing_empty_category({ category, where }, { locale })
      : m.pages_listing_empty_all({ where }, { locale });
  }
  const one = total === 1;
  const what = category
    ? one
      ? m.pages_listing_what_category_one({ category }, { locale })
      : m.pages_listing_what_category_other({ category }, { locale })
    : one
      ? m.pages_listing_what_all_one({}, { locale })
      : m.pages_listing_what_all_other({}, { locale });
  return m.pages_listing_description(
    { count: formatCount(total, locale), what, where },
    { locale },
  );
}

/** A description cut at a word boundary to the length search engines show. */
export function truncate(text: string, max = 160): string {
  const t = text.replace(/\s+/g, " ").trim();
  if (t.length <= max) return t;
  const cut = t.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:–،۔-]+$/, "")}…`;
}

const LIST_SEPARATOR: Record<Locale, string> = { en: ", ", ur: "، " };

/** The provider's own description (its Urdu one on Urdu pages), else what and where it is. */
export function providerDescription(p: ProviderPublic, locale: Locale = currentLocale()): string {
  const own = companyDescription(p, locale).trim();
  if (own) return truncate(own);
  const name = companyName(p, locale);
  const place = p.city ? cityName(p.city, locale) : m.pages_pakistan({}, { locale });
  const categories = [...new Set(p.services.map((s) => categoryName(s.category, locale)))]
    .slice(0, 3)
    .join(LIST_SEPARATOR[locale]);
  return truncate(
    categories
      ? m.pages_provider_summary({ name, place, categories }, { locale })
      : m.pages_provider_summary_plain({ name, place }, { locale }),
  );
}

/** Absolute URL of a path (or an already absolute URL) on the site. */
export function absoluteUrl(site: URL | string, path: string): string {
  return new URL(path, site).href;
}

/** Absolute URL of a site path in `locale` (/pk/lahore → …/ur/pk/lahore); other URLs unchanged. */
function pageUrl(site: URL | string, path: string, locale: Locale): string {
  return absoluteUrl(site, localizePath(path, locale));
}

/**
 * Serialises JSON-LD for a <script> element. `<` is escaped so no value can
 * close the script (`</script>`) or open a comment; JSON parsers read \u003c
 * back as the same character.
 */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

export interface Crumb {
  name: string;
  /** Site path; the last crumb (the current page) may omit it. */
  path?: string | undefined;
}

/**
 * The trail as structured data. The names are the page's own (already in its
 * language); every URL is taken into the page's language. BreadcrumbList is
 * not a CreativeWork, so it takes no inLanguage: the WebPage it belongs to does.
 */
export function breadcrumbJsonLd(
  site: URL | string,
  crumbs: Crumb[],
  currentPath: string,
  locale: Locale = currentLocale(),
) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((c, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: c.name,
      item: pageUrl(site, c.path ?? currentPath, locale),
    })),
  };
}

/** A list of provider pages (names as shown), linked in the page's language. */
export function itemListJsonLd(
  site: URL | string,
  name: string,
  items: ReadonlyArray<{ name: string; path: string }>,
  total: number,
  locale: Locale = currentLocale(),
) {
  return {
    "@context": "https://schema.org",
    "@type": "ItemList",
    name,
    numberOfItems: total,
    itemListElement: items.map((it, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: it.name,
      url: pageUrl(site, it.path, locale),
    })),
  };
}

/**
 * The site itself, with its search box, in the home page's language.
 * WebSite is a CreativeWork, so it carries inLanguage.
 */
export function webSiteJsonLd(site: URL | string, locale: Locale = currentLocale()) {
  const home = pageUrl(site, "/", locale);
  return {
    "@context": "https://schema.org",
    "@type": "WebSite",
    name: siteName(locale),
    ...(locale === "en" ? {} : { alternateName: SITE_NAME }),
    url: home,
    inLanguage: LOCALE_TAGS[locale],
    potentialAction: {
      "@type": "SearchAction",
      target: `${home}?q={search_term_string}`,
      "query-input": "required name=search_term_string",
    },
  };
}

/**
 * The page as a schema.org WebPage: the one object on every indexable page that
 * can say which language it is in (inLanguage is a CreativeWork property;
 * LocalBusiness, ItemList and BreadcrumbList are not CreativeWorks).
 */
export function webPageJsonLd(
  site: URL | string,
  page: { path: string; title: string; description: string },
  locale: Locale = currentLocale(),
) {
  const url = pageUrl(site, page.path, locale);
  return {
    "@context": "https://schema.org",
    "@type": "WebPage",
    "@id": `${url}#webpage`,
    url,
    name: page.title,
    description: page.description,
    inLanguage: LOCALE_TAGS[locale],
    isPartOf: { "@type": "WebSite", name: siteName(locale), url: pageUrl(site, "/", locale) },
  };
}

/**
 * schema.org LocalBusiness for a provider page. Contact fields (telephone,
 * email, the provider's own website) are deliberately absent: the product shows
 * them to signed-in users only, and this JSON is in public HTML. Name and
 * description are in the page's language (the other name, when the provider
 * has one, is its alternateName); the business's @id is the same on both pages,
 * since it is one business. Prices stay in PKR, as in every language; an
 * unpriced service's offer carries no price, and the price range covers the
 * priced ones only, left out when none is (decision 023).
 */
export function localBusinessJsonLd(
  site: URL | string,
  p: ProviderPublic,
  canonicalPath: string,
  gallery: readonly GalleryImage[] = [],
  locale: Locale = currentLocale(),
) {
  const { address } = splitLocation(p.location);
  const images = [p.logoUrl, p.coverImageUrl, ...gallery.map((g) => g.imageUrl)]
    .filter((u): u is string => Boolean(u))
    .map((u) => absoluteUrl(site, u));
  const prices = p.services.flatMap((s) => (s.pricePkr === null ? [] : [s.pricePkr]));
  const low = lowestPrice(p.services);
  const high = prices.length ? Math.max(...prices) : null;
  // Structured data keeps one currency notation for every language.
  const fmt = (n: number) => formatRupees(n, "en");
  const name = companyName(p, locale);
  const otherName = companyName(p, locale === "en" ? "ur" : "en");
  const description = companyDescription(p, locale).trim();
  return {
    "@context": "https://schema.org",
    "@type": "LocalBusiness",
    "@id": `${pageUrl(site, canonicalPath, "en")}#business`,
    name,
    ...(otherName !== name ? { alternateName: otherName } : {}),
    ...(description ? { description: truncate(description, 500) } : {}),
    url: pageUrl(site, canonicalPath, locale),
    ...(images.length ? { image: images.length === 1 ? images[0] : images } : {}),
    ...(p.logoUrl ? { logo: absoluteUrl(site, p.logoUrl) } : {}),
    address: {
      "@type": "PostalAddress",
      ...(p.city ? { addressLocality: cityName(p.city, locale) } : {}),
      ...(address ? { streetAddress: address } : {}),
      addressCountry: "PK",
    },
    currenciesAccepted: "PKR",
    ...(low !== null && high !== null
      ? { priceRange: low === high ? fmt(low) : `${fmt(low)} – ${fmt(high)}` }
      : {}),
    ...(p.services.length
      ? {
          makesOffer: p.services.map((s) => ({
            "@type": "Offer",
            ...(s.pricePkr === null ? {} : { price: s.pricePkr, priceCurrency: "PKR" }),
            itemOffered: {
              "@type": "Service",
              name: s.name,
              category: categoryName(s.category, locale),
              ...(s.description.trim() ? { description: truncate(s.description, 300) } : {}),
            },
          })),
        }
      : {}),
  };
}
