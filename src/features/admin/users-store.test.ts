import { allTasks, cleanStores } from "nanostores";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AdminUser } from "../../lib/admin-schemas.ts";
import { $toast } from "../toast/store.ts";
import { $revisions } from "./store.ts";
import {
  $users,
  changeUserRole,
  SEARCH_DEBOUNCE_MS,
  setUserSearch,
  submitUserSearch,
} from "./users-store.ts";

const user = (over: Partial<AdminUser> = {}): AdminUser => ({
  id: "u1",
  email: "ayesha@example.pk",
  firstName: "Ayesha",
  lastName: "Khan",
  profileImageUrl: null,
  role: "customer",
  emailConfirmed: true,
  providerId: null,
  createdAt: "2026-11-01T00:00:00.000Z",
  ...over,
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
  $users.set({ ...$users.get(), items: [user()], total: 1, status: "ready", saving: [] });
  $toast.set(null);
});

afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  cleanStores($users);
});

describe("changeUserRole", () => {
  it("PATCHes the role, keeps the answer, says 'Updated' and refreshes the stats", async () => {
    fetchMock.mockResolvedValueOnce(json(user({ role: "provider" })));
    const stats = $revisions.get().stats;
    const done = changeUserRole("u1", "provider");
    // The dropdown shows the new role while the server is asked.
    expect($users.get().items[0]!.role).toBe("provider");
    expect($users.get().saving).toEqual(["u1"]);
    expect(await done).toBe(true);

    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/admin/users/u1");
    expect(init?.method).toBe("PATCH");
    expect(JSON.parse(await new Response(init?.body).text())).toEqual({ role: "provider" });
    expect($users.get().items[0]!.role).toBe("provider");
    expect($users.get().saving).toEqual([]);
    expect($toast.get()).toMatchObject({ title: "Updated", description: "User role updated" });
    expect($revisions.get().stats).toBe(stats + 1);
  });

  it("puts the old role back and shows the server's reason when refused", async () => {
    fetchMock.mockResolvedValueOnce(json({ error: "You cannot remove your own admin role" }, 409));
    expect(await changeUserRole("u1", "admin")).toBe(false);
    expect($users.get().items[0]!.role).toBe("customer");
    expect($toast.get()).toMatchObject({
      title: "Error",
      description: "You cannot remove your own admin role",
      variant: "destructive",
    });
  });

  it("falls back to 'Failed to update role' when the server gives no reason", async () => {
    fetchMock.mockResolvedValueOnce(new Response("", { status: 500 }));
    await changeUserRole("u1", "admin");
    expect($toast.get()).toMatchObject({ description: "Failed to update role" });
  });

  it("sends nothing when the role does not change", async () => {
    expect(await changeUserRole("u1", "customer")).toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe("search", () => {
  it("waits for a pause in typing, then asks once for page 1", async () => {
    vi.useFakeTimers();
    $users.set({ ...$users.get(), page: 4, q: "" });
    fetchMock.mockResolvedValue(json([user()], 200, { "X-Total-Count": "1" }));
    setUserSearch("k");
    setUserSearch("kh");
    setUserSearch("khan");
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1);
    expect(fetchMock).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    await allTasks();
    await vi.runAllTimersAsync();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![0]).toBe("/api/admin/users?q=khan&limit=20");
    expect($users.get()).toMatchObject({ q: "khan", page: 1, total: 1, status: "ready" });
  });

  it("searches at once on Enter, and not again for the same text", async () => {
    fetchMock.mockResolvedValue(json([], 200, { "X-Total-Count": "0" }));
    $users.set({ ...$users.get(), q: "" });
    setUserSearch("nobody");
    submitUserSearch();
    submitUserSearch();
    await vi.waitFor(() => expect($users.get().fetching).toBe(false));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect($users.get().total).toBe(0);
  });
});
