import { useStore } from "@nanostores/react";
import { Flag } from "lucide-react";
import { useId, useState } from "react";
import { buttonClass } from "../../components/ui/button.ts";
import { LoadMoreButton } from "../../components/ui/LoadMoreButton.tsx";
import { RefreshButton } from "../../components/ui/RefreshButton.tsx";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog.tsx";
import { ErrorBox } from "../../components/ui/ErrorBox.tsx";
import { SelectControl } from "../../components/ui/Field.tsx";
import { currentLocale, formatCount, localHref, m } from "../../i18n/index.ts";
import { cn } from "../../lib/cn.ts";
import { LEAD_STATUSES, type LeadStatus, type LeadThread } from "../../lib/lead-schemas.ts";
import { fillSlots } from "../../i18n/slots.tsx";
import { EmptyBox, LeadList, LeadListSkeleton, ThreadPane } from "../leads/LeadList.tsx";
import {
  $inbox,
  $inboxUnread,
  $thread,
  loadInbox,
  loadMore,
  reportLead,
  setLeadStatus,
} from "../leads/store.ts";
import { statusLabel, unreadText } from "../leads/view.ts";
import type { MyProvider } from "./store.ts";

/** The unread count on the Leads tab's trigger: nothing while there is none. */
export function LeadsUnreadCount() {
  const unread = useStore($inboxUnread);
  if (unread === 0) return null;
  return (
    <span className="bg-primary rounded-full px-2 py-0.5 text-xs font-semibold text-white tabular-nums">
      {formatCount(unread, currentLocale())}
      <span className="sr-only"> {m.leads_unread()}</span>
    </span>
  );
}

/**
 * The Leads tab: the quote requests sent to this provider, newest first
 * (a page at a time, 'Load more' for older ones), and the open one's thread with the customer's name and email, a reply box
 * that can carry a quote, the status (New / Replied / Quoted / Won / Lost)
 * and 'Report as spam'. `/provider-dashboard?lead={id}` opens on that thread.
 */
export function LeadsTab({ provider }: { provider: MyProvider }) {
  const inbox = useStore($inbox);
  const unread = useStore($inboxUnread);
  const thread = useStore($thread);
  const open = thread.status !== "closed";
  const unreadLine = unreadText(unread);

  return (
    <section aria-labelledby="leads-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="leads-heading" className="text-ink text-lg font-semibold">
            {m.leads_tab_heading()}
          </h2>
          <p className="text-ink-muted mt-0.5 text-sm">
            {m.leads_tab_intro()}
            {unreadLine && ` ${m.leads_unread_sentence({ unread: unreadLine })}`}
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
          title={m.leads_load_leads_failed()}
          message={inbox.error}
          onRetry={() => void loadInbox()}
        />
      ) : inbox.status !== "ready" && inbox.leads.length === 0 ? (
        <LeadListSkeleton label={m.leads_loading_leads()} />
      ) : inbox.leads.length === 0 && !open ? (
        <EmptyBox title={m.leads_no_leads()}>
          <p className="text-ink-soft mt-1 max-w-sm">
            {fillSlots(m.leads_no_leads_text({ page: "{page}" }), {
              page: (
                <a
                  href={localHref(provider.path)}
                  className="text-primary-dark underline underline-offset-2"
                >
                  {m.leads_your_page()}
                </a>
              ),
            })}
          </p>
        </EmptyBox>
      ) : (
        <div className="flex flex-col gap-4">
          <div className={cn("flex flex-col gap-3", open && "hidden")}>
            <LeadList leads={inbox.leads} side="provider" label={m.leads_your_leads()} />
            {inbox.next && (
              <LoadMoreButton
                loading={inbox.loadingMore}
                onLoad={() => void loadMore("provider")}
              />
            )}
          </div>
          <ThreadPane
            side="provider"
            backLabel={m.leads_all_leads()}
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
          {m.leads_status()}
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
              {statusLabel(s)}
            </option>
          ))}
        </SelectControl>
      </div>
      {thread.reportedAt ? (
        <p className="text-ink-muted flex min-h-11 items-center gap-1.5 text-sm">
          <Flag aria-hidden="true" className="size-4" />
          {m.leads_reported_as_spam()}
        </p>
      ) : (
        <ConfirmDialog
          trigger={
            <button
              type="button"
              className={buttonClass("outline", "sm", "text-danger hover:bg-danger-soft")}
            >
              <Flag aria-hidden="true" className="size-4" />
              {m.leads_report_spam()}
            </button>
          }
          title={m.leads_report_title()}
          description={m.leads_report_description()}
          confirmLabel={m.leads_report_spam()}
          busyLabel={m.leads_reporting()}
          onConfirm={() => reportLead(thread.id)}
        />
      )}
    </div>
  );
}
