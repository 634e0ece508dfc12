import { LOCALE_TAGS, type Locale } from "../../i18n/index.ts";

/**
 * Options in the reader's alphabetical order. Cities and categories arrive
 * A–Z by their English names, an order that means nothing to someone reading
 * their Urdu names; in English the given order stands.
 */
export function inReaderOrder<T extends { label: string }>(
  options: readonly T[],
  locale: Locale,
): T[] {
  if (locale === "en") return [...options];
  const collator = new Intl.Collator(LOCALE_TAGS[locale]);
  return [...options].sort((a, b) => collator.compare(a.label, b.label));
}
