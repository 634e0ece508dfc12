import { useStore } from "@nanostores/react";
import { useState } from "react";
import { ProviderList } from "../../components/listing/ProviderList.tsx";
import { ProviderRowSkeletons } from "../../components/provider/ProviderRow.tsx";
import { ErrorBox } from "../../components/ui/ErrorBox.tsx";
import { LoadMoreButton } from "../../components/ui/LoadMoreButton.tsx";
import { showingOf } from "./counts.ts";
import { createListingStore } from "./store.ts";

interface Props {
  /** City name, or null on /pk. */
  city: string | null;
  categoryId: string | null;
  /** Rows already in the page's HTML (a whole number of API pages). */
  renderedCount: number;
  pageSize: number;
  total: number;
}

/**
 * Continues a pre-rendered listing past its first rows (hydrated on idle, not
 * when visible, so a click on the button is never lost): the build renders at
 * most 48 rows per page and this fetches the rest from the API on request.
 */
export function LoadMore(props: Props) {
  const [store] = useState(() =>
    createListingStore(
      { city: props.city, categoryId: props.categoryId },
      {
        page: Math.floor(props.renderedCount / props.pageSize),
        total: props.total,
        hasMore: props.total > props.renderedCount,
      },
    ),
  );
  const s = useStore(store.$state);
  const shown = props.renderedCount + s.items.length;

  return (
    <div className="flex flex-col gap-3">
      {s.items.length > 0 && <ProviderList items={s.items} />}
      {s.status === "loading" && <ProviderRowSkeletons />}
      {s.status === "error" && <ErrorBox message={s.error} onRetry={() => void store.loadNext()} />}
      <p className="text-ink-muted text-center text-sm tabular-nums" aria-live="polite">
        {showingOf(Math.min(shown, s.total), s.total)}
      </p>
      {s.hasMore && s.status !== "error" && (
        <LoadMoreButton loading={s.status === "loading"} onLoad={() => void store.loadNext()} />
      )}
    </div>
  );
}
