/**
 * The owner's 'Suggested changes' in the provider dashboard: the proposals
 * for their listing (GET /api/my-provider/edits, pending first), and Accept /
 * Reject with their toasts. An accepted change alters the listing, so the
 * dashboard's provider is fetched again.
 */
import { atom, onMount } from "nanostores";
import { m } from "../../i18n/index.ts";
import { describeError, errorText } from "../../lib/api.ts";
import { api, unwrap, unwrapWithHeaders } from "../../lib/api-client.ts";
import { nextCursorOf } from "../../lib/list-cursor.ts";
import type { EditView } from "../../lib/edit-schemas.ts";
import { refreshProvider } from "../dashboard/store.ts";
import { handleUnauthorized, isUnauthorized } from "../dashboard/unauthorized.ts";
import { toast } from "../toast/store.ts";
import { rowActions } from "../forms/row-actions.ts";

export type OwnerEditsState =
  | { status: "loading" }
  | {
      status: "ready";
      items: EditView[];
      /** Every proposal of the listing, loaded or not. */
      total: number;
      /** The cursor of older decided ones (decision 030); null once all are loaded. */
      next: string | null;
      loadingMore: boolean;
    }
  | { status: "error"; message: string };

export const $ownerEdits = atom<OwnerEditsState>({ status: "loading" });

/** Ids of proposals with a request in flight, and which one. */
const rows = rowActions<"accept" | "reject" | "undo">();
export const $ownerEditBusy = rows.$busy;

function totalOf(headers: Headers, shown: number): number {
  const total = Number(headers.get("X-Total-Count"));
  return headers.has("X-Total-Count") && Number.isFinite(total) ? total : shown;
}

/** The first page again: every pending proposal and the latest decided ones. */
export async function loadOwnerEdits(): Promise<void> {
  if ($ownerEdits.get().status !== "ready") $ownerEdits.set({ status: "loading" });
  try {
    const { data, headers } = await unwrapWithHeaders(api["my-provider"].edits.$get({ query: {} }));
    $ownerEdits.set({
      status: "ready",
      items: data.items,
      total: totalOf(headers, data.items.length),
      next: nextCursorOf(headers),
      loadingMore: false,
    });
  } catch (err) {
    if (isUnauthorized(err)) {
      handleUnauthorized();
      return;
    }
    $ownerEdits.set({ status: "error", message: describeError(err) });
  }
}

/** 'Load more': older decided proposals, added below the ones shown. */
export async function loadMoreOwnerEdits(): Promise<void> {
  const before = $ownerEdits.get();
  if (before.status !== "ready" || !before.next || before.loadingMore) return;
  $ownerEdits.set({ ...before, loadingMore: true });
  try {
    const { data, headers } = await unwrapWithHeaders(
      api["my-provider"].edits.$get({ query: { cursor: before.next } }),
    );
    const now = $ownerEdits.get();
    if (now.status !== "ready") return;
    const shown = new Set(now.items.map((e) => e.id));
    $ownerEdits.set({
      ...now,
      items: [...now.items, ...data.items.filter((e) => !shown.has(e.id))],
      total: totalOf(headers, now.total),
      next: nextCursorOf(headers),
      loadingMore: false,
    });
  } catch (err) {
    const now = $ownerEdits.get();
    if (now.status === "ready") $ownerEdits.set({ ...now, loadingMore: false });
    if (isUnauthorized(err)) {
      handleUnauthorized();
      return;
    }
    toast({
      title: m.edits_owner_load_failed(),
      description: describeError(err),
      variant: "destructive",
    });
  }
}

onMount($ownerEdits, () => {
  if (typeof window === "undefined") return;
  void loadOwnerEdits();
  return undefined;
});

/** A failed decision is told, and the list reloads: a 409 means it was decided meanwhile. */
function failed(err: unknown): void {
  void loadOwnerEdits();
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
export function acceptOwnerEdit(id: string): Promise<boolean> {
  return rows.run(
    id,
    "accept",
    async () => {
      await unwrap(one.accept.$post({ param: { id: encodeURIComponent(id) } }));
      toast({ title: m.edits_accepted_toast(), description: m.edits_accepted_toast_text() });
      // Closing or merging withdraws the others: the whole list, and the listing, changed.
      await Promise.all([loadOwnerEdits(), refreshProvider()]);
    },
    failed,
  );
}

export function rejectOwnerEdit(id: string, reason: string): Promise<boolean> {
  return rows.run(
    id,
    "reject",
    async () => {
      await unwrap(one.reject.$post({ param: { id: encodeURIComponent(id) }, json: { reason } }));
      toast({ title: m.edits_rejected_toast(), description: m.edits_rejected_toast_text() });
      await loadOwnerEdits();
    },
    failed,
  );
}

/** Undoes an accepted change of categories; the listing's services change back. */
export function undoOwnerEdit(id: string): Promise<boolean> {
  return rows.run(
    id,
    "undo",
    async () => {
      await unwrap(one.undo.$post({ param: { id: encodeURIComponent(id) } }));
      toast({ title: m.edits_undone_toast(), description: m.edits_undone_toast_text() });
      await Promise.all([loadOwnerEdits(), refreshProvider()]);
    },
    failed,
  );
}
