import { SearchX } from "lucide-react";
import type { ReactNode } from "react";
import { m } from "../../i18n/index.ts";
import type { ProviderRowData } from "../../lib/provider-view.ts";
import { ProviderRow } from "../provider/ProviderRow.tsx";

/**
 * The rows of a result list inside an island (the directory, live listings,
 * Load more); a plain list so screen readers announce the count. Pre-rendered
 * listings build the same list in ListingBody.astro, one heart island a row.
 */
export function ProviderList({
  items,
  onFollow,
}: {
  items: readonly ProviderRowData[];
  /** Called when a row's link is followed. */
  onFollow?: (providerId: string) => void;
}) {
  return (
    <ul className="flex flex-col gap-3">
      {items.map((p) => (
        <li key={p.id}>
          <ProviderRow provider={p} onFollow={onFollow} />
        </li>
      ))}
    </ul>
  );
}

/** Spec copy 'No providers found.' with a hint of what to do next. */
export function NoProviders({ children }: { children?: ReactNode }) {
  return (
    <div className="rounded-card border-line-strong bg-surface flex flex-col items-center border border-dashed px-6 py-10 text-center">
      <SearchX aria-hidden="true" className="text-ink-muted size-10" />
      <p className="text-ink mt-3 text-lg font-semibold">{m.pages_no_providers()}</p>
      {children && <div className="text-ink-muted mt-1 max-w-md text-sm">{children}</div>}
    </div>
  );
}
