/**
 * The worst-case part of `npm run bench` — not a test; also runs alone.
 * Times the costliest requests an anonymous visitor can make, straight
 * against the query functions the API calls, at 100,000 providers by default.
 * None may take more than BUDGET_MS of database time (decision 010).
 *
 *   BENCH_DATA_DIR=/tmp/k100k node scripts/bench-worst-case.ts
 *       reuse a seeded database (DATA_DIR=/tmp/k100k npm run seed -- --providers 100000)
 *   node scripts/bench-worst-case.ts 20000
 *       seed that many (default 100,000) into .bench/worst/ first, removed after
 *
 * Prints, per query shape, the median CPU time and the fastest and slowest
 * wall time of RUNS runs (after one warm-up run), and exits 1 when a shape's
 * median CPU time is over the budget.
 */
import { mkdir, rm } from "node:fs/promises";
import { resolve } from "node:path";
import { sql } from "drizzle-orm";
import { dbConfigFromEnv, migrateDb, openDb, type Db } from "../db/client.ts";
import { listCategories } from "../db/queries/categories.ts";
import { findPublicProvider, listGallery, listPublicProviders } from "../db/queries/providers.ts";
import { deleteAllProviders, seedCategories, seedProviders } from "../db/seed/index.ts";
import { providerListQuerySchema, type ProviderListInput } from "../src/lib/schemas.ts";

const BUDGET_MS = 100;
const RUNS = 7;

export async function benchWorstCase(db: Db): Promise<boolean> {
  const [{ n } = { n: 0 }] = await db.all<{ n: number }>(
    sql`SELECT count(*) AS n FROM providers WHERE is_active = 1`,
  );
  const [city] = await db.all<{ city: string; n: number }>(
    sql`SELECT city, count(*) AS n FROM providers WHERE is_active = 1 AND city IS NOT NULL
        GROUP BY city ORDER BY n DESC LIMIT 1`,
  );
  const [category] = await db.all<{ id: string; n: number }>(
    sql`SELECT category_id AS id, count(DISTINCT provider_id) AS n FROM services
        WHERE is_active = 1 GROUP BY category_id ORDER BY n DESC LIMIT 1`,
  );
  // The rarest category in use: a listing that walks the index hunting for it scans every row.
  const [rare] = await db.all<{ id: string; n: number }>(
    sql`SELECT category_id AS id, count(DISTINCT provider_id) AS n FROM services
        WHERE is_active = 1 GROUP BY category_id ORDER BY n ASC LIMIT 1`,
  );
  const [one] = await db.all<{ id: string }>(
    sql`SELECT p.id FROM providers p WHERE p.is_active = 1
        ORDER BY (SELECT count(*) FROM services s WHERE s.provider_id = p.id) DESC LIMIT 1`,
  );
  if (!city || !category || !rare || !one)
    throw new Error("the database has no providers: seed it first");
  console.log(
    `\nWorst-case anonymous queries at ${n.toLocaleString("en-US")} active providers ` +
      `(busiest city ${city.city}: ${city.n}, categories ${category.n} to ${rare.n}); ` +
      `${RUNS} runs each, budget ${BUDGET_MS} ms`,
  );

  // The deepest page the schema lets through at the largest page size, or the
  // last page that still has rows ("limit at its maximum on the last page").
  const deepest = async (input: ProviderListInput): Promise<ProviderListInput> => {
    const limit = 100;
    const valid = (page: number) =>
      providerListQuerySchema.safeParse({ ...input, limit, page }).success;
    let lo = 1;
    let hi = 10_000;
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (valid(mid)) lo = mid;
      else hi = mid - 1;
    }
    const first = providerListQuerySchema.parse({ ...input, limit: 1 });
    const total = (await listPublicProviders(db, first)).total;
    return { ...input, limit, page: Math.min(lo, Math.max(1, Math.ceil(total / limit))) };
  };

  const lists: [string, ProviderListInput][] = [
    ["listing, first page", {}],
    ["listing, max limit, deepest page", await deepest({})],
    ["city, deepest page", await deepest({ city: city.city })],
    ["category, deepest page", await deepest({ categoryId: category.id })],
    ["rarest category, first page", { categoryId: rare.id }],
    ["rarest category + busiest city", { categoryId: rare.id, city: city.city }],
    ["city + category, deepest page", await deepest({ city: city.city, categoryId: category.id })],
    ["search 'a' (one letter)", { search: "a" }],
    ["search 'a b c d e f g h i j'", { search: "a b c d e f g h i j" }],
    ["search 'ma' (common 2-letter prefix)", { search: "ma", limit: 100 }],
    ["search 'ma ka sa pa ra la ta na'", { search: "ma ka sa pa ra la ta na", limit: 100 }],
    ["search 'pr se co', deepest page", await deepest({ search: "pr se co" })],
    ["search 'ma', deepest page", await deepest({ search: "ma" })],
    ["search 'ma' + city + category", { search: "ma", city: city.city, categoryId: category.id }],
    ["search 'and' (in every provider)", { search: "and", limit: 100 }],
    ["search 'and', deepest page", await deepest({ search: "and" })],
    ["search 'road plot' + city", { search: "road plot", city: city.city, limit: 100 }],
    ["search 'textile lahore'", { search: "textile lahore" }],
    ["search, 12 long words", { search: "manufacturing ".repeat(12).trim() }],
  ];

  const { row, over } = cpuTimer(BUDGET_MS);
  for (const [name, input] of lists) {
    const parsed = providerListQuerySchema.safeParse(input);
    if (!parsed.success) {
      console.log(`     refused (400)          ${name}`);
      continue;
    }
    const q = parsed.data;
    await row(`${name}  [page ${q.page}, limit ${q.limit}]`, () => listPublicProviders(db, q));
  }
  await row("GET /api/providers/:id (most services)", () => findPublicProvider(db, one.id));
  await row("GET /api/providers/:id/gallery", () => listGallery(db, one.id));
  await row("GET /api/service-categories", () => listCategories(db));
  return !over();
}

/**
 * Times query functions: RUNS runs after a warm-up, the median CPU time against
 * `budgetMs` and the fastest and slowest wall time, one printed row each. Wall time
 * on a shared machine measures the neighbours too; the process's CPU time is the
 * database's own work (libSQL runs a file database in-process), so the budget is
 * checked against it. `budgetMs` null: figures only.
 */
export function cpuTimer(budgetMs: number | null) {
  let over = false;
  console.log("         cpu median   wall fastest / slowest");
  const row = async (name: string, fn: () => Promise<unknown>) => {
    await fn();
    const cpu: number[] = [];
    const wall: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      await fn();
      wall.push(performance.now() - t0);
      const c = process.cpuUsage(c0);
      cpu.push((c.user + c.system) / 1000);
    }
    cpu.sort((a, b) => a - b);
    wall.sort((a, b) => a - b);
    const median = cpu[Math.floor(cpu.length / 2)] ?? 0;
    const isOver = budgetMs !== null && median > budgetMs;
    if (isOver) over = true;
    const ms = (n: number) => n.toFixed(1).padStart(7);
    console.log(
      `  ${isOver ? "OVER" : "  ok"} ${ms(median)} ms  ${ms(wall[0] ?? 0)} / ${ms(wall.at(-1) ?? 0)} ms  ${name}`,
    );
  };
  return { row, over: () => over };
}

/**
 * Runs one of these benchmarks on its own: against BENCH_DATA_DIR's seeded
 * database, or seeds `argv[2]` providers (default 100,000) into `.bench/{name}`
 * first and removes it after. Exits 1 when the benchmark is over its budget.
 */
export async function runAlone(name: string, bench: (db: Db) => Promise<boolean>) {
  const size = Number(process.argv[2] ?? 0);
  let dir = process.env.BENCH_DATA_DIR;
  let cleanup = false;
  if (!dir) {
    dir = resolve(".bench", name);
    cleanup = true;
    await mkdir(dir, { recursive: true });
  }
  const db = await openDb(dbConfigFromEnv({ DATA_DIR: dir }));
  await migrateDb(db);
  if (!process.env.BENCH_DATA_DIR) {
    const n = size > 0 ? size : 100_000;
    console.log(`seeding ${n.toLocaleString("en-US")} providers into ${dir} …`);
    await seedCategories(db);
    await deleteAllProviders(db);
    await seedProviders(db, n);
  }
  const ok = await bench(db);
  db.$client.close();
  if (cleanup) await rm(dir, { recursive: true, force: true });
  process.exitCode = ok ? 0 : 1;
}

if (import.meta.main) await runAlone("worst", benchWorstCase);
