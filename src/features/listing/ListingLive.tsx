import { useStore } from "@nanostores/react";
import { useEffect } from "react";
import { LinkChips } from "../../components/listing/LinkChips.tsx";
import { ListingHeader } from "../../components/listing/ListingHeader.tsx";
import { NoProviders, ProviderList } from "../../components/listing/ProviderList.tsx";
import { ProviderRowSkeletons } from "../../components/provider/ProviderRow.tsx";
import { buttonClass } from "../../components/ui/button.ts";
import { ErrorBox } from "../../components/ui/ErrorBox.tsx";
import { FEATURED_CITIES } from "../../lib/cities.ts";
import { listingHeading, type Crumb } from "../../lib/seo.ts";
import { cityCategoryPath, cityPath, COUNTRY_PREFIX } from "../../lib/urls.ts";
import { $liveListing, loadLiveListing, type LiveListingTarget } from "./live-store.ts";
import { LoadMore } from "./LoadMore.tsx";
import { LISTING_PAGE_SIZE } from "./store.ts";

function crumbsFor(t: LiveListingTarget | null): Crumb[] {
  const crumbs: Crumb[] = [{ name: "Pakistan", path: COUNTRY_PREFIX }];
  if (t?.city) crumbs.push({ name: t.city, path: cityPath(t.city) });
  if (t?.city && t.category) {
    crumbs.push({ name: t.category.name, path: cityCategoryPath(t.city, t.category.name) });
  }
  return crumbs;
}

/**
 * A listing page rendered in the browser, for city/category pages newer than
 * the last build. Same layout and titles as the pre-rendered listings.
 */
export function ListingLive() {
  // The listing is named only by the browser's URL: load it once after hydration.
  useEffect(() => {
    void loadLiveListing(location.pathname);
  }, []);
  const s = useStore($liveListing);
  const t = s.target;
  const heading = t ? listingHeading(t.city, t.category?.name) : null;

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 pt-4 pb-8 sm:pt-6">
      {heading ? (
        <ListingHeader
          crumbs={crumbsFor(t)}
          heading={heading}
          total={s.status === "ready" ? s.total : null}
        />
      ) : (
        <div aria-hidden="true" className="flex flex-col gap-2">
          <div className="skeleton h-5 w-48" />
          <div className="skeleton h-9 w-72 max-w-full" />
          <div className="skeleton h-5 w-28" />
        </div>
      )}

      {s.status === "loading" && <ProviderRowSkeletons />}
      {s.status === "error" && (
        <ErrorBox message={s.message} onRetry={() => void loadLiveListing(location.pathname)} />
      )}
      {s.status === "ready" && s.items.length === 0 && (
        <NoProviders>
          <p>Try another city, or search the whole directory.</p>
          <a href="/" className={buttonClass("outline", "md", "mt-4")}>
            Search all providers
          </a>
        </NoProviders>
      )}
      {s.status === "ready" && s.items.length > 0 && (
        <section aria-labelledby="results-heading" className="flex flex-col gap-3">
          <h2 id="results-heading" className="sr-only">
            {heading}: results
          </h2>
          <ProviderList items={s.items} />
          {s.total > s.items.length && (
            <LoadMore
              city={s.target.city}
              categoryId={s.target.category?.id ?? null}
              renderedCount={s.items.length}
              pageSize={LISTING_PAGE_SIZE}
              total={s.total}
            />
          )}
        </section>
      )}

      <LinkChips
        title="Popular cities"
        links={FEATURED_CITIES.map((c) => ({
          label: c,
          href: cityPath(c),
          current: c === t?.city && !t.category,
        }))}
      />
    </div>
  );
}
