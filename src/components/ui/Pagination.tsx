import { ChevronLeft, ChevronRight, LoaderCircle } from "lucide-react";
import { m } from "../../i18n/index.ts";
import { buttonClass } from "./button.ts";
import { hasNext, hasPrev, pageCount, pageOfText, showingText } from "./pagination.ts";

/**
 * Prev/Next for a server-paged list, with "Showing 1–20 of 3,214". The
 * buttons use aria-disabled rather than disabled, so a keyboard user who
 * pages to the end keeps focus on the button instead of losing it to <body>.
 * In a right-to-left page the row mirrors: Prev sits on the right and its
 * chevron points right, the way back in Urdu.
 */
export function Pagination({
  label,
  page,
  limit,
  total,
  loading = false,
  onPage,
}: {
  /** Names the navigation landmark, e.g. "Users pages". */
  label: string;
  page: number;
  limit: number;
  total: number;
  loading?: boolean;
  onPage: (page: number) => void;
}) {
  const prev = hasPrev(page);
  const next = hasNext(page, limit, total);
  const pages = pageCount(total, limit);
  return (
    <nav
      aria-label={label}
      className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="text-ink-soft flex items-center gap-2 text-sm tabular-nums" aria-live="polite">
        {loading && <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />}
        {showingText(page, limit, total)}
        {pages > 1 && <span className="text-ink-muted"> · {pageOfText(page, pages)}</span>}
      </p>
      <div className="grid grid-cols-2 gap-2 sm:flex">
        <button
          type="button"
          aria-disabled={!prev || loading || undefined}
          onClick={() => prev && !loading && onPage(page - 1)}
          className={buttonClass(
            "outline",
            "sm",
            "aria-disabled:cursor-not-allowed aria-disabled:opacity-50",
          )}
        >
          <ChevronLeft aria-hidden="true" className="size-4 rtl:-scale-x-100" />
          {m.common_prev()}
        </button>
        <button
          type="button"
          aria-disabled={!next || loading || undefined}
          onClick={() => next && !loading && onPage(page + 1)}
          className={buttonClass(
            "outline",
            "sm",
            "aria-disabled:cursor-not-allowed aria-disabled:opacity-50",
          )}
        >
          {m.common_next()}
          <ChevronRight aria-hidden="true" className="size-4 rtl:-scale-x-100" />
        </button>
      </div>
    </nav>
  );
}
