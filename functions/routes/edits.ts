import { Hono, type Context } from "hono";
import { z } from "zod";
import {
  createEdits,
  decideEdit,
  EDIT_NOT_FOUND,
  listOwnerEdits,
  undoEdit,
} from "../../db/queries/edits.ts";
import { findProviderIdOfUser } from "../../db/queries/provider-writes.ts";
import { findCity } from "../../src/lib/cities.ts";
import {
  editCreatedSchema,
  editCreateSchema,
  editListSchema,
  editRejectSchema,
  editViewSchema,
  type EditCreated,
  type EditField,
} from "../../src/lib/edit-schemas.ts";
import { uuidSchema } from "../../src/lib/schemas.ts";
import { editDecidedMessage, editWaitingMessage } from "../lib/edit-emails.ts";
import { HttpError, parseJson, parseParam, parseQuery } from "../lib/http.ts";
import { setCursorHeaders } from "../lib/list-paging.ts";
import { decodeCursor, listCursorQuerySchema } from "../../src/lib/list-cursor.ts";
import { mailRecipient } from "../lib/locale.ts";
import { LIMITS, rateLimit, TooManyRequests } from "../lib/rate-limit.ts";
import { requireUser } from "../middleware/session.ts";
import {
  CURSOR_PAGE_HEADERS,
  jsonBody,
  paramsOf,
  queryOf,
  route,
  SIGNED_IN,
} from "../openapi/describe.ts";
import type { AppEnv } from "../ports/app-env.ts";
import { NO_PROVIDER_YET } from "./my-provider.ts";

/**
 * 'Suggest an edit' (decision 025): any signed-in visitor
 * proposes corrections to a listing they do not own; the listing's owner decides
 * them in the dashboard (these routes), the admins on the Edits tab
 * (admin-edits.ts) — for unclaimed listings, and for any listing when needed.
 */

const tags = ["Edits"];
const idParam = paramsOf(z.object({ id: uuidSchema }));
const notFound = "`Proposal not found`: no such proposal, not for your listing, or not a UUID.";
const decided = "`This proposal has been decided already`.";

type Decider = "owner" | "admin";

/**
 * Decides one proposal (the caller is checked by the route), then mails the
 * proposer the outcome in their language. The decision is committed whatever
 * happens to the mail (a failure is logged, never answered).
 */
export async function decide(
  c: Context<AppEnv>,
  id: string,
  actor: { id: string; as: Decider },
  decision: { accept: true } | { accept: false; reason: string },
) {
  const { db, clock, publisher } = c.var.deps;
  const result = await decideEdit(db, id, decision, actor, clock());
  if (result.kind === "error") throw new HttpError(result.status, result.message);
  const { view, proposerId } = result.decision;
  if (decision.accept) publisher.markDirty(`edit ${id} (${view.field}) accepted`);
  // Nobody is told of their own decision.
  if (proposerId && proposerId !== actor.id) {
    try {
      const to = await mailRecipient(db, proposerId);
      if (to) {
        await c.var.deps.mailer.send(
          editDecidedMessage(to.email, to.locale, {
            siteUrl: c.var.deps.config.siteUrl,
            decision: result.decision,
          }),
        );
      }
    } catch (err) {
      (c.var.deps.logError ?? console.error)(err, "edit decision: mail not queued");
    }
  }
  return view;
}

/**
 * Undoes an accepted change of categories (the caller is checked by the route,
 * an owner also by the undo itself). Nobody is mailed: the proposer was told
 * the outcome of their proposal, which stays accepted.
 */
export async function undo(c: Context<AppEnv>, id: string, actor: { id: string; as: Decider }) {
  const { db, clock, publisher } = c.var.deps;
  const result = await undoEdit(db, id, actor, clock());
  if (result.kind === "error") throw new HttpError(result.status, result.message);
  publisher.markDirty(`edit ${id} (categories) undone`);
  return result.decision.view;
}

/** What the undo routes say. */
export const UNDO_DESCRIPTION =
  "For an accepted change of categories: the services it removed come back whole (same ids, descriptions and prices), the services it added go unless they were changed since, in one transaction with an audit entry (`edit.undo`). Once per change.";
export const UNDO_CONFLICT =
  "`Only an accepted change of categories can be undone`, `This change has been undone already`, or a category it removed no longer exists.";

/** Tells a claimed listing's owner that suggestions wait; the proposals stand whatever the mail does. */
async function mailOwner(
  c: Context<AppEnv>,
  ownerId: string,
  listing: { companyName: string; companyNameUr: string | null; fields: readonly EditField[] },
) {
  try {
    const to = await mailRecipient(c.var.deps.db, ownerId);
    if (!to) return;
    await c.var.deps.mailer.send(
      editWaitingMessage(to.email, to.locale, { siteUrl: c.var.deps.config.siteUrl, ...listing }),
    );
  } catch (err) {
    (c.var.deps.logError ?? console.error)(err, "edit proposal: owner mail not queued");
  }
}

/** POST /api/edits */
export const editRoutes = new Hono<AppEnv>().post(
  "/",
  route(
    {
      summary: "Suggest an edit to a listing",
      description:
        "Any signed-in visitor who does not own the listing: one proposal per field (phone, email, website, location, categories, closed, duplicate), each with an optional note, stored together or not at all. A claimed listing's proposals go to its owner, an unclaimed one's to the admins (`reviewer`). One pending proposal per field per listing. Counted per account: 10 requests a day.",
      tags,
      roles: SIGNED_IN,
      limited: true,
      ok: { 201: { description: "Stored as pending.", schema: editCreatedSchema } },
      errors: {
        400: "A field is invalid or the body is not JSON; or `Unknown city`, `Unknown category`, a duplicate that is not another active listing, or a proposal that repeats what the listing shows.",
        403: "`This is your own listing: …` (owners edit it in the dashboard).",
        404: "`Listing not found` (unknown or inactive).",
        409: "`A change to this field of the listing is already waiting for review`.",
      },
    },
    "write",
  ),
  jsonBody(editCreateSchema),
  async (c) => {
    const user = requireUser(c);
    const { db, clock } = c.var.deps;
    const now = clock();
    try {
      await rateLimit(db, `edit:user:${user.id}`, LIMITS.editUser, now);
    } catch (err) {
      if (err instanceof TooManyRequests) {
        c.var.logEvent({ event: "rate_limited", limit: "editUser", userId: user.id });
      }
      throw err;
    }
    const input = await parseJson(c, editCreateSchema);
    const result = await createEdits(db, input, user.id, findCity, now);
    if (result.kind === "error") throw new HttpError(result.status, result.message);
    if (result.ownerId) await mailOwner(c, result.ownerId, result);
    const body: EditCreated = { ids: result.ids, reviewer: result.reviewer };
    return c.json(body, 201);
  },
);

/**
 * The caller and the proposal id of an owner's route. Whether the proposal is of
 * the caller's listing is checked by the decision itself, in its transaction
 * (decideEdit): a check here could be overtaken by a detach before the write.
 */
function ownEdit(c: Context<AppEnv>) {
  const user = requireUser(c);
  const id = parseParam(c, "id", uuidSchema, 404, EDIT_NOT_FOUND);
  return { user, id };
}

/** Mounted at /api/my-provider/edits: the owner's 'Suggested changes' section. */
export const ownerEditRoutes = new Hono<AppEnv>()
  .get(
    "/",
    route(
      {
        summary: "Suggested changes to my listing",
        description:
          "Every pending proposal (oldest first; at most one per field), then the decided ones, latest decision first. Paged by cursor: the first page holds the pending ones and up to `limit` (20 by default, at most 100) decided ones; the `cursor` of the previous answer's `Link` continues with older decided ones. `X-Total-Count` counts them all. The proposer is shown by first name.",
        tags,
        roles: SIGNED_IN,
        ok: {
          200: {
            description: "One page of the proposals.",
            schema: editListSchema,
            headers: CURSOR_PAGE_HEADERS,
          },
        },
        errors: {
          400: "`Invalid query: …` (a `limit` out of range, a `cursor` not from a `Link`).",
          404: "`No provider profile yet`.",
        },
      },
      "get",
    ),
    queryOf(listCursorQuerySchema),
    async (c) => {
      const user = requireUser(c);
      const q = parseQuery(c, listCursorQuerySchema);
      const { db } = c.var.deps;
      const providerId = await findProviderIdOfUser(db, user.id);
      if (!providerId) throw new HttpError(404, NO_PROVIDER_YET);
      const page = await listOwnerEdits(db, providerId, {
        cursor: decodeCursor(q.cursor),
        limit: q.limit,
      });
      c.header("Cache-Control", "private, no-store");
      setCursorHeaders(c, q.limit, page);
      return c.json({ items: page.items }, 200);
    },
  )
  .post(
    "/:id/accept",
    route(
      {
        summary: "Accept a suggested change to my listing",
        description:
          "Applies it in one transaction with an audit entry; the page shows it after its refresh. Closing or merging the listing withdraws its other pending proposals. The proposer is mailed.",
        tags,
        roles: SIGNED_IN,
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
      const { user, id } = ownEdit(c);
      return c.json(await decide(c, id, { id: user.id, as: "owner" }, { accept: true }), 200);
    },
  )
  .post(
    "/:id/reject",
    route(
      {
        summary: "Reject a suggested change to my listing",
        description:
          "Stores the reason; the proposer is mailed that it was not accepted, with the reason.",
        tags,
        roles: SIGNED_IN,
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
      const { user, id } = ownEdit(c);
      const { reason } = await parseJson(c, editRejectSchema);
      return c.json(
        await decide(c, id, { id: user.id, as: "owner" }, { accept: false, reason }),
        200,
      );
    },
  )
  .post(
    "/:id/undo",
    route(
      {
        summary: "Undo an accepted change of categories to my listing",
        description: `${UNDO_DESCRIPTION} Whoever accepted it, the listing's owner now may undo it.`,
        tags,
        roles: SIGNED_IN,
        ok: { 200: { description: "The proposal, undone.", schema: editViewSchema } },
        errors: { 404: notFound, 409: UNDO_CONFLICT },
      },
      "write",
    ),
    idParam,
    async (c) => {
      const { user, id } = ownEdit(c);
      return c.json(await undo(c, id, { id: user.id, as: "owner" }), 200);
    },
  );
