/**
 * The admin Edits tab's data: one server page of suggested edits for the
 * chosen status (GET /api/admin/edits?status=&page=), and Accept / Reject
 * (and Undo for an accepted change of categories), which admins may do for
 * any listing's proposal. An accepted change alters
 * a listing, so the providers list and the stats refetch.
 */
import { map, onMount } from "nanostores";
import { m } from "../../i18n/index.ts";
import { api, unwrap, unwrapWithHeaders, withSignal } from "../../lib/api-client.ts";
import type { EditStatus, EditView } from "../../lib/edit-schemas.ts";
import { adminFailure, adminSuccess } from "./notify.ts";
import { firstPage, pagedList, type PagedListState } from "./paged-list.ts";
import { $adminCategories, loadAdminCategories, touch } from "./store.ts";
import { rowActions } from "../forms/row-actions.ts";

export type EditsState = { filter: EditStatus } & PagedListState<EditView>;

export const $adminEdits = map<EditsState>({
  filter: "pending",
  // The list has no search box; pagedList keeps these for lists that do.
  ...firstPage<EditView>(),
});

/** Ids of proposals with a request in flight, and which one. */
const rows = rowActions<"accept" | "reject" | "undo">();
export const $adminEditBusy = rows.$busy;

const list = pagedList<EditView, EditsState>({
  $store: $adminEdits,
  area: "edits",
  fetchPage: (s, signal) =>
    unwrapWithHeaders(
      api.admin.edits.$get(
        { query: { status: s.filter, page: String(s.page) } },
        withSignal(signal),
      ),
    ),
  failure: "Failed to load suggested edits",
});

// The proposed and current categories are ids: their names come from the category list.
onMount($adminEdits, () => {
  if (typeof window === "undefined") return;
  if ($adminCategories.get().status !== "ready") void loadAdminCategories();
  return undefined;
});

export const loadAdminEdits = list.load;
export const goToAdminEditsPage = list.goToPage;

export function setAdminEditsFilter(filter: EditStatus): void {
  list.refilter({ filter });
}

const one = api.admin.edits[":id"];

/** A failed decision (409: decided meanwhile) reloads the list to show what it is now. */
function failed(err: unknown): void {
  adminFailure(err, m.edits_action_failed());
  touch("edits");
}

export function acceptAdminEdit(id: string): Promise<boolean> {
  return rows.run(
    id,
    "accept",
    async () => {
      await unwrap(one.accept.$post({ param: { id: encodeURIComponent(id) } }));
      adminSuccess(m.edits_accepted_toast(), m.edits_accepted_toast_text());
      touch("edits", "providers", "stats");
    },
    failed,
  );
}

export function rejectAdminEdit(id: string, reason: string): Promise<boolean> {
  return rows.run(
    id,
    "reject",
    async () => {
      await unwrap(one.reject.$post({ param: { id: encodeURIComponent(id) }, json: { reason } }));
      adminSuccess(m.edits_rejected_toast(), m.edits_rejected_toast_text());
      touch("edits");
    },
    failed,
  );
}

/** Undoes an accepted change of categories; the listing's services change back. */
export function undoAdminEdit(id: string): Promise<boolean> {
  return rows.run(
    id,
    "undo",
    async () => {
      await unwrap(one.undo.$post({ param: { id: encodeURIComponent(id) } }));
      adminSuccess(m.edits_undone_toast(), m.edits_undone_toast_text());
      touch("edits", "providers");
    },
    failed,
  );
}
