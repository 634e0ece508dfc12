import { Hono } from "hono";
import { z } from "zod";
import {
  approveSuggestion,
  getAdminStats,
  listSuggestions,
  rejectSuggestion,
} from "../../db/queries/admin.ts";
import { listAudit } from "../../db/queries/audit.ts";
import {
  auditQuerySchema,
  suggestionApproveSchema,
  suggestionListQuerySchema,
  type SuggestionApproved,
} from "../../src/lib/admin-schemas.ts";
import {
  adminStatsSchema,
  adminSuggestionSchema,
  auditEntrySchema,
  suggestionApprovedSchema,
  suggestionRejectedSchema,
} from "../../src/lib/api-schemas.ts";
import type { AppEnv } from "../ports/app-env.ts";
import { ADMINS, jsonBody, PAGE_HEADERS, paramsOf, queryOf, route } from "../openapi/describe.ts";
import { HttpError, parseJson, parseParam, parseQuery } from "../lib/http.ts";
import { requireRole } from "../middleware/session.ts";
import { adminProviderRoutes, setPageHeaders } from "./admin-providers.ts";
import { adminUserRoutes } from "./admin-users.ts";

const idParam = z.uuid();
const tags = ["Admin"];
const params = paramsOf(z.object({ id: idParam }));

/**
 * The admin dashboard's API: stats, provider
 * suggestions, the audit log, and user and provider management (their own
 * sub-apps). Admins only: 401 signed out, 403 others.
 */
export const adminRoutes = new Hono<AppEnv>()
  .route("/users", adminUserRoutes)
  .route("/providers", adminProviderRoutes)
  .get(
    "/stats",
    route(
      {
        summary: "Dashboard figures",
        tags,
        roles: ADMINS,
        ok: { 200: { description: "The figures.", schema: adminStatsSchema } },
      },
      "get",
    ),
    async (c) => {
      requireRole(c, "admin");
      const { db, clock } = c.var.deps;
      return c.json(await getAdminStats(db, clock()), 200);
    },
  )
  .get(
    "/audit",
    route(
      {
        summary: "The audit log",
        tags,
        roles: ADMINS,
        ok: { 200: { description: "Entries, newest first.", schema: z.array(auditEntrySchema) } },
        errors: { 400: "`Invalid query: …`." },
      },
      "get",
    ),
    queryOf(auditQuerySchema),
    async (c) => {
      requireRole(c, "admin");
      const { limit } = parseQuery(c, auditQuerySchema);
      return c.json(await listAudit(c.var.deps.db, limit), 200);
    },
  )
  .get(
    "/suggestions",
    route(
      {
        summary: "Provider suggestions",
        description:
          "Of one status (`pending` by default), newest first. Paged like GET /api/admin/providers (headers).",
        tags,
        roles: ADMINS,
        ok: {
          200: {
            description: "One page of suggestions, newest first.",
            schema: z.array(adminSuggestionSchema),
            headers: PAGE_HEADERS,
          },
        },
        errors: { 400: "`Invalid query: …`." },
      },
      "get",
    ),
    queryOf(suggestionListQuerySchema),
    async (c) => {
      requireRole(c, "admin");
      const q = parseQuery(c, suggestionListQuerySchema);
      const page = await listSuggestions(c.var.deps.db, q);
      setPageHeaders(c, q, page);
      return c.json(page.items, 200);
    },
  )
  .post(
    "/suggestions/:id/approve",
    route(
      {
        summary: "Approve a suggestion",
        description:
          "Creates an unclaimed, active provider from it (with the contact details given here). Approving one approved already creates nothing (`created: false`).",
        tags,
        roles: ADMINS,
        ok: { 200: { description: "Approved.", schema: suggestionApprovedSchema } },
        errors: {
          400: "A field is invalid or the body is not JSON.",
          404: "`Suggestion not found` (or not a UUID).",
        },
      },
      "write",
    ),
    params,
    jsonBody(suggestionApproveSchema),
    async (c) => {
      const admin = requireRole(c, "admin");
      const id = parseParam(c, "id", idParam, 404, "Suggestion not found");
      const input = await parseJson(c, suggestionApproveSchema);
      const { db, clock, publisher } = c.var.deps;
      const result = await approveSuggestion(db, id, input, admin.id, clock());
      if (result.kind === "not-found") throw new HttpError(404, "Suggestion not found");
      if (result.created) publisher.markDirty(`suggestion ${id} approved as ${result.providerId}`);
      const body: SuggestionApproved = {
        id,
        status: "approved",
        providerId: result.providerId,
        created: result.created,
      };
      return c.json(body, 200);
    },
  )
  .post(
    "/suggestions/:id/reject",
    route(
      {
        summary: "Reject a suggestion",
        tags,
        roles: ADMINS,
        ok: { 200: { description: "Rejected.", schema: suggestionRejectedSchema } },
        errors: {
          404: "`Suggestion not found` (or not a UUID).",
          409: "`This suggestion has been approved and cannot be rejected`.",
        },
      },
      "write",
    ),
    params,
    async (c) => {
      const admin = requireRole(c, "admin");
      const id = parseParam(c, "id", idParam, 404, "Suggestion not found");
      const { db, clock } = c.var.deps;
      const result = await rejectSuggestion(db, id, admin.id, clock());
      if (result === "not-found") throw new HttpError(404, "Suggestion not found");
      if (result === "approved") {
        throw new HttpError(409, "This suggestion has been approved and cannot be rejected");
      }
      return c.json({ id, status: "rejected" as const }, 200);
    },
  );
