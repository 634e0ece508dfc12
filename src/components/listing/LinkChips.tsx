import { currentLocale, formatCount, localHref } from "../../i18n/index.ts";
import { cn } from "../../lib/cn.ts";
import { CategoryIcon } from "../../lib/icons.tsx";

export interface ChipLink {
  label: string;
  href: string;
  /** Optional count shown after the label. */
  count?: number | undefined;
  /** A category's icon class (`icon-shirt`), drawn as inline SVG. */
  icon?: string | undefined;
  current?: boolean;
}

/**
 * A titled group of link chips (popular cities, other categories): for people
 * and for crawlers. Labels come in the page's language; links are taken into it.
 */
export function LinkChips({
  title,
  links,
  headingLevel = 2,
  scrollOnPhones = false,
  more,
  id,
  className,
}: {
  title: string;
  links: readonly ChipLink[];
  headingLevel?: 2 | 3;
  /** One swipeable row on phones, so a long list does not push the results off screen. */
  scrollOnPhones?: boolean;
  /** A trailing "see all" link, e.g. to the full list further down the page. */
  more?: { label: string; href: string } | undefined;
  id?: string | undefined;
  className?: string;
}) {
  if (links.length === 0) return null;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section id={id} className={cn(id && "scroll-mt-20", className)}>
      <Heading className="text-ink text-base font-semibold">{title}</Heading>
      <ul
        className={cn(
          "mt-3 flex gap-2",
          scrollOnPhones
            ? "-mx-4 snap-x scroll-px-4 [scrollbar-width:thin] overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0"
            : "flex-wrap",
        )}
      >
        {links.map((l) => (
          <li key={l.href} className="shrink-0 snap-start">
            <a
              href={localHref(l.href)}
              aria-current={l.current ? "page" : undefined}
              className={cn(
                "border-line bg-surface text-ink-soft inline-flex min-h-11 items-center gap-2 rounded-full border px-4 text-sm font-medium",
                "hover:border-primary/50 hover:bg-primary-soft hover:text-primary-dark",
                "aria-[current=page]:border-primary aria-[current=page]:bg-primary-soft aria-[current=page]:text-primary-dark",
              )}
            >
              {l.icon && <CategoryIcon icon={l.icon} className="text-primary size-4 shrink-0" />}
              {l.label}
              {l.count !== undefined && (
                <span className="bg-subtle text-ink-muted rounded-full px-1.5 text-xs tabular-nums">
                  {formatCount(l.count, currentLocale())}
                </span>
              )}
            </a>
          </li>
        ))}
        {more && (
          <li className="shrink-0 snap-start">
            <a
              href={localHref(more.href)}
              className="text-primary-dark inline-flex min-h-11 items-center rounded-full px-3 text-sm font-semibold hover:underline"
            >
              {more.label}
            </a>
          </li>
        )}
      </ul>
    </section>
  );
}
