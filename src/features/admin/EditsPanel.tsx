import { useStore } from "@nanostores/react";
import { Inbox } from "lucide-react";
import { ToggleGroup } from "radix-ui";
import { useId, useMemo } from "react";
import { ErrorBox } from "../../components/ui/ErrorBox.tsx";
import { Pagination } from "../../components/ui/Pagination.tsx";
import { RefreshButton } from "../../components/ui/RefreshButton.tsx";
import { currentLocale, m } from "../../i18n/index.ts";
import { cn } from "../../lib/cn.ts";
import { ADMIN_EDITS_PAGE_SIZE, EDIT_STATUSES, type EditStatus } from "../../lib/edit-schemas.ts";
import type { Category } from "../../lib/types.ts";
import { EditCard } from "../edits/EditCard.tsx";
import { statusLabel } from "../edits/view.ts";
import {
  $adminEditBusy,
  $adminEdits,
  acceptAdminEdit,
  goToAdminEditsPage,
  loadAdminEdits,
  rejectAdminEdit,
  setAdminEditsFilter,
  undoAdminEdit,
} from "./edits-store.ts";
import { $adminCategories } from "./store.ts";

/**
 * The Edits tab: corrections visitors suggested for any listing, by status
 * (pending first, as a queue), one card each with the value now beside the
 * suggested one, Accept and Reject with a reason. A claimed listing's owner
 * sees its own in the dashboard; admins may decide any. Cards rather than a
 * table, so a 360 px phone never scrolls sideways.
 */
export function EditsPanel() {
  const state = useStore($adminEdits);
  const busy = useStore($adminEditBusy);
  const categories = useStore($adminCategories);
  const labelId = useId();
  const locale = currentLocale();
  const names = useMemo(
    () =>
      new Map<string, Category>(
        categories.status === "ready" ? categories.items.map((c) => [c.id, c]) : [],
      ),
    [categories],
  );

  return (
    <section
      aria-labelledby="edits-heading"
      className="rounded-card border-line bg-surface shadow-card border p-4 sm:p-6"
    >
      <div className="flex items-start justify-between gap-3">
        <h2 id="edits-heading" className="text-ink text-lg font-semibold">
          {m.edits_admin_heading()}
        </h2>
        <RefreshButton
          loading={state.fetching}
          onRefresh={() => void loadAdminEdits()}
          className="-me-2 -mt-2 shrink-0"
        />
      </div>
      <p className="text-ink-muted text-sm sm:-mt-1">{m.edits_admin_intro()}</p>

      <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-3">
        <span id={labelId} className="text-ink text-sm font-semibold">
          {m.edits_admin_status()}
        </span>
        <ToggleGroup.Root
          type="single"
          value={state.filter}
          // A single toggle group lets the pressed item be switched off; a filter always has a value.
          onValueChange={(v) => v && setAdminEditsFilter(v as EditStatus)}
          aria-labelledby={labelId}
          className="border-line-strong bg-subtle rounded-control grid grid-cols-2 gap-1 border p-1 min-[400px]:grid-cols-4 sm:inline-grid"
        >
          {EDIT_STATUSES.map((s) => (
            <ToggleGroup.Item
              key={s}
              value={s}
              className={cn(
                "text-ink-soft min-h-11 rounded-md px-1 text-[0.8125rem] font-semibold transition-colors sm:px-4 sm:text-sm",
                "hover:text-ink focus-visible:outline-primary-ring focus-visible:outline-3 focus-visible:outline-offset-1",
                "data-[state=on]:bg-surface data-[state=on]:text-primary-dark data-[state=on]:shadow-card",
              )}
            >
              {statusLabel(s, locale)}
            </ToggleGroup.Item>
          ))}
        </ToggleGroup.Root>
      </div>

      <div className="mt-5">
        {state.status === "error" ? (
          <ErrorBox
            title={m.edits_admin_load_failed()}
            message={state.message}
            onRetry={() => void loadAdminEdits()}
          />
        ) : state.status === "loading" ? (
          <div role="status">
            <span className="sr-only">{m.edits_admin_loading()}</span>
            <ul aria-hidden="true" className="flex flex-col gap-4">
              {[0, 1].map((i) => (
                <li key={i} className="rounded-card border-line border p-4 sm:p-5">
                  <div className="skeleton h-6 w-48" />
                  <div className="skeleton mt-2 h-4 w-32" />
                  <div className="skeleton rounded-control mt-4 h-14 w-full" />
                </li>
              ))}
            </ul>
          </div>
        ) : state.items.length === 0 ? (
          <div className="rounded-control bg-subtle text-ink-muted flex items-start gap-3 px-4 py-6 text-sm">
            <Inbox aria-hidden="true" className="size-5 shrink-0" />
            <div>
              <p className="text-ink font-medium">
                {state.filter === "pending" ? m.edits_admin_empty_pending() : m.edits_admin_empty()}
              </p>
              {state.filter === "pending" && <p className="mt-0.5">{m.edits_admin_empty_text()}</p>}
            </div>
          </div>
        ) : (
          <div className="flex flex-col gap-4">
            <ul className="flex flex-col gap-4" aria-busy={state.fetching || undefined}>
              {state.items.map((e) => (
                <li key={e.id}>
                  <EditCard
                    edit={e}
                    categories={names}
                    busy={busy[e.id]}
                    showListing
                    onAccept={() => acceptAdminEdit(e.id)}
                    onReject={(reason) => rejectAdminEdit(e.id, reason)}
                    onUndo={() => undoAdminEdit(e.id)}
                  />
                </li>
              ))}
            </ul>
            <Pagination
              label={m.edits_admin_pages()}
              page={state.page}
              limit={ADMIN_EDITS_PAGE_SIZE}
              total={state.total}
              loading={state.fetching}
              onPage={goToAdminEditsPage}
            />
          </div>
        )}
      </div>
    </section>
  );
}
