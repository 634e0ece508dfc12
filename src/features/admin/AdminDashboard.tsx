import { useStore } from "@nanostores/react";
import {
  BadgeCheck,
  Building2,
  ChartLine,
  FilePenLine,
  Inbox,
  LockKeyhole,
  MessageSquareQuote,
  ShieldAlert,
  Tags,
  Users,
} from "lucide-react";
import { Tabs } from "radix-ui";
import { lazy, Suspense, type ReactNode } from "react";
import { buttonClass } from "../../components/ui/button.ts";
import { selectTabQuietly } from "../../components/ui/tabs.ts";
import { cn } from "../../lib/cn.ts";
import { AddProviderPanel } from "./AddProviderPanel.tsx";
import { CategoriesPanel } from "./CategoriesPanel.tsx";
import { ClaimsPanel } from "./ClaimsPanel.tsx";
import { EditsPanel } from "./EditsPanel.tsx";
import { LeadsPanel } from "./LeadsPanel.tsx";
import { ADMIN_LOGIN } from "./notify.ts";
import { ProvidersPanel } from "./ProvidersPanel.tsx";
import { StatsRow } from "./StatsRow.tsx";
import {
  $adminAccess,
  $adminTab,
  selectAdminTab,
  type AdminAccess,
  type AdminTab,
} from "./store.ts";
import { SuggestionsPanel } from "./SuggestionsPanel.tsx";
import { UsersPanel } from "./UsersPanel.tsx";

const TABS: readonly { value: AdminTab; label: string; icon: typeof Inbox }[] = [
  { value: "suggestions", label: "Suggestions", icon: Inbox },
  { value: "categories", label: "Categories", icon: Tags },
  { value: "users", label: "Users", icon: Users },
  { value: "providers", label: "Providers", icon: Building2 },
  { value: "leads", label: "Leads", icon: MessageSquareQuote },
  { value: "insights", label: "Insights", icon: ChartLine },
  { value: "edits", label: "Edits", icon: FilePenLine },
  { value: "claims", label: "Claims", icon: BadgeCheck },
];

// The chart library comes with this tab only.
const InsightsPanel = lazy(() => import("./InsightsPanel.tsx"));

const tabClass = cn(
  // On phones the tabs share the rows by their text width (icons hidden), wrapping to a
  // second row rather than colliding or scrolling out of view.
  "-mb-px inline-flex min-h-12 min-w-0 items-center justify-center gap-2 border-b-2 border-transparent px-1 text-center text-sm leading-tight font-semibold whitespace-nowrap text-ink-muted transition-colors sm:shrink-0 sm:justify-start sm:px-4 sm:text-[0.9375rem]",
  "hover:text-ink data-[state=active]:border-primary data-[state=active]:text-primary-dark",
  "focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-primary-ring",
);

/**
 * The admin dashboard (admins only): the stats row, then Suggestions,
 * Categories, Users and Providers tabs, the chosen one kept in the URL hash.
 * The build renders only the loading state; a signed-out visitor is sent to
 * sign in, a signed-in non-admin home (both handled by $adminAccess).
 */
export function AdminDashboard() {
  // A computed store has no initial value for the server render: name it, so
  // the build renders the skeleton and hydration starts from the same state.
  const access = useStore($adminAccess, { ssr: (): AdminAccess => "checking" });
  const tab = useStore($adminTab, { ssr: "initial" });

  if (access === "signedOut") {
    return (
      <Shell>
        <Leaving
          icon={<LockKeyhole aria-hidden="true" className="text-primary size-10" />}
          title="You are logged out"
          text="Taking you to the sign-in page…"
          href={ADMIN_LOGIN}
          action="Sign In"
        />
      </Shell>
    );
  }

  if (access === "denied") {
    return (
      <Shell>
        <Leaving
          icon={<ShieldAlert aria-hidden="true" className="text-danger size-10" />}
          title="Admin access required"
          text="This page is for administrators. Taking you to the home page…"
          href="/"
          action="Go to the home page"
        />
      </Shell>
    );
  }

  if (access !== "granted") {
    return (
      <Shell>
        <DashboardSkeleton />
      </Shell>
    );
  }

  return (
    <Shell>
      <StatsRow />
      <Tabs.Root
        value={tab}
        onValueChange={(v) => selectAdminTab(v as AdminTab)}
        activationMode="manual"
        className="mt-8"
      >
        <Tabs.List
          aria-label="Admin sections"
          className="border-line flex flex-wrap justify-between border-b sm:justify-start"
        >
          {TABS.map(({ value, label, icon: Icon }) => (
            <Tabs.Trigger
              key={value}
              value={value}
              onMouseDown={selectTabQuietly(() => selectAdminTab(value))}
              className={tabClass}
            >
              <Icon aria-hidden="true" className="hidden size-4 shrink-0 sm:block" />
              {label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="suggestions" className="mt-5 outline-none">
          <SuggestionsPanel />
        </Tabs.Content>
        <Tabs.Content value="categories" className="mt-5 outline-none">
          <CategoriesPanel />
        </Tabs.Content>
        <Tabs.Content value="users" className="mt-5 outline-none">
          <UsersPanel />
        </Tabs.Content>
        <Tabs.Content value="providers" className="mt-5 flex flex-col gap-6 outline-none">
          <AddProviderPanel />
          <ProvidersPanel />
        </Tabs.Content>
        <Tabs.Content value="leads" className="mt-5 outline-none">
          <LeadsPanel />
        </Tabs.Content>
        <Tabs.Content value="edits" className="mt-5 outline-none">
          <EditsPanel />
        </Tabs.Content>
        <Tabs.Content value="claims" className="mt-5 outline-none">
          <ClaimsPanel />
        </Tabs.Content>
        <Tabs.Content value="insights" className="mt-5 outline-none">
          {tab === "insights" && (
            <Suspense fallback={<p className="text-ink-muted text-sm">Loading...</p>}>
              <InsightsPanel />
            </Suspense>
          )}
        </Tabs.Content>
      </Tabs.Root>
    </Shell>
  );
}

function Shell({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
      <h1 className="text-ink text-2xl font-bold tracking-tight sm:text-3xl">Admin Dashboard</h1>
      <p className="text-ink-soft mt-1">
        Review suggestions, manage categories, users and providers.
      </p>
      {children}
    </div>
  );
}

/** What a visitor who may not stay sees for the half second before the redirect. */
function Leaving({
  icon,
  title,
  text,
  href,
  action,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  href: string;
  action: string;
}) {
  return (
    <div className="rounded-card border-line bg-surface mt-6 flex flex-col items-center border px-6 py-12 text-center">
      {icon}
      <p className="text-ink mt-3 text-xl font-bold">{title}</p>
      <p className="text-ink-soft mt-1" role="status">
        {text}
      </p>
      <a href={href} className={buttonClass("primary", "lg", "mt-6")}>
        {action}
      </a>
    </div>
  );
}

function DashboardSkeleton() {
  return (
    <div role="status" className="mt-6">
      <span className="sr-only">Loading the admin dashboard…</span>
      <div aria-hidden="true">
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
          {[0, 1, 2, 3, 4, 5].map((i) => (
            <div key={i} className="rounded-card border-line bg-surface min-h-24 border p-4">
              <div className="skeleton h-4 w-24 max-w-full" />
              <div className="skeleton mt-4 h-8 w-16" />
            </div>
          ))}
        </div>
        <div className="border-line mt-8 flex gap-6 border-b pb-3">
          <div className="skeleton h-6 w-28" />
          <div className="skeleton h-6 w-24" />
          <div className="skeleton h-6 w-16" />
          <div className="skeleton h-6 w-20" />
        </div>
        <div className="rounded-card border-line bg-surface mt-5 border p-5 sm:p-6">
          <div className="skeleton h-6 w-48" />
          <div className="skeleton mt-3 h-4 w-72 max-w-full" />
          {[0, 1].map((i) => (
            <div key={i} className="rounded-card border-line mt-5 border p-4">
              <div className="skeleton h-5 w-40" />
              <div className="skeleton mt-2 h-4 w-28" />
              <div className="skeleton rounded-control mt-4 h-12 w-full" />
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
