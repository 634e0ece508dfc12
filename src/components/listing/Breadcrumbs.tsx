import { ChevronLeft, ChevronRight } from "lucide-react";
import { localHref, m } from "../../i18n/index.ts";
import { cn } from "../../lib/cn.ts";
import type { Crumb } from "../../lib/seo.ts";

/**
 * Pakistan › City › Category: every crumb but the last is a link (design brief,
 * listing pages). On phones only the parent shows, as one 44px "back" link,
 * so a long trail does not take three lines above the title. The trail is in
 * reading order, so on Urdu pages it runs right to left with the chevrons
 * turned to match; links stay in the page's language.
 */
export function Breadcrumbs({ crumbs }: { crumbs: readonly Crumb[] }) {
  const parent = crumbs.length - 2;
  return (
    <nav aria-label={m.pages_breadcrumb()} className="text-sm">
      <ol className="text-ink-muted flex flex-wrap items-center gap-x-1">
        {crumbs.map((c, i) => {
          const last = i === crumbs.length - 1;
          return (
            <li
              key={`${c.name}-${i}`}
              className={cn("items-center gap-1", i === parent ? "flex" : "hidden sm:flex")}
            >
              {i > 0 && (
                <ChevronRight
                  aria-hidden="true"
                  className="text-ink-muted/70 hidden size-4 shrink-0 sm:block rtl:-scale-x-100"
                />
              )}
              {last || !c.path ? (
                <span
                  aria-current={last ? "page" : undefined}
                  className="text-ink-soft py-1 font-medium"
                >
                  {c.name}
                </span>
              ) : (
                <a
                  href={localHref(c.path)}
                  className="text-primary-dark inline-flex min-h-11 items-center gap-1 hover:underline sm:min-h-8"
                >
                  {i === parent && (
                    <ChevronLeft
                      aria-hidden="true"
                      className="-ms-1 size-4 sm:hidden rtl:-scale-x-100"
                    />
                  )}
                  {c.name}
                </a>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
