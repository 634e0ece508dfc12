import AxeBuilder from "@axe-core/playwright";
import { devices, type APIRequestContext, type BrowserContext, type Page } from "@playwright/test";
import { openDb } from "../../db/client.ts";
import { createProvider, createUser } from "../../db/seed/factories.ts";
import {
  createAccount,
  E2E_PASSWORD,
  signInViaDb,
  uniqueEmail,
  USER_AGENTS,
  type TestAccount,
} from "./auth-helpers.ts";
import { expect, test, waitForIslands } from "./fixtures.ts";

/**
 * Provider analytics in a real browser (decision 019): page views, a click
 * from the search, a contact reveal and taps raise the provider's counts; a
 * crawler's visit and the owner's own do not; the owner reads them in the
 * Insights tab.
 */

const dbUrl = `file:${process.env.E2E_DIR || ".e2e"}/data/karkhana.db`;
const GOOGLEBOT =
  "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html) Chrome/142.0.0.0 Safari/537.36";

interface Listed {
  name: string;
  path: string;
  owner: TestAccount;
}

/** A provider with a phone and a website, owned by a new account, made in the server's database. */
async function listedProvider(request: APIRequestContext): Promise<Listed> {
  const db = await openDb({ url: dbUrl });
  const suffix = Math.random().toString(36).slice(2, 7);
  const name = `Insightful Looms ${suffix}`;
  const email = uniqueEmail("insights-owner");
  const ownerId = await createUser(db, {
    email,
    password: E2E_PASSWORD,
    role: "provider",
    firstName: "Imran",
    confirmed: true,
  });
  const categories = (await (await request.get("/api/service-categories")).json()) as {
    id: string;
  }[];
  const id = await createProvider(db, {
    companyName: name,
    city: "Faisalabad",
    description: "Power looms for cotton and blended fabric, weaving to order.",
    userId: ownerId,
    phone: "0300 1234567",
    website: "https://looms.example.pk",
    services: [{ categoryId: categories[0]!.id, name: "Weaving", pricePkr: 40_000 }],
  });
  db.$client.close();
  const [found] = (await (
    await request.get(`/api/providers?search=${encodeURIComponent(name)}&limit=1`, {
      headers: { "User-Agent": "curl/8.5.0" },
    })
  ).json()) as { id: string; path: string }[];
  expect(found?.id).toBe(id);
  return { name, path: found!.path, owner: { id: ownerId, email, password: E2E_PASSWORD } };
}

/** A browser of its own: a person's (desktop Chrome) unless another user agent is given. */
async function newVisitor(
  browser: import("@playwright/test").Browser,
  ip: string,
  userAgent?: string,
): Promise<BrowserContext> {
  return browser.newContext({
    ...devices["Desktop Chrome"],
    ...(userAgent ? { userAgent } : {}),
    extraHTTPHeaders: { "X-Forwarded-For": ip },
  });
}

/** Resolves when the page's view beacon has been answered. */
function viewBeaconAnswered(page: Page) {
  return page.waitForResponse(
    (r) =>
      new URL(r.url()).pathname === "/api/events" &&
      /"event":"view"/.test(r.request().postData() ?? ""),
  );
}

type Totals = Record<string, number>;

async function ownerTotals(owner: Page): Promise<Totals> {
  const res = await owner.request.get("/api/my-provider/insights?days=30");
  expect(res.status()).toBe(200);
  return ((await res.json()) as { totals: Totals }).totals;
}

test("views, a click from the search, a contact reveal and taps are counted; a crawler and the owner are not", async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
  const listed = await listedProvider(request);

  // A crawler reads the page: its beacon is sent and answered, and not counted.
  const bot = await newVisitor(browser, "10.250.1.1", GOOGLEBOT);
  const botPage = await bot.newPage();
  const botBeacon = viewBeaconAnswered(botPage);
  await botPage.goto(listed.path);
  expect((await botBeacon).status()).toBe(204);
  await bot.close();

  // The owner looks at their own page: not counted either.
  const ownerContext = await newVisitor(browser, "10.250.1.2");
  await signInViaDb(ownerContext, baseURL!, listed.owner);
  const owner = await ownerContext.newPage();
  const ownBeacon = viewBeaconAnswered(owner);
  await owner.goto(listed.path);
  expect((await ownBeacon).status()).toBe(204);

  // A visitor searches, follows the result: a search appearance, a click and a view.
  await page.goto(`/?q=${encodeURIComponent(listed.name)}`);
  await waitForIslands(page);
  const visit = page.getByRole("link", { name: `Visit ${listed.name}` });
  await expect(visit).toBeVisible();
  const clicked = page.waitForRequest(
    (r) => r.url().endsWith("/api/events") && /"result_click"/.test(r.postData() ?? ""),
  );
  const firstView = viewBeaconAnswered(page);
  await visit.click();
  await clicked;
  await expect(page).toHaveURL(new RegExp(`${listed.path}$`));
  expect((await firstView).status()).toBe(204);

  // Signed in as a customer: the contact details open (a reveal) with a second view, then taps.
  const customer = await createAccount("insights-customer");
  await signInViaDb(page.context(), baseURL!, customer);
  const secondView = viewBeaconAnswered(page);
  await page.reload();
  await secondView;
  await waitForIslands(page);
  const contact = page.getByRole("region", { name: "Contact" });
  const phone = contact.getByRole("link", { name: "0300 1234567" });
  const website = contact.getByRole("link", { name: "looms.example.pk" });
  await expect(phone).toBeVisible();
  // Stay on the page: a tel: link and a new tab are not what this test is about.
  await page.evaluate(() =>
    document.addEventListener(
      "click",
      (e) => {
        if ((e.target as Element).closest("a[href^='tel:'], a[target='_blank']"))
          e.preventDefault();
      },
      true,
    ),
  );
  for (const [link, event] of [
    [phone, "phone_tap"],
    [website, "website_click"],
  ] as const) {
    const sent = page.waitForResponse(
      (r) => r.url().endsWith("/api/events") && r.request().postData()?.includes(event) === true,
    );
    await link.click();
    expect((await sent).status()).toBe(204);
  }

  // The Node server writes counts every few seconds: wait until they are in.
  await expect
    .poll(() => ownerTotals(owner), { timeout: 20_000 })
    .toMatchObject({
      views: 2,
      resultClicks: 1,
      contactReveals: 1,
      phoneTaps: 1,
      websiteClicks: 1,
      whatsappTaps: 0,
    });
  expect((await ownerTotals(owner)).impressions).toBeGreaterThanOrEqual(1);

  // The owner reads them in the dashboard's Insights tab; the chart library comes with it only.
  const scripts: string[] = [];
  owner.on("request", (r) => {
    if (r.resourceType() === "script") scripts.push(new URL(r.url()).pathname);
  });
  await owner.goto("/provider-dashboard");
  await waitForIslands(owner);
  await expect(owner.getByRole("button", { name: "Update Profile" })).toBeVisible();
  expect(scripts.filter((s) => /uplot/i.test(s))).toEqual([]);
  await owner.getByRole("tab", { name: "Insights" }).click();
  const panel = owner.getByRole("tabpanel", { name: "Insights" });
  const views = panel.getByRole("button", { name: /^Page views 2\b/ });
  await expect(views).toBeVisible();
  await expect(views).toHaveAttribute("aria-pressed", "true");
  await expect(panel.getByRole("button", { name: /^Contact reveals 1\b/ })).toBeVisible();
  await expect(panel.getByRole("button", { name: /^Clicks from results 1\b/ })).toBeVisible();
  await expect(panel.getByRole("button", { name: /^Phone taps 1\b/ })).toBeVisible();
  await expect(panel.getByRole("button", { name: /^Website clicks 1\b/ })).toBeVisible();
  await expect(panel.getByRole("img", { name: /^Page views per day, 2 in all/ })).toBeVisible();
  await expect(panel.locator("canvas")).toBeVisible();
  expect(scripts.filter((s) => /uplot/i.test(s))).toHaveLength(1);
  const queries = panel.getByRole("region", { name: "Top searches that showed you" });
  await expect(queries.getByText(listed.name.toLowerCase(), { exact: true })).toBeVisible();

  // Another figure in the chart, the table behind it, and the other period.
  await panel.getByRole("button", { name: /^Contact reveals/ }).click();
  await expect(panel.getByRole("heading", { name: "Contact reveals per day" })).toBeVisible();
  await panel.getByText("Show the figures as a table").click();
  const table = panel.getByRole("table", { name: "Figures per day" });
  await expect(table.getByRole("row")).toHaveCount(31);
  await panel.getByRole("radio", { name: "Last 90 days" }).click();
  await expect(table.getByRole("row")).toHaveCount(91);
  await expect(panel.getByRole("button", { name: /^Page views 2\b/ })).toBeVisible();

  // The CSV download.
  const download = owner.waitForEvent("download");
  await panel.getByRole("link", { name: "Download CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(
    /^karkhana-insights-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/,
  );
  const csv = await (await import("node:fs/promises")).readFile(await file.path(), "utf8");
  expect(csv.split("\r\n")[0]).toBe(
    "Date,Page views,Search appearances,Clicks from results,Contact reveals,Phone taps,WhatsApp taps,Website clicks,Quote requests",
  );
  expect(csv.trimEnd().split("\r\n")).toHaveLength(91);

  const axe = await new AxeBuilder({ page: owner }).include('[role="tabpanel"]').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  await ownerContext.close();
});

test("an admin reads the directory's figures: a search that found nothing is listed", async ({
  page,
  baseURL,
  request,
}) => {
  const db = await openDb({ url: dbUrl });
  const email = uniqueEmail("insights-admin");
  const adminId = await createUser(db, {
    email,
    password: E2E_PASSWORD,
    role: "admin",
    firstName: "Sana",
    confirmed: true,
  });
  db.$client.close();
  // A visitor's search for something nobody offers.
  const words = `zebra saddles ${Math.random().toString(36).slice(2, 7)}`;
  const res = await request.get(`/api/providers?search=${encodeURIComponent(words)}`, {
    headers: { "User-Agent": USER_AGENTS.phone },
  });
  expect(await res.json()).toEqual([]);

  await signInViaDb(page.context(), baseURL!, { id: adminId, email, password: E2E_PASSWORD });
  const answered = async () => {
    const r = await page.request.get("/api/admin/insights?days=30");
    const body = (await r.json()) as { noResultSearches: { term: string }[] };
    return body.noResultSearches.some((n) => n.term === words);
  };
  await expect.poll(answered, { timeout: 20_000 }).toBe(true);

  await page.goto("/admin-dashboard");
  await waitForIslands(page);
  await page.getByRole("tab", { name: "Insights" }).click();
  const panel = page.getByRole("tabpanel", { name: "Insights" });
  await expect(
    panel.getByRole("button", { name: /^Searches with no results [1-9]/ }),
  ).toBeVisible();
  const none = panel.getByRole("region", { name: "Searches with no results", exact: true });
  await expect(none.getByText(`“${words}”`)).toBeVisible();
  await expect(panel.getByRole("region", { name: "Top providers", exact: true })).toBeVisible();
  await expect(panel.getByRole("region", { name: "Top categories by city" })).toBeVisible();
  await expect(panel.locator("canvas")).toBeVisible();
  const axe = await new AxeBuilder({ page }).include('[role="tabpanel"]').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("the Insights tab fits 360 px without scrolling sideways", async ({
    browser,
    baseURL,
    request,
  }) => {
    const listed = await listedProvider(request);
    const context = await newVisitor(browser, "10.250.2.1");
    const page = await context.newPage();
    await page.setViewportSize({ width: 360, height: 740 });
    await signInViaDb(context, baseURL!, listed.owner, USER_AGENTS.phone);
    await page.goto("/provider-dashboard");
    await waitForIslands(page);
    await page.getByRole("tab", { name: "Insights" }).click();
    await expect(page.getByRole("button", { name: /^Page views 0\b/ })).toBeVisible();
    await expect(page.locator("canvas")).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    await context.close();
  });
});
