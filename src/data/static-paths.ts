import { getSiteData } from "./site.ts";
import { providerPath } from "../lib/urls.ts";
import { slugify } from "../lib/slug.ts";

/**
 * The pre-rendered directory pages, shared by the English routes and their
 * Urdu twins under src/pages/ur (decision 022: same slugs, same file budget,
 * every pre-rendered page written in both languages).
 */

/** Every known city has a page, also those without providers yet (architecture.md). */
export async function cityStaticPaths() {
  const data = await getSiteData();
  return data.cities.map((listing) => ({
    params: { city: listing.slug },
    props: { data: data.cityPage(listing.city) },
  }));
}

/** Every city×category pair with at least one active provider. */
export async function categoryStaticPaths() {
  const data = await getSiteData();
  return data.cityCategories.map((pair) => ({
    params: { city: slugify(pair.city), category: slugify(pair.category.name) },
    props: { data: data.categoryPage(pair) },
  }));
}

/**
 * The canonical provider page, /pk/{city}/{first-category}/{slug}-{uuid}, for
 * the providers the file budget leaves room for (src/data/site.ts); the server
 * renders the others on demand from the same component.
 */
export async function providerStaticPaths() {
  const data = await getSiteData();
  return data.prerenderedProviders.map((provider) => {
    const [, , city = "pakistan", category = "services", id = provider.id] =
      providerPath(provider).split("/");
    return {
      params: { city, category, id },
      props: { provider, gallery: data.galleryByProvider.get(provider.id) ?? [] },
    };
  });
}

/** /pk: every provider and the cities with their counts. */
export async function countryPageData() {
  const site = await getSiteData();
  return {
    providers: site.providers,
    total: site.providers.length,
    cities: site.cities.map((c) => ({ city: c.city, count: c.providers.length })),
  };
}
