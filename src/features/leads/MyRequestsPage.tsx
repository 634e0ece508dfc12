import { useStore } from "@nanostores/react";
import { LockKeyhole, Search } from "lucide-react";
import { useEffect, type ReactNode } from "react";
import { buttonClass } from "../../components/ui/button.ts";
import { ErrorBox } from "../../components/ui/ErrorBox.tsx";
import { LoadMoreButton } from "../../components/ui/LoadMoreButton.tsx";
import { currentLocale, formatCount, localHref, m } from "../../i18n/index.ts";
import { cn } from "../../lib/cn.ts";
import { $session } from "../auth/session.ts";
import { EmptyBox, LeadList, LeadListSkeleton, ThreadPane } from "./LeadList.tsx";
import { $myRequests, $thread, loadMore, loadMyRequests } from "./store.ts";

/** The sign-in page, coming back here (to the same thread when the address names one). */
function loginPath(): string {
  return localHref(`/login?next=${encodeURIComponent(location.pathname + location.search)}`);
}

/**
 * 'My Requests': the customer's quote requests, newest first (a page at a
 * time, 'Load more' for older ones), each with its status and an unread dot; opening one shows the thread with a reply box
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
          <p className="text-ink mt-3 text-xl font-bold">{m.leads_sign_in_to_see()}</p>
          <p className="text-ink-soft mt-1" role="status">
            {m.leads_taking_to_sign_in()}
          </p>
          <a href={loginPath()} className={buttonClass("primary", "lg", "mt-6")}>
            {m.leads_sign_in()}
          </a>
        </div>
      </Shell>
    );
  }

  if (session.status === "loading" || list.status === "idle" || list.status === "loading") {
    return (
      <Shell>
        <div className="mt-6 lg:max-w-sm">
          <LeadListSkeleton label={m.leads_loading_requests()} />
        </div>
      </Shell>
    );
  }

  if (list.status === "error") {
    return (
      <Shell>
        <div className="mt-6">
          <ErrorBox
            title={m.leads_load_requests_failed()}
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
          <EmptyBox title={m.leads_no_requests()}>
            <p className="text-ink-soft mt-1 max-w-sm">{m.leads_no_requests_text()}</p>
            <a href={localHref("/")} className={buttonClass("primary", "lg", "mt-6")}>
              <Search aria-hidden="true" className="size-5" />
              {m.leads_browse_providers()}
            </a>
          </EmptyBox>
        </div>
      </Shell>
    );
  }

  return (
    <Shell count={list.total}>
      <div className="mt-6 grid gap-5 lg:grid-cols-[22rem_minmax(0,1fr)] lg:items-start">
        <div className={cn("flex flex-col gap-3", open && "max-lg:hidden")}>
          <LeadList leads={list.leads} side="customer" label={m.leads_your_requests()} />
          {list.next && (
            <LoadMoreButton loading={list.loadingMore} onLoad={() => void loadMore("customer")} />
          )}
        </div>
        <div className={cn(!open && "max-lg:hidden")}>
          <ThreadPane
            side="customer"
            backLabel={m.leads_all_requests()}
            placeholder={
              <EmptyBox title={m.leads_choose_request()}>
                <p className="text-ink-soft mt-1">{m.leads_choose_request_text()}</p>
              </EmptyBox>
            }
          />
        </div>
      </div>
    </Shell>
  );
}

/** '3 requests, newest first.' */
function countText(count: number): string {
  const shown = formatCount(count, currentLocale());
  return count === 1
    ? m.leads_request_count_one({ count: shown })
    : m.leads_request_count_other({ count: shown });
}

function Shell({ count, children }: { count?: number; children: ReactNode }) {
  return (
    <div className="mx-auto min-h-[calc(100dvh-4rem)] max-w-6xl px-4 pt-6 pb-10 sm:pt-8">
      <h1 className="text-ink text-2xl font-bold tracking-tight sm:text-3xl">
        {m.leads_my_requests()}
      </h1>
      <p className="text-ink-muted mt-1">
        {count === undefined ? m.leads_my_requests_intro() : countText(count)}
      </p>
      {children}
    </div>
  );
}
