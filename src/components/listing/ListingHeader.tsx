import type { Crumb } from "../../lib/seo.ts";
import { Breadcrumbs } from "./Breadcrumbs.tsx";
import { providerCount } from "../../features/listing/counts.ts";

/** Breadcrumb, title and count of a listing page (design brief, listing pages). */
export function ListingHeader({
  crumbs,
  heading,
  total,
  intro,
}: {
  crumbs: readonly Crumb[];
  heading: string;
  /** null while the count is not known yet (live listing). */
  total: number | null;
  intro?: string | undefined;
}) {
  return (
    <header className="flex flex-col gap-1">
      <Breadcrumbs crumbs={crumbs} />
      <h1 className="text-ink text-2xl font-bold tracking-tight sm:text-3xl">{heading}</h1>
      <p className="text-ink-muted min-h-6 tabular-nums">
        {total === null ? (
          <span className="skeleton inline-block h-4 w-28 align-middle" />
        ) : (
          providerCount(total)
        )}
      </p>
      {intro && <p className="text-ink-soft mt-1 max-w-3xl text-sm">{intro}</p>}
    </header>
  );
}
