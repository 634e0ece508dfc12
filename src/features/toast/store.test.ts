import { cleanStores } from "nanostores";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  $toast,
  dismissToast,
  NEXT_PAGE_TOAST_KEY,
  takeFormToast,
  takeNextPageToast,
  toast,
} from "./store.ts";

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
    data,
  };
}

describe("the toast store", () => {
  afterEach(() => cleanStores($toast));

  it("shows one toast at a time: a new one replaces the old", () => {
    const first = toast({ title: "Signed in", description: "Welcome back!" });
    const second = toast({ title: "Password mismatch", variant: "destructive" });
    expect(second).not.toBe(first);
    expect($toast.get()).toMatchObject({
      id: second,
      title: "Password mismatch",
      description: null,
      variant: "destructive",
      open: true,
    });
  });

  it("closes only the toast it is asked to", () => {
    const old = toast({ title: "Old" });
    const now = toast({ title: "New" });
    dismissToast(old);
    expect($toast.get()?.open).toBe(true);
    dismissToast(now);
    expect($toast.get()?.open).toBe(false);
  });

  it("hands over a toast kept for the next page exactly once", () => {
    const storage = memoryStorage({
      [NEXT_PAGE_TOAST_KEY]: JSON.stringify({ title: "Signed in", description: "Welcome back!" }),
    });
    expect(takeNextPageToast(storage)).toEqual({
      title: "Signed in",
      description: "Welcome back!",
      variant: "default",
    });
    expect(takeNextPageToast(storage)).toBeNull();
  });

  it.each([["not json"], [JSON.stringify({ description: "no title" })], [JSON.stringify(null)]])(
    "drops a damaged entry %j",
    (raw) => {
      const storage = memoryStorage({ [NEXT_PAGE_TOAST_KEY]: raw });
      expect(takeNextPageToast(storage)).toBeNull();
      expect(storage.data.size).toBe(0);
    },
  );

  it("shows the previous page's toast once on the next page", async () => {
    vi.resetModules();
    const fresh = await import("./store.ts");
    const storage = memoryStorage({
      [NEXT_PAGE_TOAST_KEY]: JSON.stringify({ title: "Signed in" }),
    });
    fresh.showPendingToast(storage);
    expect(fresh.$toast.get()).toMatchObject({ title: "Signed in", open: true });
    expect(storage.data.size).toBe(0);
    cleanStores(fresh.$toast);
  });

  it("keeps a toast for the next page even when this page's Toaster hydrates while leaving", async () => {
    vi.resetModules();
    const fresh = await import("./store.ts");
    const storage = memoryStorage();
    fresh.toastOnNextPage({ title: "Unauthorized", variant: "destructive" }, storage);
    fresh.showPendingToast(storage);
    expect(fresh.$toast.get()).toBeNull();
    expect(JSON.parse(storage.data.get(NEXT_PAGE_TOAST_KEY) ?? "null")).toMatchObject({
      title: "Unauthorized",
    });
    cleanStores(fresh.$toast);
  });

  it("shows the toast a form's POST named for the next page, once, from a fixed list", () => {
    const written: string[] = [];
    const doc = (cookie: string) => ({
      get cookie() {
        return cookie;
      },
      set cookie(v: string) {
        written.push(v);
      },
    });
    expect(takeFormToast(doc("a=1; karkhana_toast=signed_in; b=2"))).toEqual({
      title: "Signed in",
      description: "Welcome back!",
    });
    expect(written).toEqual(["karkhana_toast=; Max-Age=0; Path=/; SameSite=Lax"]);
    // Anything else is a name it does not know: removed, never shown.
    expect(takeFormToast(doc("karkhana_toast=constructor"))).toBeNull();
    expect(takeFormToast(doc("karkhana_toast=__proto__"))).toBeNull();
    expect(takeFormToast(doc("karkhana_toast=%3Cscript%3E"))).toBeNull();
    expect(takeFormToast(doc("other=1"))).toBeNull();
  });
});
