import { describe, expect, it } from "vitest";
import {
  renderChildSitemap,
  renderRootSitemap,
  renderUrlset,
  sitemapChildCount,
  sitemapUrlCount,
  type SitemapSource,
} from "./sitemap.ts";

const site = new URL("https://karkhana.example");
const day = (i: number) => `2026-01-${String((i % 28) + 1).padStart(2, "0")}T00:00:00.000Z`;
/** Home, /pk and `n` providers: n + 2 pages, each in two languages. */
const source = (n: number): SitemapSource => ({
  providers: Array.from({ length: n }, (_, i) => ({
    path: `/pk/lahore/cnc-machining/p-${i}`,
    updatedAt: day(i),
  })),
  cities: [],
  cityCategories: [],
});
const locs = (xml: string | null) =>
  [...(xml ?? "").matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);

describe("sitemapChildCount", () => {
  it.each([
    // pages (n + 2), 2 pages (4 URLs) per file
    [0, 0],
    [1, 2],
    [2, 2],
    [3, 3],
    [6, 4],
  ])("%i providers with 4 URLs per file gives %i files under /sitemaps/", (n, files) => {
    expect(sitemapChildCount(source(n), 4)).toBe(files);
    expect(sitemapUrlCount(source(n))).toBe((n + 2) * 2);
  });

  it("keeps both languages of a page in one file, so a file takes a whole number of pages", () => {
    // 5 URLs per file hold 2 pages (4 URLs), never half of one.
    expect(sitemapChildCount(source(2), 5)).toBe(2);
    expect(() => sitemapChildCount(source(2), 1)).toThrow(RangeError);
  });
});

describe("renderRootSitemap", () => {
  it("is a urlset while the URLs fit in one file", () => {
    const xml = renderRootSitemap(site, source(0), 4);
    expect(xml).toContain("<urlset");
    expect(xml.match(/<url>/g)).toHaveLength(4);
  });

  it("becomes an index of /sitemaps/{n}.xml past the limit, each with its newest change", () => {
    const xml = renderRootSitemap(site, source(3), 4);
    expect(xml).toContain("<sitemapindex");
    expect(locs(xml)).toEqual([
      "https://karkhana.example/sitemaps/1.xml",
      "https://karkhana.example/sitemaps/2.xml",
      "https://karkhana.example/sitemaps/3.xml",
    ]);
    // Home and /pk fill file 1, providers 0 and 1 file 2, provider 2 file 3.
    expect(xml).toContain(
      `<sitemap><loc>https://karkhana.example/sitemaps/2.xml</loc><lastmod>${day(1)}</lastmod></sitemap>`,
    );
    expect(xml).toContain(
      `<sitemap><loc>https://karkhana.example/sitemaps/3.xml</loc><lastmod>${day(2)}</lastmod></sitemap>`,
    );
  });

  it("escapes XML in URLs", () => {
    const xml = renderUrlset([{ loc: "https://karkhana.example/?a=1&b=<2>" }]);
    expect(xml).toContain("<loc>https://karkhana.example/?a=1&amp;b=&lt;2&gt;</loc>");
  });
});

describe("renderChildSitemap", () => {
  it("serves each file, together every URL once, and nothing past the last", () => {
    const data = source(3);
    const all = [1, 2, 3].flatMap((n) => locs(renderChildSitemap(site, data, n, 4)));
    expect(all).toHaveLength(sitemapUrlCount(data));
    expect(new Set(all).size).toBe(all.length);
    expect(locs(renderChildSitemap(site, data, 2, 4))).toEqual([
      "https://karkhana.example/pk/lahore/cnc-machining/p-0",
      "https://karkhana.example/ur/pk/lahore/cnc-machining/p-0",
      "https://karkhana.example/pk/lahore/cnc-machining/p-1",
      "https://karkhana.example/ur/pk/lahore/cnc-machining/p-1",
    ]);
    expect(renderChildSitemap(site, data, 4, 4)).toBeNull();
    expect(renderChildSitemap(site, data, 0, 4)).toBeNull();
    // No index: no child file either.
    expect(renderChildSitemap(site, source(0), 1, 4)).toBeNull();
  });
});

describe("what the sitemap lists", () => {
  it("home, /pk, cities with providers, city×category pairs and canonical provider pages", () => {
    const p = { path: "/pk/lahore/cnc-machining/acme-1", updatedAt: "2026-02-01T00:00:00.000Z" };
    const xml = renderRootSitemap(site, {
      providers: [p],
      cities: [{ slug: "lahore", updatedAt: p.updatedAt }],
      cityCategories: [
        { city: "Lahore", category: { name: "CNC Machining" }, updatedAt: p.updatedAt },
      ],
    });
    // Each page in English, then its Urdu twin (decision 022).
    expect(locs(xml)).toEqual([
      "https://karkhana.example/",
      "https://karkhana.example/ur",
      "https://karkhana.example/pk",
      "https://karkhana.example/ur/pk",
      "https://karkhana.example/pk/lahore",
      "https://karkhana.example/ur/pk/lahore",
      "https://karkhana.example/pk/lahore/cnc-machining",
      "https://karkhana.example/ur/pk/lahore/cnc-machining",
      "https://karkhana.example/pk/lahore/cnc-machining/acme-1",
      "https://karkhana.example/ur/pk/lahore/cnc-machining/acme-1",
    ]);
    expect(xml).not.toContain("/providers/");
    // Both twins name both, and English as the default.
    const alternates =
      '<xhtml:link rel="alternate" hreflang="en-PK" href="https://karkhana.example/pk/lahore"/>' +
      '<xhtml:link rel="alternate" hreflang="ur-PK" href="https://karkhana.example/ur/pk/lahore"/>' +
      '<xhtml:link rel="alternate" hreflang="x-default" href="https://karkhana.example/pk/lahore"/>';
    expect(xml).toContain(
      `<url><loc>https://karkhana.example/pk/lahore</loc><lastmod>${p.updatedAt}</lastmod>${alternates}</url>`,
    );
    expect(xml).toContain(
      `<url><loc>https://karkhana.example/ur/pk/lahore</loc><lastmod>${p.updatedAt}</lastmod>${alternates}</url>`,
    );
  });

  it("writes the alternates as xhtml:link elements", () => {
    const xml = renderUrlset([
      {
        loc: "https://karkhana.example/ur",
        alternates: [{ hreflang: "en-PK", href: "https://karkhana.example/" }],
      },
    ]);
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    expect(xml).toContain(
      '<url><loc>https://karkhana.example/ur</loc><xhtml:link rel="alternate" hreflang="en-PK" href="https://karkhana.example/"/></url>',
    );
  });
});
