import { ArrowRight } from "lucide-react";
import type { ReactNode } from "react";
import { FavoriteButton } from "../../features/favorites/FavoriteButton.tsx";
import {
  categoryName,
  companyDescription,
  companyName,
  currentLocale,
  localHref,
  m,
} from "../../i18n/index.ts";
import { cn } from "../../lib/cn.ts";
import { truncateText, type ProviderCardData } from "../../lib/provider-view.ts";
import { CategoryChip, SuggestedBadge, VerifiedBadge } from "../ui/Badge.tsx";
import { FastResponderBadge } from "../ui/FastResponderBadge.tsx";
import { ResponsiveImage } from "../ui/ResponsiveImage.tsx";
import { buttonClass } from "../ui/button.ts";
import { FromPrice } from "./FromPrice.tsx";
import { initials } from "./ProviderAvatar.tsx";
import { ProviderFacts } from "./ProviderFacts.tsx";

/** Compact cards cut the description at 120 characters and show 2 categories, else 3. */
export const COMPACT_DESCRIPTION_CHARS = 120;
const MAX_CATEGORIES = { compact: 2, full: 3 } as const;

interface Props {
  provider: ProviderCardData;
  /** Shorter description and fewer category badges (grids of cards). */
  compact?: boolean;
  /** "grid": image above the text; "list": image beside it. */
  layout?: "grid" | "list";
  headingLevel?: 2 | 3;
  /** The heart; defaults to the FavoriteButton. */
  favorite?: ReactNode;
}

/**
 * The provider card: cover image (fallback logo,
 * then a placeholder), name, badges, lowest price, description, up to three
 * categories, location, response time, 'Visit Profile' and the heart. The
 * Visit Profile link stretches over the card, so the whole card is one target
 * while the heart keeps its own clicks.
 */
export function ProviderCard({
  provider: p,
  compact = false,
  layout = "grid",
  headingLevel = 3,
  favorite,
}: Props) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const max = compact ? MAX_CATEGORIES.compact : MAX_CATEGORIES.full;
  const shown = p.categories.slice(0, max);
  const more = p.categories.length - shown.length;
  const locale = currentLocale();
  const name = companyName(p, locale);
  const description = companyDescription(p, locale).trim();
  const list = layout === "list";

  return (
    <article
      className={cn(
        "rounded-card border-line bg-surface shadow-card hover:border-primary/40 relative flex overflow-hidden border transition-colors",
        list ? "flex-row" : "h-full flex-col",
      )}
    >
      <div
        className={cn(
          "bg-subtle relative shrink-0",
          list ? "w-24 self-stretch min-[400px]:w-32 sm:w-52" : "aspect-[4/3] w-full",
        )}
      >
        <CoverImage provider={p} name={name} layout={layout} />
        <div className="absolute end-2 top-2 z-10 flex rounded-full">
          {favorite ?? <FavoriteButton providerId={p.id} overlay />}
        </div>
      </div>

      <div
        className={cn(
          "flex min-w-0 flex-1",
          list ? "flex-col gap-3 p-3 sm:flex-row sm:gap-6 sm:p-5" : "flex-col gap-2 p-4",
        )}
      >
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            {/* dir="auto": a name or text in the other script keeps its own order. */}
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

          {!list && <FromPrice value={p.fromPrice} hasServices={p.categories.length > 0} />}

          {description && (
            <p
              dir="auto"
              className={cn(
                "text-ink-soft text-sm leading-relaxed",
                !compact && (list ? "line-clamp-2" : "line-clamp-3"),
              )}
            >
              {compact ? truncateText(description, COMPACT_DESCRIPTION_CHARS) : description}
            </p>
          )}

          {shown.length > 0 && (
            <ul className="flex flex-wrap gap-1.5" aria-label={m.pages_categories()}>
              {shown.map((c) => (
                <li key={c.id}>
                  <CategoryChip name={categoryName(c, locale)} />
                </li>
              ))}
              {more > 0 && (
                <li>
                  <span className="bg-subtle text-ink-muted inline-flex items-center rounded-md px-2 py-0.5 text-xs font-medium">
                    {m.pages_more_categories({ count: more })}
                  </span>
                </li>
              )}
            </ul>
          )}

          <ProviderFacts p={p} />
        </div>

        {/* Grid: the button at the foot of the card. List: price and button in an end column. */}
        <div
          className={cn(
            list
              ? "flex flex-wrap items-center justify-between gap-2 sm:shrink-0 sm:flex-col sm:flex-nowrap sm:items-end sm:justify-center"
              : "mt-auto pt-1",
          )}
        >
          {list && <FromPrice value={p.fromPrice} hasServices={p.categories.length > 0} />}
          <a
            href={localHref(p.href)}
            className={buttonClass(
              "secondary",
              "sm",
              cn("after:absolute after:inset-0 after:content-['']", !list && "w-full"),
            )}
          >
            {m.pages_visit_profile()}
            <span className="sr-only"> {m.pages_visit_profile_of({ name })}</span>
            <ArrowRight aria-hidden="true" className="size-4 rtl:-scale-x-100" />
          </a>
        </div>
      </div>
    </article>
  );
}

/**
 * How wide the cover is drawn: the card's width in the favorites grid (one,
 * two or three columns in a max-w-6xl page), the fixed side panel in a list.
 */
const COVER_SIZES = {
  grid: "(min-width: 1024px) 368px, (min-width: 640px) calc(50vw - 40px), calc(100vw - 32px)",
  list: "(min-width: 640px) 208px, (min-width: 400px) 128px, 96px",
} as const;

/** Cover, else logo, else a monogram panel; a failing URL falls back via the layout's script. */
function CoverImage({
  provider: p,
  name,
  layout,
}: {
  provider: ProviderCardData;
  /** The name the card shows (the monogram's initials). */
  name: string;
  layout: "grid" | "list";
}) {
  const src = p.coverImageUrl || p.logoUrl;
  if (!src) {
    return (
      <div
        aria-hidden="true"
        className="card-placeholder absolute inset-0 flex items-center justify-center"
      >
        <span className="bg-surface text-primary-dark shadow-card flex size-16 items-center justify-center rounded-2xl text-xl font-bold sm:size-20 sm:text-2xl">
          {initials(name)}
        </span>
      </div>
    );
  }
  return (
    <ResponsiveImage
      src={src}
      sizes={COVER_SIZES[layout]}
      alt=""
      width={400}
      height={300}
      loading="lazy"
      decoding="async"
      data-fallback={p.coverImageUrl && p.logoUrl ? p.logoUrl : ""}
      className="absolute inset-0 size-full object-cover"
    />
  );
}

/** A card-shaped placeholder while favorites load (same box, so nothing jumps). */
export function ProviderCardSkeleton({ layout = "grid" }: { layout?: "grid" | "list" }) {
  const list = layout === "list";
  return (
    <div
      aria-hidden="true"
      className={cn(
        "rounded-card border-line bg-surface shadow-card flex overflow-hidden border",
        list ? "flex-row" : "flex-col",
      )}
    >
      <div
        className={cn(
          "skeleton shrink-0 rounded-none",
          list ? "w-24 min-[400px]:w-32 sm:w-52" : "aspect-[4/3] w-full",
        )}
      />
      <div className={cn("flex flex-1 flex-col gap-2", list ? "p-3 sm:p-5" : "p-4")}>
        <div className="skeleton h-6 w-3/4" />
        <div className="skeleton h-5 w-32" />
        <div className="skeleton h-4 w-full" />
        <div className="skeleton h-4 w-5/6" />
        <div className="flex gap-1.5">
          <div className="skeleton h-5 w-20" />
          <div className="skeleton h-5 w-24" />
        </div>
        <div className="skeleton h-4 w-2/5" />
        <div className="skeleton rounded-control mt-1 h-11 w-full" />
      </div>
    </div>
  );
}
