import { useStore } from "@nanostores/react";
import { useEffect } from "react";
import { NotFoundMessage } from "../../components/NotFoundMessage.tsx";
import { ErrorBox } from "../../components/ui/ErrorBox.tsx";
import { ProviderProfile } from "./ProviderProfile.tsx";
import { $liveProvider, loadLiveProvider } from "./store.ts";

/**
 * The live provider page (architecture.md "Freshness"): the same profile as
 * the pre-rendered pages, loaded over the API for a provider created or renamed
 * after the last build. The shell's HTML is the loading skeleton.
 */
export function ProviderLive() {
  // The provider id is only known from the browser's URL: load it once after hydration.
  useEffect(() => {
    void loadLiveProvider(location.pathname);
  }, []);
  const state = useStore($liveProvider);

  if (state.status === "ready") {
    return <ProviderProfile provider={state.provider} gallery={state.gallery} path={state.path} />;
  }
  if (state.status === "notFound") return <NotFoundMessage />;
  if (state.status === "error") {
    return (
      <div className="mx-auto max-w-3xl px-4 py-12">
        <ErrorBox
          title="We couldn't load this provider."
          message={state.message}
          onRetry={() => void loadLiveProvider(location.pathname)}
        />
      </div>
    );
  }
  return <ProfileSkeleton />;
}

/** The profile's layout in grey blocks, so the real page replaces it without a jump. */
function ProfileSkeleton() {
  return (
    <div className="mx-auto max-w-6xl px-4 pt-4 pb-8 sm:pt-6" role="status">
      <span className="sr-only">Loading provider…</span>
      <div aria-hidden="true">
        <div className="skeleton h-5 w-64 max-w-full" />
        <div className="mt-3 grid grid-cols-1 gap-5 lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-x-8">
          <div className="rounded-card border-line bg-surface border p-5 sm:p-6">
            <div className="flex flex-col gap-4 sm:flex-row sm:gap-5">
              <div className="skeleton size-20 rounded-lg sm:size-24" />
              <div className="flex-1">
                <div className="skeleton h-8 w-3/4" />
                <div className="skeleton mt-3 h-5 w-1/2" />
                <div className="skeleton mt-3 h-6 w-40" />
                <div className="mt-3 flex gap-2">
                  <div className="skeleton h-6 w-24" />
                  <div className="skeleton h-6 w-28" />
                </div>
              </div>
            </div>
          </div>
          <div className="lg:col-start-2 lg:row-span-2 lg:row-start-1">
            <div className="rounded-card border-line bg-surface border p-5">
              <div className="skeleton h-6 w-24" />
              <div className="skeleton mt-4 h-10 w-full" />
              <div className="skeleton rounded-control mt-4 h-12 w-full" />
            </div>
          </div>
          <div className="rounded-card border-line bg-surface border p-5 sm:p-6 lg:col-start-1">
            <div className="skeleton h-6 w-28" />
            <div className="skeleton mt-3 h-4 w-full" />
            <div className="skeleton mt-2 h-4 w-5/6" />
            <div className="skeleton mt-2 h-4 w-2/3" />
          </div>
        </div>
      </div>
    </div>
  );
}
