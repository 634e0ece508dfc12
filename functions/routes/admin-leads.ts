import { Hono, type Context } from "hono";
import { z } from "zod";
import { listAdminLeads, reviewLead, type AdminLeadAction } from "../../db/queries/leads.ts";
import { adminLeadListQuerySchema, adminLeadSchema } from "../../src/lib/lead-schemas.ts";
import { uuidSchema } from "../../src/lib/schemas.ts";
import type { SecurityEventName } from "../lib/events.ts";
import { HttpError, parseParam, parseQuery } from "../lib/http.ts";
import { requireRole } from "../middleware/session.ts";
import { ADMINS, PAGE_HEADERS, paramsOf, queryOf, route } from "../openapi/describe.ts";
import type { AppEnv } from "../ports/app-env.ts";
import { setPageHeaders } from "./admin-providers.ts";
import { mailNewLead } from "./leads.ts";

const NOT_FOUND = "Lead not found";
const tags = ["Admin"];
const idParam = paramsOf(z.object({ id: uuidSchema }));

const EVENT: Record<AdminLeadAction, SecurityEventName> = {
  release: "lead.released",
  remove: "lead.removed",
  dismiss: "lead.report_dismissed",
};

/** One review action: the change and its audit row in one transaction, then the log and mail. */
async function review(c: Context<AppEnv>, action: AdminLeadAction) {
  const admin = requireRole(c, "admin");
  const id = parseParam(c, "id", uuidSchema, 404, NOT_FOUND);
  const result = await reviewLead(c.var.deps.db, id, action, admin.id, c.var.deps.clock());
  if (result.kind === "not-found") throw new HttpError(404, NOT_FOUND);
  if (result.kind === "conflict") throw new HttpError(409, result.message);
  c.var.logEvent({ event: EVENT[action], userId: admin.id, leadId: id });
  // Released: it reaches the provider now, as a new lead.
  if (action === "release") await mailNewLead(c, result.context);
  return result.lead;
}

/** Admins: leads held for review and leads reported as spam (docs/decisions/021-leads.md). */
export const adminLeadRoutes = new Hono<AppEnv>()
  .get(
    "/",
    route(
      {
        summary: "Leads to review",
        description:
          "Held leads (the same text sent to many providers within minutes) and leads their provider reported as spam and no admin has resolved; the latest flagged first. Paged like GET /api/admin/providers (headers).",
        tags,
        roles: ADMINS,
        ok: {
          200: {
            description: "One page of the leads.",
            schema: z.array(adminLeadSchema),
            headers: PAGE_HEADERS,
          },
        },
        errors: { 400: "`Invalid query: …`." },
      },
      "get",
    ),
    queryOf(adminLeadListQuerySchema),
    async (c) => {
      requireRole(c, "admin");
      const q = parseQuery(c, adminLeadListQuerySchema);
      const page = await listAdminLeads(c.var.deps.db, q);
      setPageHeaders(c, q, page);
      return c.json(page.items, 200);
    },
  )
  .post(
    "/:id/release",
    route(
      {
        summary: "Release a held lead",
        description:
          "The lead reaches its provider, whose owner is mailed as for a new lead. Written to the audit log.",
        tags,
        roles: ADMINS,
        ok: { 200: { description: "The lead as it is now.", schema: adminLeadSchema } },
        errors: {
          404: "`Lead not found` (or not a UUID).",
          409: "`Only a held lead can be released`.",
        },
      },
      "write",
    ),
    idParam,
    async (c) => c.json(await review(c, "release"), 200),
  )
  .post(
    "/:id/remove",
    route(
      {
        summary: "Remove a held or reported lead",
        description:
          "Judged spam: the provider no longer sees it, the customer sees it as removed and cannot write in it. Resolves an open report. Written to the audit log.",
        tags,
        roles: ADMINS,
        ok: { 200: { description: "The lead as it is now.", schema: adminLeadSchema } },
        errors: {
          404: "`Lead not found` (or not a UUID).",
          409: "`Only a held or reported lead can be removed`.",
        },
      },
      "write",
    ),
    idParam,
    async (c) => c.json(await review(c, "remove"), 200),
  )
  .post(
    "/:id/dismiss",
    route(
      {
        summary: "Dismiss a spam report",
        description:
          "The report was unfounded: the lead stays with its provider and leaves the review list. Written to the audit log.",
        tags,
        roles: ADMINS,
        ok: { 200: { description: "The lead as it is now.", schema: adminLeadSchema } },
        errors: {
          404: "`Lead not found` (or not a UUID).",
          409: "`Only an open report can be dismissed`.",
        },
      },
      "write",
    ),
    idParam,
    async (c) => c.json(await review(c, "dismiss"), 200),
  );
