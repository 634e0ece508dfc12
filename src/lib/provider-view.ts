/**
 * What a provider row or card shows, derived once from a ProviderPublic.
 * Islands receive this small shape as props instead of whole providers, so the
 * HTML of a listing page does not carry every service twice.
 */
import { lowestPrice } from "./money.ts";
import type { ProviderPublic } from "./types.ts";
import { providerPath, providerShortPath } from "./urls.ts";

/**
 * The Urdu names (decision 022) go with the English ones: a page shows them
 * with categoryName() / companyName() (src/i18n/names.ts), which fall back to
 * English. Optional only so that shapes written by hand need not spell them.
 */
export interface CategoryRef {
  id: string;
  name: string;
  nameUr?: string | null;
  slug: string;
}

export interface ProviderRowData {
  id: string;
  companyName: string;
  companyNameUr?: string | null;
  location: string;
  city: string | null;
  isVerified: boolean;
  isSuggested: boolean;
  logoUrl: string | null;
  coverImageUrl: string | null;
  responseTime: string | null;
  /** Measured median minutes to a first reply (null: too few quote requests). */
  replyMinutes: number | null;
  isFastResponder: boolean;
  /** Lowest price of the priced active services; null when none is priced (decision 023). */
  fromPrice: number | null;
  /** Distinct categories of the services, in service order. */
  categories: CategoryRef[];
  /** Where the row's Visit link goes. */
  href: string;
}

/**
 * Which Visit URL a row uses: the directory uses the canonical /pk/... path
 * (directory cards); listing pages link to the short /providers/{slug}-{id},
 * which redirects to it.
 */
export type RowLink = "canonical" | "short";

export function distinctCategories(p: {
  services: ReadonlyArray<{ category: CategoryRef }>;
}): CategoryRef[] {
  const seen = new Map<string, CategoryRef>();
  for (const s of p.services) {
    if (!seen.has(s.category.id)) {
      const { id, name, nameUr, slug } = s.category;
      seen.set(id, { id, name, nameUr: nameUr ?? null, slug });
    }
  }
  return [...seen.values()];
}

export function toProviderRow(p: ProviderPublic, link: RowLink): ProviderRowData {
  return {
    id: p.id,
    companyName: p.companyName,
    companyNameUr: p.companyNameUr,
    location: p.location,
    city: p.city,
    isVerified: p.isVerified,
    isSuggested: p.isSuggested,
    logoUrl: p.logoUrl,
    coverImageUrl: p.coverImageUrl,
    responseTime: p.responseTime,
    replyMinutes: p.replyMinutes,
    isFastResponder: p.isFastResponder,
    fromPrice: lowestPrice(p.services),
    categories: distinctCategories(p),
    href: link === "short" ? providerShortPath(p) : providerPath(p),
  };
}

/** Location to show: the stored text, else the city, else the country. */
export function displayLocation(p: { location: string; city: string | null }): string {
  return p.location.trim() || p.city || "Pakistan";
}

/**
 * Cards read 'Usually responds in {responseTime}', without doubling a
 * preposition the provider already typed ("within 2 hours") or producing
 * "in same day".
 */
export function responseTimeText(responseTime: string): string {
  const t = responseTime.trim();
  if (/^(in|within|under|less than|about|around)\b/i.test(t)) return `Usually responds ${t}`;
  if (/^same[ -]day$/i.test(t)) return "Usually responds the same day";
  return `Usually responds in ${t}`;
}

/**
 * The measured response time (decision 020): 'Usually replies within
 * {N hours}', N the median rounded up to whole hours, at least 1; past two
 * days in whole days, which read better than '72 hours'.
 */
export function replyTimeText(minutes: number): string {
  const hours = Math.max(1, Math.ceil(minutes / 60));
  if (hours <= 48) return `Usually replies within ${hours} ${hours === 1 ? "hour" : "hours"}`;
  return `Usually replies within ${Math.ceil(minutes / (24 * 60))} days`;
}

/**
 * The response time a provider shows: measured when there is one, else the
 * self-declared one; null with neither.
 */
export function shownResponseTime(p: {
  replyMinutes: number | null;
  responseTime: string | null;
}): string | null {
  if (p.replyMinutes !== null) return replyTimeText(p.replyMinutes);
  return p.responseTime?.trim() ? responseTimeText(p.responseTime) : null;
}

/** What a provider card shows: a row's facts plus the description. */
export interface ProviderCardData extends ProviderRowData {
  description: string;
  descriptionUr?: string;
}

/** Cards link to the canonical page, /pk/{city}/{category}/{slug}-{id}. */
export function toProviderCard(p: ProviderPublic): ProviderCardData {
  return {
    ...toProviderRow(p, "canonical"),
    description: p.description,
    descriptionUr: p.descriptionUr,
  };
}

/**
 * At most `max` characters, cut at a word boundary when one is near, with an
 * ellipsis counted in the limit (compact cards show 120 characters).
 */
export function truncateText(text: string, max: number): string {
  const t = text.trim().replace(/\s+/g, " ");
  if (t.length <= max) return t;
  const room = t.slice(0, max - 1);
  const space = room.lastIndexOf(" ");
  const cut = space >= max * 0.6 ? room.slice(0, space) : room;
  return `${cut.replace(/[\s.,;:!?–—-]+$/, "")}…`;
}
