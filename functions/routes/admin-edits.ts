import { Hono } from "hono";
import { z } from "zod";
import { EDIT_NOT_FOUND, listAdminEdits } from "../../db/queries/edits.ts";
import {
  ADMIN_EDITS_PAGE_SIZE,
  editListQuerySchema,
  editRejectSchema,
  editViewSchema,
} from "../../src/lib/edit-schemas.ts";
import { uuidSchema } from "../../src/lib/schemas.ts";
import { parseJson, parseParam, parseQuery } from "../lib/http.ts";
import { requireRole } from "../middleware/session.ts";
import { ADMINS, jsonBody, PAGE_HEADERS, paramsOf, queryOf, route } from "../openapi/describe.ts";
import type { AppEnv } from "../ports/app-env.ts";
import { setPageHeaders } from "./admin-providers.ts";
import { decide, undo, UNDO_CONFLICT, UNDO_DESCRIPTION } from "./edits.ts";

const tags = ["Admin"];
const idParam = paramsOf(z.object({ id: uuidSchema }));
const notFound = "`Proposal not found` (or not a UUID).";
const decided = "`This proposal has been decided already`.";

/**
 * The admin Edits tab, mounted at /api/admin/edits: proposals of every listing
 * (the unclaimed ones' wait here; an owner's may be decided here too). Admins
 * only: 401 signed out, 403 others.
 */
export const adminEditRoutes = new Hono<AppEnv>()
  .get(
    "/",
    route(
      {
        summary: "Suggested edits to listings",
        description: `Proposals with \`status\` (pending by default) for every listing, ${ADMIN_EDITS_PAGE_SIZE} a page: pending ones oldest first, decided ones latest decision first. The proposer's name and email are included. Paged like GET /api/admin/providers (headers).`,
        tags,
        roles: ADMINS,
        ok: {
          200: {
            description: "One page of proposals.",
            schema: z.array(editViewSchema),
            headers: PAGE_HEADERS,
          },
        },
        errors: { 400: "`Invalid query: …`." },
      },
      "get",
    ),
    queryOf(editListQuerySchema),
    async (c) => {
      requireRole(c, "admin");
      const { status, page } = parseQuery(c, editListQuerySchema);
      const q = { status, page, limit: ADMIN_EDITS_PAGE_SIZE };
      const result = await listAdminEdits(c.var.deps.db, q);
      setPageHeaders(c, q, result);
      return c.json(result.items, 200);
    },
  )
  .post(
    "/:id/accept",
    route(
      {
        summary: "Accept a suggested edit",
        description:
          "Applies it to the listing in one transaction with an audit entry. Closing or merging the listing withdraws its other pending proposals. The proposer is mailed.",
        tags,
        roles: ADMINS,
        ok: { 200: { description: "The proposal as decided.", schema: editViewSchema } },
        errors: {
          404: notFound,
          409: `${decided} Or the kept listing of a duplicate, or a proposed category, is gone.`,
        },
      },
      "write",
    ),
    idParam,
    async (c) => {
      const admin = requireRole(c, "admin");
      const id = parseParam(c, "id", uuidSchema, 404, EDIT_NOT_FOUND);
      return c.json(await decide(c, id, { id: admin.id, as: "admin" }, { accept: true }), 200);
    },
  )
  .post(
    "/:id/reject",
    route(
      {
        summary: "Reject a suggested edit",
        description: "Stores the reason, which the proposer's mail quotes.",
        tags,
        roles: ADMINS,
        ok: { 200: { description: "The proposal as decided.", schema: editViewSchema } },
        errors: {
          400: "A field is invalid or the body is not JSON.",
          404: notFound,
          409: decided,
        },
      },
      "write",
    ),
    idParam,
    jsonBody(editRejectSchema),
    async (c) => {
      const admin = requireRole(c, "admin");
      const id = parseParam(c, "id", uuidSchema, 404, EDIT_NOT_FOUND);
      const { reason } = await parseJson(c, editRejectSchema);
      return c.json(
        await decide(c, id, { id: admin.id, as: "admin" }, { accept: false, reason }),
        200,
      );
    },
  )
  .post(
    "/:id/undo",
    route(
      {
        summary: "Undo an accepted change of categories",
        description: `${UNDO_DESCRIPTION} For any listing.`,
        tags,
        roles: ADMINS,
        ok: { 200: { description: "The proposal, undone.", schema: editViewSchema } },
        errors: { 404: notFound, 409: UNDO_CONFLICT },
      },
      "write",
    ),
    idParam,
    async (c) => {
      const admin = requireRole(c, "admin");
      const id = parseParam(c, "id", uuidSchema, 404, EDIT_NOT_FOUND);
      return c.json(await undo(c, id, { id: admin.id, as: "admin" }), 200);
    },
  );
