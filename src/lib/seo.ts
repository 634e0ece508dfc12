/**
 * Titles, descriptions and structured data (schema.org JSON-LD) for the public
 * pages. Pure functions: pages and the live islands share them.
 */
import { splitLocation } from "./location.ts";
import { lowestPrice } from "./money.ts";
import type { GalleryImage, ProviderPublic } from "./types.ts";

export const SITE_NAME = "Karkhana";
export const SITE_TAGLINE =
  "Find manufacturers and service providers across Pakistan, with prices in PKR.";

/** "{page title} | Karkhana"; the home page passes no title. */
export function pageTitle(title?: string | null): string {
  return title ? `${title} | ${SITE_NAME}` : `${SITE_NAME}: Manufacturing Directory of Pakistan`;
}

/** A provider page's title: company name, location (or Pakistan) and the site name. */
export function providerTitle(p: { companyName: string; location: string }): string {
  return `${p.companyName} – ${p.location.trim() || "Pakistan"} | ${SITE_NAME}`;
}

/** A listing page's title: '{category} in {city}', 'Providers in {city}' or 'Providers'. */
export function listingHeading(city?: string | null, category?: string | null): string {
  if (city && category) return `${category} in ${city}`;
  if (city) return `Providers in ${city}`;
  return "Providers";
}

/** Meta description of a listing page: the count and where/what. */
export function listingDescription(
  total: number,
  city?: string | null,
  category?: string | null,
): string {
  const n = new Intl.NumberFormat("en-PK").format(total);
  const what = category ? `${category} providers` : "manufacturing and service providers";
  const where = city ? `in ${city}` : "across Pakistan";
  if (total === 0) {
    return `No ${what} ${where} are listed on ${SITE_NAME} yet. Browse nearby cities and categories, or suggest a provider.`;
  }
  const noun = total === 1 ? what.replace(/providers$/, "provider") : what;
  return `${n} ${noun} ${where} on ${SITE_NAME}: compare verified companies, services and prices in PKR.`;
}

/** A description cut at a word boundary to the length search engines show. */
export function truncate(text: string, max = 160): string {
  const t = text.replace(/\s+/g, " ").trim();
  if (t.length <= max) return t;
  const cut = t.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, "")}…`;
}

export function providerDescription(p: ProviderPublic): string {
  const where = p.city ? ` in ${p.city}` : " in Pakistan";
  const cats = [...new Set(p.services.map((s) => s.category.name))].slice(0, 3).join(", ");
  const lead = p.description.trim() || `${p.companyName}${where}${cats ? `: ${cats}` : ""}.`;
  return truncate(lead);
}

/** Absolute URL of a path (or an already absolute URL) on the site. */
export function absoluteUrl(site: URL | string, path: string): string {
  return new URL(path, site).href;
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

export function breadcrumbJsonLd(site: URL | string, crumbs: Crumb[], currentPath: string) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((c, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: c.name,
      item: absoluteUrl(site, c.path ?? currentPath),
    })),
  };
}

export function itemListJsonLd(
  site: URL | string,
  name: string,
  items: ReadonlyArray<{ name: string; path: string }>,
  total: number,
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
      url: absoluteUrl(site, it.path),
    })),
  };
}

/**
 * schema.org LocalBusiness for a provider page. Contact fields (telephone,
 * email, the provider's own website) are deliberately absent: the product shows
 * them to signed-in users only, and this JSON is in public HTML.
 */
export function localBusinessJsonLd(
  site: URL | string,
  p: ProviderPublic,
  canonicalPath: string,
  gallery: readonly GalleryImage[] = [],
) {
  const { address } = splitLocation(p.location);
  const images = [p.logoUrl, p.coverImageUrl, ...gallery.map((g) => g.imageUrl)]
    .filter((u): u is string => Boolean(u))
    .map((u) => absoluteUrl(site, u));
  const prices = p.services.map((s) => s.pricePkr);
  const low = lowestPrice(p.services);
  const high = prices.length ? Math.max(...prices) : null;
  const fmt = (n: number) => `PKR ${new Intl.NumberFormat("en-PK").format(n)}`;
  return {
    "@context": "https://schema.org",
    "@type": "LocalBusiness",
    "@id": `${absoluteUrl(site, canonicalPath)}#business`,
    name: p.companyName,
    ...(p.description.trim() ? { description: truncate(p.description, 500) } : {}),
    url: absoluteUrl(site, canonicalPath),
    ...(images.length ? { image: images.length === 1 ? images[0] : images } : {}),
    ...(p.logoUrl ? { logo: absoluteUrl(site, p.logoUrl) } : {}),
    address: {
      "@type": "PostalAddress",
      ...(p.city ? { addressLocality: p.city } : {}),
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
            price: s.pricePkr,
            priceCurrency: "PKR",
            itemOffered: {
              "@type": "Service",
              name: s.name,
              category: s.category.name,
              ...(s.description.trim() ? { description: truncate(s.description, 300) } : {}),
            },
          })),
        }
      : {}),
  };
}
