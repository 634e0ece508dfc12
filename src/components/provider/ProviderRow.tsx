import { ArrowRight } from "lucide-react";
import type { ReactNode } from "react";
import { FavoriteButton } from "../../features/favorites/FavoriteButton.tsx";
import { categoryName, companyName, currentLocale, localHref, m } from "../../i18n/index.ts";
import { cn } from "../../lib/cn.ts";
import type { ProviderRowData } from "../../lib/provider-view.ts";
import { buttonClass } from "../ui/button.ts";
import { CategoryChip, SuggestedBadge, VerifiedBadge } from "../ui/Badge.tsx";
import { FastResponderBadge } from "../ui/FastResponderBadge.tsx";
import { FromPrice } from "./FromPrice.tsx";
import { ProviderAvatar } from "./ProviderAvatar.tsx";
import { ProviderFacts } from "./ProviderFacts.tsx";

interface Props {
  provider: ProviderRowData;
  /** Heading level of the company name inside the surrounding section. */
  headingLevel?: 2 | 3;
  /**
   * The heart toggle. Inside an island the default FavoriteButton works as is;
   * a pre-rendered page passes the FavoriteToggle island here (a named slot).
   */
  favorite?: ReactNode;
  /** The first rows of a page are above the fold: their images load at once. */
  eager?: boolean;
  /** Called when the Visit link is followed (the search counts it, decision 019). */
  onFollow?: (providerId: string) => void;
}

/**
 * One result row, shared by the pre-rendered listings and the islands so a row
 * fetched later looks exactly like one in the HTML. The Visit link stretches
 * over the whole card (one clear target) while staying a single, named link.
 * Names, prices and the link are in the page's language.
 */
export function ProviderRow({
  provider: p,
  headingLevel = 3,
  favorite,
  eager = false,
  onFollow,
}: Props) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const locale = currentLocale();
  const name = companyName(p, locale);
  return (
    <article className="rounded-card border-line bg-surface shadow-card hover:border-primary/40 relative flex gap-3 border p-4 transition-colors sm:gap-4 sm:p-5">
      <ProviderAvatar
        name={name}
        logoUrl={p.logoUrl}
        coverImageUrl={p.coverImageUrl}
        size={56}
        eager={eager}
        // A monogram adds little on the narrowest phones; the text needs the room more.
        className={cn(
          "size-12 sm:size-14",
          !p.logoUrl && !p.coverImageUrl && "hidden min-[400px]:flex",
        )}
      />
      <div className="flex min-w-0 flex-1 flex-col gap-2 sm:flex-row sm:items-center sm:gap-4">
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            {/* dir="auto": a name in the other script keeps its own order (punctuation, digits). */}
            <Heading
              dir="auto"
              className="text-ink text-base leading-snug font-semibold break-words sm:text-lg"
            >
              {name}
            </Heading>
            {p.isVerified && <VerifiedBadge />}
            {p.isFastResponder && <FastResponderBadge />}
            {p.isSuggested && <SuggestedBadge />}
          </div>
          <ProviderFacts p={p} className="mt-1" />
          {p.categories.length > 0 && (
            <ul className="mt-2 flex flex-wrap gap-1.5" aria-label={m.pages_categories()}>
              {p.categories.map((c) => (
                <li key={c.id}>
                  <CategoryChip name={categoryName(c, locale)} />
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 sm:flex-col sm:flex-nowrap sm:items-end sm:justify-center">
          <FromPrice value={p.fromPrice} hasServices={p.categories.length > 0} />
          <div className="flex items-center gap-1.5">
            {/* Above the stretched Visit link, so it gets its own clicks. */}
            <div className="relative z-10 flex">
              {favorite ?? <FavoriteButton providerId={p.id} />}
            </div>
            <a
              href={localHref(p.href)}
              onClick={onFollow && (() => onFollow(p.id))}
              className={buttonClass(
                "secondary",
                "sm",
                "after:rounded-card after:absolute after:inset-0 after:content-['']",
              )}
            >
              {m.pages_visit()}
              <span className="sr-only"> {name}</span>
              <ArrowRight aria-hidden="true" className="size-4 rtl:-scale-x-100" />
            </a>
          </div>
        </div>
      </div>
    </article>
  );
}

/** A placeholder with the same box model as ProviderRow, so results replace it without a jump. */
export function ProviderRowSkeleton() {
  return (
    <div
      aria-hidden="true"
      className="rounded-card border-line bg-surface shadow-card flex gap-3 border p-4 sm:gap-4 sm:p-5"
    >
      <div className="skeleton hidden size-12 shrink-0 rounded-lg min-[400px]:block sm:size-14" />
      <div className="flex min-w-0 flex-1 flex-col gap-2 sm:flex-row sm:items-center sm:gap-4">
        <div className="min-w-0 flex-1">
          <div className="skeleton h-6 w-3/5 sm:h-7" />
          <div className="skeleton mt-1.5 h-4 w-2/5" />
          <div className="mt-2.5 flex gap-1.5">
            <div className="skeleton h-5 w-20" />
            <div className="skeleton h-5 w-24" />
          </div>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 sm:flex-col sm:flex-nowrap sm:items-end sm:justify-center">
          <div className="skeleton h-5 w-28" />
          <div className="flex items-center gap-1.5">
            <div className="size-11" />
            <div className="skeleton rounded-control h-11 w-20" />
          </div>
        </div>
      </div>
    </div>
  );
}

/** Six placeholder rows while a page loads, plus a status for screen readers. */
export function ProviderRowSkeletons({ count = 6 }: { count?: number }) {
  return (
    <div className="flex flex-col gap-3" role="status">
      <span className="sr-only">{m.pages_loading_providers()}</span>
      {Array.from({ length: count }, (_, i) => (
        <ProviderRowSkeleton key={i} />
      ))}
    </div>
  );
}
