/**
 * The live listing: the server serves this shell for /pk/{city} and
 * /pk/{city}/{category} pages the last build did not render (a city or
 * category that only now has providers). The store reads the URL, resolves
 * the category slug over the API and loads the first page.
 */
import { atom } from "nanostores";
import { describeError, readPaging } from "../../lib/api.ts";
import { api, listProviders, unwrap } from "../../lib/api-client.ts";
import { findCity } from "../../lib/cities.ts";
import { toProviderRow, type ProviderRowData } from "../../lib/provider-view.ts";
import { listingHeading, pageTitle } from "../../lib/seo.ts";
import { slugify } from "../../lib/slug.ts";
import type { Category } from "../../lib/types.ts";
import { LISTING_PAGE_SIZE } from "./store.ts";

export interface LiveListingTarget {
  /** Canonical city name, only when the URL names a known city (others are ignored). */
  city: string | null;
  category: Category | null;
}

export type LiveListingState =
  | { status: "loading"; target: LiveListingTarget | null }
  | {
      status: "ready";
      target: LiveListingTarget;
      items: ProviderRowData[];
      total: number;
      hasMore: boolean;
    }
  | { status: "error"; target: LiveListingTarget | null; message: string };

export const $liveListing = atom<LiveListingState>({ status: "loading", target: null });

/** `/pk/{city}/{category}` → the raw slugs (either may be absent). */
export function listingSlugsFromPath(pathname: string): { city: string; category: string } {
  const parts = pathname
    .replace(/\/+$/, "")
    .split("/")
    .filter(Boolean)
    .map((s) => decodeURIComponent(s).toLowerCase());
  const at = parts[0] === "pk" ? 1 : 0;
  return { city: parts[at] ?? "", category: parts[at + 1] ?? "" };
}

export async function loadLiveListing(pathname: string): Promise<void> {
  const slugs = listingSlugsFromPath(pathname);
  // The city is honoured only when it is a known city; an unknown one lists all of Pakistan.
  const city = slugs.city ? (findCity(slugs.city) ?? null) : null;
  let target: LiveListingTarget = { city, category: null };
  $liveListing.set({ status: "loading", target: slugs.category ? null : target });
  try {
    if (slugs.category) {
      const categories = await unwrap(api["service-categories"].$get());
      // The category slug is matched against the category names, slugified.
      const category = categories.find((c) => slugify(c.name) === slugs.category) ?? null;
      target = { city, category };
      $liveListing.set({ status: "loading", target });
    }
    const heading = listingHeading(target.city, target.category?.name);
    document.title = pageTitle(heading);
    const { data, headers } = await listProviders({
      city: target.city,
      categoryId: target.category?.id,
      page: 1,
      limit: LISTING_PAGE_SIZE,
    });
    const paging = readPaging(headers, data.length);
    $liveListing.set({
      status: "ready",
      target,
      items: data.map((p) => toProviderRow(p, "short")),
      total: paging.total,
      hasMore: paging.hasMore,
    });
  } catch (err) {
    $liveListing.set({ status: "error", target, message: describeError(err) });
  }
}
