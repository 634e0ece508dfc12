import type { APIRequestContext, Browser } from "@playwright/test";
import { migrateDb, openDb } from "../../db/client.ts";
import { createProvider } from "../../db/seed/factories.ts";
import { DEMO, signInViaApi } from "./auth-helpers.ts";
import { expect, test, type ApiProvider } from "./fixtures.ts";

// The same database file the e2e server uses (playwright.config.ts).
const dbUrl = `file:${process.env.E2E_DIR || ".e2e"}/data/karkhana.db`;

interface Category {
  id: string;
  name: string;
  slug: string;
}

/** The page as a crawler gets it: the server's HTML, no JavaScript run. */
async function serverHtml(browser: Browser, path: string) {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const res = await page.goto(path);
  const html = await page.content();
  await context.close();
  return { status: res?.status(), url: new URL(res!.url()).pathname, html };
}

function expectIndexablePage(html: string, canonicalPath: string) {
  expect(html).toContain(`<link rel="canonical" href="http://127.0.0.1:`);
  expect(html).toContain(`${canonicalPath}"`);
  expect(html).toContain('<meta name="description"');
  expect(html).toContain('type="application/ld+json"');
  expect(html).not.toMatch(/<meta name="robots" content="[^"]*noindex/);
}

async function categories(request: APIRequestContext): Promise<Category[]> {
  return (await (await request.get("/api/service-categories")).json()) as Category[];
}

test("a provider added since the build is served as complete HTML, and the short URL redirects to it", async ({
  browser,
  request,
  page: tab,
}) => {
  const db = await openDb({ url: dbUrl });
  await migrateDb(db);
  const category = (await categories(request))[0]!;
  const name = `Fresh Fabricators ${Date.now()}`;
  const id = await createProvider(db, {
    companyName: name,
    city: "Multan",
    address: "Industrial Estate Phase 2",
    description: "Steel gates and grills, made to order.",
    services: [{ categoryId: category.id, name: "Steel gate", pricePkr: 85000 }],
  });
  db.$client.close();

  const slug = name.toLowerCase().replace(/ /g, "-");
  const canonical = `/pk/multan/${category.slug}/${slug}-${id}`;
  const page = await serverHtml(browser, `/providers/old-name-${id}`);
  expect(page.status).toBe(200);
  expect(page.url).toBe(canonical);
  expect(page.html).toContain(`<title>${name}`);
  const text = page.html.replace(/<[^>]+>/g, "").replace(/&#(39|x27);/g, "'");
  expect(text).toContain("From PKR 85,000");
  expect(text).toContain("Sign in to view this provider's contact details.");
  expectIndexablePage(page.html, canonical);

  // In a browser the rendered page behaves like a built one: its islands load under its
  // CSP (a refused inline script would be a console error, which fails the test).
  await tab.goto(canonical);
  await expect(tab.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(tab.getByText("Sign in to view this provider's contact details.")).toBeVisible();
  await tab.getByRole("navigation", { name: "Main" }).getByRole("link").first().focus();
  await expect(tab.locator("astro-island:not([ssr])").first()).toBeAttached();
});

test("a renamed provider's new URL has the new name in its server HTML, the old URL redirects, and its listings show it", async ({
  browser,
  request,
  baseURL,
}) => {
  const [provider] = (await (
    await request.get("/api/providers?city=lahore&limit=1")
  ).json()) as ApiProvider[];
  const p = provider!;
  // The build wrote the old page: the server must not send it any more.
  expect((await serverHtml(browser, p.path)).status).toBe(200);

  await signInViaApi(request, baseURL!, DEMO.admin.email, DEMO.admin.password);
  const name = `Renamed Works ${Date.now()}`;
  const res = await request.patch(`/api/admin/providers/${p.id}/details`, {
    headers: { Origin: baseURL! },
    data: {
      companyName: name,
      location: p.location,
      email: "",
      phone: "",
      website: "",
      description: p.description,
      pricePkr: p.pricePkr,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  const renamed = (await (await request.get(`/api/providers/${p.id}`)).json()) as ApiProvider;
  expect(renamed.path).not.toBe(p.path);

  const fresh = await serverHtml(browser, renamed.path);
  expect(fresh.status).toBe(200);
  expect(fresh.html).toContain(`<title>${name}`);
  expectIndexablePage(fresh.html, renamed.path);

  const old = await serverHtml(browser, p.path);
  expect(old.url).toBe(renamed.path);

  // /pk lists every provider: any change sends it to the renderer too.
  const country = await serverHtml(browser, "/pk");
  expect(country.status).toBe(200);
  expectIndexablePage(country.html, "/pk");

  const city = await serverHtml(browser, "/pk/lahore");
  expect(city.html).toContain(name);
  expect(city.html).not.toContain(`>${p.companyName}<`);
});

test("a city×category pair that gets its first provider has a listing page in the server HTML", async ({
  browser,
  request,
  baseURL,
}) => {
  const all = await categories(request);
  // A category nobody in Gwadar offers (the demo data has none there).
  const db = await openDb({ url: dbUrl });
  await migrateDb(db);
  const category = all[all.length - 1]!;
  const name = `Gwadar Marine ${Date.now()}`;
  const id = await createProvider(db, {
    companyName: name,
    city: "Gwadar",
    address: "Fish Harbour Road",
    description: "Boat engines serviced.",
    services: [{ categoryId: all[0]!.id, name: "Engine service", pricePkr: 12000 }],
  });
  db.$client.close();
  const before = await serverHtml(browser, `/pk/gwadar/${category.slug}`);
  expect(before.html).not.toContain(name);

  await signInViaApi(request, baseURL!, DEMO.admin.email, DEMO.admin.password);
  const added = await request.post(`/api/admin/providers/${id}/services`, {
    headers: { Origin: baseURL! },
    data: { categoryId: category.id },
  });
  expect(added.status(), await added.text()).toBe(201);

  const pair = await serverHtml(browser, `/pk/gwadar/${category.slug}`);
  expect(pair.status).toBe(200);
  expect(pair.html).toContain(name);
  expectIndexablePage(pair.html, `/pk/gwadar/${category.slug}`);
});
