/**
 * `npm run bench:render` — what one page rendered on demand costs, split into
 * loading its data and rendering it with the build's components: Karachi's
 * city page (the largest listing), one of its city × category pages and a
 * provider page. Runs on the load test's world (`npm run loadtest` leaves it
 * in LOADTEST_DIR, default .bench-load): 10,000 providers and their build.
 * One process, nothing else running; the mean of 20 after one warm-up each.
 */
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import "../functions/node/production-mode.ts";
import { openDb } from "../db/client.ts";
import { loadCategoryPage, loadCityPage, loadProviderPage } from "../db/queries/page-data.ts";
import { listPublicProviders } from "../db/queries/providers.ts";
import { serverEntry } from "../functions/node/publish.ts";
import { astroPageRenderer, type AstroPagesApp } from "../functions/pages/renderer.ts";
import type { OnDemandPage } from "../src/lib/on-demand-page.ts";

const RUNS = 20;
const dir = resolve(process.env.LOADTEST_DIR || ".bench-load");
const db = await openDb({ url: `file:${dir}/data/karkhana.db` });
const astro = (await import(pathToFileURL(serverEntry(resolve(dir, "dist"))).href)) as {
  app: AstroPagesApp;
};
const pages = astroPageRenderer(() => astro.app, null);

async function mean<T>(f: () => Promise<T>) {
  await f();
  const t0 = performance.now();
  let last!: T;
  for (let i = 0; i < RUNS; i++) last = await f();
  return { ms: (performance.now() - t0) / RUNS, last };
}

const [first] = (await listPublicProviders(db, { city: "Karachi", page: 1, limit: 1 })).items;
if (!first) throw new Error(`no provider in Karachi in ${dir}: run npm run loadtest first`);
const categorySlug = first.services[0]!.category.slug;
const cases: [string, string, () => Promise<OnDemandPage>][] = [
  [
    "/pk/karachi",
    "/pk/karachi",
    async () => ({ kind: "city", data: await loadCityPage(db, "Karachi") }),
  ],
  [
    "/pk/karachi/{category}",
    `/pk/karachi/${categorySlug}`,
    async () => ({
      kind: "category",
      data: (await loadCategoryPage(db, "Karachi", categorySlug))!,
    }),
  ],
  [
    "a provider page",
    first.path,
    async () => ({ kind: "provider", data: (await loadProviderPage(db, first.id))! }),
  ],
];
console.log("| page | data ms | render ms | HTML KiB |\n| --- | --- | --- | --- |");
for (const [name, path, load] of cases) {
  const data = await mean(load);
  const render = await mean(async () =>
    (await pages.render(new Request(`https://karkhana.example${path}`), data.last)).text(),
  );
  console.log(
    `| ${name} | ${data.ms.toFixed(1)} | ${render.ms.toFixed(1)} | ${(render.last.length / 1024).toFixed(0)} |`,
  );
}
db.$client.close();
