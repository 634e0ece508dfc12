/**
 * Whose sign-up a confirmation link is for (decision 028). The confirmation
 * page names the account before anyone confirms it, so the owner of the
 * mailbox sees a sign-up that is not theirs and can remove it ("This was not
 * me"). Loaded as soon as the page has read a well-formed token.
 */
import { atom, onMount } from "nanostores";
import { m } from "../../i18n/index.ts";
import { api, unwrap } from "../../lib/api-client.ts";
import { confirmEmailSchema, type PendingAccount } from "../../lib/auth-schemas.ts";
import { failureMessage } from "../forms/use-submit.ts";
import { $linkToken } from "./link-token.ts";

export type PendingAccountState =
  /** No well-formed token to ask about (the page says why from the token itself). */
  | { status: "idle" }
  | { status: "loading"; token: string }
  | { status: "ready"; token: string; account: PendingAccount }
  /** The link is unknown, used or expired, or the server could not be asked. */
  | { status: "failed"; error: string }
  /** "This was not me" went through: the account is gone. */
  | { status: "declined"; email: string };

export const $pendingAccount = atom<PendingAccountState>({ status: "idle" });

onMount($pendingAccount, () => {
  if (typeof window === "undefined") return;
  return $linkToken.subscribe((link) => {
    if (link.status !== "read" || $pendingAccount.get().status !== "idle") return;
    const parsed = confirmEmailSchema.safeParse({ token: link.token ?? "" });
    if (parsed.success) void loadPendingAccount(parsed.data.token);
  });
});

/** Asks the server whose sign-up `token` confirms; uses nothing up. */
export async function loadPendingAccount(token: string): Promise<void> {
  $pendingAccount.set({ status: "loading", token });
  try {
    const account = await unwrap(api.auth.confirm.details.$post({ json: { token } }));
    $pendingAccount.set({ status: "ready", token, account });
  } catch (err) {
    $pendingAccount.set({ status: "failed", error: failureMessage(err, m.account_link_expired()) });
  }
}

/**
 * Removes the unconfirmed account the link is for. Resolves to null when it
 * is gone (the page then says so), else to the sentence to show (the link
 * expired meanwhile, the account was confirmed, or the server was out of reach).
 */
export async function declinePendingAccount(): Promise<string | null> {
  const state = $pendingAccount.get();
  if (state.status !== "ready") return null;
  try {
    await unwrap(api.auth.confirm.decline.$post({ json: { token: state.token } }));
  } catch (err) {
    return failureMessage(err, m.account_remove_failed());
  }
  $pendingAccount.set({ status: "declined", email: state.account.email });
  return null;
}
