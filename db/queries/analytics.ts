import type { InStatement } from "@libsql/client";
import { sql } from "drizzle-orm";
import {
  DIRECTORY_METRICS,
  PROVIDER_METRICS,
  type DirectoryInsights,
  type DirectoryMetric,
  type CountedMetric,
  type InsightPeriod,
  type ProviderInsights,
  type ProviderMetric,
} from "../../src/lib/analytics-schemas.ts";
import { providerShortPath } from "../../src/lib/urls.ts";
import type { Db } from "../client.ts";

/*
 * Provider analytics: counts per provider per day, search terms, directory
 * searches (docs/decisions/019-counting-views.md). Counts only: nothing here
 * knows who looked.
 */

// ------------------------------------------------------------------ days

/** Pakistan has kept UTC+5 all year since 2009. */
const PKT_OFFSET_MS = 5 * 60 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

/** The calendar day in Pakistan at `at`, `YYYY-MM-DD`: the day a count belongs to. */
export function pakistanDay(at: Date): string {
  return new Date(at.getTime() + PKT_OFFSET_MS).toISOString().slice(0, 10);
}

/** `day` moved by `n` days. */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** When `day` starts in Pakistan, as epoch milliseconds (leads store times, not days). */
export function dayStartMs(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) - PKT_OFFSET_MS;
}

/** Counts are kept 13 months: the first day still kept on `now`. */
export function oldestKeptDay(now: Date): string {
  const d = new Date(`${pakistanDay(now)}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() - 13);
  return d.toISOString().slice(0, 10);
}

/** A search term as counted: trimmed, lower-cased, spaces collapsed, at most 64 characters. */
export function normaliseTerm(search: string | undefined): string {
  return (search ?? "").trim().toLowerCase().replace(/\s+/g, " ").slice(0, 64).trim();
}

// -------------------------------------------------------------- counting

export type { CountedMetric };

const COLUMNS: Record<CountedMetric, string> = {
  views: "views",
  impressions: "impressions",
  resultClicks: "result_clicks",
  contactReveals: "contact_reveals",
  phoneTaps: "phone_taps",
  whatsappTaps: "whatsapp_taps",
  websiteClicks: "website_clicks",
};
const COUNTED = Object.keys(COLUMNS) as CountedMetric[];

/**
 * Counts not yet written: one request's, or many merged (the Node server
 * keeps a few seconds' worth in memory and writes them at once). Keyed by
 * what the tables are keyed by, so merging adds up and a flush writes one row
 * per key however many requests counted it.
 */
export class CountBatch {
  readonly providers = new Map<string, { providerId: string; day: string; n: number[] }>();
  readonly terms = new Map<string, { providerId: string; day: string; term: string; n: number }>();
  readonly searches = new Map<
    string,
    { day: string; term: string; city: string; categoryId: string; n: number; none: number }
  >();

  get size(): number {
    return this.providers.size + this.terms.size + this.searches.size;
  }

  provider(providerId: string, day: string, metric: CountedMetric, n = 1): this {
    const key = `${providerId}|${day}`;
    let row = this.providers.get(key);
    if (!row) {
      row = { providerId, day, n: COUNTED.map(() => 0) };
      this.providers.set(key, row);
    }
    row.n[COUNTED.indexOf(metric)]! += n;
    return this;
  }

  term(providerId: string, day: string, term: string, n = 1): this {
    const key = `${providerId}|${day}|${term}`;
    const row = this.terms.get(key);
    if (row) row.n += n;
    else this.terms.set(key, { providerId, day, term, n });
    return this;
  }

  /** `n` searches with these filters, `none` of which found nothing. */
  search(
    s: { day: string; term: string; city: string; categoryId: string },
    n = 1,
    none = 0,
  ): this {
    const key = JSON.stringify([s.day, s.term, s.city, s.categoryId]);
    const row = this.searches.get(key);
    if (row) {
      row.n += n;
      row.none += none;
    } else {
      const { day, term, city, categoryId } = s;
      this.searches.set(key, { day, term, city, categoryId, n, none });
    }
    return this;
  }

  /** Adds `other`'s counts to this one. */
  merge(other: CountBatch): this {
    for (const r of other.providers.values()) {
      COUNTED.forEach((m, i) => {
        if (r.n[i]) this.provider(r.providerId, r.day, m, r.n[i]);
      });
    }
    for (const r of other.terms.values()) this.term(r.providerId, r.day, r.term, r.n);
    for (const r of other.searches.values()) this.search(r, r.n, r.none);
    return this;
  }
}

/**
 * No ceiling: for counts that come from no visitor (the demo seed's history),
 * written before the days they belong to had any count of their own.
 */
export const NO_CEILINGS: CountCeilings = {
  floor: Object.fromEntries(COUNTED.map((m) => [m, Number.MAX_SAFE_INTEGER])) as Record<
    CountedMetric,
    number
  >,
  typicalDayFactor: 1,
  newSearchesPerDay: Number.MAX_SAFE_INTEGER,
  newProviderTermsPerDay: Number.MAX_SAFE_INTEGER,
};

/** Rows per statement: well under SQLite's 32,766 bound parameters. */
const CHUNK = 200;

function chunks<T>(rows: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK));
  return out;
}

const placeholders = (rows: number, cols: number) =>
  Array.from({ length: rows }, () => `(${Array<string>(cols).fill("?").join(", ")})`).join(", ");

/**
 * What any number of addresses can add to the tables in a day
 * (docs/decisions/028-pending-sign-ups-names-counts-and-local-demo.md). The
 * per-IP limits of decision 019 treat one visitor's repeats as noise; these
 * bound what many visitors together (rotating addresses) can add.
 */
export interface CountCeilings {
  /**
   * A provider's figure for a day counts up to the larger of this floor and
   * `typicalDayFactor` times its typical day (the median of the 28 days
   * before, a day without counts being 0); the rest of that day is not counted.
   */
  floor: Record<CountedMetric, number>;
  typicalDayFactor: number;
  /** New (words, city, category) rows of `search_stats_daily` a day; past it, searches count without their words. */
  newSearchesPerDay: number;
  /** New (provider, words) rows of `provider_search_terms_daily` a day; past it, none is added. */
  newProviderTermsPerDay: number;
}

export const COUNT_CEILINGS: CountCeilings = {
  floor: {
    views: 100,
    impressions: 2000,
    resultClicks: 50,
    contactReveals: 50,
    phoneTaps: 30,
    whatsappTaps: 30,
    websiteClicks: 30,
  },
  typicalDayFactor: 3,
  newSearchesPerDay: 5000,
  newProviderTermsPerDay: 20_000,
};

/** 1 (no check) for a cap that is no cap (`NO_CEILINGS`), else null (check the day's rows). */
const uncapped = (cap: number) => (cap >= Number.MAX_SAFE_INTEGER ? 1 : null);

/** Rows grouped by their day (a batch written just after midnight holds two). */
function byDay<T extends { day: string }>(rows: Iterable<T>): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const r of rows) {
    const list = out.get(r.day);
    if (list) list.push(r);
    else out.set(r.day, [r]);
  }
  return out;
}

/** Whole numbers only ever reach the SQL text below (the ceilings are ours, not a caller's). */
const int = (n: number) => String(Math.max(0, Math.floor(n)));

/**
 * `current + add` held to the day's ceiling for one figure of a provider's
 * day (`provider` and `day` are SQL expressions naming them). Below the floor
 * it is a plain sum; only above it is the typical day looked up: the median
 * of the 28 days before (the 14th highest of 28, a day without a row being 0),
 * one short range of the primary key. A figure already above the ceiling
 * (counted before there was one, or a ceiling that fell) is kept, never lowered.
 */
function cappedSum(
  current: string,
  add: string,
  column: string,
  provider: string,
  day: string,
  floor: number,
  factor: number,
): string {
  if (floor >= Number.MAX_SAFE_INTEGER) return `${current} + ${add}`;
  const typical = `coalesce((SELECT h.${column} FROM provider_stats_daily h
      WHERE h.provider_id = ${provider} AND h.day >= date(${day}, '-28 days') AND h.day < ${day}
      ORDER BY h.${column} DESC LIMIT 1 OFFSET 13), 0)`;
  return `CASE WHEN ${current} + ${add} <= ${int(floor)} THEN ${current} + ${add}
    ELSE min(${current} + ${add}, max(${current}, ${int(floor)}, ${int(factor)} * ${typical})) END`;
}

/**
 * Adds the batch to the tables in one write transaction and one round trip
 * (a libSQL batch). Counts for a provider that no longer exists are dropped
 * (the beacon named any UUID, or the provider was deleted since). Each
 * provider's daily figures stop at their ceiling, and the search tables take
 * only so many new rows a day (`ceilings`, decision 028): rows already there
 * keep counting, so the day's popular searches are never the ones cut.
 */
export async function writeCounts(
  db: Db,
  batch: CountBatch,
  ceilings: CountCeilings = COUNT_CEILINGS,
): Promise<void> {
  const stmts: InStatement[] = [];
  const cols = COUNTED.map((m) => COLUMNS[m]);
  for (const rows of chunks([...batch.providers.values()])) {
    // The first count of a provider's day is held to the ceiling as it is inserted,
    // later ones as they are added (`excluded` is the new count, already held).
    const { floor, typicalDayFactor: factor } = ceilings;
    stmts.push({
      sql: `INSERT INTO provider_stats_daily (provider_id, day, ${cols.join(", ")})
            SELECT v.column1, v.column2, ${COUNTED.map((m, i) =>
              cappedSum(
                "0",
                `v.column${i + 3}`,
                COLUMNS[m],
                "v.column1",
                "v.column2",
                floor[m],
                factor,
              ),
            ).join(", ")}
            FROM (VALUES ${placeholders(rows.length, cols.length + 2)}) AS v
            WHERE EXISTS (SELECT 1 FROM providers p WHERE p.id = v.column1)
            ON CONFLICT (provider_id, day) DO UPDATE SET
            ${COUNTED.map((m) => {
              const c = COLUMNS[m];
              return `${c} = ${cappedSum(c, `excluded.${c}`, c, "excluded.provider_id", "excluded.day", floor[m], factor)}`;
            }).join(", ")}`,
      args: rows.flatMap((r) => [r.providerId, r.day, ...r.n]),
    });
  }
  // Searches before the words that showed providers. Statements by day, so the day's row
  // count is read once per statement (a bound parameter), not once per row.
  for (const [day, dayRows] of byDay(batch.searches.values())) {
    for (const rows of chunks(dayRows)) {
      stmts.push({
        sql: `INSERT INTO search_stats_daily (day, term, city, category_id, searches, no_results)
              SELECT v.column1,
                     CASE WHEN v.column2 = '' OR ? IS NOT NULL
                       OR (SELECT count(*) FROM search_stats_daily WHERE day = ?) < ${int(ceilings.newSearchesPerDay)}
                       OR EXISTS (SELECT 1 FROM search_stats_daily s WHERE s.day = v.column1
                                  AND s.term = v.column2 AND s.city = v.column3 AND s.category_id = v.column4)
                     THEN v.column2 ELSE '' END,
                     v.column3, v.column4, v.column5, v.column6
              FROM (VALUES ${placeholders(rows.length, 6)}) AS v
              WHERE true
              ON CONFLICT (day, term, city, category_id) DO UPDATE SET
              searches = searches + excluded.searches, no_results = no_results + excluded.no_results`,
        args: [
          uncapped(ceilings.newSearchesPerDay),
          day,
          ...rows.flatMap((r) => [r.day, r.term, r.city, r.categoryId, r.n, r.none]),
        ],
      });
    }
  }
  for (const [day, dayRows] of byDay(batch.terms.values())) {
    for (const rows of chunks(dayRows)) {
      stmts.push({
        sql: `INSERT INTO provider_search_terms_daily (provider_id, day, term, count)
              SELECT * FROM (VALUES ${placeholders(rows.length, 4)}) AS v
              WHERE EXISTS (SELECT 1 FROM providers p WHERE p.id = v.column1)
                AND (? IS NOT NULL
                     OR (SELECT count(*) FROM provider_search_terms_daily WHERE day = ?) < ${int(ceilings.newProviderTermsPerDay)}
                     OR EXISTS (SELECT 1 FROM provider_search_terms_daily t WHERE t.provider_id = v.column1
                                AND t.day = v.column2 AND t.term = v.column3))
              ON CONFLICT (provider_id, day, term) DO UPDATE SET count = count + excluded.count`,
        args: [
          ...rows.flatMap((r) => [r.providerId, r.day, r.term, r.n]),
          uncapped(ceilings.newProviderTermsPerDay),
          day,
        ],
      });
    }
  }
  if (stmts.length) await db.$client.batch(stmts, "write");
}

/** Deletes counts older than 13 months (the housekeeping's job). */
export async function pruneAnalytics(db: Db, now: Date): Promise<void> {
  const oldest = oldestKeptDay(now);
  await db.$client.batch(
    [
      { sql: "DELETE FROM provider_stats_daily WHERE day < ?", args: [oldest] },
      { sql: "DELETE FROM provider_search_terms_daily WHERE day < ?", args: [oldest] },
      { sql: "DELETE FROM search_stats_daily WHERE day < ?", args: [oldest] },
    ],
    "write",
  );
}

// --------------------------------------------------------------- reading

interface Period {
  days: InsightPeriod;
  /** First and last day of the period asked for. */
  from: string;
  to: string;
  /** First day of the period before it, of the same length. */
  previousFrom: string;
}

export function periodEnding(now: Date, days: InsightPeriod): Period {
  const to = pakistanDay(now);
  const from = addDays(to, 1 - days);
  return { days, from, to, previousFrom: addDays(from, -days) };
}

const sumColumns = COUNTED.map((m) => `coalesce(sum(${COLUMNS[m]}), 0) AS ${m}`).join(", ");

function zeros<K extends string>(keys: readonly K[]): Record<K, number> {
  return Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;
}

/** Percent change, one decimal; null when the previous period had none. */
function percentChange(now: number, before: number): number | null {
  if (before === 0) return null;
  return Math.round(((now - before) / before) * 1000) / 10;
}

/**
 * Turns rows per day (possibly with gaps, possibly covering the previous
 * period too) into the answer's series (every day of the period, zeros where
 * nothing was counted), its totals, the previous period's and the change.
 */
function summarise<K extends string>(
  keys: readonly K[],
  p: Period,
  rows: Map<string, Partial<Record<K, number>>>,
) {
  const series: Record<string, number | string>[] = [];
  const totals = zeros(keys);
  const previous = zeros(keys);
  for (let d = p.previousFrom; d <= p.to; d = addDays(d, 1)) {
    const row: Partial<Record<K, number>> = rows.get(d) ?? {};
    const current = d >= p.from;
    const point: Record<string, number | string> = { day: d };
    for (const k of keys) {
      const n = Number(row[k] ?? 0);
      point[k] = n;
      (current ? totals : previous)[k] += n;
    }
    if (current) series.push(point);
  }
  const change = Object.fromEntries(
    keys.map((k) => [k, percentChange(totals[k], previous[k])]),
  ) as Record<K, number | null>;
  return { series, totals, previous, change };
}

function mergeInto<K extends string>(
  rows: Map<string, Partial<Record<K, number>>>,
  more: { day: string }[],
) {
  for (const r of more) {
    const { day, ...counts } = r;
    rows.set(day, { ...rows.get(day), ...(counts as Partial<Record<K, number>>) });
  }
}

/** Quote requests per day from the leads that reached their provider ('visible'). */
async function leadsPerDay(db: Db, p: Period, providerId: string | null) {
  return db.all<{ day: string; quoteRequests: number }>(sql`
    SELECT strftime('%Y-%m-%d', created_at / 1000 + ${PKT_OFFSET_MS / 1000}, 'unixepoch') AS day,
           count(*) AS quoteRequests
    FROM leads
    WHERE review_state = 'visible'
      AND created_at >= ${dayStartMs(p.previousFrom)} AND created_at < ${dayStartMs(addDays(p.to, 1))}
      ${providerId ? sql`AND provider_id = ${providerId}` : sql``}
    GROUP BY day`);
}

/** One provider's figures for the last `days` days (its Insights tab and CSV). */
export async function providerInsights(
  db: Db,
  providerId: string,
  now: Date,
  days: InsightPeriod,
): Promise<ProviderInsights> {
  const p = periodEnding(now, days);
  const rows = new Map<string, Partial<Record<ProviderMetric, number>>>();
  mergeInto(
    rows,
    await db.all<{ day: string }>(sql`
      SELECT day, ${sql.raw(sumColumns)} FROM provider_stats_daily
      WHERE provider_id = ${providerId} AND day >= ${p.previousFrom} AND day <= ${p.to}
      GROUP BY day`),
  );
  mergeInto(rows, await leadsPerDay(db, p, providerId));
  const topQueries = await db.all<{ term: string; count: number }>(sql`
    SELECT term, sum(count) AS count FROM provider_search_terms_daily
    WHERE provider_id = ${providerId} AND day >= ${p.from} AND day <= ${p.to}
    GROUP BY term ORDER BY count DESC, term LIMIT 10`);
  return {
    days: p.days,
    from: p.from,
    to: p.to,
    ...summarise(PROVIDER_METRICS, p, rows),
    topQueries,
  } as ProviderInsights;
}

/** The whole directory's figures for the last `days` days (the admin's Insights tab). */
export async function directoryInsights(
  db: Db,
  now: Date,
  days: InsightPeriod,
): Promise<DirectoryInsights> {
  const p = periodEnding(now, days);
  const inPeriod = sql`day >= ${p.from} AND day <= ${p.to}`;
  const rows = new Map<string, Partial<Record<DirectoryMetric, number>>>();
  mergeInto(
    rows,
    await db.all<{ day: string }>(sql`
      SELECT day, ${sql.raw(sumColumns)} FROM provider_stats_daily
      WHERE day >= ${p.previousFrom} AND day <= ${p.to} GROUP BY day`),
  );
  mergeInto(
    rows,
    await db.all<{ day: string }>(sql`
      SELECT day, sum(searches) AS searches, sum(no_results) AS noResults FROM search_stats_daily
      WHERE day >= ${p.previousFrom} AND day <= ${p.to} GROUP BY day`),
  );
  mergeInto(rows, await leadsPerDay(db, p, null));

  const top = await db.all<{
    id: string;
    companyName: string;
    views: number;
    impressions: number;
    resultClicks: number;
    contactReveals: number;
  }>(sql`
    SELECT s.provider_id AS id, p.company_name AS companyName,
           sum(s.views) AS views, sum(s.impressions) AS impressions,
           sum(s.result_clicks) AS resultClicks, sum(s.contact_reveals) AS contactReveals
    FROM provider_stats_daily s JOIN providers p ON p.id = s.provider_id
    WHERE s.day >= ${p.from} AND s.day <= ${p.to}
    GROUP BY s.provider_id ORDER BY views DESC, impressions DESC, companyName LIMIT 10`);
  const quotes = new Map<string, number>();
  if (top.length) {
    const ids = sql.join(
      top.map((t) => sql`${t.id}`),
      sql`, `,
    );
    for (const r of await db.all<{ id: string; n: number }>(sql`
      SELECT provider_id AS id, count(*) AS n FROM leads
      WHERE review_state = 'visible' AND provider_id IN (${ids})
        AND created_at >= ${dayStartMs(p.from)} AND created_at < ${dayStartMs(addDays(p.to, 1))}
      GROUP BY provider_id`)) {
      quotes.set(r.id, r.n);
    }
  }

  const topQueries = await db.all<{ term: string; searches: number; noResults: number }>(sql`
    SELECT term, sum(searches) AS searches, sum(no_results) AS noResults FROM search_stats_daily
    WHERE ${inPeriod} AND term <> ''
    GROUP BY term ORDER BY searches DESC, term LIMIT 10`);

  const pairs = await db.all<{
    city: string;
    total: number;
    categoryId: string;
    name: string | null;
    searches: number;
  }>(sql`
    WITH pairs AS (
      SELECT city, category_id, sum(searches) AS n FROM search_stats_daily
      WHERE ${inPeriod} AND city <> '' AND category_id <> ''
      GROUP BY city, category_id
    ), cities AS (
      SELECT city, sum(n) AS total FROM pairs GROUP BY city ORDER BY total DESC, city LIMIT 10
    ), ranked AS (
      SELECT pairs.city, cities.total, pairs.category_id, pairs.n,
             row_number() OVER (PARTITION BY pairs.city ORDER BY pairs.n DESC, pairs.category_id) AS rank
      FROM pairs JOIN cities ON cities.city = pairs.city
    )
    SELECT ranked.city, ranked.total, ranked.category_id AS categoryId, c.name, ranked.n AS searches
    FROM ranked LEFT JOIN service_categories c ON c.id = ranked.category_id
    WHERE ranked.rank <= 3
    ORDER BY ranked.total DESC, ranked.city, ranked.n DESC`);
  const byCity: DirectoryInsights["topCategoriesByCity"] = [];
  for (const r of pairs) {
    let city = byCity.at(-1);
    if (city?.city !== r.city) {
      city = { city: r.city, searches: r.total, categories: [] };
      byCity.push(city);
    }
    city.categories.push({
      id: r.categoryId,
      name: r.name ?? "(deleted category)",
      searches: r.searches,
    });
  }

  const none = await db.all<{
    term: string;
    city: string;
    category: string | null;
    searches: number;
  }>(sql`
    SELECT s.term, s.city, c.name AS category, sum(s.no_results) AS searches
    FROM search_stats_daily s LEFT JOIN service_categories c ON c.id = s.category_id
    WHERE s.day >= ${p.from} AND s.day <= ${p.to} AND s.no_results > 0
    GROUP BY s.term, s.city, s.category_id ORDER BY searches DESC, s.term LIMIT 20`);

  return {
    days: p.days,
    from: p.from,
    to: p.to,
    ...summarise(DIRECTORY_METRICS, p, rows),
    topProviders: top.map((t) => ({
      ...t,
      path: providerShortPath({ id: t.id, companyName: t.companyName }),
      quoteRequests: quotes.get(t.id) ?? 0,
    })),
    topQueries,
    topCategoriesByCity: byCity,
    noResultSearches: none.map((n) => ({ ...n, category: n.category ?? "" })),
  } as DirectoryInsights;
}
