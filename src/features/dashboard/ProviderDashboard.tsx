import { useStore } from "@nanostores/react";
import { ExternalLink, EyeOff, Globe, Info, LockKeyhole } from "lucide-react";
import { Tabs } from "radix-ui";
import { lazy, Suspense, useState, type ReactNode } from "react";
import { buttonClass } from "../../components/ui/button.ts";
import { selectTabQuietly } from "../../components/ui/tabs.ts";
import { ErrorBox } from "../../components/ui/ErrorBox.tsx";
import {
  companyName,
  currentLocale,
  formatCount,
  localHref,
  LOCALE_DIRS,
  m,
} from "../../i18n/index.ts";
import { cn } from "../../lib/cn.ts";
import { $session } from "../auth/session.ts";
import { leadFromUrl } from "../leads/store.ts";
import { EditsTab } from "./EditsTab.tsx";
import { GalleryTab } from "./GalleryTab.tsx";
import { LeadsTab, LeadsUnreadCount } from "./LeadsTab.tsx";
import { ProfileTab } from "./ProfileTab.tsx";
import { ServicesTab } from "./ServicesTab.tsx";
import { fillSlots } from "../../i18n/slots.tsx";
import { $dashboard, loadDashboard, type MyProvider } from "./store.ts";
import { dashboardLogin } from "./unauthorized.ts";

type Tab = "profile" | "services" | "gallery" | "leads" | "insights";

// The chart library comes with this tab only, not with the dashboard's first load.
const InsightsTab = lazy(() => import("./InsightsTab.tsx"));

const tabClass = cn(
  // Five equal columns on phones (labels may wrap, in a smaller size so 'Company' fits a
  // fifth of 360 px, in Urdu too) so no tab is ever scrolled out of view.
  "-mb-px inline-flex min-h-12 min-w-0 items-center justify-center gap-1.5 border-b-2 border-transparent px-0.5 text-center text-xs leading-tight font-semibold text-ink-muted transition-colors sm:shrink-0 sm:justify-start sm:gap-2 sm:px-4 sm:text-[0.9375rem] sm:whitespace-nowrap",
  "hover:text-ink data-[state=active]:border-primary data-[state=active]:text-primary-dark",
  "disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:text-ink-muted",
);

/** A tab with a count: on phones, five to a row, the count goes under the label. */
const countedTab = cn(tabClass, "max-sm:flex-col max-sm:gap-0.5");

/**
 * The provider dashboard: Company Profile, Services and Gallery
 * tabs; Services and Gallery wait for a profile. The build renders only the
 * loading state; a signed-out visitor is told and sent to sign in.
 */
export function ProviderDashboard() {
  const state = useStore($dashboard, { ssr: "initial" });
  const session = useStore($session, { ssr: "initial" });
  // A mailed link to a lead (`?lead={id}`) opens on the Leads tab.
  const [tab, setTab] = useState<Tab>(() =>
    typeof location !== "undefined" && leadFromUrl(location.search) ? "leads" : "profile",
  );

  if (state.status === "signedOut") {
    return (
      <Shell>
        <div className="rounded-card border-line bg-surface mt-6 flex flex-col items-center border px-6 py-12 text-center">
          <LockKeyhole aria-hidden="true" className="text-primary size-10" />
          <p className="text-ink mt-3 text-xl font-bold">{m.dashboard_signed_out_title()}</p>
          <p className="text-ink-soft mt-1" role="status">
            {m.dashboard_signed_out_redirect()}
          </p>
          <a href={dashboardLogin()} className={buttonClass("primary", "lg", "mt-6")}>
            {m.dashboard_sign_in()}
          </a>
        </div>
      </Shell>
    );
  }

  if (state.status === "error") {
    return (
      <Shell>
        <div className="mt-6">
          <ErrorBox
            title={m.dashboard_load_failed()}
            message={state.message}
            onRetry={() => void loadDashboard()}
          />
        </div>
      </Shell>
    );
  }

  if (state.status === "loading" || session.status !== "authenticated") {
    return (
      <Shell>
        <DashboardSkeleton />
      </Shell>
    );
  }

  const provider = state.provider;
  const current: Tab = provider ? tab : "profile";

  return (
    <Shell provider={provider}>
      {provider ? (
        <>
          <PublicPageNote provider={provider} />
          <EditsTab />
        </>
      ) : (
        <div
          role="note"
          className="rounded-card border-accent-border bg-accent-soft mt-5 flex gap-3 border p-4"
        >
          <Info aria-hidden="true" className="text-accent-ink mt-0.5 size-5 shrink-0" />
          {session.user.role === "customer" ? (
            <p className="text-ink-soft text-sm">
              <span className="text-ink font-semibold">{m.dashboard_customer_account()}</span>{" "}
              {fillSlots(m.dashboard_customer_setup_note({ link: "{link}" }), {
                link: (
                  <a
                    href={localHref("/provider-setup")}
                    className="text-primary-dark font-semibold underline underline-offset-2"
                  >
                    {m.dashboard_customer_setup_link()}
                  </a>
                ),
              })}
            </p>
          ) : (
            <p className="text-ink-soft text-sm">
              <span className="text-ink font-semibold">{m.dashboard_start_title()}</span>{" "}
              {m.dashboard_start_text()}
            </p>
          )}
        </div>
      )}

      <Tabs.Root
        value={current}
        onValueChange={(v) => setTab(v as Tab)}
        activationMode="manual"
        dir={LOCALE_DIRS[currentLocale()]}
        className="mt-6"
      >
        <Tabs.List
          aria-label={m.dashboard_sections()}
          className="border-line grid grid-cols-5 border-b sm:flex"
        >
          <Tabs.Trigger
            value="profile"
            onMouseDown={selectTabQuietly(() => setTab("profile"))}
            className={tabClass}
          >
            {m.dashboard_tab_profile()}
          </Tabs.Trigger>
          <Tabs.Trigger
            value="services"
            disabled={!provider}
            onMouseDown={selectTabQuietly(() => setTab("services"))}
            className={countedTab}
          >
            {m.dashboard_tab_services()}
            {provider && provider.services.length > 0 && <Count n={provider.services.length} />}
          </Tabs.Trigger>
          <Tabs.Trigger
            value="gallery"
            disabled={!provider}
            onMouseDown={selectTabQuietly(() => setTab("gallery"))}
            className={tabClass}
          >
            {m.dashboard_tab_gallery()}
          </Tabs.Trigger>
          <Tabs.Trigger
            value="leads"
            disabled={!provider}
            onMouseDown={selectTabQuietly(() => setTab("leads"))}
            className={countedTab}
          >
            {m.dashboard_tab_leads()}
            {provider && <LeadsUnreadCount />}
          </Tabs.Trigger>
          <Tabs.Trigger
            value="insights"
            disabled={!provider}
            onMouseDown={selectTabQuietly(() => setTab("insights"))}
            className={tabClass}
          >
            {m.dashboard_tab_insights()}
          </Tabs.Trigger>
        </Tabs.List>

        <Tabs.Content value="profile" className="mt-5 outline-none">
          <ProfileTab key={provider?.id ?? "new"} provider={provider} userId={session.user.id} />
        </Tabs.Content>
        {provider && (
          <>
            <Tabs.Content value="services" className="mt-5 outline-none">
              <ServicesTab provider={provider} />
            </Tabs.Content>
            <Tabs.Content value="gallery" className="mt-5 outline-none">
              <GalleryTab companyName={companyName(provider, currentLocale())} />
            </Tabs.Content>
            <Tabs.Content value="leads" className="mt-5 outline-none">
              <LeadsTab provider={provider} />
            </Tabs.Content>
            <Tabs.Content value="insights" className="mt-5 outline-none">
              {current === "insights" && (
                <Suspense
                  fallback={<p className="text-ink-muted text-sm">{m.dashboard_loading()}</p>}
                >
                  <InsightsTab provider={provider} />
                </Suspense>
              )}
            </Tabs.Content>
          </>
        )}
      </Tabs.Root>
    </Shell>
  );
}

function Shell({ provider, children }: { provider?: MyProvider | null; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:py-10">
      <h1 className="text-ink text-2xl font-bold tracking-tight sm:text-3xl">
        {m.dashboard_title()}
      </h1>
      <p className="text-ink-soft mt-1">
        {provider
          ? m.dashboard_intro_named({ name: companyName(provider, currentLocale()) })
          : m.dashboard_intro()}
      </p>
      {children}
    </div>
  );
}

function Count({ n }: { n: number }) {
  return (
    <span className="bg-subtle text-ink-soft rounded-full px-2 py-0.5 text-xs font-semibold tabular-nums">
      {formatCount(n, currentLocale())}
    </span>
  );
}

/** Where the public page is, and when each view of it catches up with a save. */
function PublicPageNote({ provider }: { provider: MyProvider }) {
  if (!provider.isActive) {
    return (
      <div
        role="note"
        className="rounded-card border-accent-border bg-accent-soft mt-5 flex gap-3 border p-4"
      >
        <EyeOff aria-hidden="true" className="text-accent-ink mt-0.5 size-5 shrink-0" />
        <p className="text-ink-soft text-sm">
          <span className="text-ink font-semibold">{m.dashboard_hidden_title()}</span>{" "}
          {m.dashboard_hidden_text()}
        </p>
      </div>
    );
  }
  // The page in the dashboard's language: an Urdu dashboard links the Urdu page.
  const path = localHref(provider.path);
  return (
    <section
      aria-labelledby="public-page-heading"
      className="rounded-card border-line bg-surface shadow-card mt-5 flex flex-col gap-3 border p-4 sm:flex-row sm:items-center sm:gap-4"
    >
      <span className="bg-primary-soft text-primary-dark hidden size-10 shrink-0 items-center justify-center rounded-full sm:flex">
        <Globe aria-hidden="true" className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        <h2 id="public-page-heading" className="text-ink font-semibold">
          {m.dashboard_public_page()}
        </h2>
        {/* A path reads left to right in Urdu too; it only sits on the right like the text. */}
        <p
          title={path}
          dir="ltr"
          className={cn(
            "text-ink-muted mt-0.5 truncate text-sm",
            LOCALE_DIRS[currentLocale()] === "rtl" && "text-end",
          )}
        >
          {path}
        </p>
        <p className="text-ink-muted mt-1 text-sm">{m.dashboard_public_page_note()}</p>
      </div>
      <a
        href={path}
        target="_blank"
        rel="noopener"
        className={buttonClass("outline", "md", "shrink-0")}
      >
        {m.dashboard_view_public_page()}
        <ExternalLink aria-hidden="true" className="size-4 rtl:-scale-x-100" />
        <span className="sr-only">{m.dashboard_opens_new_tab()}</span>
      </a>
    </section>
  );
}

function DashboardSkeleton() {
  return (
    <div role="status" className="mt-5">
      <span className="sr-only">{m.dashboard_loading_dashboard()}</span>
      <div aria-hidden="true">
        <div className="skeleton rounded-card h-24 w-full" />
        <div className="border-line mt-6 flex gap-6 border-b pb-3">
          <div className="skeleton h-6 w-32" />
          <div className="skeleton h-6 w-20" />
          <div className="skeleton h-6 w-20" />
        </div>
        <div className="rounded-card border-line bg-surface mt-5 border p-5 sm:p-6">
          <div className="skeleton h-6 w-40" />
          <div className="mt-6 grid gap-5 sm:grid-cols-2">
            {[0, 1, 2, 3, 4, 5].map((i) => (
              <div key={i} className={cn(i === 0 && "sm:col-span-2")}>
                <div className="skeleton h-4 w-24" />
                <div className="skeleton rounded-control mt-2 h-12 w-full" />
              </div>
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}
