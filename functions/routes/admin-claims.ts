import { Hono } from "hono";
import { z } from "zod";
import {
  awardClaim,
  findClaim,
  findClaimListing,
  listAdminClaims,
  rejectClaim,
} from "../../db/queries/claims.ts";
import { companyName } from "../../src/i18n/index.ts";
import {
  adminClaimSchema,
  claimConfirmedSchema,
  claimListQuerySchema,
  claimRejectAnswerSchema,
  claimRejectSchema,
  type ClaimConfirmed,
  type ClaimRejectAnswer,
} from "../../src/lib/claim-schemas.ts";
import { claimApprovedMessage, claimRejectedMessage } from "../lib/claim-emails.ts";
import { HttpError, parseJson, parseParam, parseQuery } from "../lib/http.ts";
import { requireRole } from "../middleware/session.ts";
import { ADMINS, jsonBody, PAGE_HEADERS, paramsOf, queryOf, route } from "../openapi/describe.ts";
import type { AppEnv } from "../ports/app-env.ts";
import { setPageHeaders } from "./admin-providers.ts";
import { afterAward, CLAIM_DECIDED, notifyUser, refuseAward, siteLink } from "./claims.ts";

/**
 * The admin Claims tab (decision 025), mounted at /api/admin/claims: claims
 * of one status, and the decision on a pending one. Approving makes the
 * requester the owner exactly as a confirmed link does (the first proof wins);
 * the requester is mailed either way. Admins only: 401 signed out, 403 others.
 */

const idParam = z.uuid().transform((s) => s.toLowerCase());
const NOT_FOUND = "Claim not found";
const tags = ["Admin", "Claims"];
const params = paramsOf(z.object({ id: idParam }));
const notFound = "`Claim not found` (or not a UUID).";

export const adminClaimRoutes = new Hono<AppEnv>()
  .get(
    "/",
    route(
      {
        summary: "List listing claims",
        description:
          "Claims of one status (`pending` by default; a link past its day reads `expired`), newest first, with the listing's phone and email on file beside the proof. Paged like GET /api/admin/providers (headers).",
        tags,
        roles: ADMINS,
        ok: {
          200: {
            description: "One page of claims.",
            schema: z.array(adminClaimSchema),
            headers: PAGE_HEADERS,
          },
        },
        errors: { 400: "`Invalid query: …`." },
      },
      "get",
    ),
    queryOf(claimListQuerySchema),
    async (c) => {
      requireRole(c, "admin");
      const q = parseQuery(c, claimListQuerySchema);
      const { db, clock } = c.var.deps;
      const page = await listAdminClaims(db, q, clock());
      setPageHeaders(c, q, page);
      return c.json(page.items, 200);
    },
  )
  .post(
    "/:id/approve",
    route(
      {
        summary: "Approve a claim",
        description:
          "The requester owns the listing (a customer becomes a provider), the 'Suggested' badge goes, the listing's other pending claims are superseded and their requesters mailed; the requester is mailed. Audit `claim.approve`.",
        tags,
        roles: ADMINS,
        ok: {
          200: { description: "The listing is the requester's.", schema: claimConfirmedSchema },
        },
        errors: {
          404: notFound,
          409: "The claim was decided already (or its link expired), the listing was claimed meanwhile or is no longer active, or the requester manages a business already.",
        },
      },
      "write",
    ),
    params,
    async (c) => {
      const admin = requireRole(c, "admin");
      const id = parseParam(c, "id", idParam, 404, NOT_FOUND);
      const { db, clock } = c.var.deps;
      const result = await awardClaim(db, id, {
        actorId: admin.id,
        action: "claim.approve",
        now: clock(),
      });
      if (result.kind !== "ok") refuseAward(result);
      const claim = (await findClaim(db, id))!;
      await afterAward(c, result, { claimId: id, by: "admin" });
      const listing = await findClaimListing(db, result.providerId);
      if (listing) {
        await notifyUser(c, claim.userId, (to, locale) =>
          claimApprovedMessage(to, locale, {
            companyName: companyName(listing, locale),
            link: siteLink(c, "/provider-dashboard", locale),
          }),
        );
      }
      const body: ClaimConfirmed = { providerId: result.providerId, path: result.path };
      return c.json(body, 200);
    },
  )
  .post(
    "/:id/reject",
    route(
      {
        summary: "Reject a claim",
        description:
          "With a reason the requester is mailed; nothing on the listing changes. Audit `claim.reject`.",
        tags,
        roles: ADMINS,
        ok: { 200: { description: "Rejected.", schema: claimRejectAnswerSchema } },
        errors: {
          400: "A field is invalid or the body is not JSON.",
          404: notFound,
          409: "`This claim has been decided already` (or its link expired).",
        },
      },
      "write",
    ),
    params,
    jsonBody(claimRejectSchema),
    async (c) => {
      const admin = requireRole(c, "admin");
      const id = parseParam(c, "id", idParam, 404, NOT_FOUND);
      const { reason } = await parseJson(c, claimRejectSchema);
      const { db, clock } = c.var.deps;
      const result = await rejectClaim(db, id, { adminId: admin.id, reason, now: clock() });
      if (result.kind === "not-found") throw new HttpError(404, NOT_FOUND);
      if (result.kind === "decided") throw new HttpError(409, CLAIM_DECIDED);
      const { claim } = result;
      c.var.logEvent({
        event: "claim.rejected",
        userId: claim.userId,
        providerId: claim.providerId,
        claimId: id,
        adminId: admin.id,
      });
      const listing = await findClaimListing(db, claim.providerId);
      if (listing) {
        await notifyUser(c, claim.userId, (to, locale) =>
          claimRejectedMessage(to, locale, {
            companyName: companyName(listing, locale),
            reason,
            link: siteLink(c, `/claim-listing?provider=${listing.id}`, locale),
          }),
        );
      }
      const body: ClaimRejectAnswer = { id, status: "rejected" };
      return c.json(body, 200);
    },
  );
