/**
 * The admin Claims tab's data (decision 025): one server page of
 * claims of the chosen status (GET /api/admin/claims, paged by headers like
 * Manage Providers), and the decisions on a pending one. A decision changes
 * who owns a listing, so the providers list and the stats refetch too.
 */
import { map } from "nanostores";
import { ApiError } from "../../lib/api.ts";
import { api, unwrap, unwrapWithHeaders, withSignal } from "../../lib/api-client.ts";
import { ADMIN_PAGE_SIZE } from "../../lib/admin-schemas.ts";
import type { AdminClaim, ClaimStatus } from "../../lib/claim-schemas.ts";
import { adminFailure, adminSuccess } from "./notify.ts";
import { firstPage, pagedList, type PagedListState } from "./paged-list.ts";
import { touch } from "./store.ts";
import { rowActions } from "../forms/row-actions.ts";

export type ClaimsState = { filter: ClaimStatus } & PagedListState<AdminClaim>;

export const $claims = map<ClaimsState>({
  filter: "pending",
  ...firstPage<AdminClaim>(),
});

/** Ids of claims with a decision in flight, and which one. */
const rows = rowActions<"approve" | "reject">();
export const $claimDecision = rows.$busy;

const list = pagedList<AdminClaim, ClaimsState>({
  $store: $claims,
  area: "claims",
  fetchPage: (s, signal) =>
    unwrapWithHeaders(
      api.admin.claims.$get(
        {
          query: {
            status: s.filter,
            page: s.page > 1 ? String(s.page) : "",
            limit: String(ADMIN_PAGE_SIZE),
          },
        },
        withSignal(signal),
      ),
    ),
  failure: "Failed to load claims",
});

export const loadClaims = list.load;
export const goToClaimsPage = list.goToPage;

export function setClaimsFilter(filter: ClaimStatus): void {
  list.refilter({ filter });
}

/** A claim decided elsewhere (409) is stale here: the list reloads to show what it is now. */
function failed(err: unknown, fallback: string): void {
  adminFailure(err, fallback);
  if (err instanceof ApiError && err.status === 409) void loadClaims();
}

/** POST …/approve: the requester owns the listing. True once the server confirmed. */
export function approveClaim(id: string): Promise<boolean> {
  return rows.run(
    id,
    "approve",
    async () => {
      await unwrap(
        api.admin.claims[":id"].approve.$post({ param: { id: encodeURIComponent(id) } }),
      );
      const c = $claims.get().items.find((x) => x.id === id);
      adminSuccess(
        "Approved",
        c ? `${c.requester.email} now owns ${c.provider.companyName}.` : undefined,
      );
      // The listing has an owner: the providers list and the stats show it; competing claims moved.
      touch("claims", "providers", "stats", "users");
    },
    (err) => failed(err, "Failed to approve"),
  );
}

/** POST …/reject with the reason the requester is mailed. True once the server confirmed. */
export function rejectClaim(id: string, reason: string): Promise<boolean> {
  return rows.run(
    id,
    "reject",
    async () => {
      await unwrap(
        api.admin.claims[":id"].reject.$post({
          param: { id: encodeURIComponent(id) },
          json: { reason },
        }),
      );
      adminSuccess("Rejected", "The requester is emailed the reason.");
      touch("claims");
    },
    (err) => failed(err, "Failed to reject"),
  );
}
