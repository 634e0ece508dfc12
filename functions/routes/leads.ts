import { Hono, type Context } from "hono";
import { z } from "zod";
import {
  addLeadMessage,
  createLead,
  findLeadContext,
  leadThread,
  listCustomerLeads,
  leadOwnerId,
  listProviderInbox,
  markLeadRead,
  reportLead,
  setLeadStatus,
  type LeadContext,
  type LeadSide,
} from "../../db/queries/leads.ts";
import { findProviderIdOfUser, findProviderRow } from "../../db/queries/provider-writes.ts";
import { okSchema } from "../../src/lib/api-schemas.ts";
import { findCity } from "../../src/lib/cities.ts";
import { cityName, companyName, localizePath, type Locale } from "../../src/i18n/index.ts";
import {
  customerLeadPath,
  leadCreateSchema,
  leadInboxSchema,
  leadMessageAnswerSchema,
  leadMessageSchema,
  leadReportSchema,
  leadStatusSchema,
  leadSummarySchema,
  leadThreadSchema,
  pakistanDay,
  providerLeadPath,
} from "../../src/lib/lead-schemas.ts";
import { uuidSchema } from "../../src/lib/schemas.ts";
import { assertOwnUpload } from "../lib/own-uploads.ts";
import { HttpError, parseJson, parseParam, parseQuery } from "../lib/http.ts";
import {
  customerMailName,
  customerMessageMessage,
  newLeadMessage,
  providerMessageMessage,
} from "../lib/lead-emails.ts";
import { mailRecipient } from "../lib/locale.ts";
import { LIMITS, rateLimit, TooManyRequests, type Limit } from "../lib/rate-limit.ts";
import { requireUser } from "../middleware/session.ts";
import {
  CURSOR_PAGE_HEADERS,
  jsonBody,
  paramsOf,
  PROVIDERS,
  queryOf,
  route,
  SIGNED_IN,
} from "../openapi/describe.ts";
import { decodeCursor, listCursorQuerySchema } from "../../src/lib/list-cursor.ts";
import { setCursorHeaders } from "../lib/list-paging.ts";
import type { AppEnv } from "../ports/app-env.ts";
import type { MailMessage } from "../ports/types.ts";
import { NO_PROVIDER_YET } from "./my-provider.ts";

/**
 * Quote requests and their threads (docs/decisions/021-leads.md;
 * src/lib/lead-schemas.ts lists the routes). Only the customer who sent a
 * lead, the owner of its provider and admins read it; anyone else gets the
 * same 404 as for a lead that does not exist.
 */

const NOT_FOUND = "Lead not found";
export const OWN_PROVIDER = "You cannot request a quote from your own business";
export const UNCLAIMED =
  "This business has not claimed its listing yet, so it cannot receive quote requests";
const tags = ["Leads"];
const idParam = paramsOf(z.object({ id: uuidSchema }));
const badId = "`Lead not found`: no such lead, not yours to read, or not a UUID.";

type User = ReturnType<typeof requireUser>;
type Viewer = LeadSide | "admin";

/**
 * Which side of the thread the caller reads from, or null when they may not
 * read it. A held or removed lead is not (yet) the provider's.
 */
function viewerOf(ctx: LeadContext, user: User): Viewer | null {
  if (ctx.lead.customerId === user.id) return "customer";
  if (leadOwnerId(ctx) === user.id && ctx.lead.reviewState === "visible") return "provider";
  if (user.role === "admin") return "admin";
  return null;
}

async function viewLead(c: Context<AppEnv>, user: User) {
  const id = parseParam(c, "id", uuidSchema, 404, NOT_FOUND);
  const ctx = await findLeadContext(c.var.deps.db, id);
  const viewer = ctx ? viewerOf(ctx, user) : null;
  if (!ctx || !viewer) throw new HttpError(404, NOT_FOUND);
  return { ctx, viewer };
}

/** Counts against `limit`, and records who hit it. */
async function limit(c: Context<AppEnv>, key: string, l: Limit, name: string, userId: string) {
  try {
    await rateLimit(c.var.deps.db, key, l, c.var.deps.clock());
  } catch (err) {
    if (err instanceof TooManyRequests)
      c.var.logEvent({ event: "rate_limited", limit: name, userId });
    throw err;
  }
}

/**
 * Mail goes after the commit; the lead or message is stored whatever happens
 * to it (the queue keeps and retries what it accepted), so a failure here is
 * logged, never answered: the customer must not send the request again.
 */
async function notify(
  c: Context<AppEnv>,
  userId: string | null,
  message: (to: string, locale: Locale) => MailMessage,
) {
  try {
    const to = await mailRecipient(c.var.deps.db, userId);
    if (!to) return;
    await c.var.deps.mailer.send(message(to.email, to.locale));
  } catch (err) {
    (c.var.deps.logError ?? console.error)(err, "lead notification: not queued");
  }
}

/** A page of the site in the recipient's language: Urdu readers land on the Urdu dashboard. */
const link = (c: Context<AppEnv>, path: string, locale: Locale) =>
  `${c.var.deps.config.siteUrl}${localizePath(path, locale)}`;

/** The provider's owner hears of a lead that reached them (sent visible, or released). */
export async function mailNewLead(c: Context<AppEnv>, ctx: LeadContext): Promise<void> {
  await notify(c, leadOwnerId(ctx), (to, locale) =>
    newLeadMessage(to, locale, {
      companyName: companyName(ctx.provider, locale),
      customerName: customerMailName(ctx.customer.firstName, ctx.customer.lastName, locale),
      city: cityName(ctx.lead.city, locale),
      link: link(c, providerLeadPath(ctx.lead.id), locale),
    }),
  );
}

/** A photo must be the caller's own lead upload, and stored. */
async function checkPhotos(c: Context<AppEnv>, userId: string, urls: string[]): Promise<string[]> {
  const photos = [...new Set(urls)];
  for (const url of photos) {
    await assertOwnUpload(c, url, {
      kind: "lead",
      userId,
      notOwn: "Photos must be your own uploads",
    });
  }
  return photos;
}

export const leadRoutes = new Hono<AppEnv>()
  .post(
    "/",
    route(
      {
        summary: "Request a quote from a provider",
        description:
          "Anyone signed in who does not own the provider. The provider's owner is mailed a link to the lead, unless it is held: the same text sent to 3 or more other providers in the last 10 minutes waits for an admin (`reviewState: held`). `neededBy` is not before today in Pakistan. Photos: up to 3 of the caller's own uploads (`leads/{userId}/…`). Counted per account: 10 requests a day, 3 a day to one provider.",
        tags,
        roles: SIGNED_IN,
        limited: true,
        ok: {
          201: {
            description: "Sent (or held), as the customer reads it.",
            schema: leadThreadSchema,
          },
        },
        errors: {
          400: "A field is invalid, the body is not JSON, `neededBy` is in the past, or a photo is not the caller's upload or does not exist.",
          403: "`You cannot request a quote from your own business`.",
          404: "`Provider not found`: no active provider with this id.",
          409: "`This business has not claimed its listing yet, so it cannot receive quote requests`.",
        },
      },
      "write",
    ),
    jsonBody(leadCreateSchema),
    async (c) => {
      const user = requireUser(c);
      const input = await parseJson(c, leadCreateSchema);
      const { db, clock } = c.var.deps;
      const now = clock();
      const provider = await findProviderRow(db, input.providerId);
      if (provider && provider.userId === user.id) throw new HttpError(403, OWN_PROVIDER);
      if (!provider?.isActive) throw new HttpError(404, "Provider not found");
      if (!provider.userId) throw new HttpError(409, UNCLAIMED);
      if (input.neededBy !== undefined && input.neededBy < pakistanDay(now)) {
        throw new HttpError(400, "neededBy: Needed by cannot be in the past");
      }
      const photos = await checkPhotos(c, user.id, input.photos);
      // Counted once the request is one we would send: a typo costs no allowance.
      await limit(c, `lead:user:${user.id}`, LIMITS.leadUser, "leadUser", user.id);
      await limit(
        c,
        `lead:user:${user.id}:provider:${provider.id}`,
        LIMITS.leadUserProvider,
        "leadUserProvider",
        user.id,
      );
      const id = crypto.randomUUID();
      const { held } = await createLead(db, {
        id,
        providerId: provider.id,
        customerId: user.id,
        need: input.need,
        quantity: input.quantity ?? null,
        budgetPkr: input.budgetPkr ?? null,
        city: findCity(input.city) ?? input.city,
        neededBy: input.neededBy ?? null,
        photos,
        now,
      });
      const ctx = (await findLeadContext(db, id))!;
      if (held) {
        c.var.logEvent({
          event: "lead.held",
          userId: user.id,
          leadId: id,
          providerId: provider.id,
        });
      } else {
        await mailNewLead(c, ctx);
      }
      return c.json(await leadThread(db, ctx, "customer"), 201);
    },
  )
  .get(
    "/",
    route(
      {
        summary: "My Requests: the quote requests I sent",
        description:
          "Newest first, held and removed ones included; `unread` when the provider wrote since the customer last opened the thread. Paged by cursor: `limit` (20 by default, at most 100) and the `cursor` of the previous answer's `Link`; `X-Total-Count` counts them all.",
        tags,
        roles: SIGNED_IN,
        ok: {
          200: {
            description: "One page of the requests.",
            schema: z.array(leadSummarySchema),
            headers: CURSOR_PAGE_HEADERS,
          },
        },
        errors: {
          400: "`Invalid query: …` (a `limit` out of range, a `cursor` not from a `Link`).",
        },
      },
      "get",
    ),
    queryOf(listCursorQuerySchema),
    async (c) => {
      const user = requireUser(c);
      const q = parseQuery(c, listCursorQuerySchema);
      const page = await listCustomerLeads(c.var.deps.db, user.id, {
        cursor: decodeCursor(q.cursor),
        limit: q.limit,
      });
      setCursorHeaders(c, q.limit, page);
      return c.json(page.items, 200);
    },
  )
  .get(
    "/:id",
    route(
      {
        summary: "A lead's thread",
        description:
          "For the customer who sent it, the owner of its provider (once it reached them) and admins. `customer` (name and email) is filled for the provider and admins only.",
        tags,
        roles: SIGNED_IN,
        ok: { 200: { description: "The thread.", schema: leadThreadSchema } },
        errors: { 404: badId },
      },
      "get",
    ),
    idParam,
    async (c) => {
      const user = requireUser(c);
      const { ctx, viewer } = await viewLead(c, user);
      return c.json(await leadThread(c.var.deps.db, ctx, viewer), 200);
    },
  )
  .post(
    "/:id/messages",
    route(
      {
        summary: "Write in a lead's thread",
        description:
          "The customer or the provider's owner. A quote (`quotePkr`, optional `quoteValidUntil`) only from the provider. The provider's first message sets the lead 'replied' (from 'new'), a quote 'quoted' (unless won or lost). The other side is mailed a link, at most once per thread per 15 minutes. Counted per account (60 an hour).",
        tags,
        roles: SIGNED_IN,
        limited: true,
        ok: { 201: { description: "The message.", schema: leadMessageAnswerSchema } },
        errors: {
          400: "A field is invalid, the body is not JSON, `quoteValidUntil` is in the past, or `Only the provider can send a quote`.",
          403: "`Only the customer and the provider write in a thread` (an admin).",
          404: badId,
          409: "`This request was removed`.",
        },
      },
      "write",
    ),
    idParam,
    jsonBody(leadMessageSchema),
    async (c) => {
      const user = requireUser(c);
      await limit(
        c,
        `lead-message:user:${user.id}`,
        LIMITS.leadMessageUser,
        "leadMessageUser",
        user.id,
      );
      const { ctx, viewer } = await viewLead(c, user);
      if (viewer === "admin") {
        throw new HttpError(403, "Only the customer and the provider write in a thread");
      }
      const input = await parseJson(c, leadMessageSchema);
      const { db, clock } = c.var.deps;
      const now = clock();
      if (input.quotePkr !== undefined && viewer === "customer") {
        throw new HttpError(400, "Only the provider can send a quote");
      }
      if (input.quoteValidUntil !== undefined && input.quoteValidUntil < pakistanDay(now)) {
        throw new HttpError(400, "quoteValidUntil: Valid until cannot be in the past");
      }
      const removed = () => new HttpError(409, "This request was removed");
      if (ctx.lead.reviewState === "removed") throw removed();
      const result = await addLeadMessage(db, {
        leadId: ctx.lead.id,
        side: viewer,
        senderId: user.id,
        body: input.body,
        quotePkr: input.quotePkr ?? null,
        quoteValidUntil: input.quoteValidUntil ?? null,
        now,
      });
      if (result.kind === "gone") throw new HttpError(404, NOT_FOUND);
      if (result.kind === "removed") throw removed();
      if (result.mailOther && viewer === "provider") {
        await notify(c, ctx.lead.customerId, (to, locale) =>
          providerMessageMessage(to, locale, {
            companyName: companyName(ctx.provider, locale),
            link: link(c, customerLeadPath(ctx.lead.id), locale),
            quotePkr: input.quotePkr ?? null,
            quoteValidUntil: input.quoteValidUntil ?? null,
          }),
        );
      } else if (result.mailOther) {
        await notify(c, leadOwnerId(ctx), (to, locale) =>
          customerMessageMessage(to, locale, {
            companyName: companyName(ctx.provider, locale),
            customerName: customerMailName(ctx.customer.firstName, ctx.customer.lastName, locale),
            link: link(c, providerLeadPath(ctx.lead.id), locale),
          }),
        );
      }
      return c.json(result.message, 201);
    },
  )
  .put(
    "/:id/read",
    route(
      {
        summary: "Mark a lead's thread as read",
        description:
          "The caller's side (customer or provider) has read everything so far; changes nothing for an admin.",
        tags,
        roles: SIGNED_IN,
        ok: { 200: { description: "Read.", schema: okSchema } },
        errors: { 404: badId },
      },
      "write",
    ),
    idParam,
    async (c) => {
      const user = requireUser(c);
      const { ctx, viewer } = await viewLead(c, user);
      if (viewer !== "admin") {
        await markLeadRead(c.var.deps.db, ctx.lead.id, viewer, c.var.deps.clock());
      }
      return c.json({ ok: true as const }, 200);
    },
  )
  .patch(
    "/:id/status",
    route(
      {
        summary: "Set a lead's status",
        description: "The provider's owner sets any status (New, Replied, Quoted, Won, Lost).",
        tags,
        roles: PROVIDERS,
        ok: {
          200: { description: "The thread, as the provider reads it.", schema: leadThreadSchema },
        },
        errors: {
          400: "`status: Unknown status`, or the body is not JSON.",
          403: "`Only the provider sets the status` (the customer, an admin).",
          404: badId,
        },
      },
      "write",
    ),
    idParam,
    jsonBody(leadStatusSchema),
    async (c) => {
      const user = requireUser(c);
      const { ctx, viewer } = await viewLead(c, user);
      if (viewer !== "provider") throw new HttpError(403, "Only the provider sets the status");
      const { status } = await parseJson(c, leadStatusSchema);
      const { db, clock } = c.var.deps;
      await setLeadStatus(db, ctx.lead.id, status, clock());
      const after = await findLeadContext(db, ctx.lead.id);
      if (!after) throw new HttpError(404, NOT_FOUND);
      return c.json(await leadThread(db, after, "provider"), 200);
    },
  )
  .post(
    "/:id/report",
    route(
      {
        summary: "Report a lead as spam",
        description:
          "The provider's owner, once per lead; admins see it in their review list. The thread stays open until an admin removes the lead.",
        tags,
        roles: PROVIDERS,
        ok: { 200: { description: "Reported.", schema: okSchema } },
        errors: {
          400: "`reason` is too long, or the body is not JSON.",
          403: "`Only the provider can report a lead` (the customer, an admin).",
          404: badId,
          409: "`You have reported this lead already`.",
        },
      },
      "write",
    ),
    idParam,
    jsonBody(leadReportSchema),
    async (c) => {
      const user = requireUser(c);
      const { ctx, viewer } = await viewLead(c, user);
      if (viewer !== "provider") throw new HttpError(403, "Only the provider can report a lead");
      const { reason } = await parseJson(c, leadReportSchema);
      const { db, clock } = c.var.deps;
      if (!(await reportLead(db, ctx.lead.id, reason ?? null, clock()))) {
        throw new HttpError(409, "You have reported this lead already");
      }
      c.var.logEvent({
        event: "lead.reported",
        userId: user.id,
        leadId: ctx.lead.id,
        providerId: ctx.provider.id,
      });
      return c.json({ ok: true as const }, 200);
    },
  );

/** The provider's inbox: GET /api/my-provider/leads. */
export const providerLeadRoutes = new Hono<AppEnv>().get(
  "/",
  route(
    {
      summary: "My provider's lead inbox",
      description:
        "The quote requests that reached the caller's provider (never held or removed ones), newest first, and how many of all of them have news for it (`unread`: not opened yet, or the customer wrote since). Paged by cursor: `limit` (20 by default, at most 100) and the `cursor` of the previous answer's `Link`; `X-Total-Count` counts the whole inbox.",
      tags,
      roles: SIGNED_IN,
      ok: {
        200: {
          description: "One page of the inbox.",
          schema: leadInboxSchema,
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
    const page = await listProviderInbox(db, providerId, {
      cursor: decodeCursor(q.cursor),
      limit: q.limit,
    });
    setCursorHeaders(c, q.limit, page);
    return c.json({ leads: page.items, unread: page.unread }, 200);
  },
);
