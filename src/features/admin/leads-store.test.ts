import { allTasks, cleanStores } from "nanostores";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AdminLead } from "../../lib/lead-schemas.ts";
import { $toast } from "../toast/store.ts";
import { $adminLeads, adminLeadAction, goToAdminLeadsPage } from "./leads-store.ts";
import { $revisions } from "./store.ts";

const lead = (id: string): AdminLead => ({
  id,
  provider: { id: "p", companyName: "Ravi Metal Works", url: "/pk/lahore/x/ravi-p" },
  customerName: "Farah M.",
  need: "200 steel brackets, powder coated",
  city: "Lahore",
  status: "new",
  reviewState: "held",
  unread: false,
  lastMessageAt: "2026-11-01T10:00:00.000Z",
  createdAt: "2026-11-01T10:00:00.000Z",
  customerEmail: "farah@example.com",
  reason: "held",
  reportReason: null,
  reportedAt: null,
});

function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json", ...headers },
  });
}

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  $adminLeads.set({ ...$adminLeads.get(), items: [lead("h"), lead("k")], total: 2, page: 1 });
  $adminLeads.setKey("status", "ready");
  $toast.set(null);
});

afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  cleanStores($adminLeads);
});

describe("the admin's quote requests to review", () => {
  it("keeps a lead when the action fails, and drops it (and refetches the page) when done", async () => {
    fetchMock.mockResolvedValueOnce(json({ error: "Only a held lead can be released" }, 409));
    // The 409 refetches the page: it answers what is there now.
    fetchMock.mockResolvedValueOnce(json([lead("h"), lead("k")], 200, { "X-Total-Count": "2" }));
    expect(await adminLeadAction("h", "release")).toBe(false);
    await allTasks();
    expect($adminLeads.get().items.map((l) => l.id)).toEqual(["h", "k"]);
    expect($toast.get()).toMatchObject({
      title: "Error",
      description: "Only a held lead can be released",
    });

    const revision = $revisions.get().leads;
    fetchMock.mockResolvedValueOnce(json({ ...lead("h"), reviewState: "visible" }));
    expect(await adminLeadAction("h", "release")).toBe(true);
    expect(fetchMock).toHaveBeenCalledWith(
      "/api/admin/leads/h/release",
      expect.objectContaining({ method: "POST" }),
    );
    expect($adminLeads.get().items.map((l) => l.id)).toEqual(["k"]);
    expect($adminLeads.get().total).toBe(1);
    expect($toast.get()?.title).toBe("Released");
    expect($revisions.get().leads).toBe(revision + 1);
  });

  it("asks for the page it goes to, 20 a page", async () => {
    $adminLeads.set({ ...$adminLeads.get(), total: 45 });
    fetchMock.mockResolvedValueOnce(json([lead("x")], 200, { "X-Total-Count": "45" }));
    goToAdminLeadsPage(3);
    await allTasks();
    expect(fetchMock).toHaveBeenCalledWith(
      "/api/admin/leads?page=3&limit=20",
      expect.objectContaining({ method: "GET" }),
    );
    expect($adminLeads.get()).toMatchObject({ page: 3, total: 45, status: "ready" });
  });
});
