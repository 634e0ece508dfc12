/**
 * sitemap.xml rendering and splitting. The sitemaps protocol caps one file at
 * 50,000 URLs (https://www.sitemaps.org/protocol.html#index); beyond that,
 * /sitemap.xml becomes an index of /sitemaps/{n}.xml files.
 */
import { cityCategoryPath } from "./urls.ts";
import { LOCALE_TAGS, LOCALES, localizePath } from "../i18n/locales.ts";

export const SITEMAP_MAX_URLS = 50_000;

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

export type SitemapPlan =
  { kind: "urlset"; entries: SitemapEntry[] } | { kind: "index"; chunks: SitemapEntry[][] };

/** One urlset when the entries fit, else chunks of at most `maxPerFile` for an index. */
export function planSitemap(entries: SitemapEntry[], maxPerFile = SITEMAP_MAX_URLS): SitemapPlan {
  if (!Number.isInteger(maxPerFile) || maxPerFile < 1) {
    throw new RangeError("maxPerFile must be a positive integer");
  }
  if (entries.length <= maxPerFile) return { kind: "urlset", entries };
  const chunks: SitemapEntry[][] = [];
  for (let i = 0; i < entries.length; i += maxPerFile) {
    chunks.push(entries.slice(i, i + maxPerFile));
  }
  return { kind: "index", chunks };
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

/** The newest lastmod of a chunk, for its line in the index. */
export function newestLastmod(entries: readonly SitemapEntry[]): string | undefined {
  let best: string | undefined;
  for (const e of entries) {
    if (e.lastmod && (!best || e.lastmod > best)) best = e.lastmod;
  }
  return best;
}

/** `/sitemap.xml` body: the urlset itself, or an index of the child files. */
export function renderRootSitemap(
  site: URL | string,
  entries: SitemapEntry[],
  maxPerFile = SITEMAP_MAX_URLS,
): string {
  const plan = planSitemap(entries, maxPerFile);
  if (plan.kind === "urlset") return renderUrlset(plan.entries);
  return renderSitemapIndex(
    plan.chunks.map((chunk, i) => ({
      loc: new URL(childSitemapPath(i + 1), site).href,
      lastmod: newestLastmod(chunk),
    })),
  );
}

/** Body of `/sitemaps/{n}.xml`, or null when there is no such chunk. */
export function renderChildSitemap(
  entries: SitemapEntry[],
  n: number,
  maxPerFile = SITEMAP_MAX_URLS,
): string | null {
  const plan = planSitemap(entries, maxPerFile);
  if (plan.kind === "urlset") return null;
  const chunk = plan.chunks[n - 1];
  return chunk ? renderUrlset(chunk) : null;
}

/** The parts of the build's site data the sitemap needs (structural, so src/lib stays free of db/). */
export interface SitemapSource {
  providers: ReadonlyArray<{ path: string; updatedAt: string }>;
  cities: ReadonlyArray<{ slug: string; providers: ReadonlyArray<{ updatedAt: string }> }>;
  cityCategories: ReadonlyArray<{
    city: string;
    category: { name: string };
    providers: ReadonlyArray<{ updatedAt: string }>;
  }>;
}

function newest(list: ReadonlyArray<{ updatedAt: string }>): string | undefined {
  let best: string | undefined;
  for (const p of list) if (!best || p.updatedAt > best) best = p.updatedAt;
  return best;
}

/**
 * Every pre-rendered public page with a canonical URL of its own: the home page,
 * /pk, each city, each city×category pair, and each provider's canonical /pk
 * page. Left out: the /providers/… twins (their canonical points to /pk), the
 * auth and app pages, the live fallback shells and the 404 page.
 */
export function collectSitemapEntries(site: URL | string, data: SitemapSource): SitemapEntry[] {
  const abs = (path: string) => new URL(path, site).href;
  const out: SitemapEntry[] = [];
  // Every page in each language, each naming all of them (decision 022).
  const add = (path: string, lastmod: string | undefined) => {
    const alternates = [
      ...LOCALES.map((l) => ({ hreflang: LOCALE_TAGS[l], href: abs(localizePath(path, l)) })),
      { hreflang: "x-default", href: abs(path) },
    ];
    for (const l of LOCALES) out.push({ loc: abs(localizePath(path, l)), lastmod, alternates });
  };
  const all = newest(data.providers);
  add("/", all);
  add("/pk", all);
  // A city page without providers is thin content: it exists for people
  // (and is `noindex`), but is not offered to crawlers.
  for (const c of data.cities) {
    if (c.providers.length === 0) continue;
    add(`/pk/${c.slug}`, newest(c.providers));
  }
  for (const cc of data.cityCategories) {
    add(cityCategoryPath(cc.city, cc.category.name), newest(cc.providers));
  }
  for (const p of data.providers) add(p.path, p.updatedAt);
  return out;
}
