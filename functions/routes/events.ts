import { Hono } from "hono";
import { countBeaconSchema, EVENT_METRIC } from "../../src/lib/analytics-schemas.ts";
import type { AppEnv } from "../ports/app-env.ts";
import { countProviderEvent } from "../lib/counter-rules.ts";
import { parseJson } from "../lib/http.ts";
import { ANYONE, jsonBody, route } from "../openapi/describe.ts";

/**
 * POST /api/events: the counting beacon (decision 019). Provider pages send
 * one page view after load; the search sends a click on a result, the Contact
 * box a tap on the phone, WhatsApp or website. The answer says nothing about
 * whether it counted (a bot, the provider's owner, a visitor past a few of
 * one kind an hour are not), so it cannot be used to probe those rules.
 */
export const eventRoutes = new Hono<AppEnv>().post(
  "/",
  route(
    {
      summary: "Count a page view or a tap",
      description:
        "Sent with `navigator.sendBeacon` (a JSON body with any content type, usually text/plain). Always 204 for a valid body, counted or not: bots (by user agent), the provider's own owner, one visitor's repeats past a few an hour and a provider's day past its ceiling (its typical day, many visitors together) are not counted, nor events for an unknown provider. Nothing about the caller is stored.",
      tags: ["Analytics"],
      roles: ANYONE,
      ok: { 204: { description: "Received." } },
      errors: { 400: "The body is not JSON, or `event` or `providerId` is invalid." },
    },
    "write",
  ),
  jsonBody(countBeaconSchema),
  async (c) => {
    const beacon = await parseJson(c, countBeaconSchema);
    await countProviderEvent(c, beacon.providerId, EVENT_METRIC[beacon.event]);
    return c.body(null, 204);
  },
);
