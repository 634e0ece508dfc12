import { useStore } from "@nanostores/react";
import { MessagesSquare } from "lucide-react";
import type { ReactNode } from "react";
import { ErrorBox } from "../../components/ui/ErrorBox.tsx";
import { cityName, currentLocale, m } from "../../i18n/index.ts";
import { cn } from "../../lib/cn.ts";
import type { LeadSummary, LeadThread } from "../../lib/lead-schemas.ts";
import { LeadThreadView, StatusBadge, When } from "./LeadThread.tsx";
import { $thread, closeLead, openLead, type Side } from "./store.ts";
import { excerpt } from "./view.ts";

/**
 * The requests as a list, newest first (My Requests, and the provider's
 * inbox): who it is with, the first words, the status and a dot for unread.
 */
export function LeadList({
  leads,
  side,
  label,
}: {
  leads: readonly LeadSummary[];
  side: Side;
  label: string;
}) {
  const thread = useStore($thread);
  const locale = currentLocale();
  const openId = thread.status === "closed" ? null : thread.id;
  return (
    <ul aria-label={label} className="flex flex-col gap-2">
      {leads.map((l) => {
        const who = side === "customer" ? l.provider.companyName : l.customerName;
        const current = l.id === openId;
        return (
          <li key={l.id}>
            <button
              type="button"
              onClick={() => void openLead(l.id, side)}
              aria-current={current || undefined}
              className={cn(
                "rounded-card border-line bg-surface shadow-card hover:border-line-strong flex w-full flex-col gap-1 border p-3 text-start",
                "aria-[current=true]:border-primary aria-[current=true]:ring-primary aria-[current=true]:ring-1",
              )}
            >
              <span className="flex w-full items-start justify-between gap-2">
                <span
                  className={cn(
                    "text-ink min-w-0 break-words",
                    l.unread ? "font-bold" : "font-semibold",
                  )}
                >
                  {l.unread && (
                    <>
                      <span
                        aria-hidden="true"
                        className="bg-primary me-1.5 inline-block size-2 rounded-full align-middle"
                      />
                      <span className="sr-only">{m.leads_unread_marker()} </span>
                    </>
                  )}
                  <bdi>{who}</bdi>
                </span>
                <StatusBadge lead={l} />
              </span>
              <span dir="auto" className="text-ink-soft line-clamp-2 text-sm break-words">
                {excerpt(l.need)}
              </span>
              <span className="text-ink-muted text-xs">
                {cityName(l.city, locale)} · <When iso={l.lastMessageAt} />
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** Skeleton rows the size of the real ones, while the list loads. */
export function LeadListSkeleton({ label }: { label: string }) {
  return (
    <div role="status" className="flex flex-col gap-2">
      <span className="sr-only">{label}</span>
      {[0, 1, 2].map((i) => (
        <div
          key={i}
          aria-hidden="true"
          className="rounded-card border-line bg-surface flex flex-col gap-2 border p-3"
        >
          <div className="flex justify-between gap-2">
            <div className="skeleton h-4 w-40" />
            <div className="skeleton h-5 w-14 rounded-full" />
          </div>
          <div className="skeleton h-3.5 w-full" />
          <div className="skeleton h-3 w-28" />
        </div>
      ))}
    </div>
  );
}

/**
 * The open thread, whatever state it is in, or `placeholder` when none is
 * open. `actions` adds controls for the reader's side (the provider's status
 * and report).
 */
export function ThreadPane({
  side,
  placeholder,
  backLabel,
  actions,
  stacked = false,
}: {
  side: Side;
  stacked?: boolean;
  placeholder: ReactNode;
  backLabel: string;
  actions?: (thread: LeadThread) => ReactNode;
}) {
  const state = useStore($thread);
  if (state.status === "closed") return <>{placeholder}</>;
  if (state.status === "loading") {
    return (
      <div
        role="status"
        className="rounded-card border-line bg-surface flex flex-col gap-3 border p-5"
      >
        <span className="sr-only">{m.leads_loading_request()}</span>
        <div aria-hidden="true" className="skeleton h-6 w-2/3" />
        <div aria-hidden="true" className="skeleton h-4 w-40" />
        <div aria-hidden="true" className="skeleton rounded-card mt-2 h-28 w-full" />
        <div aria-hidden="true" className="skeleton rounded-card h-16 w-3/4" />
      </div>
    );
  }
  if (state.status === "error") {
    return (
      <ErrorBox
        title={m.leads_open_failed()}
        message={state.message}
        {...(!state.missing && { onRetry: () => void openLead(state.id, side) })}
      >
        <button type="button" onClick={closeLead} className="text-primary-dark text-sm underline">
          {backLabel}
        </button>
      </ErrorBox>
    );
  }
  return (
    <LeadThreadView
      key={state.id}
      thread={state.thread}
      actions={actions?.(state.thread)}
      onBack={closeLead}
      backLabel={backLabel}
      stacked={stacked}
    />
  );
}

/** A friendly box for an empty list or no thread chosen yet. */
export function EmptyBox({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="rounded-card border-line-strong bg-surface flex flex-col items-center border border-dashed px-6 py-12 text-center">
      <span className="bg-primary-soft text-primary flex size-14 items-center justify-center rounded-full">
        <MessagesSquare aria-hidden="true" className="size-7" />
      </span>
      <p className="text-ink mt-3 text-lg font-semibold">{title}</p>
      {children}
    </div>
  );
}
