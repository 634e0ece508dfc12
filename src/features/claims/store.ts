/**
 * The claim page's data (decision 025): the listing as the signed-in user may
 * claim it (GET /api/claims/listing/{id}, asked once the session is known to
 * be signed in), and the two ways to prove it: a link mailed to the listing's
 * address, or evidence for an admin. Every answer reloads the listing, so the
 * page shows what the server now says (a competing claim won, say).
 */
import { atom, onMount } from "nanostores";
import { m } from "../../i18n/index.ts";
import { ApiError, describeError } from "../../lib/api.ts";
import { api, unwrap } from "../../lib/api-client.ts";
import type { ClaimEvidence, ClaimTarget } from "../../lib/claim-schemas.ts";
import { claimPhotoKey } from "../../lib/upload-keys.ts";
import { $session } from "../auth/session.ts";
import { prepareImage, uploadJpeg } from "../dashboard/images.ts";
import { failureMessage } from "../forms/use-submit.ts";
import { toast } from "../toast/store.ts";
import { providerFromSearch } from "./paths.ts";
import type { SentLink } from "./view.ts";

export type ClaimPageState =
  | { status: "loading" }
  /** The address names no listing (`?provider=` missing or not an id). */
  | { status: "missing" }
  /** No such active listing (404). */
  | { status: "notFound" }
  | { status: "error"; message: string }
  /** `sent`: what the server answered a link request made from this page. */
  | { status: "ready"; target: ClaimTarget; sent: SentLink | null };

export const $claimPage = atom<ClaimPageState>({ status: "loading" });

/** The request in flight, if any: one at a time. */
export const $claimBusy = atom<"link" | "evidence" | null>(null);

let providerId: string | null = null;

onMount($claimPage, () => {
  if (typeof window === "undefined") return;
  providerId = providerFromSearch(location.search);
  if (!providerId) {
    $claimPage.set({ status: "missing" });
    return;
  }
  return $session.subscribe((s) => {
    if (s.status === "authenticated" && $claimPage.get().status === "loading") {
      void loadClaimTarget();
    }
  });
});

/** Loads (or reloads) the listing; a reload keeps what is on screen until it answers. */
export async function loadClaimTarget(): Promise<void> {
  if (!providerId) return;
  const now = $claimPage.get();
  if (now.status === "error") $claimPage.set({ status: "loading" });
  try {
    const target = await unwrap(api.claims.listing[":providerId"].$get({ param: { providerId } }));
    const sent = now.status === "ready" ? now.sent : null;
    $claimPage.set({ status: "ready", target, sent });
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) $claimPage.set({ status: "notFound" });
    else $claimPage.set({ status: "error", message: describeError(err) });
  }
}

function sentLink(sent: SentLink | null): void {
  const now = $claimPage.get();
  if (now.status === "ready") $claimPage.set({ ...now, sent });
}

/** A refusal's toast; a 409 (claimed meanwhile, say) also reloads, so the page says why. */
function refused(err: unknown, title: string): void {
  toast({ title, description: failureMessage(err), variant: "destructive" });
  if (err instanceof ApiError && err.status === 409) void loadClaimTarget();
}

/**
 * POST /api/claims/email: mails the one-time link, or says one is in the mailbox
 * already (decision 029); true once the server answered.
 */
export async function sendClaimLink(): Promise<boolean> {
  if (!providerId || $claimBusy.get()) return false;
  $claimBusy.set("link");
  try {
    const answer = await unwrap(api.claims.email.$post({ json: { providerId } }));
    sentLink({ email: answer.sentTo, mailed: answer.mailed });
    toast({ title: answer.mailed ? m.claims_link_sent() : m.claims_link_already_sent() });
    void loadClaimTarget();
    return true;
  } catch (err) {
    refused(err, m.claims_send_failed());
    return false;
  } finally {
    $claimBusy.set(null);
  }
}

/** POST /api/claims/evidence; true once the server stored it. */
export async function sendClaimEvidence(input: ClaimEvidence): Promise<boolean> {
  if ($claimBusy.get()) return false;
  $claimBusy.set("evidence");
  try {
    await unwrap(api.claims.evidence.$post({ json: input }));
    toast({ title: m.claims_request_sent() });
    sentLink(null);
    await loadClaimTarget();
    return true;
  } catch (err) {
    refused(err, m.claims_request_failed());
    return false;
  } finally {
    $claimBusy.set(null);
  }
}

/**
 * Prepares and uploads a proof photo (re-encoded whole as a JPEG, like a
 * quote request's) under the requester's own `claims/{userId}/…` folder;
 * answers its URL or throws with a sentence to show.
 */
export async function uploadClaimPhoto(userId: string, file: File): Promise<string> {
  const jpeg = await prepareImage(file, "lead");
  return uploadJpeg(claimPhotoKey(userId, Date.now(), file.name), jpeg);
}
