/**
 * Whether the setup form applies: 'Loading...'
 * until the user is known; a user who already has a provider profile is sent
 * to the dashboard instead of filling the form again.
 */
import { atom, onMount } from "nanostores";
import { localHref } from "../../i18n/index.ts";
import { $session } from "../auth/session.ts";
import { fetchMyProvider } from "../dashboard/my-provider.ts";

export type SetupGate = "checking" | "form" | "hasProfile";

export const $setupGate = atom<SetupGate>("checking");

let checked = false;

onMount($setupGate, () => {
  if (typeof window === "undefined") return;
  return $session.subscribe((s) => {
    if (s.status === "unauthenticated") $setupGate.set("form");
    if (s.status === "authenticated" && !checked) {
      checked = true;
      void checkExisting();
    }
  });
});

async function checkExisting(): Promise<void> {
  try {
    if (await fetchMyProvider()) {
      $setupGate.set("hasProfile");
      location.replace(localHref("/provider-dashboard"));
      return;
    }
  } catch (err) {
    // The form still works: the server refuses a second profile with 409.
    console.warn("Could not check for an existing provider profile:", err);
  }
  $setupGate.set("form");
}
