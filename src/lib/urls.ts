import { slugify } from "./slug.ts";

/** Directory URLs carry this prefix. */
export const COUNTRY_PREFIX = "/pk";

const UUID_AT_END = /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;
export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface ProviderUrlParts {
  id: string;
  companyName: string;
  city: string | null | undefined;
  services?: ReadonlyArray<{ category: { name: string } | null | undefined }>;
}

/** `{company-slug}-{uuid}`, with 'provider' when the name slugifies to nothing. */
export function providerSlugId(p: { id: string; companyName: string }): string {
  return `${slugify(p.companyName) || "provider"}-${p.id}`;
}

/** Slug of a provider's city, or 'pakistan' when it has none (the Visit link rule). */
export function providerCitySlug(city: string | null | undefined): string {
  return (city && slugify(city)) || "pakistan";
}

/** Slug of the first service's category, or 'services' when it has none. */
export function providerCategorySlug(p: ProviderUrlParts): string {
  const first = p.services?.[0]?.category?.name;
  return (first && slugify(first)) || "services";
}

/** The canonical provider page: /pk/{city}/{first-category}/{slug}-{id}. */
export function providerPath(p: ProviderUrlParts): string {
  return `${COUNTRY_PREFIX}/${providerCitySlug(p.city)}/${providerCategorySlug(p)}/${providerSlugId(p)}`;
}

/** The short twin of the provider page: /providers/{slug}-{id}. */
export function providerShortPath(p: { id: string; companyName: string }): string {
  return `/providers/${providerSlugId(p)}`;
}

export function cityPath(city: string): string {
  return `${COUNTRY_PREFIX}/${slugify(city)}`;
}

export function cityCategoryPath(city: string, categoryName: string): string {
  return `${COUNTRY_PREFIX}/${slugify(city)}/${slugify(categoryName)}`;
}

/** The UUID at the end of a URL segment (a name slug may come before it). */
export function uuidFromSegment(segment: string): string | null {
  const m = UUID_AT_END.exec(segment);
  return m?.[1] ? m[1].toLowerCase() : null;
}
