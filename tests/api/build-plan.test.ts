import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCategoryPage, loadCityPage, loadProviderPaths } from "../../db/queries/page-data.ts";
import { loadSiteData, type SiteData } from "../../db/queries/site-data.ts";
import { providers } from "../../db/schema.ts";
import { SEED_CATEGORIES } from "../../db/seed/categories.ts";
import { createProvider } from "../../db/seed/factories.ts";
import { CITIES } from "../../src/lib/cities.ts";
import { RESERVED_FILES } from "../../src/lib/file-budget.ts";
import { slugify } from "../../src/lib/slug.ts";
import type { OnDemandPage } from "../../src/lib/on-demand-page.ts";
import { renderRootSitemap } from "../../src/lib/sitemap.ts";
import { astroPageRenderer } from "../../functions/pages/renderer.ts";
import { makeTestApp, SITE, type TestApp } from "../helpers/app.ts";
import { fakeAstroApp } from "../helpers/fake-pages.ts";

const [TEXTILES, DENIM, HOME] = SEED_CATEGORIES;
const slugOf = (c: { name: string }) => slugify(c.name);
const rendered: { path: string; page: OnDemandPage }[] = [];

let t: TestApp;
const ids: Record<string, string> = {};
let ts = Date.UTC(2026, 5, 1);

/** A provider with a known last change, later than every one made before it. */
async function provider(
  name: string,
  city: string,
  categories: { id: string }[],
  isVerified = false,
) {
  const id = await createProvider(t.db, {
    companyName: name,
    city,
    isVerified,
    services: categories.map((c, i) => ({
      categoryId: c.id,
      name: `${name} ${i}`,
      pricePkr: 1000,
    })),
  });
  await t.db
    .update(providers)
    .set({ updatedAt: new Date(++ts) })
    .where(eq(providers.id, id));
  ids[name] = id;
}

beforeAll(async () => {
  // Every page is rendered on demand here (no built files): the build's plan decides nothing for the app.
  t = await makeTestApp({ pages: astroPageRenderer(() => fakeAstroApp(rendered), null) });
  await provider("Anchor Forge", "Lahore", [TEXTILES!]);
  await provider("Badami Looms", "Lahore", [DENIM!], true);
  await provider("Chauburji Crates", "Lahore", [HOME!, TEXTILES!]);
  await provider("Defence Dyes", "Karachi", [DENIM!]);
  await provider("Empress Forgings", "Karachi", [TEXTILES!]);
  await provider("Fort Packers", "Multan", [HOME!]);
});
afterAll(() => t.close());

/** Files of every listing: 3 cities and 6 pairs, each in two languages. */
const LISTING_FILES = (3 + 6) * 2;

describe("the build's plan", () => {
  let all: SiteData;
  beforeAll(async () => {
    all = await loadSiteData(t.db, 20_000);
  });

  it("counts the directory without loading it: cities, pairs and the providers' paths", () => {
    expect(all.total).toBe(6);
    expect(all.cities).toHaveLength(CITIES.length);
    expect(all.cities.find((c) => c.city === "Lahore")).toEqual({
      city: "Lahore",
      slug: "lahore",
      count: 3,
    });
    // The most providers first; a tie in the spec's city order.
    expect(all.cityCategories.map((p) => [p.city, p.category.name, p.count])).toEqual(
      [
        ["Lahore", TEXTILES!.name, 2],
        ["Lahore", DENIM!.name, 1],
        ["Lahore", HOME!.name, 1],
        ["Karachi", DENIM!.name, 1],
        ["Karachi", TEXTILES!.name, 1],
        ["Multan", HOME!.name, 1],
      ].sort(
        (a, b) =>
          Number(b[2]) - Number(a[2]) ||
          CITIES.indexOf(String(a[0])) - CITIES.indexOf(String(b[0])) ||
          String(a[1]).localeCompare(String(b[1]), "en"),
      ),
    );
    expect(all.sitemap.providers).toHaveLength(6);
  });

  it("writes everything when it fits: the largest city first, then the empty ones", () => {
    expect(all.plan.cities.slice(0, 3)).toEqual(["Lahore", "Karachi", "Multan"]);
    expect(all.plan.cities).toHaveLength(CITIES.length);
    expect(all.plan.cityCategories).toHaveLength(6);
    // Verified first, then the most recently updated.
    expect(all.plan.providers.map((p) => p.id)).toEqual(
      [
        "Badami Looms",
        "Fort Packers",
        "Empress Forgings",
        "Defence Dyes",
        "Chauburji Crates",
        "Anchor Forge",
      ].map((n) => ids[n]),
    );
    expect(all.plan.budget.files).toBe(
      RESERVED_FILES + LISTING_FILES + 6 * 2 + (CITIES.length - 3) * 2,
    );
  });

  it("gives the room left after the listings to the most wanted providers, in both languages", async () => {
    const tight = await loadSiteData(t.db, RESERVED_FILES + LISTING_FILES + 2 * 2 + 1);
    expect(tight.plan.providers.map((p) => p.id)).toEqual([
      ids["Badami Looms"],
      ids["Fort Packers"],
    ]);
    expect(tight.plan.budget.kinds.providers).toEqual({ written: 2, left: 4, files: 4 });
    // The one file left over is no half page, and nothing after the providers is written.
    expect(tight.plan.budget.kinds.emptyCities.written).toBe(0);
    expect(tight.plan.cities).toEqual(["Lahore", "Karachi", "Multan"]);
    expect(tight.plan.budget.files).toBe(RESERVED_FILES + LISTING_FILES + 4);
  });

  it("cuts the listings themselves when they do not fit, the smallest last", async () => {
    const tighter = await loadSiteData(t.db, RESERVED_FILES + 3 * 2 + 2 * 2);
    expect(tighter.plan.cities).toEqual(["Lahore", "Karachi", "Multan"]);
    expect(tighter.plan.cityCategories.map((p) => [p.city, p.category.name])).toEqual(
      all.cityCategories.slice(0, 2).map((p) => [p.city, p.category.name]),
    );
    expect(tighter.plan.providers).toEqual([]);
    expect(tighter.plan.budget.files).toBeLessThanOrEqual(RESERVED_FILES + 10);
  });

  it("renders a listing from the same data the on-demand renderer loads", async () => {
    const sortCounts = <T extends { categories: { category: { id: string } }[] }>(d: T) => ({
      ...d,
      categories: [...d.categories].sort((a, b) => a.category.id.localeCompare(b.category.id)),
    });
    for (const city of ["Lahore", "Karachi", "Zhob"]) {
      expect(sortCounts(await loadCityPage(t.db, city, all.categoriesIn(city)))).toEqual(
        sortCounts(await loadCityPage(t.db, city)),
      );
    }
    const slug = slugOf(TEXTILES!);
    expect(
      sortCounts((await loadCategoryPage(t.db, "Lahore", slug, all.categoriesIn("Lahore")))!),
    ).toEqual(sortCounts((await loadCategoryPage(t.db, "Lahore", slug))!));
  });
});

describe("what the build leaves out", () => {
  it("is rendered on demand in both languages", async () => {
    const tight = await loadSiteData(t.db, RESERVED_FILES + 3 * 2 + 2 * 2);
    const written = new Set(tight.plan.providers.map((p) => p.path));
    const left = (await loadProviderPaths(t.db)).filter((p) => !written.has(p.path));
    expect(left).toHaveLength(6);
    const pairs = tight.cityCategories.slice(tight.plan.cityCategories.length);
    expect(pairs).toHaveLength(4);
    const empty = tight.cities.find((c) => !tight.plan.cities.includes(c.city))!;
    const paths = [
      ...left.map((p) => ({ path: p.path, kind: "provider" })),
      ...pairs.map((p) => ({
        path: `/pk/${p.city.toLowerCase()}/${p.category.slug}`,
        kind: "category",
      })),
      { path: `/pk/${empty.slug}`, kind: "city" },
    ];
    for (const { path, kind } of paths) {
      for (const url of [path, `/ur${path}`]) {
        rendered.length = 0;
        const res = await t.app.request(url);
        expect(res.status, url).toBe(200);
        expect(rendered.map((r) => [r.path, r.page.kind])).toEqual([[url, kind]]);
      }
    }
  });

  it("is still in the sitemap, the same one the build writes", async () => {
    const data = await loadSiteData(t.db, RESERVED_FILES);
    expect(data.plan.providers).toEqual([]);
    const built = renderRootSitemap(SITE, data.sitemap);
    const served = await (await t.app.request("/sitemap.xml")).text();
    expect(served).toBe(built);
    for (const { path } of await loadProviderPaths(t.db)) {
      expect(served).toContain(`<loc>${SITE}${path}</loc>`);
      expect(served).toContain(`<loc>${SITE}/ur${path}</loc>`);
    }
    expect(served).toContain(`<loc>${SITE}/ur/pk/multan/${slugOf(HOME!)}</loc>`);
  });
});
