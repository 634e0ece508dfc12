import { cleanStores } from "nanostores";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AdminLead, LeadSummary, LeadThread } from "../../lib/lead-schemas.ts";
import { $toast } from "../toast/store.ts";
import {
  $adminLeads,
  $inbox,
  $inboxUnread,
  $thread,
  adminLeadAction,
  leadFromUrl,
  loadAdminLeads,
  loadInbox,
  openLead,
  setLeadStatus,
  statusText,
} from "./store.ts";
import { ApiError } from "../../lib/api.ts";

function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json" },
  });
}

const summary = (id: string, unread: boolean, createdAt: string): LeadSummary => ({
  id,
  provider: { id: "p", companyName: "Ravi Metal Works", url: "/pk/lahore/x/ravi-p" },
  customerName: "Farah M.",
  need: "200 steel brackets, powder coated",
  city: "Lahore",
  status: "new",
  reviewState: "visible",
  unread,
  lastMessageAt: createdAt,
  createdAt,
});

const thread = (s: LeadSummary, patch: Partial<LeadThread> = {}): LeadThread => ({
  ...s,
  quantity: null,
  budgetPkr: null,
  neededBy: null,
  photos: [],
  viewerSide: "provider",
  customer: { name: "Farah Malik", email: "farah@example.com" },
  reportedAt: null,
  messages: [],
  ...patch,
});

describe("the leads store", () => {
  let fetchMock: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
  });

  afterEach(() => {
    cleanStores($inbox, $inboxUnread, $thread, $adminLeads, $toast);
    vi.unstubAllGlobals();
  });

  it("lists the inbox newest first and counts the unread leads", async () => {
    const older = summary("a", true, "2026-11-01T10:00:00.000Z");
    const newer = summary("b", false, "2026-11-02T10:00:00.000Z");
    fetchMock.mockResolvedValueOnce(answer(200, { leads: [older, newer], unread: 1 }));
    await loadInbox();
    expect(fetchMock).toHaveBeenCalledWith(
      "/api/my-provider/leads",
      expect.objectContaining({ method: "GET" }),
    );
    expect($inbox.get().leads.map((l) => l.id)).toEqual(["b", "a"]);
    expect($inboxUnread.get()).toBe(1);
  });

  it("opens an unread lead and marks it read, which clears the count", async () => {
    const lead = summary("a", true, "2026-11-01T10:00:00.000Z");
    fetchMock.mockResolvedValueOnce(answer(200, { leads: [lead], unread: 1 }));
    await loadInbox();
    fetchMock
      .mockResolvedValueOnce(answer(200, thread(lead)))
      .mockResolvedValueOnce(answer(200, { ok: true }));
    await openLead("a", "provider");
    expect($inboxUnread.get()).toBe(0);
    expect(fetchMock).toHaveBeenCalledWith(
      "/api/leads/a/read",
      expect.objectContaining({ method: "PUT" }),
    );
    expect($thread.get()).toMatchObject({ status: "ready", id: "a" });
  });

  it("says a lead it may not read is not available, without a retry", async () => {
    fetchMock.mockResolvedValueOnce(answer(404, { error: "Lead not found" }));
    await openLead("x", "customer");
    expect($thread.get()).toEqual({
      status: "error",
      id: "x",
      message: "This request is not available.",
      missing: true,
    });
  });

  it("changes the status with PATCH and shows it in the list", async () => {
    const lead = summary("a", false, "2026-11-01T10:00:00.000Z");
    fetchMock.mockResolvedValueOnce(answer(200, { leads: [lead], unread: 0 }));
    await loadInbox();
    fetchMock.mockResolvedValueOnce(answer(200, thread({ ...lead, status: "won" })));
    expect(await setLeadStatus("a", "won")).toBe(true);
    const [url, init] = fetchMock.mock.lastCall as [string, RequestInit];
    expect(url).toBe("/api/leads/a/status");
    expect(init.method).toBe("PATCH");
    expect(JSON.parse(init.body as string)).toEqual({ status: "won" });
    expect($inbox.get().leads[0]?.status).toBe("won");
    expect($toast.get()?.title).toBe("Status updated");
  });

  it("keeps an admin's lead in the list when the action fails, and drops it when done", async () => {
    const lead: AdminLead = {
      ...summary("h", false, "2026-11-01T10:00:00.000Z"),
      reviewState: "held",
      customerEmail: "farah@example.com",
      reason: "held",
      reportReason: null,
      reportedAt: null,
    };
    fetchMock.mockResolvedValueOnce(answer(200, [lead]));
    await loadAdminLeads();
    fetchMock.mockResolvedValueOnce(answer(409, { error: "Already released" }));
    expect(await adminLeadAction("h", "release")).toBe(false);
    expect($adminLeads.get().leads).toHaveLength(1);
    expect($toast.get()).toMatchObject({ title: "Error", description: "Already released" });
    fetchMock.mockResolvedValueOnce(answer(200, { ...lead, reviewState: "visible" }));
    expect(await adminLeadAction("h", "release")).toBe(true);
    expect(fetchMock).toHaveBeenLastCalledWith(
      "/api/admin/leads/h/release",
      expect.objectContaining({ method: "POST" }),
    );
    expect($adminLeads.get().leads).toEqual([]);
    expect($toast.get()?.title).toBe("Released");
  });
});

describe("leadFromUrl and statusText", () => {
  it("reads ?lead= and ignores an empty one", () => {
    expect(leadFromUrl("?lead=abc")).toBe("abc");
    expect(leadFromUrl("?lead=")).toBeNull();
    expect(leadFromUrl("")).toBeNull();
  });

  it("words a refusal as '{status}: {text}' with the API's sentence", () => {
    expect(statusText(new ApiError(409, '{"error":"Not claimed"}'))).toBe("409: Not claimed");
    expect(statusText(new ApiError(502, "<html>Bad gateway</html>"))).toBe("502: Server error");
    expect(statusText(new ApiError(500, "Oops"))).toBe("500: Oops");
  });
});
