import { Clock, ImageOff, MapPin } from "lucide-react";
import type { ReactNode } from "react";
import { Breadcrumbs } from "../../components/listing/Breadcrumbs.tsx";
import { ProviderAvatar } from "../../components/provider/ProviderAvatar.tsx";
import { locationText, responseTimeText } from "../../components/provider/ProviderFacts.tsx";
import { CategoryChip, SuggestedBadge, VerifiedBadge } from "../../components/ui/Badge.tsx";
import { FastResponderBadge } from "../../components/ui/FastResponderBadge.tsx";
import { ResponsiveImage } from "../../components/ui/ResponsiveImage.tsx";
import {
  categoryName,
  cityName,
  companyDescription,
  companyName,
  currentLocale,
  formatCount,
  formatRupees,
  formatServicePrice,
  m,
} from "../../i18n/index.ts";
import { cn } from "../../lib/cn.ts";
import { preloadImageLink, type ImagePreload } from "../../lib/image-sources.ts";
import { lowestPrice } from "../../lib/money.ts";
import { distinctCategories } from "../../lib/provider-view.ts";
import type { Crumb } from "../../lib/seo.ts";
import type { GalleryImage, ProviderPublic } from "../../lib/types.ts";
import { cityCategoryPath, cityPath, COUNTRY_PREFIX } from "../../lib/urls.ts";
import { FavoriteButton } from "../favorites/FavoriteButton.tsx";
import { QuoteBox } from "../leads/QuoteBox.tsx";
import { QuoteButton } from "../leads/QuoteButton.tsx";
import { fillSlots } from "../../i18n/slots.tsx";
import { ContactCard } from "./ContactCard.tsx";
import { OwnershipBox } from "../claims/OwnershipBox.tsx";

/**
 * Pakistan › City › Category › Company, linking only to pages that exist:
 * named in the page's language, site paths that Breadcrumbs and seo.ts take
 * into it.
 */
export function providerCrumbs(p: ProviderPublic): Crumb[] {
  const locale = currentLocale();
  const crumbs: Crumb[] = [{ name: m.search_pakistan(), path: COUNTRY_PREFIX }];
  const first = p.services[0]?.category;
  if (p.city) {
    crumbs.push({ name: cityName(p.city, locale), path: cityPath(p.city) });
    if (first) {
      crumbs.push({
        name: categoryName(first, locale),
        path: cityCategoryPath(p.city, first.name),
      });
    }
  }
  crumbs.push({ name: companyName(p, locale) });
  return crumbs;
}

/** The page's logo box (size-20, sm:size-24): its largest side in CSS pixels. */
const LOGO_SIZE = 96;

/**
 * The `<link rel="preload">` for the page's main image, the logo (else the
 * cover) the identity block shows: the same candidates its `<picture>` offers,
 * so the browser fetches once, before it reaches the body. Null without one.
 */
export function providerImagePreload(p: ProviderPublic): ImagePreload | null {
  const url = p.logoUrl || p.coverImageUrl;
  return url ? preloadImageLink(url, `${LOGO_SIZE}px`) : null;
}

interface Props {
  provider: ProviderPublic;
  gallery: readonly GalleryImage[];
  /**
   * The Contact box and the heart. Inside an island (the live view) the
   * defaults work as they are; the pre-rendered page passes the ContactCard
   * and FavoriteToggle islands here through named slots.
   */
  contact?: ReactNode;
  favorite?: ReactNode;
  /** The 'Request a Quote' button (the QuoteButton island on the pre-rendered page). */
  quote?: ReactNode;
  /** The page's path, for the Contact box's sign-in link; defaults to the canonical path. */
  path?: string;
}

/**
 * The provider detail page body. Rendered at build time without a
 * client directive (only the Contact box and the heart hydrate), and by the
 * live view for providers newer than the build.
 */
export function ProviderProfile({ provider: p, gallery, contact, favorite, quote, path }: Props) {
  const locale = currentLocale();
  const name = companyName(p, locale);
  const description = companyDescription(p, locale);
  const from = lowestPrice(p.services);
  const categories = distinctCategories(p);
  const city = p.city;
  const responds = responseTimeText(p, locale);
  const nextPath = path ?? p.path;

  return (
    <div className="mx-auto max-w-6xl px-4 pt-4 pb-8 sm:pt-6">
      <Breadcrumbs crumbs={providerCrumbs(p)} />

      <div className="mt-3 grid grid-cols-1 gap-5 lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-x-8">
        {/* Identity block: what people scan first. */}
        <section
          aria-labelledby="provider-name"
          className="rounded-card border-line bg-surface shadow-card border p-5 sm:p-6 lg:col-start-1"
        >
          <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:gap-5">
            <ProviderAvatar
              name={name}
              logoUrl={p.logoUrl}
              coverImageUrl={p.coverImageUrl}
              size={LOGO_SIZE}
              priority
              alt={m.search_logo_alt({ name })}
              className="size-20 sm:size-24"
            />
            <div className="min-w-0 flex-1">
              <div className="flex items-start justify-between gap-3">
                <h1
                  id="provider-name"
                  className="text-ink text-2xl leading-tight font-bold tracking-tight break-words sm:text-3xl"
                >
                  {name}
                </h1>
                <div className="-me-2 -mt-1.5 flex shrink-0">
                  {favorite ?? <FavoriteButton providerId={p.id} />}
                </div>
              </div>
              {(p.isVerified || p.isFastResponder || p.isSuggested) && (
                <div className="mt-2 flex flex-wrap gap-2">
                  {p.isVerified && <VerifiedBadge />}
                  {p.isFastResponder && <FastResponderBadge />}
                  {p.isSuggested && <SuggestedBadge />}
                </div>
              )}
              <p className="text-ink-soft mt-3 flex items-start gap-1.5">
                <MapPin aria-hidden="true" className="text-ink-muted mt-0.5 size-5 shrink-0" />
                <span className="min-w-0 break-words">{locationText(p, locale)}</span>
              </p>
              {responds && (
                <p className="text-ink-muted mt-1 flex items-center gap-1.5 text-sm">
                  <Clock aria-hidden="true" className="size-4 shrink-0" />
                  {responds}
                </p>
              )}
              {/* Priced services only; none priced: each service says 'Price on request' below (decision 023). */}
              {from === 0 && (
                <p className="text-ink mt-3 text-lg font-bold">{m.common_price_free()}</p>
              )}
              {from !== null && from > 0 && (
                <p className="text-ink-soft mt-3 text-lg">
                  {fillSlots(m.search_price_from({ price: "{price}" }), {
                    price: (
                      <span className="text-ink font-bold tabular-nums">
                        {formatRupees(from, locale)}
                      </span>
                    ),
                  })}
                </p>
              )}
              {categories.length > 0 && (
                <ul
                  aria-label={m.search_service_categories()}
                  className="mt-3 flex flex-wrap gap-1.5"
                >
                  {categories.map((c) => (
                    <li key={c.id}>
                      <CategoryChip
                        name={categoryName(c, locale)}
                        href={city ? cityCategoryPath(city, c.name) : undefined}
                        className="px-2.5 py-1 text-sm"
                      />
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </div>
        </section>

        {/* Second on phones, a sticky side column on desktop (design brief: "kept in view"). */}
        <div className="lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <div className="flex flex-col gap-5 lg:sticky lg:top-20">
            <QuoteBox companyName={name} claimed={p.isClaimed}>
              {quote ?? <QuoteButton providerId={p.id} companyName={name} nextPath={nextPath} />}
            </QuoteBox>
            {contact ?? <ContactCard providerId={p.id} nextPath={nextPath} />}
            <OwnershipBox providerId={p.id} claimed={p.isClaimed} />
          </div>
        </div>

        <div className="flex flex-col gap-5 lg:col-start-1">
          <section
            aria-labelledby="about-heading"
            className="rounded-card border-line bg-surface shadow-card border p-5 sm:p-6"
          >
            <h2 id="about-heading" className="text-ink text-lg font-semibold">
              {m.search_about()}
            </h2>
            {description.trim() ? (
              // What the provider typed keeps its own direction (often English on an Urdu page).
              <p dir="auto" className="text-ink-soft mt-2 leading-relaxed whitespace-pre-line">
                {description}
              </p>
            ) : (
              <p className="text-ink-muted mt-2">{m.search_no_description()}</p>
            )}
          </section>

          <section
            aria-labelledby="services-heading"
            className="rounded-card border-line bg-surface shadow-card border p-5 sm:p-6"
          >
            <h2 id="services-heading" className="text-ink text-lg font-semibold">
              {m.search_services()}
            </h2>
            {p.services.length === 0 ? (
              <p className="text-ink-muted mt-2">{m.search_no_services()}</p>
            ) : (
              <ul className="divide-line mt-2 divide-y">
                {p.services.map((s) => (
                  <li
                    key={s.id}
                    className="flex flex-col gap-1 py-3 sm:flex-row sm:items-start sm:justify-between sm:gap-6"
                  >
                    <div className="min-w-0">
                      <h3 dir="auto" className="text-ink font-medium break-words">
                        {s.name}
                      </h3>
                      <p className="text-primary-dark mt-0.5 text-xs font-medium">
                        {categoryName(s.category, locale)}
                      </p>
                      {s.description.trim() && (
                        <p dir="auto" className="text-ink-muted mt-1 text-sm">
                          {s.description}
                        </p>
                      )}
                    </div>
                    <p
                      className={cn(
                        "shrink-0 tabular-nums sm:text-end",
                        s.pricePkr === null ? "text-ink-muted text-sm" : "text-ink font-semibold",
                      )}
                    >
                      {formatServicePrice(s.pricePkr, locale)}
                    </p>
                  </li>
                ))}
              </ul>
            )}
          </section>

          <Gallery name={name} images={gallery} />
        </div>
      </div>
    </div>
  );
}

/**
 * A gallery tile's width: two columns on phones, three from sm, inside the
 * card's padding; on lg the main column beside the 20rem contact box.
 */
const GALLERY_SIZES =
  "(min-width: 1024px) 240px, (min-width: 640px) calc((100vw - 104px) / 3), calc((100vw - 80px) / 2)";

function Gallery({ name, images }: { name: string; images: readonly GalleryImage[] }) {
  const locale = currentLocale();
  return (
    <section
      aria-labelledby="gallery-heading"
      className="rounded-card border-line bg-surface shadow-card border p-5 sm:p-6"
    >
      <h2 id="gallery-heading" className="text-ink text-lg font-semibold">
        {m.search_gallery()}
      </h2>
      {images.length === 0 ? (
        <div className="rounded-control bg-subtle text-ink-muted mt-3 flex items-center gap-3 px-4 py-5 text-sm">
          <ImageOff aria-hidden="true" className="size-5 shrink-0" />
          {m.search_no_photos()}
        </div>
      ) : (
        <ul className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-3">
          {images.map((img, i) => (
            <li key={img.id}>
              <a
                href={img.imageUrl}
                className="rounded-control border-line bg-subtle block overflow-hidden border"
              >
                <ResponsiveImage
                  src={img.imageUrl}
                  sizes={GALLERY_SIZES}
                  alt={m.search_photo_alt({
                    name,
                    number: formatCount(i + 1, locale),
                    total: formatCount(images.length, locale),
                  })}
                  width={400}
                  height={300}
                  loading="lazy"
                  decoding="async"
                  data-fallback=""
                  className="aspect-[4/3] h-auto w-full object-cover transition-transform hover:scale-[1.02]"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
