import { useStore } from "@nanostores/react";
import { Flag } from "lucide-react";
import { useId, useState } from "react";
import { buttonClass } from "../../components/ui/button.ts";
import { RefreshButton } from "../../components/ui/RefreshButton.tsx";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog.tsx";
import { ErrorBox } from "../../components/ui/ErrorBox.tsx";
import { SelectControl } from "../../components/ui/Field.tsx";
import { cn } from "../../lib/cn.ts";
import {
  LEAD_STATUS_LABELS,
  LEAD_STATUSES,
  type LeadStatus,
  type LeadThread,
} from "../../lib/lead-schemas.ts";
import { EmptyBox, LeadList, LeadListSkeleton, ThreadPane } from "../leads/LeadList.tsx";
import {
  $inbox,
  $inboxUnread,
  $thread,
  loadInbox,
  reportLead,
  setLeadStatus,
} from "../leads/store.ts";
import { unreadText } from "../leads/view.ts";
import type { MyProvider } from "./store.ts";

/** The unread count on the Leads tab's trigger: nothing while there is none. */
export function LeadsUnreadCount() {
  const unread = useStore($inboxUnread);
  if (unread === 0) return null;
  return (
    <span className="bg-primary rounded-full px-2 py-0.5 text-xs font-semibold text-white tabular-nums">
      {unread}
      <span className="sr-only"> unread</span>
    </span>
  );
}

/**
 * The Leads tab: the quote requests sent to this provider, newest first,
 * and the open one's thread with the customer's name and email, a reply box
 * that can carry a quote, the status (New / Replied / Quoted / Won / Lost)
 * and 'Report as spam'. `/provider-dashboard?lead={id}` opens on that thread.
 */
export function LeadsTab({ provider }: { provider: MyProvider }) {
  const inbox = useStore($inbox);
  const unread = useStore($inboxUnread);
  const thread = useStore($thread);
  const open = thread.status !== "closed";

  return (
    <section aria-labelledby="leads-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="leads-heading" className="text-ink text-lg font-semibold">
            Leads
          </h2>
          <p className="text-ink-muted mt-0.5 text-sm">
            Quote requests from customers, newest first.
            {unreadText(unread) && ` ${unreadText(unread)}.`}
          </p>
        </div>
        <RefreshButton
          loading={inbox.status === "loading"}
          onRefresh={() => void loadInbox()}
          className="-me-2"
        />
      </div>

      {inbox.status === "error" ? (
        <ErrorBox
          title="We couldn't load your leads."
          message={inbox.error}
          onRetry={() => void loadInbox()}
        />
      ) : inbox.status !== "ready" && inbox.leads.length === 0 ? (
        <LeadListSkeleton label="Loading your leads…" />
      ) : inbox.leads.length === 0 && !open ? (
        <EmptyBox title="No leads yet">
          <p className="text-ink-soft mt-1 max-w-sm">
            When a customer requests a quote from{" "}
            <a href={provider.path} className="text-primary-dark underline underline-offset-2">
              your page
            </a>
            , it arrives here and by email.
          </p>
        </EmptyBox>
      ) : (
        <div className="flex flex-col gap-4">
          <div className={cn(open && "hidden")}>
            <LeadList leads={inbox.leads} side="provider" label="Your leads" />
          </div>
          <ThreadPane
            side="provider"
            backLabel="All leads"
            stacked
            placeholder={null}
            actions={(t) => <LeadActions key={t.id} thread={t} />}
          />
        </div>
      )}
    </section>
  );
}

/** The provider's controls on a thread: its status, and 'Report as spam'. */
function LeadActions({ thread }: { thread: LeadThread }) {
  const id = useId();
  const [saving, setSaving] = useState(false);

  const change = async (status: LeadStatus) => {
    if (saving || status === thread.status) return;
    setSaving(true);
    await setLeadStatus(thread.id, status);
    setSaving(false);
  };

  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-status`} className="text-ink text-sm font-semibold">
          Status
        </label>
        <SelectControl
          id={`${id}-status`}
          value={thread.status}
          aria-busy={saving || undefined}
          disabled={saving}
          onChange={(e) => void change(e.currentTarget.value as LeadStatus)}
          className="min-w-40"
        >
          {LEAD_STATUSES.map((s) => (
            <option key={s} value={s}>
              {LEAD_STATUS_LABELS[s]}
            </option>
          ))}
        </SelectControl>
      </div>
      {thread.reportedAt ? (
        <p className="text-ink-muted flex min-h-11 items-center gap-1.5 text-sm">
          <Flag aria-hidden="true" className="size-4" />
          Reported as spam
        </p>
      ) : (
        <ConfirmDialog
          trigger={
            <button
              type="button"
              className={buttonClass("outline", "sm", "text-danger hover:bg-danger-soft")}
            >
              <Flag aria-hidden="true" className="size-4" />
              Report as spam
            </button>
          }
          title="Report this request as spam?"
          description="Our team will review it. Report only requests that are not genuine: advertising, scams or abuse."
          confirmLabel="Report as spam"
          busyLabel="Reporting…"
          onConfirm={() => reportLead(thread.id)}
        />
      )}
    </div>
  );
}
