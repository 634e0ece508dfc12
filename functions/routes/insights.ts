import { Hono } from "hono";
import { z } from "zod";
import { directoryInsights, providerInsights } from "../../db/queries/analytics.ts";
import { findProviderIdOfUser } from "../../db/queries/provider-writes.ts";
import {
  directoryInsightsSchema,
  insightsFileName,
  insightsQuerySchema,
  METRIC_LABELS,
  PROVIDER_METRICS,
  providerInsightsSchema,
  type ProviderInsights,
} from "../../src/lib/analytics-schemas.ts";
import type { AppEnv } from "../ports/app-env.ts";
import { HttpError, parseQuery } from "../lib/http.ts";
import { requireRole, requireUser } from "../middleware/session.ts";
import { ADMINS, queryOf, route, SIGNED_IN } from "../openapi/describe.ts";
import { NO_PROVIDER_YET } from "./my-provider.ts";

const tags = ["Analytics"];
const noProvider = "`No provider profile yet`.";
const badDays = "`Invalid query: days must be 30 or 90`.";

/** The signed-in caller's own provider, or 404 like GET /api/my-provider. */
async function ownProvider(c: Parameters<typeof requireUser>[0]): Promise<string> {
  const user = requireUser(c);
  const id = await findProviderIdOfUser(c.var.deps.db, user.id);
  if (!id) throw new HttpError(404, NO_PROVIDER_YET);
  return id;
}

/** One row a day, a header naming each figure as the Insights tab does. */
export function insightsCsv(insights: ProviderInsights): string {
  const header = ["Date", ...PROVIDER_METRICS.map((m) => METRIC_LABELS[m])];
  const rows = insights.series.map((d) => [d.day, ...PROVIDER_METRICS.map((m) => String(d[m]))]);
  // RFC 4180: CRLF line ends. No field needs quoting: dates, numbers and fixed labels.
  return [header, ...rows].map((r) => r.join(",")).join("\r\n") + "\r\n";
}

/** A provider's own figures: GET /api/my-provider/insights and its CSV. */
export const providerInsightsRoutes = new Hono<AppEnv>()
  .get(
    "/",
    route(
      {
        summary: "My provider's insights",
        description:
          "Page views, search appearances, clicks from results, contact reveals, phone, WhatsApp and website taps and quote requests per day (Pakistan time) for the last 30 or 90 days, their totals, the change against the period before, and the top 10 searches that showed the provider.",
        tags,
        roles: SIGNED_IN,
        ok: { 200: { description: "The figures.", schema: providerInsightsSchema } },
        errors: { 400: badDays, 404: noProvider },
      },
      "get",
    ),
    queryOf(insightsQuerySchema),
    async (c) => {
      const providerId = await ownProvider(c);
      const { days } = parseQuery(c, insightsQuerySchema);
      const { db, clock } = c.var.deps;
      c.header("Cache-Control", "private, no-store");
      return c.json(await providerInsights(db, providerId, clock(), days), 200);
    },
  )
  .get(
    "/csv",
    route(
      {
        summary: "My provider's insights as CSV",
        description:
          "The daily figures of GET /api/my-provider/insights, one row a day, as a download (`Content-Disposition: attachment`).",
        tags,
        roles: SIGNED_IN,
        ok: {
          200: {
            description: "A CSV file with a header row.",
            schema: z.string(),
            media: "text/csv",
            headers: {
              "Content-Disposition": {
                description: '`attachment; filename="karkhana-insights-{from}-to-{to}.csv"`.',
                schema: { type: "string" },
              },
            },
          },
        },
        errors: { 400: badDays, 404: noProvider },
      },
      "get",
    ),
    queryOf(insightsQuerySchema),
    async (c) => {
      const providerId = await ownProvider(c);
      const { days } = parseQuery(c, insightsQuerySchema);
      const { db, clock } = c.var.deps;
      const insights = await providerInsights(db, providerId, clock(), days);
      return c.body(insightsCsv(insights), 200, {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${insightsFileName(insights.from, insights.to)}"`,
        "Cache-Control": "private, no-store",
      });
    },
  );

/** The whole directory's figures, for admins: GET /api/admin/insights. */
export const adminInsightsRoutes = new Hono<AppEnv>().get(
  "/",
  route(
    {
      summary: "The directory's insights",
      description:
        "The same figures for all providers together, plus searches and searches that found nothing; the top 10 providers (by page views), the top 10 searches, the top categories of the 10 most searched cities, and the 20 most frequent searches with no results.",
      tags,
      roles: ADMINS,
      ok: { 200: { description: "The figures.", schema: directoryInsightsSchema } },
      errors: { 400: badDays },
    },
    "get",
  ),
  queryOf(insightsQuerySchema),
  async (c) => {
    requireRole(c, "admin");
    const { days } = parseQuery(c, insightsQuerySchema);
    const { db, clock } = c.var.deps;
    c.header("Cache-Control", "private, no-store");
    return c.json(await directoryInsights(db, clock(), days), 200);
  },
);
