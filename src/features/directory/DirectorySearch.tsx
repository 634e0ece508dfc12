import { useStore } from "@nanostores/react";
import { ChevronDown, Search } from "lucide-react";
import { useEffect, useId, useRef, type ReactNode } from "react";
import { NoProviders, ProviderList } from "../../components/listing/ProviderList.tsx";
import { ProviderRowSkeletons } from "../../components/provider/ProviderRow.tsx";
import { buttonClass } from "../../components/ui/button.ts";
import { ErrorBox } from "../../components/ui/ErrorBox.tsx";
import { LoadMoreButton } from "../../components/ui/LoadMoreButton.tsx";
import {
  categoryName,
  cityName,
  currentLocale,
  formatCount,
  localHref,
  m,
} from "../../i18n/index.ts";
import { cn } from "../../lib/cn.ts";
import { MAX_RESULT_DEPTH } from "../../lib/limits.ts";
import type { ProviderRowData } from "../../lib/provider-view.ts";
import { slugify } from "../../lib/slug.ts";
import { sendCount } from "../insights/beacon.ts";
import { providerCount, showingOf } from "../listing/counts.ts";
import { fillSlots } from "../../i18n/slots.tsx";
import { inReaderOrder } from "./reader-order.ts";
import {
  $filters,
  $results,
  $suggestions,
  applySuggestion,
  clearFilters,
  initDirectory,
  loadMore,
  retry,
  setCategory,
  setCity,
  setQuery,
  startDirectory,
  submitSearch,
  type DirectoryCategory,
} from "./store.ts";
import { hasFilters, MAX_QUERY_LENGTH, shownOfCapped, type DirectoryFilters } from "./url-state.ts";

interface Props {
  categories: DirectoryCategory[];
  /** The six featured cities (shown as their own group), then the rest A–Z. Names only: slugs are derived. */
  featuredCities: string[];
  otherCities: string[];
  initialItems: ProviderRowData[];
  initialTotal: number;
}

const control =
  "min-h-12 w-full rounded-control border border-line-strong bg-surface text-base text-ink " +
  "shadow-card placeholder:text-ink-muted hover:border-ink-muted/60 " +
  "focus-visible:border-primary focus-visible:outline-3 focus-visible:outline-offset-0 focus-visible:outline-primary-ring/40";

/**
 * The search box, the two filters and the 'Service Providers' list on `/`.
 * The build renders it with the first page of providers, so the page has real
 * content before (or without) JavaScript.
 */
export function DirectorySearch(props: Props) {
  initDirectory({
    categories: props.categories,
    citySlugs: [...props.featuredCities, ...props.otherCities].map(slugify),
    initialItems: props.initialItems,
    initialTotal: props.initialTotal,
  });
  const form = useRef<HTMLFormElement>(null);
  // Syncing with an external system (the browser's URL and history) once,
  // after hydration, so the first client render matches the server HTML. The
  // island hydrates when someone reaches for the form (client:interaction):
  // what they typed or chose while it loaded is in the DOM, not yet the store.
  useEffect(() => startDirectory(readForm(form.current)), []);

  const filters = useStore($filters);
  const id = useId();
  const locale = currentLocale();
  const categories = inReaderOrder(
    props.categories.map((c) => ({ ...c, label: categoryName(c, locale) })),
    locale,
  );
  const otherCities = inReaderOrder(
    props.otherCities.map((c) => ({ slug: slugify(c), label: cityName(c, locale) })),
    locale,
  );

  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-5">
      <form
        ref={form}
        role="search"
        action={localHref("/")}
        method="get"
        onSubmit={(e) => {
          e.preventDefault();
          submitSearch();
        }}
        className="rounded-card border-line bg-surface shadow-card grid gap-3 border p-3 sm:grid-cols-2 sm:p-4 lg:grid-cols-[minmax(0,1fr)_13rem_13rem]"
      >
        <div className="relative sm:col-span-2 lg:col-span-1">
          <label htmlFor={`${id}-q`} className="sr-only">
            {m.search_query_label()}
          </label>
          <Search
            aria-hidden="true"
            className="text-ink-muted pointer-events-none absolute start-3 top-1/2 size-5 -translate-y-1/2"
          />
          <input
            id={`${id}-q`}
            name="q"
            type="search"
            inputMode="search"
            enterKeyHint="search"
            autoComplete="off"
            maxLength={MAX_QUERY_LENGTH}
            placeholder={m.search_query_placeholder()}
            value={filters.q}
            onChange={(e) => setQuery(e.currentTarget.value)}
            className={cn(control, "ps-10 pe-3")}
          />
        </div>
        <Select
          id={`${id}-category`}
          label={m.search_category_label()}
          name="category"
          value={filters.category}
          onChange={setCategory}
        >
          <option value="">{m.search_all_categories()}</option>
          {categories.map((c) => (
            <option key={c.id} value={c.slug}>
              {c.label}
            </option>
          ))}
        </Select>
        <Select
          id={`${id}-city`}
          label={m.search_city_label()}
          name="city"
          value={filters.city}
          onChange={setCity}
        >
          <option value="">{m.search_all_cities()}</option>
          <optgroup label={m.search_popular_cities()}>
            {props.featuredCities.map((c) => (
              <option key={c} value={slugify(c)}>
                {cityName(c, locale)}
              </option>
            ))}
          </optgroup>
          <optgroup label={m.search_all_cities_az()}>
            {otherCities.map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.label}
              </option>
            ))}
          </optgroup>
        </Select>
      </form>

      <Results headingId={`${id}-heading`} categories={props.categories} />
    </section>
  );
}

/** A result followed: counted for that provider as a click from the search (decision 019). */
function countResultClick(providerId: string): void {
  sendCount({ event: "result_click", providerId });
}

/** The form's fields as the browser holds them (server-rendered values until hydrated). */
function readForm(form: HTMLFormElement | null): Partial<DirectoryFilters> {
  if (!form) return {};
  const data = new FormData(form);
  const field = (name: string) => {
    const v = data.get(name);
    return typeof v === "string" ? v : "";
  };
  return { q: field("q"), category: field("category"), city: field("city") };
}

function Select(props: {
  id: string;
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <div className="relative">
      <label htmlFor={props.id} className="sr-only">
        {props.label}
      </label>
      <select
        id={props.id}
        name={props.name}
        value={props.value}
        onChange={(e) => props.onChange(e.currentTarget.value)}
        className={cn(control, "cursor-pointer appearance-none ps-3 pe-10")}
      >
        {props.children}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="text-ink-muted pointer-events-none absolute end-3 top-1/2 size-5 -translate-y-1/2"
      />
    </div>
  );
}

function Results({
  headingId,
  categories,
}: {
  headingId: string;
  categories: readonly DirectoryCategory[];
}) {
  const r = useStore($results);
  // The API pages only to the first MAX_RESULT_DEPTH results (decision 010):
  // say so, rather than let the list just stop.
  const shown = shownOfCapped(r, MAX_RESULT_DEPTH);
  const filters = useStore($filters);
  const busy = r.status === "loading";
  const locale = currentLocale();

  let summary = "";
  if (r.status === "ready" || r.status === "loadingMore" || r.status === "errorMore") {
    summary =
      r.total > r.items.length
        ? showingOf(r.items.length, r.total)
        : r.total > 0
          ? providerCount(r.total)
          : "";
  }

  return (
    <div className="flex flex-col gap-3" aria-busy={busy}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id={headingId} className="text-ink text-xl font-bold tracking-tight sm:text-2xl">
          {m.search_results_heading()}
        </h2>
        <p className="text-ink-muted min-h-5 text-sm tabular-nums" aria-live="polite">
          {busy ? m.search_searching() : summary}
        </p>
      </div>

      {r.status === "loading" && <ProviderRowSkeletons />}

      {r.status === "error" && <ErrorBox message={r.error} onRetry={retry} />}

      {r.status !== "loading" && r.status !== "error" && r.items.length === 0 && (
        <NoProviders>
          {hasFilters(filters) ? (
            <>
              <Suggestions categories={categories} />
              <p>{m.search_no_results_hint()}</p>
              <button
                type="button"
                onClick={clearFilters}
                className={buttonClass("outline", "md", "mt-4")}
              >
                {m.search_clear_filters()}
              </button>
            </>
          ) : (
            <p>{m.search_suggest_missing()}</p>
          )}
        </NoProviders>
      )}

      {r.items.length > 0 && r.status !== "loading" && (
        <ProviderList items={r.items} onFollow={countResultClick} />
      )}

      {r.status === "loadingMore" && <ProviderRowSkeletons />}

      {r.status === "errorMore" && <ErrorBox message={r.error} onRetry={retry} />}

      {r.hasMore && (r.status === "ready" || r.status === "loadingMore") && (
        <LoadMoreButton loading={r.status === "loadingMore"} onLoad={() => void loadMore()} />
      )}

      {shown !== null && (
        <p className="text-ink-muted mt-6 text-center text-sm">
          {m.search_first_of_capped({
            shown: formatCount(shown, locale),
            total: formatCount(r.total, locale),
          })}
        </p>
      )}
    </div>
  );
}

/**
 * What would help after a search found nothing: each offer says
 * how many providers it shows and applies itself like any filter change.
 */
function Suggestions({ categories }: { categories: readonly DirectoryCategory[] }) {
  const s = useStore($suggestions);
  if (!s || (!s.spelling && !s.withoutCity && !s.category)) return null;
  const offer = "text-primary-dark font-semibold underline underline-offset-2 hover:no-underline";
  const suggested = s.category;
  // The answer names the category in English; the page's own list has its Urdu name.
  const categoryLabel = suggested
    ? categoryName(categories.find((c) => c.id === suggested.id) ?? suggested, currentLocale())
    : "";
  return (
    <ul className="mb-3 flex flex-col gap-1.5" aria-label={m.search_suggestions_label()}>
      {s.spelling && (
        <li>
          {fillSlots(
            m.search_did_you_mean({ search: "{search}", count: providerCount(s.spelling.total) }),
            {
              search: (
                <button type="button" className={offer} onClick={() => applySuggestion("spelling")}>
                  {s.spelling.search}
                </button>
              ),
            },
          )}
        </li>
      )}
      {s.withoutCity && (
        <li>
          <button type="button" className={offer} onClick={() => applySuggestion("withoutCity")}>
            {s.withoutCity.search
              ? m.search_in_all_of_pakistan({ search: s.withoutCity.search })
              : m.search_all_of_pakistan()}
          </button>{" "}
          ({providerCount(s.withoutCity.total)})
        </li>
      )}
      {suggested && (
        <li>
          {fillSlots(
            m.search_browse_category({
              category: "{category}",
              count: providerCount(suggested.total),
            }),
            {
              category: (
                <button type="button" className={offer} onClick={() => applySuggestion("category")}>
                  {categoryLabel}
                </button>
              ),
            },
          )}
        </li>
      )}
    </ul>
  );
}
