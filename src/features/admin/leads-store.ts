/**
 * The admin Leads tab's data (decision 021): one server page of the quote
 * requests to review, held ones and reported ones (GET /api/admin/leads, paged
 * by headers like the Claims tab, decision 030), and the release / remove /
 * dismiss actions. English, as the admin dashboard is.
 */
import { map } from "nanostores";
import { ApiError } from "../../lib/api.ts";
import { api, unwrap, unwrapWithHeaders, withSignal } from "../../lib/api-client.ts";
import { ADMIN_PAGE_SIZE } from "../../lib/admin-schemas.ts";
import type { AdminLead } from "../../lib/lead-schemas.ts";
import { rowActions } from "../forms/row-actions.ts";
import { adminFailure, adminSuccess } from "./notify.ts";
import { firstPage, pagedList, type PagedListState } from "./paged-list.ts";
import { touch } from "./store.ts";

export type AdminLeadsState = PagedListState<AdminLead>;

export const $adminLeads = map<AdminLeadsState>({
  ...firstPage<AdminLead>(),
});

export type AdminLeadAction = "release" | "remove" | "dismiss";

/** Ids of leads with an action in flight, and which one. */
const rows = rowActions<AdminLeadAction>();
export const $adminLeadBusy = rows.$busy;

const list = pagedList<AdminLead, AdminLeadsState>({
  $store: $adminLeads,
  area: "leads",
  fetchPage: (s, signal) =>
    unwrapWithHeaders(
      api.admin.leads.$get(
        {
          query: {
            page: s.page > 1 ? String(s.page) : "",
            limit: String(ADMIN_PAGE_SIZE),
          },
        },
        withSignal(signal),
      ),
    ),
  failure: "Failed to load quote requests",
});

export const loadAdminLeads = list.load;
export const goToAdminLeadsPage = list.goToPage;

const DONE: Record<AdminLeadAction, { title: string; description: string }> = {
  release: { title: "Released", description: "The request was sent to the provider." },
  remove: { title: "Removed", description: "The request was removed as spam." },
  dismiss: { title: "Report dismissed", description: "The request stays with the provider." },
};

const FAILED: Record<AdminLeadAction, string> = {
  release: "Failed to release",
  remove: "Failed to remove",
  dismiss: "Failed to dismiss the report",
};

/**
 * Release a held lead, remove a held or reported one, or dismiss a report: it
 * leaves the list at once, and the page is fetched again to fill its place.
 * Resolves true once the server confirmed.
 */
export function adminLeadAction(id: string, action: AdminLeadAction): Promise<boolean> {
  return rows.run(
    id,
    action,
    async () => {
      const one = api.admin.leads[":id"];
      const param = { id: encodeURIComponent(id) };
      await unwrap(
        action === "release"
          ? one.release.$post({ param })
          : action === "remove"
            ? one.remove.$post({ param })
            : one.dismiss.$post({ param }),
      );
      const s = $adminLeads.get();
      $adminLeads.set({
        ...s,
        items: s.items.filter((l) => l.id !== id),
        total: Math.max(0, s.total - 1),
      });
      adminSuccess(DONE[action].title, DONE[action].description);
      touch("leads");
    },
    (err) => {
      adminFailure(err, FAILED[action]);
      // Decided by another admin meanwhile: the list shows what it is now.
      if (err instanceof ApiError && err.status === 409) void loadAdminLeads();
    },
  );
}
