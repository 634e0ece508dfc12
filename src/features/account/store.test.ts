import { cleanStores } from "nanostores";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AccountSession } from "../../lib/auth-schemas.ts";
import { $toast } from "../toast/store.ts";
import {
  $accountSessions,
  accountLogin,
  endSession,
  loadSessions,
  signOutEverywhere,
} from "./store.ts";

function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json" },
  });
}

const session = (id: string, current = false): AccountSession => ({
  id,
  device: `Chrome ${id}`,
  lastUsedAt: "2026-11-25T10:00:00.000Z",
  createdAt: "2026-11-24T10:00:00.000Z",
  current,
});

describe("the account sessions store", () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  let assign: ReturnType<typeof vi.fn>;

  beforeEach(async () => {
    fetchMock = vi.fn();
    assign = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
    vi.stubGlobal("location", { assign });
    fetchMock.mockResolvedValueOnce(answer(200, [session("me", true), session("phone")]));
    await loadSessions();
  });

  afterEach(() => {
    cleanStores($accountSessions, $toast);
    vi.unstubAllGlobals();
  });

  it("loads the list from GET /api/auth/sessions", () => {
    expect(fetchMock).toHaveBeenCalledWith(
      "/api/auth/sessions",
      expect.objectContaining({ method: "GET" }),
    );
    expect($accountSessions.get().status).toBe("ready");
    expect($accountSessions.get().items.map((s) => s.id)).toEqual(["me", "phone"]);
  });

  it("records when the list arrived, the instant its 'last used' times count from", async () => {
    const loadedAt = Date.parse("2026-11-25T10:05:00.000Z");
    const clock = vi.spyOn(Date, "now").mockReturnValue(loadedAt);
    fetchMock.mockResolvedValueOnce(answer(200, [session("me", true)]));
    await loadSessions();
    clock.mockRestore();
    expect($accountSessions.get()).toMatchObject({ status: "ready", loadedAt });
  });

  it("takes another device off the list once the server ended it, and stays here", async () => {
    fetchMock.mockResolvedValueOnce(answer(200, { message: "That device is signed out." }));
    expect(await endSession(session("phone"))).toBe(true);
    expect(fetchMock).toHaveBeenLastCalledWith(
      "/api/auth/sessions/phone",
      expect.objectContaining({ method: "DELETE" }),
    );
    expect($accountSessions.get().items.map((s) => s.id)).toEqual(["me"]);
    expect($toast.get()?.title).toBe("Signed out");
    expect(assign).not.toHaveBeenCalled();
  });

  it("treats a session already gone (404) as ended", async () => {
    fetchMock.mockResolvedValueOnce(answer(404, { error: "Session not found" }));
    expect(await endSession(session("phone"))).toBe(true);
    expect($accountSessions.get().items.map((s) => s.id)).toEqual(["me"]);
  });

  it("keeps the row and says why when the server refuses", async () => {
    fetchMock.mockResolvedValueOnce(answer(500, { error: "Database is busy" }));
    expect(await endSession(session("phone"))).toBe(false);
    expect($accountSessions.get().items).toHaveLength(2);
    expect($toast.get()).toMatchObject({ variant: "destructive", description: "Database is busy" });
  });

  it("leaves for the sign-in page after ending this device's session", async () => {
    fetchMock.mockResolvedValueOnce(answer(200, { message: "You are signed out on this device." }));
    await endSession(session("me", true));
    expect(assign).toHaveBeenCalledWith("/login");
  });

  it("signs out everywhere, then leaves for the sign-in page", async () => {
    fetchMock.mockResolvedValueOnce(
      answer(200, { message: "You are signed out on every device." }),
    );
    expect(await signOutEverywhere()).toBe(true);
    expect(fetchMock).toHaveBeenLastCalledWith(
      "/api/auth/signout-everywhere",
      expect.objectContaining({ method: "POST" }),
    );
    expect(assign).toHaveBeenCalledWith("/login");
  });

  it("stays when signing out everywhere fails", async () => {
    fetchMock.mockResolvedValueOnce(answer(429, { error: "Too many attempts." }));
    expect(await signOutEverywhere()).toBe(false);
    expect(assign).not.toHaveBeenCalled();
    expect($toast.get()?.title).toBe("Could not sign out everywhere");
  });
});

describe("on an Urdu page", () => {
  afterEach(() => {
    cleanStores($accountSessions, $toast);
    vi.unstubAllGlobals();
  });

  it("signs in on the Urdu screen and comes back to the Urdu account page", () => {
    expect(accountLogin()).toBe("/login?next=%2Faccount");
    vi.stubGlobal("document", { documentElement: { lang: "ur" } });
    expect(accountLogin()).toBe("/ur/login?next=%2Fur%2Faccount");
  });

  it("leaves for the Urdu sign-in page, and says why in Urdu", async () => {
    vi.stubGlobal("document", { documentElement: { lang: "ur" } });
    const assign = vi.fn();
    vi.stubGlobal("location", { assign });
    vi.stubGlobal("fetch", vi.fn().mockResolvedValue(answer(200, { message: "ok" })));
    expect(await signOutEverywhere()).toBe(true);
    expect(assign).toHaveBeenCalledWith("/ur/login");
    // No sessionStorage here, so the toast meant for the next page shows now.
    expect($toast.get()?.title).toBe("ہر جگہ سے سائن آؤٹ ہو گئے");
  });
});
