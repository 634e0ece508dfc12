import { getSiteData, siteDb } from "./site.ts";
import { loadCategoryPage, loadCityPage, loadProviderPage } from "../../db/queries/page-data.ts";
import { slugify } from "../lib/slug.ts";

/**
 * The pre-rendered directory pages, shared by the English routes and their
 * Urdu twins under src/pages/ur (decision 022: same slugs, same file budget,
 * every pre-rendered page written in both languages). Which pages: the build's
 * plan (db/queries/site-data.ts, decision 031); the server renders the others
 * on demand from the same components. Each page loads its data when it is
 * rendered, with the on-demand renderer's own loaders (db/queries/page-data.ts),
 * so the build holds one page's rows at a time, not the directory's.
 */

/** Cities in the plan: those with providers first, then those without (noindex). */
export async function cityStaticPaths() {
  const data = await getSiteData();
  return data.plan.cities.map((city) => ({ params: { city: slugify(city) }, props: { city } }));
}

export async function cityPageData(city: string) {
  const data = await getSiteData();
  return loadCityPage(await siteDb(), city, data.categoriesIn(city));
}

/** City×category pairs in the plan (each has at least one active provider). */
export async function categoryStaticPaths() {
  const data = await getSiteData();
  return data.plan.cityCategories.map((pair) => ({
    params: { city: slugify(pair.city), category: slugify(pair.category.name) },
    props: { city: pair.city, categorySlug: pair.category.slug },
  }));
}

/** null: the pair has lost its category since the plan (the page is then not sent, see freshness). */
export async function categoryPageData(city: string, categorySlug: string) {
  const data = await getSiteData();
  return loadCategoryPage(await siteDb(), city, categorySlug, data.categoriesIn(city));
}

/**
 * The canonical provider page, /pk/{city}/{first-category}/{slug}-{uuid}, for
 * the providers the file budget leaves room for.
 */
export async function providerStaticPaths() {
  const data = await getSiteData();
  return data.plan.providers.map(({ id, path }) => {
    const [, , city = "pakistan", category = "services", slugId = id] = path.split("/");
    return { params: { city, category, id: slugId }, props: { providerId: id } };
  });
}

/** null: the provider is no longer active (its page is then not sent, see freshness). */
export async function providerPageData(id: string) {
  return loadProviderPage(await siteDb(), id);
}

/** /pk: its first rows and every city's count. */
export async function countryPageData() {
  return (await getSiteData()).country;
}
