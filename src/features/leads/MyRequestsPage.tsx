import { useStore } from "@nanostores/react";
import { LockKeyhole, Search } from "lucide-react";
import { useEffect, type ReactNode } from "react";
import { buttonClass } from "../../components/ui/button.ts";
import { ErrorBox } from "../../components/ui/ErrorBox.tsx";
import { cn } from "../../lib/cn.ts";
import { $session } from "../auth/session.ts";
import { EmptyBox, LeadList, LeadListSkeleton, ThreadPane } from "./LeadList.tsx";
import { $myRequests, $thread, loadMyRequests } from "./store.ts";

/** The sign-in page, coming back here (to the same thread when the address names one). */
function loginPath(): string {
  return `/login?next=${encodeURIComponent(location.pathname + location.search)}`;
}

/**
 * 'My Requests': the customer's quote requests, newest first, each with its
 * status and an unread dot; opening one shows the thread with a reply box
 * (`?lead={id}` opens that one). Side by side on wide screens; on phones the
 * thread takes the place of the list. Signed out: sign in, then back.
 */
export function MyRequestsPage() {
  const session = useStore($session, { ssr: "initial" });
  const list = useStore($myRequests, { ssr: "initial" });
  const thread = useStore($thread, { ssr: "initial" });
  const signedOut = session.status === "unauthenticated";

  // Syncing with the browser: leave for the sign-in page once we know nobody is signed in.
  useEffect(() => {
    if (!signedOut) return undefined;
    const timer = setTimeout(() => location.assign(loginPath()), 100);
    return () => clearTimeout(timer);
  }, [signedOut]);

  if (signedOut) {
    return (
      <Shell>
        <div className="rounded-card border-line bg-surface mt-6 flex flex-col items-center border px-6 py-12 text-center">
          <LockKeyhole aria-hidden="true" className="text-primary size-10" />
          <p className="text-ink mt-3 text-xl font-bold">Sign in to see your requests</p>
          <p className="text-ink-soft mt-1" role="status">
            Taking you to the sign-in page…
          </p>
          <a href={loginPath()} className={buttonClass("primary", "lg", "mt-6")}>
            Sign In
          </a>
        </div>
      </Shell>
    );
  }

  if (session.status === "loading" || list.status === "idle" || list.status === "loading") {
    return (
      <Shell>
        <div className="mt-6 lg:max-w-sm">
          <LeadListSkeleton label="Loading your requests…" />
        </div>
      </Shell>
    );
  }

  if (list.status === "error") {
    return (
      <Shell>
        <div className="mt-6">
          <ErrorBox
            title="We couldn't load your requests."
            message={list.error}
            onRetry={() => void loadMyRequests()}
          />
        </div>
      </Shell>
    );
  }

  const open = thread.status !== "closed";
  if (list.leads.length === 0 && !open) {
    return (
      <Shell>
        <div className="mt-6">
          <EmptyBox title="No requests yet">
            <p className="text-ink-soft mt-1 max-w-sm">
              Open a provider's page and choose Request a Quote: their replies and prices come here.
            </p>
            <a href="/" className={buttonClass("primary", "lg", "mt-6")}>
              <Search aria-hidden="true" className="size-5" />
              Browse Providers
            </a>
          </EmptyBox>
        </div>
      </Shell>
    );
  }

  return (
    <Shell count={list.leads.length}>
      <div className="mt-6 grid gap-5 lg:grid-cols-[22rem_minmax(0,1fr)] lg:items-start">
        <div className={cn(open && "max-lg:hidden")}>
          <LeadList leads={list.leads} side="customer" label="Your requests" />
        </div>
        <div className={cn(!open && "max-lg:hidden")}>
          <ThreadPane
            side="customer"
            backLabel="All requests"
            placeholder={
              <EmptyBox title="Choose a request">
                <p className="text-ink-soft mt-1">Its messages and quotes open here.</p>
              </EmptyBox>
            }
          />
        </div>
      </div>
    </Shell>
  );
}

function Shell({ count, children }: { count?: number; children: ReactNode }) {
  return (
    <div className="mx-auto min-h-[calc(100dvh-4rem)] max-w-6xl px-4 pt-6 pb-10 sm:pt-8">
      <h1 className="text-ink text-2xl font-bold tracking-tight sm:text-3xl">My Requests</h1>
      <p className="text-ink-muted mt-1">
        {count === undefined
          ? "Your quote requests and the providers' replies."
          : `${count} ${count === 1 ? "request" : "requests"}, newest first.`}
      </p>
      {children}
    </div>
  );
}
