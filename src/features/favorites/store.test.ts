import { cleanStores } from "nanostores";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { $toast } from "../toast/store.ts";
import { $favorites, loadFavorites, toggleFavorite } from "./store.ts";

function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json" },
  });
}

const provider = (id: string) => ({ id, companyName: id, services: [] });

describe("the favorites store", () => {
  let fetchMock: ReturnType<typeof vi.fn>;

  beforeEach(async () => {
    fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
    fetchMock.mockResolvedValueOnce(answer(200, [provider("a"), provider("b")]));
    await loadFavorites();
  });

  afterEach(() => {
    cleanStores($favorites, $toast);
    vi.unstubAllGlobals();
  });

  it("loads the ids from one GET /api/favorites", () => {
    expect(fetchMock).toHaveBeenCalledWith(
      "/api/favorites",
      expect.objectContaining({ method: "GET" }),
    );
    expect($favorites.get().status).toBe("ready");
    expect([...$favorites.get().ids]).toEqual(["a", "b"]);
  });

  it("adds with POST, flipping at once, and says so", async () => {
    fetchMock.mockResolvedValueOnce(answer(200, { isFavorite: true }));
    const done = toggleFavorite("c");
    expect($favorites.get().ids.has("c")).toBe(true);
    await done;
    expect(fetchMock).toHaveBeenLastCalledWith(
      "/api/favorites/c",
      expect.objectContaining({ method: "POST", credentials: "include" }),
    );
    expect($favorites.get().ids.has("c")).toBe(true);
    expect($favorites.get().pending.size).toBe(0);
    expect($toast.get()?.title).toBe("Added to Favorites");
  });

  it("removes with DELETE", async () => {
    fetchMock.mockResolvedValueOnce(answer(200, { isFavorite: false }));
    await toggleFavorite("a");
    expect(fetchMock).toHaveBeenLastCalledWith(
      "/api/favorites/a",
      expect.objectContaining({ method: "DELETE" }),
    );
    expect($favorites.get().ids.has("a")).toBe(false);
    expect($toast.get()?.title).toBe("Removed from Favorites");
  });

  it.each([
    ["a", "Failed to remove from favorites", true],
    ["z", "Failed to add to favorites", false],
  ])("rolls %s back when the server refuses", async (id, title, was) => {
    fetchMock.mockResolvedValueOnce(answer(404, { error: "Provider not found" }));
    await toggleFavorite(id);
    expect($favorites.get().ids.has(id)).toBe(was);
    expect($toast.get()).toMatchObject({
      title,
      description: "Provider not found",
      variant: "destructive",
    });
  });

  it("ignores a second click while the first is in flight", async () => {
    let release: (r: Response) => void = () => {};
    fetchMock.mockReturnValueOnce(new Promise<Response>((r) => (release = r)));
    const first = toggleFavorite("c");
    await toggleFavorite("c");
    expect(fetchMock).toHaveBeenCalledTimes(2); // the list, then one POST
    release(answer(200, { isFavorite: true }));
    await first;
    expect($favorites.get().ids.has("c")).toBe(true);
  });
});
