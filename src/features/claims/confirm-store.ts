/**
 * The confirm page's one action: POST /api/claims/confirm with the token of
 * the emailed link. Success goes on to the provider dashboard (the toast
 * travels with it); a refusal (410 expired, 409 claimed meanwhile) keeps the
 * page and shows the server's sentence.
 */
import { atom } from "nanostores";
import { localHref, m } from "../../i18n/index.ts";
import { api, unwrap } from "../../lib/api-client.ts";
import { failureMessage } from "../forms/use-submit.ts";
import { toastOnNextPage } from "../toast/store.ts";

export type ClaimConfirmState =
  | { status: "idle" }
  | { status: "sending" }
  /** Confirmed: the page is leaving for the dashboard. */
  | { status: "done" }
  | { status: "failed"; message: string };

export const $claimConfirm = atom<ClaimConfirmState>({ status: "idle" });

export async function confirmClaim(token: string): Promise<void> {
  const now = $claimConfirm.get().status;
  if (now === "sending" || now === "done") return;
  $claimConfirm.set({ status: "sending" });
  try {
    await unwrap(api.claims.confirm.$post({ json: { token } }));
    $claimConfirm.set({ status: "done" });
    toastOnNextPage({ title: m.claims_confirmed(), description: m.claims_confirmed_text() });
    location.assign(localHref("/provider-dashboard"));
  } catch (err) {
    $claimConfirm.set({ status: "failed", message: failureMessage(err) });
  }
}
