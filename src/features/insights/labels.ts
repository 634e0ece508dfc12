/**
 * The figures' names in the page's language. The API's CSV keeps
 * METRIC_LABELS (English column names, for spreadsheets); the screens use these.
 */
import { m } from "../../i18n/index.ts";
import type { DirectoryMetric } from "../../lib/analytics-schemas.ts";

const LABELS: Record<DirectoryMetric, () => string> = {
  views: m.dashboard_metric_views,
  impressions: m.dashboard_metric_impressions,
  resultClicks: m.dashboard_metric_result_clicks,
  contactReveals: m.dashboard_metric_contact_reveals,
  phoneTaps: m.dashboard_metric_phone_taps,
  whatsappTaps: m.dashboard_metric_whatsapp_taps,
  websiteClicks: m.dashboard_metric_website_clicks,
  quoteRequests: m.dashboard_metric_quote_requests,
  searches: m.dashboard_metric_searches,
  noResults: m.dashboard_metric_no_results,
};

export function metricLabel(metric: DirectoryMetric): string {
  return LABELS[metric]();
}
