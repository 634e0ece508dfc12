import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDataVersion, markDataChanged, pageChangesSince } from "../../db/queries/site-meta.ts";
import { SEED_CATEGORIES } from "../../db/seed/categories.ts";
import { createProvider, createUser } from "../../db/seed/factories.ts";
import { PageCache } from "../../functions/node/page-cache.ts";
import { PageFreshness } from "../../functions/pages/freshness.ts";
import { astroPageRenderer } from "../../functions/pages/renderer.ts";
import type { OnDemandPage } from "../../src/lib/on-demand-page.ts";
import { slugify } from "../../src/lib/slug.ts";
import { clientAs, makeTestApp, type TestApp } from "../helpers/app.ts";
import { fakeAstroApp } from "../helpers/fake-pages.ts";

const rendered: { path: string; page: OnDemandPage }[] = [];
const fakeAstro = fakeAstroApp(rendered);

let t: TestApp;
let cache: PageCache;
let id: string;
let adminId: string;
const category = SEED_CATEGORIES[0]!;
const other = SEED_CATEGORIES[1]!;

beforeAll(async () => {
  cache = new PageCache();
  t = await makeTestApp({ pages: astroPageRenderer(() => fakeAstro, cache) });
  adminId = await createUser(t.db, { email: "admin@example.pk", role: "admin" });
  id = await createProvider(t.db, {
    companyName: "Crescent Forge Works",
    city: "Gujranwala",
    services: [{ categoryId: category.id, name: "Drop forging", pricePkr: 50000 }],
  });
});
afterAll(() => t.close());

const canonical = () => `/pk/gujranwala/${slugify(category.name)}/crescent-forge-works-${id}`;

describe("on-demand pages", () => {
  it("renders a provider page with its data, keeps it, and serves the kept copy next", async () => {
    rendered.length = 0;
    const first = await t.app.request(canonical());
    expect(first.status).toBe(200);
    expect(first.headers.get("X-Page-Cache")).toBe("MISS");
    expect(await first.text()).toContain("provider: Crescent Forge Works");
    expect(rendered).toHaveLength(1);
    expect(rendered[0]!.page.kind).toBe("provider");

    const again = await t.app.request(canonical());
    expect(again.headers.get("X-Page-Cache")).toBe("HIT");
    expect(await again.text()).toContain("provider: Crescent Forge Works");
    expect(rendered).toHaveLength(1);
  });

  it("sends the short URL and a stale slug to the canonical page with 301, an unknown id to 404", async () => {
    const short = await t.app.request(`/providers/crescent-forge-works-${id}?ref=x`);
    expect(short.status).toBe(301);
    expect(short.headers.get("Location")).toBe(`${canonical()}?ref=x`);
    const stale = await t.app.request(`/pk/lahore/x/old-name-${id}`);
    expect(stale.status).toBe(301);
    expect(stale.headers.get("Location")).toBe(canonical());
    const ghost = await t.app.request(`/pk/lahore/x/ghost-0b7c3f2e-1111-4222-8333-444455556666`);
    expect(ghost.status).toBe(404);
  });

  it("does the same for the Urdu twins, keeping the language (decision 022)", async () => {
    const page = await t.app.request(`/ur${canonical()}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("provider: Crescent Forge Works");
    const short = await t.app.request(`/ur/providers/crescent-forge-works-${id}`);
    expect(short.status).toBe(301);
    expect(short.headers.get("Location")).toBe(`/ur${canonical()}`);
    const stale = await t.app.request(`/ur/pk/lahore/x/old-name-${id}`);
    expect(stale.status).toBe(301);
    expect(stale.headers.get("Location")).toBe(`/ur${canonical()}`);
    const city = await t.app.request("/ur/pk/LAHORE");
    expect(city.status).toBe(301);
    expect(city.headers.get("Location")).toBe("/ur/pk/lahore");
  });

  it("renders city and city×category listings; unknown ones are 404 and other spellings redirect", async () => {
    const country = await t.app.request("/pk");
    expect(await country.text()).toContain("country: Crescent Forge Works");
    expect(rendered.at(-1)!.page).toMatchObject({
      kind: "country",
      data: { total: 1, cities: [{ city: "Gujranwala", count: 1 }] },
    });
    const city = await t.app.request("/pk/gujranwala");
    expect(city.status).toBe(200);
    expect(await city.text()).toContain("city: Crescent Forge Works");
    const pair = await t.app.request(`/pk/gujranwala/${slugify(category.name)}`);
    expect(await pair.text()).toContain("category: Crescent Forge Works");
    // A known pair without providers still has its (empty, noindex) page.
    const empty = await t.app.request(`/pk/gujranwala/${slugify(other.name)}`);
    expect(empty.status).toBe(200);
    expect(await empty.text()).toBe("<html><title>category: </title></html>");
    expect((await t.app.request("/pk/atlantis")).status).toBe(404);
    expect((await t.app.request("/pk/gujranwala/no-such-category")).status).toBe(404);
    const upper = await t.app.request("/pk/Gujranwala");
    expect(upper.status).toBe(301);
    expect(upper.headers.get("Location")).toBe("/pk/gujranwala");
  });

  it("a rename records the provider and its cities as changed, and the kept pages of those go", async () => {
    const since = await getDataVersion(t.db);
    const freshness = new PageFreshness(t.db, since, (tags) => cache.invalidate(tags));
    await t.app.request(canonical());
    await t.app.request("/pk/gujranwala");
    await t.app.request("/pk/lahore");
    expect(await freshness.isStale(canonical())).toBe(false);

    const owner = await clientAs(t, adminId);
    const res = await owner.request("PATCH", `/api/admin/providers/${id}/details`, {
      companyName: "Crescent Forge Works",
      location: "Lahore — Badami Bagh",
      email: "",
      phone: "",
      website: "",
      description: "",
      pricePkr: null,
    });
    expect(res.status).toBe(200);

    const changed = await pageChangesSince(t.db, since);
    expect([...changed.keys()].sort()).toEqual(
      [`provider:${id}`, "city:gujranwala", "city:lahore"].sort(),
    );
    freshness.refresh();
    expect(await freshness.isStale(canonical())).toBe(true);
    expect(await freshness.isStale("/pk/gujranwala")).toBe(true);
    expect(await freshness.isStale(`/pk/lahore/${slugify(category.name)}`)).toBe(true);
    expect(await freshness.isStale("/pk/karachi")).toBe(false);
    expect(await freshness.isStale("/")).toBe(false);
    // Both languages of a page show the same data.
    expect(await freshness.isStale(`/ur${canonical()}`)).toBe(true);
    expect(await freshness.isStale("/ur/pk/gujranwala")).toBe(true);
    expect(await freshness.isStale("/ur/pk/karachi")).toBe(false);
    expect(await freshness.isStale("/ur")).toBe(false);

    rendered.length = 0;
    const moved = await t.app.request(canonical());
    expect(moved.status).toBe(301);
    const now = `/pk/lahore/${slugify(category.name)}/crescent-forge-works-${id}`;
    expect(moved.headers.get("Location")).toBe(now);
    const fresh = await t.app.request("/pk/lahore");
    expect(fresh.headers.get("X-Page-Cache")).toBe("MISS");
    expect(await fresh.text()).toContain("Crescent Forge Works");
  });

  it("serves the sitemap as the data is now once anything changed, kept until the next change", async () => {
    const since = await getDataVersion(t.db);
    const freshness = new PageFreshness(t.db, since, (tags) => cache.invalidate(tags));
    expect(await freshness.isStale("/sitemap.xml")).toBe(false);
    const first = await t.app.request("/sitemap.xml");
    expect(first.status).toBe(200);
    expect(first.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    const xml = await first.text();
    expect(xml).toContain(
      `<loc>http://127.0.0.1:4321/pk/lahore/${slugify(category.name)}/crescent-forge-works-${id}</loc>`,
    );
    expect(xml).toContain(`<loc>http://127.0.0.1:4321/pk/lahore</loc>`);
    expect(xml).not.toContain("/pk/gujranwala<");
    expect((await t.app.request("/sitemap.xml")).headers.get("X-Page-Cache")).toBe("HIT");

    const newcomer = await createProvider(t.db, {
      companyName: "Indus Valves",
      city: "Hyderabad",
      services: [{ categoryId: other.id, name: "Gate valves", pricePkr: 9000 }],
    });
    freshness.refresh();
    expect(await freshness.isStale("/sitemap.xml")).toBe(true);
    const now = await (await t.app.request("/sitemap.xml")).text();
    expect(now).toContain(`/pk/hyderabad/${slugify(other.name)}/indus-valves-${newcomer}</loc>`);
    expect(now).toContain(`/pk/hyderabad/${slugify(other.name)}</loc>`);
    expect((await t.app.request("/sitemaps/1.xml")).status).toBe(404);
  });

  it("a category change marks every page", async () => {
    const since = await getDataVersion(t.db);
    const admin = await clientAs(t, adminId);
    const res = await admin.post("/api/service-categories", {
      name: "Boat Building",
      description: "",
    });
    expect(res.status).toBe(201);
    expect([...(await pageChangesSince(t.db, since)).keys()]).toEqual(["all"]);
    const freshness = new PageFreshness(t.db, since);
    expect(await freshness.isStale("/pk/karachi")).toBe(true);
    expect(await freshness.isStale(canonical())).toBe(true);
  });
});

/**
 * A page maker whose first rendering waits until `release()` (later ones
 * answer at once), so a test can ask again while it is being made.
 */
function heldRendering() {
  let made = 0;
  let release!: () => void;
  const gate = new Promise<void>((ok) => (release = ok));
  const make = async () => {
    const n = ++made;
    if (n === 1) await gate;
    return new Response(`page ${n}`, { headers: { "Content-Type": "text/html" } });
  };
  return { make, release, made: () => made };
}

describe("PageCache", () => {
  it("drops pages by tag, all of them for `all`, and the least recently used past its bounds", async () => {
    const c = new PageCache({ maxEntries: 2 });
    const page = (s: string) => new Response(s, { headers: { "Content-Type": "text/html" } });
    await c.put("/a", page("a"), ["provider:1"]);
    await c.put("/b", page("b"), ["city:x"]);
    expect(c.invalidate(["provider:1"])).toBe(1);
    expect(c.get("/a")).toBeNull();
    expect(await c.get("/b")!.text()).toBe("b");
    await c.put("/c", page("c"), ["city:y"]);
    await c.put("/d", page("d"), ["city:y"]);
    // /b was used before /c and /d were kept: it went first.
    expect(c.get("/b")).toBeNull();
    expect(c.size).toBe(2);
    expect(c.invalidate(["all"])).toBe(2);
    expect(c.size).toBe(0);
  });

  it("makes a page once for the requests that ask while it is made", async () => {
    const c = new PageCache();
    const { make, release, made } = heldRendering();
    const asks = [1, 2, 3].map(() => c.serve("/pk/lahore", ["city:lahore"], null, make));
    release();
    const answers = await Promise.all(asks);
    expect(made()).toBe(1);
    expect(answers.map((r) => r.headers.get("X-Page-Cache"))).toEqual(["MISS", "SHARED", "SHARED"]);
    expect(await Promise.all(answers.map((r) => r.text()))).toEqual(["page 1", "page 1", "page 1"]);
    const kept = await c.serve("/pk/lahore", ["city:lahore"], null, make);
    expect(kept.headers.get("X-Page-Cache")).toBe("HIT");
    expect(made()).toBe(1);
  });

  it("neither shares nor keeps a rendering that a change overtook while it was made", async () => {
    const c = new PageCache();
    const { make, release, made } = heldRendering();
    const before = c.serve("/pk/lahore", ["all", "city:lahore"], null, make);
    // A change to another city does not concern this page: the next ask still joins.
    c.invalidate(["city:karachi"]);
    const joined = c.serve("/pk/lahore", ["all", "city:lahore"], null, make);
    c.invalidate(["city:lahore"]);
    const after = await c.serve("/pk/lahore", ["all", "city:lahore"], null, make);
    expect(await after.text()).toBe("page 2");
    release();
    expect(await (await before).text()).toBe("page 1");
    expect(await (await joined).text()).toBe("page 1");
    // Kept: the rendering begun after the change, not the one it overtook.
    expect(await c.get("/pk/lahore")!.text()).toBe("page 2");
    expect(made()).toBe(2);
  });

  it("remembers a change only while a rendering begun before it runs", async () => {
    const c = new PageCache();
    // Nothing is being made: a change is not remembered at all.
    for (let i = 0; i < 100; i++) c.invalidate([`provider:${i}`, `city:${i}`]);
    expect(c.trackedTags).toBe(0);
    const { make, release } = heldRendering();
    const before = c.serve("/pk/lahore", ["all", "city:lahore"], null, make);
    for (let i = 0; i < 100; i++) c.invalidate([`provider:${i}`]);
    c.invalidate(["city:lahore"]);
    expect(c.trackedTags).toBeGreaterThan(100);
    release();
    await (await before).text();
    // The overtaken rendering was not kept, and once it is done every change is forgotten.
    expect(c.get("/pk/lahore")).toBeNull();
    expect(c.trackedTags).toBe(0);
  });

  it("keeps a page's gzip and brotli bytes and sends the one the client takes", async () => {
    const c = new PageCache();
    const html = `<html>${"<p>Crescent Forge Works, Gujranwala</p>".repeat(200)}</html>`;
    await c.put(
      "/pk/gujranwala",
      new Response(html, { headers: { "Content-Type": "text/html" } }),
      [],
    );
    const br = c.get("/pk/gujranwala", "gzip, deflate, br")!;
    expect(br.headers.get("Content-Encoding")).toBe("br");
    expect(br.headers.get("Vary")).toBe("Accept-Encoding");
    const brBytes = new Uint8Array(await br.arrayBuffer());
    expect(Number(br.headers.get("Content-Length"))).toBe(brBytes.byteLength);
    expect(brBytes.byteLength).toBeLessThan(html.length / 10);
    expect(brotliDecompressSync(brBytes).toString()).toBe(html);
    const gz = c.get("/pk/gujranwala", "gzip")!;
    expect(gz.headers.get("Content-Encoding")).toBe("gzip");
    expect(gunzipSync(new Uint8Array(await gz.arrayBuffer())).toString()).toBe(html);
    const plain = c.get("/pk/gujranwala", null)!;
    expect(plain.headers.get("Content-Encoding")).toBeNull();
    expect(await plain.text()).toBe(html);
    // A small answer goes out as it is.
    await c.put("/pk/x", new Response("tiny", { headers: { "Content-Type": "text/html" } }), []);
    expect(c.get("/pk/x", "br")!.headers.get("Content-Encoding")).toBeNull();
  });

  it("never keeps a cookie", async () => {
    const c = new PageCache();
    const res = new Response("x", {
      headers: { "Set-Cookie": "a=b", "Content-Type": "text/html" },
    });
    const first = await c.put("/p", res, []);
    expect(first.headers.get("Set-Cookie")).toBeNull();
    expect(c.get("/p")!.headers.get("Set-Cookie")).toBeNull();
  });
});

describe("PageFreshness (decision 031)", () => {
  const change = (ids: string[], cities: string[] = []) =>
    markDataChanged(t.db, { providers: ids, citiesBefore: cities });

  it("reads only the changes since its last look, and tells the page cache of each once", async () => {
    const heard: string[][] = [];
    const freshness = new PageFreshness(t.db, await getDataVersion(t.db), (tags) =>
      heard.push(tags),
    );
    await change(["f-1"], ["Quetta"]);
    freshness.refresh();
    expect(await freshness.isStale("/pk/quetta")).toBe(true);
    expect(await freshness.isStale("/pk/karachi")).toBe(false);
    await change(["f-2"]);
    freshness.refresh();
    freshness.refresh();
    expect(await freshness.isStale("/pk/quetta")).toBe(true);
    expect(heard.map((tags) => tags.sort())).toEqual([
      ["city:quetta", "provider:f-1"],
      ["provider:f-2"],
    ]);
    // A tag changed again is heard of again.
    await change(["f-1"]);
    freshness.refresh();
    expect(await freshness.changedTags()).toHaveLength(3);
    expect(heard.at(-1)).toEqual(["provider:f-1"]);
    // A new build holds those changes: none count any more, and none is heard of again.
    freshness.rebase(await getDataVersion(t.db));
    expect(await freshness.isStale("/pk/quetta")).toBe(false);
    expect(await freshness.changedTags()).toEqual([]);
    expect(heard).toHaveLength(3);
  });

  it("past its cap holds no tags and counts every page as changed, still telling the page cache", async () => {
    const heard: string[][] = [];
    const freshness = new PageFreshness(
      t.db,
      await getDataVersion(t.db),
      (tags) => heard.push(tags),
      {
        maxTags: 4,
      },
    );
    await change(["g-1", "g-2"], ["Sukkur"]);
    freshness.refresh();
    expect(await freshness.isStale("/pk/karachi")).toBe(false);
    await change(["g-3", "g-4"]);
    freshness.refresh();
    expect(await freshness.isStale("/pk/karachi")).toBe(true);
    expect(await freshness.isStale(canonical())).toBe(true);
    expect(await freshness.changedTags()).toBeNull();
    expect(freshness.size).toBe(5);
    await change(["g-5"]);
    freshness.refresh();
    await freshness.changedTags();
    expect(heard.at(-1)).toEqual(["provider:g-5"]);
  });

  it("when more changed than one read takes, past its cap tells the page cache that every page changed", async () => {
    const heard: string[][] = [];
    const freshness = new PageFreshness(
      t.db,
      await getDataVersion(t.db),
      (tags) => heard.push(tags),
      { maxTags: 2, batch: 3 },
    );
    await change(["h-1", "h-2", "h-3", "h-4", "h-5"]);
    freshness.refresh();
    expect(await freshness.isStale("/pk/karachi")).toBe(true);
    expect(heard).toEqual([["all"]]);
    await change(["h-last"]);
    freshness.refresh();
    await freshness.changedTags();
    expect(heard.at(-1)).toEqual(["provider:h-last"]);
  });
});

describe("closed and merged listings (decision 025)", () => {
  const pathOf = (name: string, providerId: string, cat = category, city = "sialkot") =>
    `/pk/${city}/${slugify(cat.name)}/${slugify(name)}-${providerId}`;
  let proposer: string;

  beforeAll(async () => {
    proposer = await createUser(t.db, { email: "proposer@example.pk" });
  });

  /** Proposes `proposal` for `providerId` and has an admin accept it. */
  async function accepted(providerId: string, proposal: Record<string, unknown>) {
    const visitor = await clientAs(t, proposer);
    const made = await visitor.post("/api/edits", { providerId, proposals: [proposal] });
    expect(made.status, made.text).toBe(201);
    const admin = await clientAs(t, adminId);
    const r = await admin.post(`/api/admin/edits/${made.body.ids[0]}/accept`);
    expect(r.status, r.text).toBe(200);
  }

  const make = (name: string, city: string, cat = category, isVerified = false) =>
    createProvider(t.db, {
      companyName: name,
      city,
      isVerified,
      services: [{ categoryId: cat.id, name: `${name} work`, pricePkr: null }],
    });

  it("answers a closed business's URL with 410 and similar providers of its city, same category first", async () => {
    const closed = await make("Sialkot Surgical Forge", "Sialkot");
    const otherCategory = await make("Aaa Sialkot Printers", "Sialkot", other, true);
    const sameCategory = await make("Zed Sialkot Forge", "Sialkot");
    await make("Lahore Forge", "Lahore");
    const url = pathOf("Sialkot Surgical Forge", closed);
    expect((await t.app.request(url)).status).toBe(200);

    const since = await getDataVersion(t.db);
    await accepted(closed, { field: "closed", note: "Shop board gone" });
    const freshness = new PageFreshness(t.db, since, (tags) => cache.invalidate(tags));
    expect(await freshness.isStale(url)).toBe(true);
    expect(await freshness.isStale(`/ur${url}`)).toBe(true);
    expect(await freshness.isStale("/pk/sialkot")).toBe(true);

    rendered.length = 0;
    const gone = await t.app.request(url);
    expect(gone.status).toBe(410);
    expect(gone.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    // As the built pages: the browser asks each time, the server answers from its copy.
    expect(gone.headers.get("Cache-Control")).toBe("public, max-age=0, must-revalidate");
    expect(gone.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(gone.headers.get("X-Page-Cache")).toBe("MISS");
    expect(gone.headers.get("X-Page-Extra-Tags")).toBeNull();
    // The one sharing its category first, though the other is verified; none of another city.
    expect(await gone.text()).toBe(
      "<html><title>closed: Sialkot Surgical Forge; similar: Zed Sialkot Forge, Aaa Sialkot Printers</title></html>",
    );
    expect(rendered.at(-1)!.page).toMatchObject({
      kind: "closed",
      data: {
        provider: { id: closed, isActive: false },
        providers: [{ id: sameCategory }, { id: otherCategory }],
      },
    });
    // Kept like any page: asking again renders nothing and runs no query of its own.
    const again = await t.app.request(url);
    expect(again.status).toBe(410);
    expect(again.headers.get("X-Page-Cache")).toBe("HIT");
    expect(await again.text()).toContain("closed: Sialkot Surgical Forge");
    expect(rendered).toHaveLength(1);

    const urdu = await t.app.request(`/ur${url}`);
    expect(urdu.status).toBe(410);
    expect(rendered.at(-1)!.path).toBe(`/ur${url}`);
    // Other spellings and the short link lead to the canonical URL, which is gone.
    const stale = await t.app.request(`/ur/pk/lahore/x/old-name-${closed}`);
    expect([stale.status, stale.headers.get("Location")]).toEqual([301, `/ur${url}`]);
    const short = await t.app.request(`/providers/sialkot-surgical-forge-${closed}`);
    expect([short.status, short.headers.get("Location")]).toEqual([301, url]);
    // It left the city's listing.
    expect(await (await t.app.request("/pk/sialkot")).text()).not.toContain(
      "Sialkot Surgical Forge",
    );
  });

  it("keeps a closed business's 410 page until its listing reopens or its city's providers change", async () => {
    const closed = await make("Daska Brass Foundry", "Daska");
    const url = pathOf("Daska Brass Foundry", closed, category, "daska");
    const since = await getDataVersion(t.db);
    await accepted(closed, { field: "closed" });
    const freshness = new PageFreshness(t.db, since, (tags) => cache.invalidate(tags));
    await freshness.changedTags();

    rendered.length = 0;
    expect((await t.app.request(url)).status).toBe(410);
    expect((await t.app.request(url)).headers.get("X-Page-Cache")).toBe("HIT");
    expect((await t.app.request(`/ur${url}`)).status).toBe(410);
    expect(rendered).toHaveLength(2);

    // A provider opens in its city: the similar providers it lists change.
    const neighbour = await make("Daska Brass Works", "Daska");
    freshness.refresh();
    await freshness.changedTags();
    const relisted = await t.app.request(url);
    expect([relisted.status, relisted.headers.get("X-Page-Cache")]).toEqual([410, "MISS"]);
    expect(rendered.at(-1)!.page).toMatchObject({ data: { providers: [{ id: neighbour }] } });
    const kept = await t.app.request(url);
    expect([kept.status, kept.headers.get("X-Page-Cache")]).toEqual([410, "HIT"]);

    // An admin reopens the business: its page, in both languages, at once.
    const admin = await clientAs(t, adminId);
    const r = await admin.patch(`/api/admin/providers/${closed}`, { is_active: true });
    expect(r.status, r.text).toBe(200);
    freshness.refresh();
    await freshness.changedTags();
    const open = await t.app.request(url);
    expect([open.status, open.headers.get("X-Page-Cache")]).toEqual([200, "MISS"]);
    expect(await open.text()).toContain("provider: Daska Brass Foundry");
    expect((await t.app.request(`/ur${url}`)).status).toBe(200);
  });

  it("301s a duplicate's URL to the kept listing in the same language, through later merges", async () => {
    const kept = await make("Kept Cutlery", "Wazirabad");
    const dup = await make("Kept Cutlery Wazirabad", "Wazirabad");
    const dupUrl = pathOf("Kept Cutlery Wazirabad", dup, category, "wazirabad");
    const keptUrl = pathOf("Kept Cutlery", kept, category, "wazirabad");
    await accepted(dup, { field: "duplicate", value: kept });
    const en = await t.app.request(`${dupUrl}?ref=x`);
    expect([en.status, en.headers.get("Location")]).toEqual([301, `${keptUrl}?ref=x`]);
    const ur = await t.app.request(`/ur${dupUrl}`);
    expect([ur.status, ur.headers.get("Location")]).toEqual([301, `/ur${keptUrl}`]);
    const short = await t.app.request(`/ur/providers/x-${dup}`);
    expect([short.status, short.headers.get("Location")]).toEqual([301, `/ur${keptUrl}`]);

    // The kept one is merged in turn: the old URL goes straight to the last listing.
    const last = await make("Final Cutlery", "Wazirabad");
    await accepted(kept, { field: "duplicate", value: last });
    const chained = await t.app.request(dupUrl);
    expect(chained.headers.get("Location")).toBe(
      pathOf("Final Cutlery", last, category, "wazirabad"),
    );
    // A merge into a listing that closed later leads to its closed page.
    await accepted(last, { field: "closed" });
    const toClosed = await t.app.request(dupUrl);
    expect(toClosed.headers.get("Location")).toBe(
      pathOf("Final Cutlery", last, category, "wazirabad"),
    );
    expect((await t.app.request(toClosed.headers.get("Location")!)).status).toBe(410);
  });

  it("keeps a listing deactivated for another reason a 404", async () => {
    const off = await make("Paused Works", "Sialkot");
    const admin = await clientAs(t, adminId);
    const r = await admin.patch(`/api/admin/providers/${off}`, { is_active: false });
    expect(r.status, r.text).toBe(200);
    expect((await t.app.request(pathOf("Paused Works", off))).status).toBe(404);
    expect((await t.app.request(`/providers/paused-works-${off}`)).status).toBe(404);
  });
});
