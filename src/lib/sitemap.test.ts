import { describe, expect, it } from "vitest";
import {
  collectSitemapEntries,
  planSitemap,
  renderChildSitemap,
  renderRootSitemap,
  renderUrlset,
  type SitemapEntry,
} from "./sitemap.ts";

const site = new URL("https://karkhana.example");
const entries = (n: number): SitemapEntry[] =>
  Array.from({ length: n }, (_, i) => ({
    loc: `https://karkhana.example/p/${i}`,
    lastmod: `2026-01-${String((i % 28) + 1).padStart(2, "0")}T00:00:00.000Z`,
  }));

describe("planSitemap", () => {
  it.each([
    [0, "urlset", 0],
    [3, "urlset", 0],
    [4, "index", 2],
    [6, "index", 2],
    [7, "index", 3],
  ])("%i entries with 3 per file gives a %s with %i files", (n, kind, files) => {
    const plan = planSitemap(entries(n), 3);
    expect(plan.kind).toBe(kind);
    if (plan.kind === "index") {
      expect(plan.chunks).toHaveLength(files);
      expect(plan.chunks.flat()).toHaveLength(n);
      expect(plan.chunks.every((c) => c.length <= 3)).toBe(true);
    }
  });

  it("rejects a chunk size below 1", () => {
    expect(() => planSitemap(entries(2), 0)).toThrow(RangeError);
  });
});

describe("renderRootSitemap", () => {
  it("is a urlset while the URLs fit in one file", () => {
    const xml = renderRootSitemap(site, entries(2), 3);
    expect(xml).toContain("<urlset");
    expect(xml.match(/<url>/g)).toHaveLength(2);
  });

  it("becomes an index of /sitemaps/{n}.xml past the limit", () => {
    const xml = renderRootSitemap(site, entries(7), 3);
    expect(xml).toContain("<sitemapindex");
    expect(xml).toContain("<loc>https://karkhana.example/sitemaps/1.xml</loc>");
    expect(xml).toContain("<loc>https://karkhana.example/sitemaps/3.xml</loc>");
    expect(xml).not.toContain("sitemaps/4.xml");
  });

  it("escapes XML in URLs", () => {
    const xml = renderRootSitemap(site, [{ loc: "https://karkhana.example/?a=1&b=<2>" }]);
    expect(xml).toContain("<loc>https://karkhana.example/?a=1&amp;b=&lt;2&gt;</loc>");
  });
});

describe("renderChildSitemap", () => {
  it("serves each chunk and nothing past the last", () => {
    const all = entries(7);
    expect(renderChildSitemap(all, 3, 3)?.match(/<url>/g)).toHaveLength(1);
    expect(renderChildSitemap(all, 4, 3)).toBeNull();
    expect(renderChildSitemap(entries(2), 1, 3)).toBeNull();
  });
});

describe("collectSitemapEntries", () => {
  it("lists home, /pk, cities with providers, city×category pairs and canonical provider pages", () => {
    const p = { path: "/pk/lahore/cnc-machining/acme-1", updatedAt: "2026-02-01T00:00:00.000Z" };
    const entries = collectSitemapEntries(site, {
      providers: [p],
      cities: [
        { slug: "lahore", providers: [p] },
        { slug: "zhob", providers: [] },
      ],
      cityCategories: [{ city: "Lahore", category: { name: "CNC Machining" }, providers: [p] }],
    });
    const locs = entries.map((e) => e.loc);
    // Each page in English, then its Urdu twin (decision 022).
    expect(locs).toEqual([
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
    expect(locs.some((l) => l.includes("/providers/"))).toBe(false);
    // An empty city page is noindex, so it is left out.
    expect(locs).not.toContain("https://karkhana.example/pk/zhob");
    // Both twins name both, and English as the default.
    const alternates = [
      { hreflang: "en-PK", href: "https://karkhana.example/pk/lahore" },
      { hreflang: "ur-PK", href: "https://karkhana.example/ur/pk/lahore" },
      { hreflang: "x-default", href: "https://karkhana.example/pk/lahore" },
    ];
    expect(entries[4]!.alternates).toEqual(alternates);
    expect(entries[5]!.alternates).toEqual(alternates);
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
