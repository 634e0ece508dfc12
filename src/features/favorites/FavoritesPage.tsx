import { useStore } from "@nanostores/react";
import { Heart, LayoutGrid, List, LockKeyhole, Search } from "lucide-react";
import { Tabs, ToggleGroup } from "radix-ui";
import { useEffect, useId, type ReactNode } from "react";
import { ProviderCard, ProviderCardSkeleton } from "../../components/provider/ProviderCard.tsx";
import { buttonClass } from "../../components/ui/button.ts";
import { selectTabQuietly } from "../../components/ui/tabs.ts";
import { ErrorBox } from "../../components/ui/ErrorBox.tsx";
import { currentLocale, formatCount, LOCALE_DIRS, localHref, m } from "../../i18n/index.ts";
import { cn } from "../../lib/cn.ts";
import { toProviderCard } from "../../lib/provider-view.ts";
import { $session } from "../auth/session.ts";
import { ALL_TAB, favoriteTabs, type FavoritesView } from "./page-model.ts";
import {
  $favorites,
  $favoritesTab,
  $favoritesView,
  loadFavorites,
  favoritesLoginPath,
  redirectToLogin,
  setFavoritesTab,
  setFavoritesView,
} from "./store.ts";

/**
 * The /favorites page. The build renders only the
 * loading state; everything else depends on who is signed in. Signed out: a
 * prompt, then /login after about 100 ms. Empty: 'No Favorites Yet'.
 * Otherwise the count, a grid/list toggle and, when the favorites span more
 * than one category, tabs per category with counts.
 */
export function FavoritesPage() {
  const session = useStore($session, { ssr: "initial" });
  const favorites = useStore($favorites, { ssr: "initial" });
  const view = useStore($favoritesView, { ssr: "initial" });
  const tab = useStore($favoritesTab, { ssr: "initial" });
  const id = useId();

  const signedOut = session.status === "unauthenticated";
  // Syncing with the browser: leave for the sign-in page once we know nobody is signed in.
  useEffect(() => {
    if (signedOut) return redirectToLogin();
    return undefined;
  }, [signedOut]);

  if (signedOut) {
    return (
      <Shell>
        <div className="rounded-card border-line bg-surface flex flex-col items-center border px-6 py-12 text-center">
          <LockKeyhole aria-hidden="true" className="text-primary size-10" />
          <h1 className="text-ink mt-3 text-2xl font-bold">{m.search_favorites_sign_in_title()}</h1>
          <p className="text-ink-soft mt-1" role="status">
            {m.search_favorites_redirecting()}
          </p>
          <a href={favoritesLoginPath()} className={buttonClass("primary", "lg", "mt-6")}>
            {m.search_sign_in()}
          </a>
        </div>
      </Shell>
    );
  }

  const loading =
    session.status === "loading" || favorites.status === "idle" || favorites.status === "loading";

  if (loading) {
    return (
      <Shell>
        <Heading count={null} view={view} />
        <div className="mt-6" role="status">
          <span className="sr-only">{m.search_favorites_loading()}</span>
          <CardGrid view={view}>
            {/* One card on phones, a row of them on wider screens. */}
            {[0, 1, 2].map((i) => (
              <li
                key={i}
                className={cn(i === 1 && "hidden sm:block", i === 2 && "hidden lg:block")}
              >
                <ProviderCardSkeleton layout={view} />
              </li>
            ))}
          </CardGrid>
        </div>
      </Shell>
    );
  }

  if (favorites.status === "error") {
    return (
      <Shell>
        <Heading count={null} view={view} />
        <div className="mt-6">
          <ErrorBox
            title={m.search_favorites_load_failed()}
            message={favorites.error}
            onRetry={() => void loadFavorites()}
          />
        </div>
      </Shell>
    );
  }

  // Un-favoriting removes the card at once (and puts it back if the server says no).
  const items = favorites.items.filter((p) => favorites.ids.has(p.id));

  if (items.length === 0) {
    return (
      <Shell>
        <Heading count={0} view={view} />
        <div className="rounded-card border-line-strong bg-surface mt-6 flex flex-col items-center border border-dashed px-6 py-14 text-center">
          <span className="bg-primary-soft text-primary flex size-16 items-center justify-center rounded-full">
            <Heart aria-hidden="true" className="size-8" />
          </span>
          <h2 className="text-ink mt-4 text-xl font-bold">{m.search_favorites_empty_title()}</h2>
          <p className="text-ink-soft mt-1 max-w-sm">{m.search_favorites_empty_text()}</p>
          <a href={localHref("/")} className={buttonClass("primary", "lg", "mt-6")}>
            <Search aria-hidden="true" className="size-5" />
            {m.search_browse_providers()}
          </a>
        </div>
      </Shell>
    );
  }

  const tabs = favoriteTabs(items);
  const cards = (list: typeof items) => (
    <CardGrid view={view}>
      {list.map((p) => (
        <li key={p.id}>
          <ProviderCard
            provider={toProviderCard(p)}
            compact={view === "grid"}
            layout={view}
            headingLevel={tabs.length > 0 ? 3 : 2}
          />
        </li>
      ))}
    </CardGrid>
  );

  return (
    <Shell>
      <>
        <Heading count={items.length} view={view} />
        {tabs.length === 0 ? (
          <div className="mt-6">{cards(items)}</div>
        ) : (
          <Tabs.Root
            // A tab whose last provider was just removed falls back to All.
            value={tabs.some((t) => t.value === tab) ? tab : ALL_TAB}
            onValueChange={setFavoritesTab}
            dir={LOCALE_DIRS[currentLocale()]}
            className="mt-5"
          >
            <Tabs.List
              aria-label={m.search_favorites_tabs_label()}
              className="border-line -mx-4 flex [scrollbar-width:thin] gap-1 overflow-x-auto border-b px-4 sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0"
            >
              {tabs.map((t) => (
                <Tabs.Trigger
                  key={t.value}
                  value={t.value}
                  id={`${id}-tab-${t.value}`}
                  onMouseDown={selectTabQuietly(() => setFavoritesTab(t.value))}
                  className={cn(
                    "text-ink-soft hover:text-ink -mb-px flex min-h-11 shrink-0 items-center gap-2 border-b-2 border-transparent px-3 text-[0.9375rem] font-medium whitespace-nowrap",
                    "data-[state=active]:border-primary data-[state=active]:text-primary-dark",
                  )}
                >
                  {t.label}
                  <span className="bg-subtle text-ink-muted in-data-[state=active]:bg-primary-soft in-data-[state=active]:text-primary-dark rounded-full px-2 py-0.5 text-xs font-semibold tabular-nums">
                    {formatCount(t.count, currentLocale())}
                  </span>
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            {tabs.map((t) => (
              <Tabs.Content key={t.value} value={t.value} className="mt-5 outline-none">
                <h2 className="sr-only">{t.label}</h2>
                {cards(t.providers)}
              </Tabs.Content>
            ))}
          </Tabs.Root>
        )}
      </>
    </Shell>
  );
}

function Shell({ children }: { children: ReactNode }) {
  // At least a screen tall, so the footer stays below the fold while the states swap.
  return (
    <div className="mx-auto min-h-[calc(100dvh-4rem)] max-w-6xl px-4 pt-6 pb-10 sm:pt-8">
      {children}
    </div>
  );
}

function Heading({ count, view }: { count: number | null; view: FavoritesView }) {
  const locale = currentLocale();
  return (
    <div className="flex flex-wrap items-end justify-between gap-x-6 gap-y-3">
      <div>
        <h1 className="text-ink text-2xl font-bold tracking-tight sm:text-3xl">
          {m.search_favorites_heading()}
        </h1>
        <p className="text-ink-muted mt-1 min-h-6 tabular-nums" aria-live="polite">
          {count === null ? (
            <span className="skeleton inline-block h-4 w-36 align-middle" />
          ) : count === 0 ? (
            m.search_favorites_none_saved()
          ) : count === 1 ? (
            m.search_favorites_saved_one({ count: formatCount(count, locale) })
          ) : (
            m.search_favorites_saved_other({ count: formatCount(count, locale) })
          )}
        </p>
      </div>
      {count !== 0 && (
        <ToggleGroup.Root
          type="single"
          value={view}
          // Radix lets a single toggle group be emptied; one view is always on.
          onValueChange={(v) => {
            if (v === "grid" || v === "list") setFavoritesView(v);
          }}
          aria-label={m.search_favorites_layout()}
          dir={LOCALE_DIRS[locale]}
          className="border-line-strong bg-surface rounded-control flex border p-0.5"
        >
          <ToggleGroup.Item value="grid" aria-label={m.search_grid_view()} className={toggleItem}>
            <LayoutGrid aria-hidden="true" className="size-5" />
          </ToggleGroup.Item>
          <ToggleGroup.Item value="list" aria-label={m.search_list_view()} className={toggleItem}>
            <List aria-hidden="true" className="size-5" />
          </ToggleGroup.Item>
        </ToggleGroup.Root>
      )}
    </div>
  );
}

const toggleItem =
  "flex size-11 items-center justify-center rounded-[calc(var(--radius-control)-2px)] text-ink-muted hover:bg-subtle hover:text-ink " +
  "data-[state=on]:bg-primary-soft data-[state=on]:text-primary-dark";

function CardGrid({ view, children }: { view: FavoritesView; children: ReactNode }) {
  return (
    <ul
      className={cn(
        view === "grid" ? "grid gap-4 sm:grid-cols-2 lg:grid-cols-3" : "flex flex-col gap-3",
      )}
    >
      {children}
    </ul>
  );
}
