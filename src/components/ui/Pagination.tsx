import { ChevronLeft, ChevronRight, LoaderCircle } from "lucide-react";
import { buttonClass } from "./button.ts";
import { hasNext, hasPrev, pageCount, showingText } from "./pagination.ts";

const count = new Intl.NumberFormat("en-PK", { maximumFractionDigits: 0 });

/**
 * Prev/Next for a server-paged list, with "Showing 1–20 of 3,214". The
 * buttons use aria-disabled rather than disabled, so a keyboard user who
 * pages to the end keeps focus on the button instead of losing it to <body>.
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
        {pages > 1 && (
          <span className="text-ink-muted">
            {" "}
            · page {count.format(page)} of {count.format(pages)}
          </span>
        )}
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
          <ChevronLeft aria-hidden="true" className="size-4" />
          Prev
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
          Next
          <ChevronRight aria-hidden="true" className="size-4" />
        </button>
      </div>
    </nav>
  );
}
