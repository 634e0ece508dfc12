/**
 * sitemap.xml rendering and splitting. Past SITEMAP_MAX_URLS, /sitemap.xml
 * becomes an index of /sitemaps/{n}.xml files. Each file is made from the
 * pages it lists alone, never from a list of every URL: at 1,000,000 providers
 * the sitemap names two million URLs (decision 031).
 */
import { cityCategoryPath } from "./urls.ts";
import { LOCALE_TAGS, LOCALES, localizePath } from "../i18n/locales.ts";

/**
 * URLs per file. The protocol allows 50,000 (and 50 MB), but a Workers static
 * asset may be 25 MiB at most, and with its three hreflang alternates a URL
 * takes about 700 bytes, up to 2.3 KB for a 60-letter Urdu slug written as
 * percent escapes: 10,000 of the longest still fit (decision 031).
 */
export const SITEMAP_MAX_URLS = 10_000;

export interface SitemapEntry {
  /** Absolute URL. */
  loc: string;
  /** ISO 8601 date-time of the last change, when known. */
  lastmod?: string | undefined;
  /**
   * The same page in every language, this one included (hreflang → absolute
   * URL), written as xhtml:link alternates (Google's sitemap form of hreflang).
   */
  alternates?: ReadonlyArray<{ hreflang: string; href: string }> | undefined;
}

/** Site path of the n-th (1-based) child sitemap of the index. */
export function childSitemapPath(n: number): string {
  return `/sitemaps/${n}.xml`;
}

export function escapeXml(s: string): string {
  return s
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

function entryXml(tag: "url" | "sitemap", e: SitemapEntry): string {
  const lastmod = e.lastmod ? `<lastmod>${escapeXml(e.lastmod)}</lastmod>` : "";
  const links = (e.alternates ?? [])
    .map(
      (a) =>
        `<xhtml:link rel="alternate" hreflang="${escapeXml(a.hreflang)}" href="${escapeXml(a.href)}"/>`,
    )
    .join("");
  return `<${tag}><loc>${escapeXml(e.loc)}</loc>${lastmod}${links}</${tag}>`;
}

export function renderUrlset(entries: readonly SitemapEntry[]): string {
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n` +
    entries.map((e) => entryXml("url", e)).join("\n") +
    `\n</urlset>\n`
  );
}

export function renderSitemapIndex(sitemaps: readonly SitemapEntry[]): string {
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n` +
    sitemaps.map((e) => entryXml("sitemap", e)).join("\n") +
    `\n</sitemapindex>\n`
  );
}

/** The parts of the directory the sitemap needs (structural, so src/lib stays free of db/). */
export interface SitemapSource {
  /** Every active provider's canonical path and last change, in a stable order. */
  providers: ReadonlyArray<{ path: string; updatedAt: string }>;
  /** Every city with active providers, and the newest change among them. */
  cities: ReadonlyArray<{ slug: string; updatedAt: string | undefined }>;
  /** Every city × category pair with active providers, and the newest change among them. */
  cityCategories: ReadonlyArray<{
    city: string;
    category: { name: string };
    updatedAt: string | undefined;
  }>;
}

/** One page the sitemap lists, once for all its languages. */
interface SitemapPage {
  path: string;
  lastmod: string | undefined;
}

function newest(data: SitemapSource): string | undefined {
  let best: string | undefined;
  for (const p of data.providers) if (!best || p.updatedAt > best) best = p.updatedAt;
  return best;
}

/**
 * Every public page with a canonical URL of its own, in order: the home page,
 * /pk, each city with providers, each city × category pair, each provider's
 * canonical page. Left out: the /providers/… short links (they redirect), the
 * auth and app pages, the 404 page, and city pages without providers (thin
 * content: they exist for people and are `noindex`). Read by index, so a file
 * of the sitemap never builds the list of all of them.
 */
function sitemapPages(data: SitemapSource) {
  let all: string | undefined | null = null;
  const head = 2 + data.cities.length + data.cityCategories.length;
  return {
    count: head + data.providers.length,
    at(i: number): SitemapPage {
      if (i < 2) {
        all = all === null ? newest(data) : all;
        return { path: i === 0 ? "/" : "/pk", lastmod: all };
      }
      i -= 2;
      const city = data.cities[i];
      if (city) return { path: `/pk/${city.slug}`, lastmod: city.updatedAt };
      i -= data.cities.length;
      const pair = data.cityCategories[i];
      if (pair)
        return { path: cityCategoryPath(pair.city, pair.category.name), lastmod: pair.updatedAt };
      const p = data.providers[i - data.cityCategories.length];
      if (!p) throw new RangeError("no such sitemap page");
      return { path: p.path, lastmod: p.updatedAt };
    },
  };
}

/** Pages per file: every language of a page goes into the same file. */
function pagesPerFile(maxPerFile: number): number {
  if (!Number.isInteger(maxPerFile) || maxPerFile < LOCALES.length) {
    throw new RangeError(`maxPerFile must be a whole number of at least ${LOCALES.length}`);
  }
  return Math.floor(maxPerFile / LOCALES.length);
}

/** URLs the sitemap lists: every page in each language (decision 022). */
export function sitemapUrlCount(data: SitemapSource): number {
  return sitemapPages(data).count * LOCALES.length;
}

/** Files under /sitemaps/ (0: /sitemap.xml is the urlset itself). */
export function sitemapChildCount(data: SitemapSource, maxPerFile = SITEMAP_MAX_URLS): number {
  const pages = sitemapPages(data).count;
  const per = pagesPerFile(maxPerFile);
  return pages <= per ? 0 : Math.ceil(pages / per);
}

/** The entries of pages [from, to): each page in every language, each naming all of them. */
function entriesOf(
  site: URL | string,
  pages: ReturnType<typeof sitemapPages>,
  from: number,
  to: number,
): SitemapEntry[] {
  const abs = (path: string) => new URL(path, site).href;
  const out: SitemapEntry[] = [];
  for (let i = from; i < to; i++) {
    const { path, lastmod } = pages.at(i);
    const alternates = [
      ...LOCALES.map((l) => ({ hreflang: LOCALE_TAGS[l], href: abs(localizePath(path, l)) })),
      { hreflang: "x-default", href: abs(path) },
    ];
    for (const l of LOCALES) out.push({ loc: abs(localizePath(path, l)), lastmod, alternates });
  }
  return out;
}

/** `/sitemap.xml` body: the urlset itself, or an index of the child files. */
export function renderRootSitemap(
  site: URL | string,
  data: SitemapSource,
  maxPerFile = SITEMAP_MAX_URLS,
): string {
  const pages = sitemapPages(data);
  const per = pagesPerFile(maxPerFile);
  const files = sitemapChildCount(data, maxPerFile);
  if (files === 0) return renderUrlset(entriesOf(site, pages, 0, pages.count));
  const index: SitemapEntry[] = [];
  for (let n = 0; n < files; n++) {
    let lastmod: string | undefined;
    for (let i = n * per; i < Math.min(pages.count, (n + 1) * per); i++) {
      const m = pages.at(i).lastmod;
      if (m && (!lastmod || m > lastmod)) lastmod = m;
    }
    index.push({ loc: new URL(childSitemapPath(n + 1), site).href, lastmod });
  }
  return renderSitemapIndex(index);
}

/** Body of `/sitemaps/{n}.xml`, or null when there is no such file. */
export function renderChildSitemap(
  site: URL | string,
  data: SitemapSource,
  n: number,
  maxPerFile = SITEMAP_MAX_URLS,
): string | null {
  const pages = sitemapPages(data);
  const per = pagesPerFile(maxPerFile);
  if (!Number.isInteger(n) || n < 1 || n > sitemapChildCount(data, maxPerFile)) return null;
  return renderUrlset(entriesOf(site, pages, (n - 1) * per, Math.min(pages.count, n * per)));
}
