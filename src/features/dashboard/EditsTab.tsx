import { useStore } from "@nanostores/react";
import { MessageSquareWarning } from "lucide-react";
import { useMemo } from "react";
import { LoadMoreButton } from "../../components/ui/LoadMoreButton.tsx";
import { RefreshButton } from "../../components/ui/RefreshButton.tsx";
import { ErrorBox } from "../../components/ui/ErrorBox.tsx";
import { currentLocale, formatCount, m } from "../../i18n/index.ts";
import type { Category } from "../../lib/types.ts";
import { EditCard } from "../edits/EditCard.tsx";
import {
  $ownerEditBusy,
  $ownerEdits,
  acceptOwnerEdit,
  loadMoreOwnerEdits,
  loadOwnerEdits,
  rejectOwnerEdit,
  undoOwnerEdit,
} from "../edits/owner-store.ts";
import { splitByStatus } from "../edits/view.ts";
import { $categories } from "./store.ts";

/**
 * 'Suggested changes' (decision 025): corrections visitors proposed for the
 * owner's listing, each with the value now beside the suggested one, Accept
 * and Reject with a reason. A section above the tabs rather than a sixth tab:
 * five tabs already share a 360 px row, and a waiting proposal should be seen
 * on arrival. Shown only when there is something to show (nothing while the
 * list loads or when nobody has suggested anything).
 */
export function EditsTab() {
  const state = useStore($ownerEdits);
  const busy = useStore($ownerEditBusy);
  const categories = useStore($categories);
  const names = useMemo(
    () =>
      new Map<string, Category>(
        categories.status === "ready" ? categories.items.map((c) => [c.id, c]) : [],
      ),
    [categories],
  );

  if (state.status === "loading") return null;
  if (state.status === "error") {
    return (
      <div className="mt-5">
        <ErrorBox
          title={m.edits_owner_load_failed()}
          message={state.message}
          onRetry={() => void loadOwnerEdits()}
        />
      </div>
    );
  }
  if (state.items.length === 0) return null;

  const { pending, decided } = splitByStatus(state.items);
  // Every pending one is on the first page: the rest of the count is decided ones.
  const decidedTotal = Math.max(decided.length, state.total - pending.length);
  const card = (e: (typeof state.items)[number]) => (
    <li key={e.id}>
      <EditCard
        edit={e}
        categories={names}
        busy={busy[e.id]}
        onAccept={() => acceptOwnerEdit(e.id)}
        onReject={(reason) => rejectOwnerEdit(e.id, reason)}
        onUndo={() => undoOwnerEdit(e.id)}
      />
    </li>
  );

  return (
    <section
      aria-labelledby="suggested-changes-heading"
      className="rounded-card border-accent-border bg-accent-soft/40 mt-5 border p-4 sm:p-5"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 items-start gap-2">
          <MessageSquareWarning
            aria-hidden="true"
            className="text-accent-ink mt-0.5 size-5 shrink-0"
          />
          <div className="min-w-0">
            <h2 id="suggested-changes-heading" className="text-ink text-lg font-semibold">
              {m.edits_owner_heading()}
              {pending.length > 0 && (
                <span className="bg-accent-ink ms-2 rounded-full px-2 py-0.5 align-middle text-xs font-semibold text-white tabular-nums">
                  {m.edits_pending_count({ count: formatCount(pending.length, currentLocale()) })}
                </span>
              )}
            </h2>
            <p className="text-ink-soft mt-0.5 text-sm">{m.edits_owner_intro()}</p>
          </div>
        </div>
        <RefreshButton
          loading={false}
          onRefresh={() => void loadOwnerEdits()}
          className="-me-2 -mt-2 shrink-0"
        />
      </div>

      {pending.length > 0 ? (
        <ul className="mt-4 flex flex-col gap-3">{pending.map(card)}</ul>
      ) : (
        <p className="text-ink-muted mt-3 text-sm">{m.edits_owner_none_pending()}</p>
      )}

      {decided.length > 0 && (
        <details className="group mt-4">
          <summary className="text-primary-dark focus-visible:outline-primary-ring rounded-control inline-flex min-h-11 cursor-pointer items-center text-sm font-semibold focus-visible:outline-3">
            {m.edits_owner_decided({ count: formatCount(decidedTotal, currentLocale()) })}
          </summary>
          <ul className="mt-2 flex flex-col gap-3">{decided.map(card)}</ul>
          {state.next && (
            <div className="mt-3">
              <LoadMoreButton
                loading={state.loadingMore}
                onLoad={() => void loadMoreOwnerEdits()}
              />
            </div>
          )}
        </details>
      )}
    </section>
  );
}
