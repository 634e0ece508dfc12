import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { $toast, NEXT_PAGE_TOAST_KEY } from "../toast/store.ts";
import { handleUnauthorized, UNAUTHORIZED_REDIRECT_MS } from "./unauthorized.ts";

describe("handleUnauthorized", () => {
  const stored = new Map<string, string>();
  const assign = vi.fn<(url: string) => void>();

  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal("sessionStorage", {
      getItem: (k: string) => stored.get(k) ?? null,
      setItem: (k: string, v: string) => void stored.set(k, v),
      removeItem: (k: string) => void stored.delete(k),
    });
    vi.stubGlobal("location", { assign });
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("toasts now, and keeps the toast for the sign-in page only as it leaves", () => {
    handleUnauthorized("/login?next=%2Fprovider-dashboard");
    expect($toast.get()).toMatchObject({
      title: "Unauthorized",
      description: "You are logged out. Logging in again...",
      variant: "destructive",
    });
    // A Toaster that hydrates on this page in the meantime must not take it from storage.
    expect(stored.has(NEXT_PAGE_TOAST_KEY)).toBe(false);
    expect(assign).not.toHaveBeenCalled();

    vi.advanceTimersByTime(UNAUTHORIZED_REDIRECT_MS);
    expect(JSON.parse(stored.get(NEXT_PAGE_TOAST_KEY)!)).toMatchObject({ title: "Unauthorized" });
    expect(assign).toHaveBeenCalledExactlyOnceWith("/login?next=%2Fprovider-dashboard");

    // Later failures on the way out change nothing: one toast, one redirect.
    handleUnauthorized("/api/login");
    vi.advanceTimersByTime(UNAUTHORIZED_REDIRECT_MS);
    expect(assign).toHaveBeenCalledTimes(1);
  });
});
