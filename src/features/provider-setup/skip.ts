/**
 * 'Skip for Now' on provider setup, remembered for the browser tab: a provider
 * without a profile who opens the dashboard is led to setup (decision 026),
 * except right after choosing to skip it, when the dashboard's own Company
 * Profile form is what they asked for.
 */
const SKIPPED_KEY = "karkhana_setup_skipped";

export function markSetupSkipped(storage: Pick<Storage, "setItem"> | undefined = tabStorage()) {
  try {
    storage?.setItem(SKIPPED_KEY, "1");
  } catch {
    // Storage refused (private mode, quota): the dashboard then leads to setup again.
  }
}

export function setupSkipped(
  storage: Pick<Storage, "getItem"> | undefined = tabStorage(),
): boolean {
  try {
    return storage?.getItem(SKIPPED_KEY) === "1";
  } catch {
    return false;
  }
}

/** Whether the dashboard should send this user to 'Complete Your Provider Profile' instead. */
export function leadsToSetup(
  role: string | undefined,
  hasProvider: boolean,
  skipped: boolean,
): boolean {
  return role === "provider" && !hasProvider && !skipped;
}

function tabStorage(): Storage | undefined {
  try {
    return typeof sessionStorage === "undefined" ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}
