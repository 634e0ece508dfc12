import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providers } from "../../db/schema.ts";
import { SEED_CATEGORIES } from "../../db/seed/categories.ts";
import { createProvider } from "../../db/seed/factories.ts";
import { slugify } from "../../src/lib/slug.ts";
import { makeTestApp, type TestApp } from "../helpers/app.ts";

let t: TestApp;
let id: string;
let inactiveId: string;
const category = () => SEED_CATEGORIES[0]!;

beforeAll(async () => {
  t = await makeTestApp();
  id = await createProvider(t.db, {
    companyName: "Crescent Forge Works",
    city: "Gujranwala",
    services: [{ categoryId: category().id, name: "Drop forging", pricePkr: 50000 }],
  });
  inactiveId = await createProvider(t.db, {
    companyName: "Dormant Works",
    city: "Lahore",
    isActive: false,
  });
});
afterAll(() => t.close());

const canonical = () => `/pk/gujranwala/${slugify(category().name)}/crescent-forge-works-${id}`;

describe("provider pages on demand (no current pre-rendered file)", () => {
  it("renders the page at the canonical /pk URL", async () => {
    const res = await t.app.request(canonical());
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/text\/html/);
    expect(await res.text()).toContain("provider: Crescent Forge Works");
  });

  it("sends the /providers twin to the canonical page (301)", async () => {
    const res = await t.app.request(`/providers/crescent-forge-works-${id}`);
    expect(res.status).toBe(301);
    expect(res.headers.get("Location")).toBe(canonical());
  });

  it("redirects an outdated slug, city or category to the canonical URL (301)", async () => {
    for (const old of [
      `/pk/lahore/services/old-name-${id}`,
      `/pk/gujranwala/${slugify(category().name)}/${id}`,
    ]) {
      const res = await t.app.request(old);
      expect(res.status).toBe(301);
      expect(res.headers.get("Location")).toBe(canonical());
    }
    const twin = await t.app.request(`/providers/old-name-${id}?ref=share`);
    expect(twin.status).toBe(301);
    expect(twin.headers.get("Location")).toBe(`${canonical()}?ref=share`);
  });

  it("redirects a renamed provider's old URL to the new one", async () => {
    const before = canonical();
    await t.db
      .update(providers)
      .set({ companyName: "Crescent Forge & Fittings", slug: "crescent-forge-fittings" })
      .where(eq(providers.id, id));
    const res = await t.app.request(before);
    expect(res.status).toBe(301);
    expect(res.headers.get("Location")).toBe(
      `/pk/gujranwala/${slugify(category().name)}/crescent-forge-fittings-${id}`,
    );
    await t.db
      .update(providers)
      .set({ companyName: "Crescent Forge Works", slug: "crescent-forge-works" })
      .where(eq(providers.id, id));
  });

  it.each([
    ["an unknown UUID", "/providers/ghost-0b7c3f2e-1111-4222-8333-444455556666"],
    ["no UUID at all", "/providers/just-a-name"],
    ["an inactive provider", () => `/providers/dormant-works-${inactiveId}`],
    ["an unknown UUID under /pk", "/pk/lahore/services/x-0b7c3f2e-1111-4222-8333-444455556666"],
  ])("answers the 404 page with status 404 for %s", async (_label, path) => {
    const res = await t.app.request(typeof path === "function" ? path() : path);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("404 Page Not Found");
  });
});

describe("listing pages on demand", () => {
  it("renders a known city and category, also without providers", async () => {
    const res = await t.app.request(`/pk/karachi/${slugify(category().name)}`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("category: ");
  });

  it("redirects a city in another case to its slug", async () => {
    const res = await t.app.request("/pk/Karachi");
    expect(res.status).toBe(301);
    expect(res.headers.get("Location")).toBe("/pk/karachi");
  });

  it.each(["/pk/atlantis", "/pk/atlantis/cnc", "/pk/lahore/no-such-category"])(
    "answers 404 for %s (unknown city or category is not honoured)",
    async (path) => {
      const res = await t.app.request(path);
      expect(res.status).toBe(404);
      expect(await res.text()).toContain("404 Page Not Found");
    },
  );

  it("answers 404 for any other page", async () => {
    const res = await t.app.request("/no/such/page");
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("404 Page Not Found");
  });
});

describe("GET /media/*", () => {
  it("serves a stored image with its type, nosniff and a long cache", async () => {
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    await t.blobs.put(`providers/${id}/gallery/1_x.png`, png, "image/png");
    const res = await t.app.request(`/media/providers/${id}/gallery/1_x.png`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/png");
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(res.headers.get("Cache-Control")).toMatch(/max-age=31536000/);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(png);
  });

  it.each(["/media/../test.db", "/media/providers/%2e%2e/%2e%2e/test.db", "/media/nothing.jpg"])(
    "answers 404 for %s",
    async (path) => {
      const res = await t.app.request(path);
      expect(res.status).toBe(404);
    },
  );
});
