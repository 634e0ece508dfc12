import { cleanStores } from "nanostores";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { LeadSummary, LeadThread } from "../../lib/lead-schemas.ts";
import { $toast } from "../toast/store.ts";
import {
  $inbox,
  $inboxUnread,
  $myRequests,
  $thread,
  leadFromUrl,
  loadInbox,
  loadMore,
  loadMyRequests,
  openLead,
  setLeadStatus,
  statusText,
} from "./store.ts";
import { ApiError } from "../../lib/api.ts";

function answer(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json", ...headers },
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
    cleanStores($inbox, $inboxUnread, $myRequests, $thread, $toast);
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

  it("counts the unread leads of the whole inbox, loaded or not, and one less once read", async () => {
    const lead = summary("a", true, "2026-11-01T10:00:00.000Z");
    // One unread lead on this page, six more further down the inbox.
    fetchMock.mockResolvedValueOnce(answer(200, { leads: [lead], unread: 7 }));
    await loadInbox();
    expect($inboxUnread.get()).toBe(7);
    fetchMock
      .mockResolvedValueOnce(answer(200, thread(lead)))
      .mockResolvedValueOnce(answer(200, { ok: true }));
    await openLead("a", "provider");
    expect($inboxUnread.get()).toBe(6);
  });

  it("loads the next page with the cursor the Link header gave, below the first", async () => {
    const first = [3, 2].map((d) => summary(`r${d}`, false, `2026-11-0${d}T10:00:00.000Z`));
    fetchMock.mockResolvedValueOnce(
      answer(200, first, {
        "X-Total-Count": "3",
        Link: '</api/leads?cursor=1764669600000.r2&limit=2>; rel="next"',
      }),
    );
    await loadMyRequests();
    expect($myRequests.get()).toMatchObject({ total: 3, next: "1764669600000.r2" });
    // A row the first page had already (a reload raced) is not shown twice.
    const older = summary("r1", false, "2026-11-01T10:00:00.000Z");
    fetchMock.mockResolvedValueOnce(answer(200, [first[1], older], { "X-Total-Count": "3" }));
    await loadMore("customer");
    expect(fetchMock).toHaveBeenLastCalledWith(
      "/api/leads?cursor=1764669600000.r2",
      expect.objectContaining({ method: "GET" }),
    );
    expect($myRequests.get().leads.map((l) => l.id)).toEqual(["r3", "r2", "r1"]);
    expect($myRequests.get()).toMatchObject({ next: null, loadingMore: false, total: 3 });
    // Nothing more to load: no request.
    await loadMore("customer");
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("keeps what it has when 'Load more' fails, and says so", async () => {
    fetchMock.mockResolvedValueOnce(
      answer(200, [summary("r2", false, "2026-11-02T10:00:00.000Z")], {
        Link: '</api/leads?cursor=1.x>; rel="next"',
      }),
    );
    await loadMyRequests();
    fetchMock.mockResolvedValueOnce(answer(500, { error: "Internal server error" }));
    await loadMore("customer");
    expect($myRequests.get()).toMatchObject({ next: "1.x", loadingMore: false });
    expect($myRequests.get().leads).toHaveLength(1);
    expect($toast.get()).toMatchObject({ title: "We couldn't load your requests." });
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
