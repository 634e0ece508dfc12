import { useStore } from "@nanostores/react";
import { Check, Flag, Inbox, LoaderCircle, ShieldAlert, Trash2, X } from "lucide-react";
import { useRef } from "react";
import { buttonClass } from "../../components/ui/button.ts";
import { Pagination } from "../../components/ui/Pagination.tsx";
import { RefreshButton } from "../../components/ui/RefreshButton.tsx";
import { ADMIN_PAGE_SIZE } from "../../lib/admin-schemas.ts";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog.tsx";
import { ErrorBox } from "../../components/ui/ErrorBox.tsx";
import { cn } from "../../lib/cn.ts";
import type { AdminLead } from "../../lib/lead-schemas.ts";
import { When } from "../leads/LeadThread.tsx";
import {
  $adminLeadBusy,
  $adminLeads,
  adminLeadAction,
  goToAdminLeadsPage,
  loadAdminLeads,
} from "./leads-store.ts";

/**
 * Leads held for review (the same text sent to many providers within
 * minutes) and leads a provider reported as spam. A held lead can be released
 * to its provider or removed; a reported one removed or its report dismissed.
 * Cards, not a table, so a 360 px phone never scrolls sideways. One page at a
 * time, like the Claims tab.
 */
export function LeadsPanel() {
  const state = useStore($adminLeads);
  const busy = useStore($adminLeadBusy);
  const headingRef = useRef<HTMLHeadingElement>(null);

  return (
    <section
      aria-labelledby="admin-leads-heading"
      aria-busy={state.fetching || undefined}
      className="rounded-card border-line bg-surface shadow-card border p-4 sm:p-6"
    >
      <div className="flex items-start justify-between gap-3">
        <h2
          id="admin-leads-heading"
          ref={headingRef}
          tabIndex={-1}
          className="text-ink text-lg font-semibold outline-none"
        >
          Quote Requests to Review
        </h2>
        <RefreshButton
          loading={state.fetching}
          onRefresh={() => void loadAdminLeads()}
          className="-me-2 -mt-2 shrink-0"
        />
      </div>
      <p className="text-ink-muted text-sm sm:-mt-1">
        Requests held because the same text went to many providers within minutes, and requests
        providers reported as spam.
      </p>

      <div className="mt-5">
        {state.status === "error" ? (
          <ErrorBox
            title="We couldn't load the requests."
            message={state.message}
            onRetry={() => void loadAdminLeads()}
          />
        ) : state.status !== "ready" ? (
          <div role="status" className="flex flex-col gap-4">
            <span className="sr-only">Loading requests…</span>
            {[0, 1].map((i) => (
              <div key={i} aria-hidden="true" className="rounded-card border-line border p-4">
                <div className="skeleton h-5 w-56" />
                <div className="skeleton mt-3 h-4 w-full" />
                <div className="skeleton mt-2 h-4 w-2/3" />
              </div>
            ))}
          </div>
        ) : state.items.length === 0 ? (
          <div className="rounded-control bg-subtle text-ink-muted flex items-start gap-3 px-4 py-6 text-sm">
            <Inbox aria-hidden="true" className="size-5 shrink-0" />
            <div>
              <p className="text-ink font-medium">Nothing to review.</p>
              <p className="mt-0.5">Held and reported quote requests appear here.</p>
            </div>
          </div>
        ) : (
          <ul
            aria-label="Quote requests"
            className={cn("flex flex-col gap-4 transition-opacity", state.fetching && "opacity-60")}
          >
            {state.items.map((l) => (
              <li key={l.id}>
                <LeadCard
                  lead={l}
                  busy={busy[l.id] !== undefined}
                  onDone={() => headingRef.current?.focus()}
                />
              </li>
            ))}
          </ul>
        )}
      </div>

      {state.status === "ready" && state.total > ADMIN_PAGE_SIZE && (
        <div className="border-line mt-5 border-t pt-4">
          <Pagination
            label="Quote request pages"
            page={state.page}
            limit={ADMIN_PAGE_SIZE}
            total={state.total}
            loading={state.fetching}
            onPage={(page) => {
              goToAdminLeadsPage(page);
              headingRef.current?.scrollIntoView({ block: "start" });
            }}
          />
        </div>
      )}
    </section>
  );
}

function LeadCard({
  lead: l,
  busy,
  onDone,
}: {
  lead: AdminLead;
  busy: boolean;
  /** The card leaves the list once handled: focus goes somewhere stable. */
  onDone: () => void;
}) {
  const held = l.reason === "held";
  const act = async (action: "release" | "remove" | "dismiss") => {
    const ok = await adminLeadAction(l.id, action);
    if (ok) onDone();
    return ok;
  };

  return (
    <article
      aria-labelledby={`lead-${l.id}`}
      className="rounded-card border-line flex flex-col gap-3 border p-4 sm:p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={`lead-${l.id}`} className="text-ink font-semibold break-words">
            {l.customerName} to{" "}
            <a href={l.provider.url} className="text-primary-dark underline underline-offset-2">
              {l.provider.companyName}
            </a>
          </h3>
          <p className="text-ink-muted mt-0.5 text-sm break-all">
            {l.customerEmail} · {l.city} · <When iso={l.createdAt} />
          </p>
        </div>
        <span
          className={cn(
            "inline-flex shrink-0 items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-semibold",
            held
              ? "border-accent-border bg-accent-soft text-accent-ink"
              : "border-danger-border bg-danger-soft text-danger",
          )}
        >
          {held ? (
            <ShieldAlert aria-hidden="true" className="size-3.5" />
          ) : (
            <Flag aria-hidden="true" className="size-3.5" />
          )}
          {held ? "Held" : "Reported"}
        </span>
      </div>

      <p className="text-ink-soft rounded-control bg-subtle p-3 text-sm break-words whitespace-pre-line">
        {l.need}
      </p>
      {!held && (
        <p className="text-ink-soft text-sm">
          <span className="text-ink font-semibold">Provider's report: </span>
          {l.reportReason?.trim() || "No reason given."}
          {l.reportedAt && (
            <span className="text-ink-muted">
              {" "}
              (<When iso={l.reportedAt} />)
            </span>
          )}
        </p>
      )}

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <ConfirmDialog
          trigger={
            <button
              type="button"
              aria-disabled={busy || undefined}
              className={buttonClass("outline", "md", "text-danger hover:bg-danger-soft")}
            >
              <Trash2 aria-hidden="true" className="size-4" />
              Remove
            </button>
          }
          title="Remove this request as spam?"
          description="The provider will no longer see it and the customer is told it was removed."
          confirmLabel="Remove"
          busyLabel="Removing…"
          onConfirm={() => act("remove")}
        />
        <button
          type="button"
          onClick={() => void act(held ? "release" : "dismiss")}
          aria-disabled={busy || undefined}
          className={buttonClass("primary", "md", "aria-disabled:cursor-progress")}
        >
          {busy ? (
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
          ) : held ? (
            <Check aria-hidden="true" className="size-4" />
          ) : (
            <X aria-hidden="true" className="size-4" />
          )}
          {held ? "Release" : "Dismiss report"}
        </button>
      </div>
    </article>
  );
}
