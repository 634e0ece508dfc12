import { afterEach, describe, expect, it, vi } from "vitest";
import { contactStore, loadContact, safeWebsite } from "./contact-store.ts";

describe("safeWebsite", () => {
  it.each([
    ["https://www.example.pk", { href: "https://www.example.pk/", label: "www.example.pk" }],
    ["http://example.pk/about", { href: "http://example.pk/about", label: "example.pk/about" }],
    ["www.example.pk", { href: "https://www.example.pk/", label: "www.example.pk" }],
    ["javascript:alert(1)", null],
    ["mailto:info@example.pk", null],
    ["not a url at all", null],
  ])("%j → %j", (raw, expected) => {
    expect(safeWebsite(raw)).toEqual(expected);
  });
});

describe("loadContact", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("turns a 429 (over the reveal caps) into the server's sentence, not a retry prompt", async () => {
    const error =
      "You have opened the contact details of many providers recently. Try again in 50 minutes.";
    vi.stubGlobal(
      "fetch",
      vi.fn().mockResolvedValue(
        new Response(JSON.stringify({ error }), {
          status: 429,
          headers: { "Content-Type": "application/json", "Retry-After": "3000" },
        }),
      ),
    );
    const store = contactStore("capped-provider");
    await loadContact("capped-provider");
    expect(store.get()).toEqual({ status: "capped", message: error });
  });
});
