/**
 * A provider's contact details, for signed-in users only (never in the
 * pre-rendered HTML, which is the same for everyone). The
 * API adds email, phone and website to GET /api/providers/{id} when the
 * request carries a session; one store per provider id, loaded once the
 * session turns out to be signed in.
 */
import { atom, onMount, type ReadableAtom, type WritableAtom } from "nanostores";
import { companyName, currentLocale, m } from "../../i18n/index.ts";
import { ApiError, describeError } from "../../lib/api.ts";
import { api, unwrap } from "../../lib/api-client.ts";
import type { ProviderContact } from "../../lib/types.ts";
import { $session } from "../auth/session.ts";

export type ContactState =
  | { status: "idle" }
  | { status: "loading" }
  /**
   * `companyName` (in the page's language) and `path` (the canonical page)
   * name the provider in the WhatsApp greeting.
   */
  | { status: "ready"; contact: ProviderContact; companyName: string; path: string }
  | { status: "notFound" }
  /** Over the reveal caps (429): the server's sentence says when to come back. */
  | { status: "capped"; message: string }
  | { status: "error"; message: string };

const stores = new Map<string, WritableAtom<ContactState>>();

/** The contact store of one provider (the same store for the same id). */
export function contactStore(providerId: string): ReadableAtom<ContactState> {
  let store = stores.get(providerId);
  if (!store) {
    const s = atom<ContactState>({ status: "idle" });
    onMount(s, () => {
      if (typeof window === "undefined") return;
      return $session.subscribe((session) => {
        if (session.status === "authenticated" && s.get().status === "idle") {
          void loadContact(providerId);
        }
      });
    });
    stores.set(providerId, s);
    store = s;
  }
  return store;
}

/** Loads (or, after an error, reloads) the details. */
export async function loadContact(providerId: string): Promise<void> {
  const s = stores.get(providerId);
  if (!s) return;
  s.set({ status: "loading" });
  try {
    const data = await unwrap(
      api.providers[":id"].$get({ param: { id: encodeURIComponent(providerId) } }),
    );
    // A signed-in caller gets the contact fields on top of the public answer.
    // The route's two 200 shapes reduce to the public one in the inferred
    // type (one is a subtype of the other), so the extra fields are named here.
    const {
      email = null,
      phone = null,
      phoneOnWhatsapp = false,
      website = null,
    } = data as Partial<ProviderContact>;
    s.set({
      status: "ready",
      contact: { email, phone, phoneOnWhatsapp, website },
      companyName: companyName(data, currentLocale()),
      path: data.path,
    });
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) s.set({ status: "notFound" });
    else if (err instanceof ApiError && err.status === 429) {
      s.set({
        status: "capped",
        message: err.serverMessage ?? m.search_contact_capped(),
      });
    } else s.set({ status: "error", message: describeError(err) });
  }
}

/** Only http(s) websites become links; anything else is shown as text. */
export function safeWebsite(raw: string): { href: string; label: string } | null {
  const t = raw.trim();
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z\d+.-]*:/i.test(t) ? t : `https://${t}`);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const label = `${url.host}${url.pathname === "/" ? "" : url.pathname}${url.search}`;
  return { href: url.href, label };
}
