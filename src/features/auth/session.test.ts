import { cleanStores } from "nanostores";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { api, unwrap } from "../../lib/api-client.ts";
import { $session, greeting, refreshSession, signOut } from "./session.ts";

const user = {
  id: "u1",
  email: "ayesha@example.pk",
  firstName: "Ayesha",
  lastName: "Khan",
  profileImageUrl: null,
  role: "customer" as const,
  emailConfirmedAt: "2026-01-01T00:00:00.000Z",
};

describe("the session store", () => {
  beforeEach(() => {
    // The signed-in hint the server sets beside the session cookie (decision 012),
    // on an English page.
    vi.stubGlobal("document", { cookie: "karkhana_signed_in=1", documentElement: { lang: "en" } });
  });
  afterEach(() => {
    cleanStores($session);
    vi.unstubAllGlobals();
  });

  it("without the hint is signed out without asking the server", async () => {
    vi.stubGlobal("document", { cookie: "other=1", documentElement: { lang: "en" } });
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    await expect(refreshSession()).resolves.toBeNull();
    expect($session.get()).toEqual({ status: "unauthenticated", user: null });
    expect(fetch).not.toHaveBeenCalled();
  });

  it("is signed in when GET /api/auth/user answers a user", async () => {
    vi.stubGlobal("fetch", vi.fn().mockResolvedValue(Response.json(user)));
    await expect(refreshSession()).resolves.toEqual(user);
    expect($session.get()).toEqual({ status: "authenticated", user });
  });

  it("is signed out on 401, quietly", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.stubGlobal(
      "fetch",
      vi.fn().mockResolvedValue(Response.json({ error: "Unauthorized" }, { status: 401 })),
    );
    await expect(refreshSession()).resolves.toBeNull();
    expect($session.get()).toEqual({ status: "unauthenticated", user: null });
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
  });

  it("treats any other failure as signed out, with a warning", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new TypeError("offline")));
    await expect(refreshSession()).resolves.toBeNull();
    expect($session.get().status).toBe("unauthenticated");
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });

  it.each([
    [{ firstName: "Ayesha", email: "a@example.pk" }, "Welcome, Ayesha"],
    [{ firstName: null, email: "a@example.pk" }, "Welcome, a@example.pk"],
    [{ firstName: "  ", email: "a@example.pk" }, "Welcome, a@example.pk"],
  ])("greets %j as %j", (u, text) => {
    expect(greeting(u)).toBe(text);
  });

  it("greets in Urdu on an Urdu page", () => {
    vi.stubGlobal("document", { cookie: "", documentElement: { lang: "ur" } });
    expect(greeting({ firstName: "Ayesha", email: "a@example.pk" })).toBe("خوش آمدید، Ayesha");
  });
});

describe("signing out", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("waits for the page's requests still out, so none comes back 401, then goes home", async () => {
    const sent: string[] = [];
    let answerFavorites: (r: Response) => void = () => {};
    vi.stubGlobal(
      "fetch",
      vi.fn((path: string) => {
        sent.push(path);
        if (path === "/api/favorites") {
          return new Promise<Response>((resolve) => (answerFavorites = resolve));
        }
        return Promise.resolve(Response.json({ message: "Signed out" }));
      }),
    );
    const assign = vi.fn();
    vi.stubGlobal("location", { assign });
    const favorites = unwrap(api.favorites.$get());
    const out = signOut();
    await new Promise((r) => setTimeout(r, 20));
    expect(sent).toEqual(["/api/favorites"]);
    answerFavorites(Response.json([]));
    await favorites;
    await out;
    expect(sent).toEqual(["/api/favorites", "/api/auth/signout"]);
    expect(assign).toHaveBeenCalledWith("/");
  });

  it("goes to the Urdu home from an Urdu page", async () => {
    vi.stubGlobal("document", { cookie: "", documentElement: { lang: "ur" } });
    vi.stubGlobal("fetch", vi.fn().mockResolvedValue(Response.json({ message: "Signed out" })));
    const assign = vi.fn();
    vi.stubGlobal("location", { assign });
    await signOut();
    expect(assign).toHaveBeenCalledWith("/ur");
  });
});
