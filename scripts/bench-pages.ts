/**
 * On-demand page figures for `npm run bench` (decision 014): provider pages that
 * the bounded build left out, asked for one at a time over loopback from the
 * real Node server (no concurrency, so the time is the server's: data, render
 * and the page cache), first on a cache miss, then again from the cache; and
 * whether every kind of page the build left out is served and in the sitemap.
 */
import { access } from "node:fs/promises";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { loadDirectoryOutline } from "../db/queries/page-data.ts";
import { localizePath } from "../src/i18n/locales.ts";
import { CITIES } from "../src/lib/cities.ts";
import { cityCategoryPath, cityPath, providerPath } from "../src/lib/urls.ts";

export interface OnDemandFigures {
  pages: number;
  missP50: number;
  missP95: number;
  hitP50: number;
  hitP95: number;
}

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function exists(file: string): Promise<boolean> {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
}

/** Paths of up to `n` active providers whose page is not in the build at `clientDir`. */
export async function onDemandPaths(db: Db, clientDir: string, n: number): Promise<string[]> {
  const rows = await db.all<{
    id: string;
    name: string;
    city: string | null;
    category: string | null;
  }>(
    sql`SELECT p.id AS id, p.company_name AS name, p.city AS city,
          (SELECT c.name FROM services s JOIN service_categories c ON c.id = s.category_id
            WHERE s.provider_id = p.id AND s.is_active = 1
            ORDER BY s.created_at, s.id LIMIT 1) AS category
        FROM providers p WHERE p.is_active = 1 ORDER BY random() LIMIT ${n * 5}`,
  );
  const out: string[] = [];
  for (const r of rows) {
    const path = providerPath({
      id: r.id,
      companyName: r.name,
      city: r.city,
      services: r.category ? [{ category: { name: r.category } }] : [],
    });
    if (await exists(join(clientDir, path, "index.html"))) continue;
    out.push(path);
    if (out.length === n) break;
  }
  return out;
}

async function timed(url: string, expectCache: "MISS" | "HIT"): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(url);
  await res.arrayBuffer();
  const ms = performance.now() - t0;
  if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
  const cache = res.headers.get("x-page-cache");
  if (cache !== expectCache) throw new Error(`${url}: expected ${expectCache}, got ${cache}`);
  return ms;
}

export async function benchOnDemand(base: string, paths: string[]): Promise<OnDemandFigures> {
  // The first render loads the page modules: not a figure of a page, warm them up.
  if (paths[0]) await fetch(`${base}${paths[0]}`).then((r) => r.arrayBuffer());
  const rest = paths.slice(1);
  const miss: number[] = [];
  for (const p of rest) miss.push(await timed(`${base}${p}`, "MISS"));
  const hit: number[] = [];
  for (const p of rest) hit.push(await timed(`${base}${p}`, "HIT"));
  miss.sort((a, b) => a - b);
  hit.sort((a, b) => a - b);
  return {
    pages: rest.length,
    missP50: pct(miss, 50),
    missP95: pct(miss, 95),
    hitP50: pct(hit, 50),
    hitP95: pct(hit, 95),
  };
}

/**
 * Pages the build left out, in both languages: up to 20 provider pages, 20
 * city × category pages and 5 city pages with no file in the build at
 * `clientDir`. `check` asks the running server for each (200: rendered on
 * demand) and reads its sitemap (the index and every file of it) to find them
 * listed (decisions 014 and 031).
 */
export async function checkLeftOut(db: Db, clientDir: string) {
  const missing = async (paths: string[], n: number) => {
    const out: string[] = [];
    for (const p of paths) {
      if (out.length === n) break;
      if (!(await exists(join(clientDir, p, "index.html")))) out.push(p);
    }
    return out;
  };
  const { pairs } = await loadDirectoryOutline(db);
  const providers = await onDemandPaths(db, clientDir, 20);
  const listings = await missing(
    pairs.map((p) => cityCategoryPath(p.city, p.category.name)),
    20,
  );
  const cities = await missing(CITIES.map(cityPath), 5);
  const pages = [...providers, ...listings, ...cities];
  return {
    async check(base: string) {
      const failures: string[] = [];
      for (const path of pages) {
        for (const url of [path, localizePath(path, "ur")]) {
          const res = await fetch(`${base}${url}`);
          await res.arrayBuffer();
          if (res.status !== 200) failures.push(`${url}: ${res.status}, not rendered on demand`);
        }
      }
      const listed = new Set<string>();
      const locs = (xml: string, tag: string) =>
        [...xml.matchAll(new RegExp(`<${tag}><loc>([^<]+)</loc>`, "g"))].map(
          (m) => new URL(m[1]!).pathname,
        );
      const root = await (await fetch(`${base}/sitemap.xml`)).text();
      const files = locs(root, "sitemap");
      for (const file of files) {
        const res = await fetch(`${base}${file}`);
        if (res.status !== 200) failures.push(`${file}: ${res.status}`);
        for (const loc of locs(await res.text(), "url")) listed.add(loc);
      }
      if (files.length === 0) for (const loc of locs(root, "url")) listed.add(loc);
      for (const path of pages) {
        for (const url of [path, localizePath(path, "ur")]) {
          if (!listed.has(url) && !cities.includes(path))
            failures.push(`${url}: not in the sitemap`);
        }
      }
      return {
        failures,
        summary:
          `${providers.length} provider, ${listings.length} city × category and ${cities.length} empty-city ` +
          `pages the build left out, each in both languages: ${failures.length ? `${failures.length} failures` : "all served on demand"}, ` +
          `the listings and providers among them in the sitemap (${files.length} files, ${listed.size.toLocaleString("en")} URLs)`,
      };
    },
  };
}
