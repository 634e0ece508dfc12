import { useStore } from "@nanostores/react";
import type { ReactNode } from "react";
import { freshProfileStore } from "./freshness.ts";

interface Props {
  providerId: string;
  /** profileSignature() of the data this page was built from. */
  signature: string;
  /** The page's own path (the Contact box's sign-in link comes back to it). */
  path: string;
  /** The pre-rendered profile, shown as long as it is current. */
  children?: ReactNode;
}

/**
 * Wraps the pre-rendered profile. After hydration it asks the API whether the
 * provider changed since the build; if so it renders the same ProviderProfile
 * from the live data in place, otherwise it leaves the static HTML alone.
 */
export function ProviderFreshness({ providerId, signature, path, children }: Props) {
  const state = useStore(freshProfileStore(providerId, signature));
  if (state.status === "fresh") {
    const { Profile } = state;
    return <Profile provider={state.provider} gallery={state.gallery} path={path} />;
  }
  return <>{children}</>;
}
