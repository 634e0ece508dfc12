/**
 * The one toast queue every island shares. Islands are separate React roots,
 * so the queue is a nanostore and a single <Toaster /> (mounted once in the
 * layout) renders it. One toast is visible at a time: a new one replaces the
 * old, so a burst of messages never stacks up over the page.
 */
import { atom, onMount } from "nanostores";
import { m } from "../../i18n/index.ts";
import { FORM_TOAST_COOKIE, NEXT_PAGE_TOAST_KEY, TOAST_RAISED_EVENT } from "./signals.ts";

export { NEXT_PAGE_TOAST_KEY };

export type ToastVariant = "default" | "destructive";

export interface ToastInput {
  title: string;
  description?: string | undefined;
  variant?: ToastVariant | undefined;
}

export interface ToastItem {
  id: number;
  title: string;
  description: string | null;
  variant: ToastVariant;
  open: boolean;
}

/** How long a toast stays. */
export const TOAST_DURATION_MS = 5000;

export const $toast = atom<ToastItem | null>(null);

let nextId = 1;

/** Shows a toast now, replacing the one on screen. Returns its id. */
export function toast(input: ToastInput): number {
  const id = nextId++;
  $toast.set({
    id,
    title: input.title,
    description: input.description?.trim() || null,
    variant: input.variant ?? "default",
    open: true,
  });
  // The Toaster hydrates only when there is something to show (client:toast).
  if (typeof window !== "undefined") window.dispatchEvent(new Event(TOAST_RAISED_EVENT));
  return id;
}

/** Closes the toast with this id (after its timer, a swipe or the close button). */
export function dismissToast(id: number): void {
  const t = $toast.get();
  if (t && t.id === id && t.open) $toast.set({ ...t, open: false });
}

/**
 * Keeps a toast for the next page this tab opens, for messages that precede a
 * redirect ('Signed in', then go to /). Falls back to showing it now when
 * storage is unavailable (private mode quotas, disabled storage).
 */
export function toastOnNextPage(input: ToastInput, storage?: Pick<Storage, "setItem">): void {
  try {
    (storage ?? sessionStorage).setItem(NEXT_PAGE_TOAST_KEY, JSON.stringify(input));
    handedOver = true;
  } catch {
    toast(input);
  }
}

/**
 * Set once this page has kept a toast for the next one: it is leaving. A
 * Toaster that hydrates during the navigation (client:idle fires while the
 * next page loads) must not take that toast back to a page nobody will see.
 */
let handedOver = false;

/** Shows the toast the previous page kept, unless this page is the one that kept it. */
export function showPendingToast(storage: Pick<Storage, "getItem" | "removeItem">): void {
  if (handedOver) return;
  const pending =
    takeNextPageToast(storage) ??
    (typeof document === "undefined" ? null : takeFormToast(document));
  if (pending) toast(pending);
}

/** The toasts the server's form handlers may leave for the next page, by name. */
const FORM_TOASTS: Readonly<Record<string, () => ToastInput>> = {
  signed_in: () => ({ title: m.auth_toast_signed_in(), description: m.auth_toast_welcome_back() }),
};

/** Reads (and removes) the toast named by the server's cookie (signals.ts FORM_TOAST_COOKIE). */
export function takeFormToast(doc: Pick<Document, "cookie">): ToastInput | null {
  const name = new RegExp(`(?:^|;\\s*)${FORM_TOAST_COOKIE}=([a-z_]+)`).exec(doc.cookie)?.[1];
  if (name === undefined) return null;
  doc.cookie = `${FORM_TOAST_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
  return Object.hasOwn(FORM_TOASTS, name) ? FORM_TOASTS[name]!() : null;
}

/** Reads (and removes) a toast kept by toastOnNextPage. */
export function takeNextPageToast(
  storage: Pick<Storage, "getItem" | "removeItem">,
): ToastInput | null {
  let raw: string | null;
  try {
    raw = storage.getItem(NEXT_PAGE_TOAST_KEY);
    if (raw !== null) storage.removeItem(NEXT_PAGE_TOAST_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<ToastInput> | null;
    if (!v || typeof v.title !== "string") return null;
    return {
      title: v.title,
      description: typeof v.description === "string" ? v.description : undefined,
      variant: v.variant === "destructive" ? "destructive" : "default",
    };
  } catch {
    return null;
  }
}

// The Toaster subscribing is the sign that a page is up: show what the previous page left.
onMount($toast, () => {
  if (typeof window === "undefined") return;
  showPendingToast(sessionStorage);
});
