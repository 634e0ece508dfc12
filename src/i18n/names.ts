/**
 * Names of data in the reader's language (decision 022): cities and the
 * standard categories have reviewed Urdu names kept as data; a provider may
 * add its own Urdu company name and description. Whatever has no Urdu text
 * shows its English one, so an Urdu page is never missing a name.
 */
import { CITY_SPELLINGS } from "../lib/search/cities-ur.ts";
import type { Locale } from "./locales.ts";

const CITY_UR = new Map(CITY_SPELLINGS.map((c) => [c.city, c.urdu[0]]));

/** A known city's name ("Lahore" → "لاہور"); other text is returned as it is. */
export function cityName(city: string, locale: Locale): string {
  return (locale === "ur" && CITY_UR.get(city)) || city;
}

export function categoryName(
  category: { name: string; nameUr?: string | null | undefined },
  locale: Locale,
): string {
  return (locale === "ur" && category.nameUr?.trim()) || category.name;
}

export function categoryDescription(
  category: { description: string; descriptionUr?: string | null | undefined },
  locale: Locale,
): string {
  return (locale === "ur" && category.descriptionUr?.trim()) || category.description;
}

export function companyName(
  provider: { companyName: string; companyNameUr?: string | null | undefined },
  locale: Locale,
): string {
  return (locale === "ur" && provider.companyNameUr?.trim()) || provider.companyName;
}

export function companyDescription(
  provider: { description: string; descriptionUr?: string | null | undefined },
  locale: Locale,
): string {
  return (locale === "ur" && provider.descriptionUr?.trim()) || provider.description;
}
