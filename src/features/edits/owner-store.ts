/**
 * The owner's 'Suggested changes' in the provider dashboard: the proposals
 * for their listing (GET /api/my-provider/edits, pending first), and Accept /
 * Reject with their toasts. An accepted change alters the listing, so the
 * dashboard's provider is fetched again.
 */
import { atom, onMount } from "nanostores";
import { m } from "../../i18n/index.ts";
import { describeError, errorText } from "../../lib/api.ts";
import { api, unwrap } from "../../lib/api-client.ts";
import type { EditView } from "../../lib/edit-schemas.ts";
import { refreshProvider } from "../dashboard/store.ts";
import { handleUnauthorized, isUnauthorized } from "../dashboard/unauthorized.ts";
import { toast } from "../toast/store.ts";

export type OwnerEditsState =
  | { status: "loading" }
  | { status: "ready"; items: EditView[] }
  | { status: "error"; message: string };

export const $ownerEdits = atom<OwnerEditsState>({ status: "loading" });

/** Ids of proposals with a request in flight, and which one. */
export const $ownerEditBusy = atom<Readonly<Record<string, "accept" | "reject">>>({});

export async function loadOwnerEdits(): Promise<void> {
  if ($ownerEdits.get().status !== "ready") $ownerEdits.set({ status: "loading" });
  try {
    const { items } = await unwrap(api["my-provider"].edits.$get());
    $ownerEdits.set({ status: "ready", items });
  } catch (err) {
    if (isUnauthorized(err)) {
      handleUnauthorized();
      return;
    }
    $ownerEdits.set({ status: "error", message: describeError(err) });
  }
}

onMount($ownerEdits, () => {
  if (typeof window === "undefined") return;
  void loadOwnerEdits();
  return undefined;
});

function setBusy(id: string, action: "accept" | "reject" | null): void {
  const next = { ...$ownerEditBusy.get() };
  if (action) next[id] = action;
  else delete next[id];
  $ownerEditBusy.set(next);
}

function failed(err: unknown): void {
  if (isUnauthorized(err)) {
    handleUnauthorized();
    return;
  }
  toast({
    title: m.edits_action_failed(),
    description: errorText(err) ?? undefined,
    variant: "destructive",
  });
}

const one = api["my-provider"].edits[":id"];

/** Resolves true once the server applied it. */
export async function acceptOwnerEdit(id: string): Promise<boolean> {
  if ($ownerEditBusy.get()[id]) return false;
  setBusy(id, "accept");
  try {
    await unwrap(one.accept.$post({ param: { id: encodeURIComponent(id) } }));
    toast({ title: m.edits_accepted_toast(), description: m.edits_accepted_toast_text() });
    // Closing or merging withdraws the others: the whole list, and the listing, changed.
    await Promise.all([loadOwnerEdits(), refreshProvider()]);
    return true;
  } catch (err) {
    failed(err);
    // A 409 means someone decided it meanwhile: show the list as it is now.
    void loadOwnerEdits();
    return false;
  } finally {
    setBusy(id, null);
  }
}

export async function rejectOwnerEdit(id: string, reason: string): Promise<boolean> {
  if ($ownerEditBusy.get()[id]) return false;
  setBusy(id, "reject");
  try {
    await unwrap(one.reject.$post({ param: { id: encodeURIComponent(id) }, json: { reason } }));
    toast({ title: m.edits_rejected_toast(), description: m.edits_rejected_toast_text() });
    await loadOwnerEdits();
    return true;
  } catch (err) {
    failed(err);
    void loadOwnerEdits();
    return false;
  } finally {
    setBusy(id, null);
  }
}
