import { z } from "zod";

/**
 * Provider analytics (docs/decisions/019-counting-views.md): the beacon the
 * pages send and the API checks, and the figures the Insights tabs read.
 *
 * Routes (functions/routes/events.ts, insights.ts):
 *
 *   POST /api/events                      a counting beacon          countBeaconSchema → 204
 *   GET  /api/my-provider/insights        the owner's figures        insightsQuerySchema → ProviderInsights
 *   GET  /api/my-provider/insights/csv    the same, one row a day    insightsQuerySchema → text/csv
 *   GET  /api/admin/insights              the whole directory        insightsQuerySchema → DirectoryInsights
 */

/** What a page reports with a beacon; search appearances and contact reveals are counted by the server. */
export const COUNT_EVENTS = [
  "view",
  "result_click",
  "phone_tap",
  "whatsapp_tap",
  "website_click",
] as const;
export type CountEvent = (typeof COUNT_EVENTS)[number];

/**
 * The body of the beacon (src/features/insights/beacon.ts): sent as text/plain (a
 * beacon with a JSON content type is not CORS-safelisted), parsed as JSON.
 */
export const countBeaconSchema = z.strictObject({
  event: z.enum(COUNT_EVENTS, { error: `event must be one of ${COUNT_EVENTS.join(", ")}` }),
  providerId: z.uuid({ error: "providerId must be a UUID" }).transform((s) => s.toLowerCase()),
});
export type CountBeacon = z.input<typeof countBeaconSchema>;

/** The figures counted per provider per day, in the order the screens and the CSV show them. */
export const PROVIDER_METRICS = [
  "views",
  "impressions",
  "resultClicks",
  "contactReveals",
  "phoneTaps",
  "whatsappTaps",
  "websiteClicks",
  "quoteRequests",
] as const;
export type ProviderMetric = (typeof PROVIDER_METRICS)[number];

/** The directory-wide figures add the searches themselves. */
export const DIRECTORY_METRICS = [...PROVIDER_METRICS, "searches", "noResults"] as const;
export type DirectoryMetric = (typeof DIRECTORY_METRICS)[number];

export const METRIC_LABELS: Record<DirectoryMetric, string> = {
  views: "Page views",
  impressions: "Search appearances",
  resultClicks: "Clicks from results",
  contactReveals: "Contact reveals",
  phoneTaps: "Phone taps",
  whatsappTaps: "WhatsApp taps",
  websiteClicks: "Website clicks",
  quoteRequests: "Quote requests",
  searches: "Searches",
  noResults: "Searches with no results",
};

/** The figures raised as things happen; quote requests are read from the leads themselves. */
export type CountedMetric = Exclude<ProviderMetric, "quoteRequests">;

/** Which beacon raises which figure. */
export const EVENT_METRIC: Record<CountEvent, CountedMetric> = {
  view: "views",
  result_click: "resultClicks",
  phone_tap: "phoneTaps",
  whatsapp_tap: "whatsappTaps",
  website_click: "websiteClicks",
};

export const INSIGHT_PERIODS = [30, 90] as const;
export type InsightPeriod = (typeof INSIGHT_PERIODS)[number];

/** `?days=30` (default) or `?days=90`: the last so many days, today (Pakistan time) included. */
export const insightsQuerySchema = z.object({
  days: z.preprocess(
    (v) => (v === undefined || v === "" ? "30" : v),
    z.enum(["30", "90"], { error: "days must be 30 or 90" }).transform((d) => Number(d) as 30 | 90),
  ),
});

const count = z.number().int().min(0);
const day = z.string().meta({ format: "date", description: "YYYY-MM-DD, Pakistan time." });
/** Percent change against the previous period of the same length; null when that was 0. */
const change = z.number().nullable();

const shape = <K extends string, T extends z.ZodType>(keys: readonly K[], t: T) =>
  Object.fromEntries(keys.map((k) => [k, t])) as Record<K, T>;

export const providerMetricsSchema = z.object(shape(PROVIDER_METRICS, count));
export const directoryMetricsSchema = z.object(shape(DIRECTORY_METRICS, count));
export type ProviderMetrics = z.infer<typeof providerMetricsSchema>;
export type DirectoryMetrics = z.infer<typeof directoryMetricsSchema>;

const period = {
  days: z.union([z.literal(30), z.literal(90)]),
  from: day,
  to: day,
};

export const topQuerySchema = z.object({ term: z.string(), count });

export const providerInsightsSchema = z
  .object({
    ...period,
    series: z.array(providerMetricsSchema.extend({ day })),
    totals: providerMetricsSchema,
    previous: providerMetricsSchema,
    change: z.object(shape(PROVIDER_METRICS, change)),
    /** The searches whose results showed the provider most often. */
    topQueries: z.array(topQuerySchema),
  })
  .meta({ id: "ProviderInsights" });
export type ProviderInsights = z.infer<typeof providerInsightsSchema>;

export const directoryInsightsSchema = z
  .object({
    ...period,
    series: z.array(directoryMetricsSchema.extend({ day })),
    totals: directoryMetricsSchema,
    previous: directoryMetricsSchema,
    change: z.object(shape(DIRECTORY_METRICS, change)),
    topProviders: z.array(
      z.object({
        id: z.string(),
        companyName: z.string(),
        /** Its page (the short form, which redirects to the canonical one). */
        path: z.string(),
        views: count,
        impressions: count,
        resultClicks: count,
        contactReveals: count,
        quoteRequests: count,
      }),
    ),
    topQueries: z.array(z.object({ term: z.string(), searches: count, noResults: count })),
    /** The cities searched with a category most, each with its top categories. */
    topCategoriesByCity: z.array(
      z.object({
        city: z.string(),
        searches: count,
        categories: z.array(z.object({ id: z.string(), name: z.string(), searches: count })),
      }),
    ),
    /** What people looked for and did not find ('' term: filters only). */
    noResultSearches: z.array(
      z.object({
        term: z.string(),
        city: z.string(),
        category: z.string(),
        searches: count,
      }),
    ),
  })
  .meta({ id: "DirectoryInsights" });
export type DirectoryInsights = z.infer<typeof directoryInsightsSchema>;

/** The CSV download's file name: `karkhana-insights-2026-10-30-to-2026-11-28.csv`. */
export function insightsFileName(from: string, to: string): string {
  return `karkhana-insights-${from}-to-${to}.csv`;
}
