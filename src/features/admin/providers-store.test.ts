import { cleanStores } from "nanostores";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AdminProvider } from "../../lib/admin-schemas.ts";
import { $toast } from "../toast/store.ts";
import {
  $providers,
  addProviderCategory,
  createProvider,
  deleteProvider,
  saveProviderDetails,
  setProviderFlag,
} from "./providers-store.ts";
import { $revisions } from "./store.ts";

const provider = (over: Partial<AdminProvider> = {}): AdminProvider => ({
  id: "p1",
  companyName: "Indus Precision Works",
  companyNameUr: null,
  slug: "indus-precision-works",
  location: "Sialkot",
  city: "Sialkot",
  description: null,
  descriptionUr: "",
  email: null,
  emailSource: null,
  emailProvesClaim: false,
  phone: null,
  phoneOnWhatsapp: false,
  website: null,
  pricePkr: null,
  isActive: true,
  isVerified: false,
  isSuggested: false,
  userId: null,
  ownerEmail: null,
  services: [],
  path: "/providers/indus-precision-works-p1",
  createdAt: "2026-11-01T00:00:00.000Z",
  updatedAt: "2026-11-01T00:00:00.000Z",
  ...over,
});

function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json", ...headers },
  });
}

const fetchMock = vi.fn<typeof fetch>();
/** Call i as the server saw it: its body read the way fetch would read it. */
const sent = async (i: number) => {
  const [url, init] = fetchMock.mock.calls[i]!;
  const text = init?.body ? await new Response(init.body).text() : "";
  return { url, method: init?.method, body: text ? JSON.parse(text) : null };
};

beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  $providers.set({
    ...$providers.get(),
    status: "ready",
    items: [provider(), provider({ id: "p2", companyName: "Karachi Cast" })],
    total: 2,
  });
  $toast.set(null);
});

afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  cleanStores($providers);
});

describe("setProviderFlag", () => {
  it("sends {is_verified}, keeps the answer and says 'Saved'", async () => {
    fetchMock.mockResolvedValueOnce(json(provider({ isVerified: true })));
    const stats = $revisions.get().stats;
    expect(await setProviderFlag("p1", "isVerified", true)).toBe(true);
    expect(await sent(0)).toEqual({
      url: "/api/admin/providers/p1",
      method: "PATCH",
      body: { is_verified: true },
    });
    expect($providers.get().items[0]!.isVerified).toBe(true);
    expect($toast.get()).toMatchObject({
      title: "Saved",
      description: "Indus Precision Works is verified.",
    });
    expect($revisions.get().stats).toBe(stats + 1);
  });

  it("flips the switch back with 'Failed to update status' when refused", async () => {
    fetchMock.mockResolvedValueOnce(new Response("", { status: 500 }));
    const done = setProviderFlag("p1", "isActive", false);
    expect($providers.get().items[0]!.isActive).toBe(false);
    expect(await done).toBe(false);
    expect((await sent(0)).body).toEqual({ is_active: false });
    expect($providers.get().items[0]!.isActive).toBe(true);
    expect($toast.get()).toMatchObject({
      title: "Error",
      description: "Failed to update status",
      variant: "destructive",
    });
  });
});

describe("addProviderCategory", () => {
  it("shows the server's 409 sentence, cut to 120 characters", async () => {
    const long = `This provider already offers that category. ${"x".repeat(200)}`;
    fetchMock.mockResolvedValueOnce(json({ error: long }, 409));
    expect(await addProviderCategory("p1", "c1")).toBe(false);
    expect($toast.get()?.description).toBe(long.slice(0, 120));
  });
});

describe("saveProviderDetails", () => {
  it("hands a 400's field messages back to the form", async () => {
    fetchMock.mockResolvedValueOnce(
      json({ error: "website: Website must be a web address (https://…)" }, 400),
    );
    const r = await saveProviderDetails("p1", {
      companyName: "Indus",
      companyNameUr: "",
      location: "Sialkot",
      email: "",
      phone: "",
      phoneOnWhatsapp: false,
      website: "ftp://x",
      description: "",
      descriptionUr: "",
      pricePkr: null,
    });
    expect(r).toEqual({
      ok: false,
      errors: { website: "Website must be a web address (https://…)" },
    });
  });
});

describe("deleteProvider", () => {
  it("drops the row, says 'Deleted' and fetches the page again", async () => {
    fetchMock
      .mockResolvedValueOnce(json({ id: "p1", deleted: true }))
      .mockResolvedValueOnce(json([provider({ id: "p2" })], 200, { "X-Total-Count": "1" }));
    expect(await deleteProvider("p1")).toBe(true);
    expect($providers.get().items.map((p) => p.id)).toEqual(["p2"]);
    expect($providers.get().total).toBe(1);
    expect($toast.get()).toMatchObject({
      title: "Deleted",
      description: "Indus Precision Works was deleted.",
    });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect((await sent(1)).url).toBe("/api/admin/providers?limit=20");
  });

  it("says the server's reason, or 'Failed to delete'", async () => {
    fetchMock.mockResolvedValueOnce(new Response("", { status: 500 }));
    expect(await deleteProvider("p1")).toBe(false);
    expect($providers.get().items).toHaveLength(2);
    expect($toast.get()?.description).toBe("Failed to delete");
  });
});

describe("createProvider", () => {
  it("POSTs the payload, says 'Created' and refreshes providers, stats and users", async () => {
    fetchMock.mockResolvedValueOnce(json(provider({ companyName: "New Co" }), 201));
    const before = $revisions.get();
    const payload = { companyName: "New Co", location: "Lahore", categoryIds: [] };
    expect(await createProvider(payload)).toEqual({ ok: true });
    expect(await sent(0)).toEqual({ url: "/api/admin/providers", method: "POST", body: payload });
    expect($toast.get()).toMatchObject({ title: "Created" });
    const after = $revisions.get();
    expect([after.providers, after.stats, after.users]).toEqual([
      before.providers + 1,
      before.stats + 1,
      before.users + 1,
    ]);
  });

  it("falls back to 'Failed to add provider'", async () => {
    fetchMock.mockResolvedValueOnce(new Response("", { status: 502 }));
    const r = await createProvider({ companyName: "New Co", location: "Lahore" });
    expect(r).toEqual({ ok: false, errors: {} });
    expect($toast.get()?.description).toBe("Failed to add provider");
  });
});
