import { Hono, type Context } from "hono";
import { z } from "zod";
import {
  awardClaim,
  claimBlocker,
  claimTarget,
  CLAIM_LINK_TTL_MS,
  CLAIM_MAIL_GAP_MS,
  CLAIM_MAILS_PER_DAY,
  createEvidenceClaim,
  findClaimByTokenHash,
  findClaimListing,
  hasPendingEvidence,
  markClaimExpired,
  maskClaimEmail,
  requestEmailClaim,
  type AwardResult,
} from "../../db/queries/claims.ts";
import { companyName, localizePath, type Locale } from "../../src/i18n/index.ts";
import {
  claimByEmailSchema,
  claimConfirmedSchema,
  claimConfirmSchema,
  claimEmailAnswerSchema,
  claimEvidenceSchema,
  claimEvidenceAnswerSchema,
  claimTargetSchema,
  type ClaimConfirmed,
  type ClaimEmailAnswer,
  type ClaimEvidenceAnswer,
} from "../../src/lib/claim-schemas.ts";
import { toE164Phone } from "../../src/lib/phone.ts";
import { emailProvesClaim } from "../../src/lib/provider-schemas.ts";
import { providerShortPath } from "../../src/lib/urls.ts";
import { generateToken, hashToken } from "../auth/tokens.ts";
import { claimLinkMessage, claimSupersededMessage } from "../lib/claim-emails.ts";
import { assertOwnUpload } from "../lib/own-uploads.ts";
import { HttpError, parseJson, parseParam } from "../lib/http.ts";
import { mailRecipient } from "../lib/locale.ts";
import { LIMITS, rateLimit, TooManyRequests, type Limit } from "../lib/rate-limit.ts";
import { requireUser } from "../middleware/session.ts";
import { jsonBody, paramsOf, route, SIGNED_IN } from "../openapi/describe.ts";
import type { AppEnv } from "../ports/app-env.ts";
import type { MailMessage } from "../ports/types.ts";

/**
 * 'Claim this business' (decisions 025 and 029): the signed-in side. A claim
 * is proven by a one-time link mailed to the listing's trusted email on file
 * (only its SHA-256 is stored; confirmed by a POST, never by opening the link,
 * by whichever signed-in account holds it) or by evidence an admin reviews
 * (routes/admin-claims.ts). Nothing on the listing changes before proof; the
 * first proof wins (db/queries/claims.ts).
 */

const tags = ["Claims"];
const providerIdParam = z.uuid().transform((s) => s.toLowerCase());

export const PROVIDER_NOT_FOUND = "Provider not found";
export const CLAIM_TAKEN = "This business has been claimed already";
export const CLAIM_OWNS_OTHER =
  "Your account already manages a business: one account manages one listing";
const NO_EMAIL = "This listing has no email on file: send proof to our team instead";
export const EMAIL_UNCONFIRMED =
  "The email on this listing was set by its former owner and our team has not confirmed it: send proof to our team instead";
const LINK_INVALID =
  "This claim link is not valid: ask for a new one from the listing's claim page";
const LINK_EXPIRED = "This link has expired or no longer works: ask for a new link";
export const LISTING_INACTIVE = "This listing is no longer active";
const EVIDENCE_PENDING = "You have sent proof for this listing already: our team is reviewing it";
export const CLAIM_DECIDED = "This claim has been decided already";

type User = ReturnType<typeof requireUser>;

/** Counts against `limit`, and records who hit it. */
async function limit(c: Context<AppEnv>, key: string, l: Limit, name: string, userId: string) {
  try {
    await rateLimit(c.var.deps.db, key, l, c.var.deps.clock());
  } catch (err) {
    if (err instanceof TooManyRequests) {
      c.var.logEvent({ event: "rate_limited", limit: name, userId });
    }
    throw err;
  }
}

/** A page of the site in the reader's language. */
export const siteLink = (c: Context<AppEnv>, path: string, locale: Locale) =>
  `${c.var.deps.config.siteUrl}${localizePath(path, locale)}`;

/**
 * Mail that follows a committed change: the change stands whatever happens to
 * the mail (the queue keeps and retries what it accepted), so a failure to
 * queue is logged, never answered.
 */
export async function notifyUser(
  c: Context<AppEnv>,
  userId: string,
  message: (to: string, locale: Locale) => MailMessage,
): Promise<void> {
  try {
    const to = await mailRecipient(c.var.deps.db, userId);
    if (to) await c.var.deps.mailer.send(message(to.email, to.locale));
  } catch (err) {
    (c.var.deps.logError ?? console.error)(err, "claim notification: not queued");
  }
}

/**
 * The 409/404 of a claim that did not win, or nothing when it did. Shared by
 * the link's confirmation and the admin's approval.
 */
export function refuseAward(result: Exclude<AwardResult, { kind: "ok" }>): never {
  switch (result.kind) {
    case "claimed":
      throw new HttpError(409, CLAIM_TAKEN);
    case "owns-other":
      throw new HttpError(409, CLAIM_OWNS_OTHER);
    case "gone":
      throw new HttpError(409, LISTING_INACTIVE);
    case "decided":
      throw new HttpError(409, CLAIM_DECIDED);
    case "not-found":
      throw new HttpError(404, "Claim not found");
    case "link-dead":
      throw new HttpError(410, LINK_EXPIRED);
  }
}

/**
 * After a claim won: the page is rebuilt, the security log told, and the
 * requesters of the competing claims mailed that the listing is taken.
 */
export async function afterAward(
  c: Context<AppEnv>,
  won: Extract<AwardResult, { kind: "ok" }>,
  who: { claimId: string; by: "link" | "admin" },
): Promise<void> {
  c.var.deps.publisher.markDirty(`provider ${won.providerId} claimed`);
  c.var.logEvent({
    event: "claim.won",
    userId: won.winnerId,
    providerId: won.providerId,
    claimId: who.claimId,
    by: who.by,
    superseded: won.supersededUserIds.length,
  });
  const listing = await findClaimListing(c.var.deps.db, won.providerId);
  if (!listing) return;
  for (const userId of won.supersededUserIds) {
    await notifyUser(c, userId, (to, locale) =>
      claimSupersededMessage(to, locale, {
        companyName: companyName(listing, locale),
        link: siteLink(c, won.path, locale),
      }),
    );
  }
}

/** An active listing, or 404. */
async function activeListing(c: Context<AppEnv>, providerId: string) {
  const listing = await findClaimListing(c.var.deps.db, providerId);
  if (!listing || !listing.isActive) throw new HttpError(404, PROVIDER_NOT_FOUND);
  return listing;
}

/** 409 unless `user` may claim the listing now. */
async function assertClaimable(c: Context<AppEnv>, listing: { userId: string | null }, user: User) {
  const blocked = await claimBlocker(c.var.deps.db, listing, user.id);
  // Claiming one's own listing again would only send mail for nothing.
  if (blocked === "claimed" || blocked === "yours") throw new HttpError(409, CLAIM_TAKEN);
  if (blocked === "owns_other") throw new HttpError(409, CLAIM_OWNS_OTHER);
}

/** The proof photo must be the caller's own claim upload, and stored. */
async function checkPhoto(c: Context<AppEnv>, userId: string, url: string): Promise<string> {
  await assertOwnUpload(c, url, {
    kind: "claim",
    userId,
    notOwn: "The photo must be your own upload",
  });
  return url;
}

export const claimRoutes = new Hono<AppEnv>()
  .get(
    "/listing/:providerId",
    route(
      {
        summary: "What the claim page shows",
        description:
          "The listing, its email on file masked, the caller's newest claim on it and why they cannot claim it now (`blockedBy`), if so.",
        tags,
        roles: SIGNED_IN,
        ok: { 200: { description: "The claim target.", schema: claimTargetSchema } },
        errors: { 404: "`Provider not found`: unknown or inactive listing (or not a UUID)." },
      },
      "get",
    ),
    paramsOf(z.object({ providerId: providerIdParam })),
    async (c) => {
      const user = requireUser(c);
      const id = parseParam(c, "providerId", providerIdParam, 404, PROVIDER_NOT_FOUND);
      const { db, clock } = c.var.deps;
      const target = await claimTarget(db, id, user.id, clock());
      if (!target) throw new HttpError(404, PROVIDER_NOT_FOUND);
      return c.json(target, 200);
    },
  )
  .post(
    "/email",
    route(
      {
        summary: "Mail a claim link to the listing's email on file",
        description: `A one-time link to \`/claim-listing/confirm#token=…\` (the Urdu page for an Urdu reader), working 24 hours for whichever signed-in account confirms it, in the requester's language; only the token's SHA-256 is stored. One address gets a link at most once in ${CLAIM_MAIL_GAP_MS / 60_000} minutes and ${CLAIM_MAILS_PER_DAY} times a day, whoever asks: a request within those answers \`mailed: false\` and when the working link already in that mailbox went (decision 029). Counted per account (10 a day, with evidence).`,
        tags,
        roles: SIGNED_IN,
        limited: true,
        ok: { 202: { description: "The link was sent.", schema: claimEmailAnswerSchema } },
        errors: {
          400: "A field is invalid or the body is not JSON.",
          404: "`Provider not found`: unknown or inactive listing.",
          409: "`This business has been claimed already`, or the account manages a business already.",
          422: "The listing has no email on file, or its email was set by a former owner and no admin has confirmed it (decision 029): send evidence instead.",
        },
      },
      "write",
    ),
    jsonBody(claimByEmailSchema),
    async (c) => {
      const user = requireUser(c);
      await limit(c, `claim:user:${user.id}`, LIMITS.claimUser, "claimUser", user.id);
      const { providerId } = await parseJson(c, claimByEmailSchema);
      const listing = await activeListing(c, providerId);
      await assertClaimable(c, listing, user);
      if (!listing.email) throw new HttpError(422, NO_EMAIL);
      if (!emailProvesClaim(listing)) {
        // A detached owner's own address: it would hand the listing back to them.
        c.var.logEvent({
          event: "claim.refused",
          userId: user.id,
          providerId,
          reason: "email_unconfirmed",
        });
        throw new HttpError(422, EMAIL_UNCONFIRMED);
      }
      const { db, clock, mailer } = c.var.deps;
      const now = clock();
      const token = generateToken();
      const request = await requestEmailClaim(db, {
        providerId,
        userId: user.id,
        tokenHash: hashToken(token),
        sentTo: listing.email,
        now,
      });
      const sentTo = maskClaimEmail(listing.email);
      if (!request.mailed) {
        // A working link is in that mailbox already; whoever runs the business can use it.
        c.var.logEvent({ event: "claim.link_held", userId: user.id, providerId });
        const body: ClaimEmailAnswer = {
          sentTo,
          mailed: false,
          sentAt: request.sentAt.toISOString(),
        };
        return c.json(body, 202);
      }
      const to = await mailRecipient(db, user.id);
      const locale = to?.locale ?? "en";
      await mailer.send(
        claimLinkMessage(listing.email, locale, {
          companyName: companyName(listing, locale),
          requester: maskClaimEmail(user.email),
          link: `${siteLink(c, "/claim-listing/confirm", locale)}#token=${token}`,
          validForMs: CLAIM_LINK_TTL_MS,
        }),
      );
      c.var.logEvent({
        event: "claim.link_sent",
        userId: user.id,
        providerId,
        claimId: request.claimId,
      });
      const body: ClaimEmailAnswer = { sentTo, mailed: true, sentAt: now.toISOString() };
      return c.json(body, 202);
    },
  )
  .post(
    "/confirm",
    route(
      {
        summary: "Confirm a claim by its mailed link",
        description:
          "Holding the link is the proof (it went to the listing's trusted email on file): whichever signed-in account confirms it owns the listing, whoever asked for it (decision 029). The first proof wins: a customer becomes a provider, the listing's other pending claims are superseded and their requesters mailed. Confirming a link that already won for the caller answers the same again.",
        tags,
        roles: SIGNED_IN,
        limited: true,
        ok: { 200: { description: "The listing is the caller's.", schema: claimConfirmedSchema } },
        errors: {
          400: "`The link is incomplete` or the body is not JSON.",
          404: "The token matches no claim.",
          409: "The listing was claimed meanwhile, is no longer active, or the account manages a business already.",
          410: "The link expired or a newer one replaced it, or the listing's email is no longer the address it went to, or no longer one it trusts.",
        },
      },
      "write",
    ),
    jsonBody(claimConfirmSchema),
    async (c) => {
      const user = requireUser(c);
      await limit(
        c,
        `claim:confirm:${user.id}`,
        LIMITS.claimConfirmUser,
        "claimConfirmUser",
        user.id,
      );
      const { token } = await parseJson(c, claimConfirmSchema);
      const { db, clock } = c.var.deps;
      const now = clock();
      const claim = await findClaimByTokenHash(db, hashToken(token));
      if (!claim || claim.method !== "email") throw new HttpError(404, LINK_INVALID);
      const listing = await findClaimListing(db, claim.providerId);
      if (claim.status === "approved" && listing?.userId === user.id) {
        // A second press of Confirm (or a reload): it is theirs already.
        const body: ClaimConfirmed = { providerId: listing.id, path: providerShortPath(listing) };
        return c.json(body, 200);
      }
      if (claim.status === "expired") throw new HttpError(410, LINK_EXPIRED);
      if (claim.status === "pending" && (!claim.expiresAt || claim.expiresAt <= now)) {
        await markClaimExpired(db, claim.id, now);
        throw new HttpError(410, LINK_EXPIRED);
      }
      const result = await awardClaim(db, claim.id, {
        actorId: user.id,
        action: "claim.confirm",
        now,
      });
      if (result.kind !== "ok") {
        // Superseded: someone else's proof won first.
        if (result.kind === "decided" && result.status === "superseded") {
          throw new HttpError(409, CLAIM_TAKEN);
        }
        refuseAward(result);
      }
      await afterAward(c, result, { claimId: claim.id, by: "link" });
      const body: ClaimConfirmed = { providerId: result.providerId, path: result.path };
      return c.json(body, 200);
    },
  )
  .post(
    "/evidence",
    route(
      {
        summary: "Send proof of a claim for an admin",
        description:
          "For a listing without an email on file, or one the owner cannot reach: the business phone they answer, a note and an optional photo (an upload under `claims/{userId}/`). One pending proof per account and listing. Counted per account (10 a day, with links) and per listing (10 a day).",
        tags,
        roles: SIGNED_IN,
        limited: true,
        ok: { 201: { description: "Waiting for an admin.", schema: claimEvidenceAnswerSchema } },
        errors: {
          400: "A field is invalid, the body is not JSON, or the photo is not the caller's claim upload or does not exist.",
          404: "`Provider not found`: unknown or inactive listing.",
          409: "The listing is claimed, the account manages a business already, or it sent proof for this listing already.",
          503: "The database or the image store is out of reach (`Retry-After`).",
        },
      },
      "write",
    ),
    jsonBody(claimEvidenceSchema),
    async (c) => {
      const user = requireUser(c);
      await limit(c, `claim:user:${user.id}`, LIMITS.claimUser, "claimUser", user.id);
      const input = await parseJson(c, claimEvidenceSchema);
      const listing = await activeListing(c, input.providerId);
      await assertClaimable(c, listing, user);
      const { db, clock } = c.var.deps;
      if (await hasPendingEvidence(db, listing.id, user.id)) {
        throw new HttpError(409, EVIDENCE_PENDING);
      }
      const photoUrl = input.photoUrl ? await checkPhoto(c, user.id, input.photoUrl) : null;
      await limit(
        c,
        `claim:evidence:${listing.id}`,
        LIMITS.claimEvidenceListing,
        "claimEvidenceListing",
        user.id,
      );
      const id = await createEvidenceClaim(db, {
        providerId: listing.id,
        userId: user.id,
        phone: toE164Phone(input.phone),
        note: input.note,
        photoUrl,
        now: clock(),
      });
      c.var.logEvent({
        event: "claim.evidence_sent",
        userId: user.id,
        providerId: listing.id,
        claimId: id,
      });
      const body: ClaimEvidenceAnswer = { id, status: "pending" };
      return c.json(body, 201);
    },
  );
