import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { DEMO, signInViaApi } from "./auth-helpers.ts";
import { expect, test, waitForIslands, type ApiProvider } from "./fixtures.ts";

/**
 * Every screen, scanned by axe against WCAG 2.1 A and AA once its islands
 * have rendered: names, roles, labels, contrast, landmarks. A violation names
 * the rule and the elements, so the report says what to fix.
 *
 * Time: axe is the slowest thing the browser suites do (one whole-page scan of
 * a dashboard took 18 s on a busy two-core machine), so each test makes one
 * whole-page scan at most, and a screen that changes part of a page already
 * scanned (a tab, a dialog, the phone menu) is scanned only where it changed.
 * The budget is about twice the slowest test measured with both workers and a
 * publish running on two shared cores (see A11Y_BUDGET).
 */

/**
 * Slowest a11y test measured in CI mode on two cores shared with other builds
 * (load 10-20): 37 s (the phone listing, a whole-page scan, while the other
 * worker scanned and a publish built). Twice that, rounded up.
 */
const A11Y_BUDGET = 90_000;
test.describe.configure({ timeout: A11Y_BUDGET });

/** Scans the page, or only the parts matching `within` (CSS selectors). */
async function expectNoViolations(page: Page, ...within: string[]) {
  // Legacy mode runs axe in the page itself. The default mode also opens a
  // blank page to merge per-frame results and injects axe's 500 KB three times:
  // twice as slow on busy cores (13 s against 6 s for one dashboard), and only
  // needed for cross-origin iframes, which these pages do not have.
  let axe = new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .setLegacyMode();
  for (const selector of within) axe = axe.include(selector);
  const { violations } = await axe.analyze();
  const found = violations.map((v) => ({
    rule: v.id,
    impact: v.impact,
    help: v.help,
    nodes: v.nodes.slice(0, 5).map((n) => n.target.join(" ")),
  }));
  expect(found).toEqual([]);
}

/** A tab switch changes the tab list's selection and the panel; nothing else on the page. */
const ACTIVE_TAB = ['[role="tablist"]', '[role="tabpanel"][data-state="active"]'];

async function someProvider(page: Page): Promise<ApiProvider> {
  const res = await page.request.get("/api/providers?limit=1");
  expect(res.ok()).toBe(true);
  const [provider] = (await res.json()) as ApiProvider[];
  expect(provider).toBeTruthy();
  return provider!;
}

test.describe("public pages meet WCAG 2.1 AA", () => {
  test("home, with results", async ({ page }) => {
    await page.goto("/");
    await waitForIslands(page);
    await expect(page.getByRole("article").first()).toBeVisible();
    await expectNoViolations(page);
  });

  // /pk/{city}/{category}/{slug}: its listing and its city are one and two levels up.
  test("a city × category listing", async ({ page }) => {
    const listing = (await someProvider(page)).path.split("/").slice(0, -1).join("/");
    await page.goto(listing);
    await waitForIslands(page);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoViolations(page);
  });

  test("a city listing", async ({ page }) => {
    const city = (await someProvider(page)).path.split("/").slice(0, -2).join("/");
    await page.goto(city);
    await waitForIslands(page);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoViolations(page);
  });

  test("a provider page", async ({ page }) => {
    const provider = await someProvider(page);
    await page.goto(provider.path);
    await waitForIslands(page);
    await expect(page.getByRole("heading", { level: 1, name: provider.companyName })).toBeVisible();
    await expectNoViolations(page);
  });

  // The home page behind it is scanned above; Radix hides it from assistive tech while open.
  test("the suggest dialog, open", async ({ page }) => {
    await page.goto("/");
    await waitForIslands(page);
    await page.getByRole("link", { name: "Suggest a Provider" }).first().click();
    await expect(page.getByRole("dialog", { name: "Suggest a Service Provider" })).toBeVisible();
    await expectNoViolations(page, '[role="dialog"]');
  });

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 360, height: 740 } });
    test("a listing", async ({ page }) => {
      await page.goto("/pk/karachi");
      await waitForIslands(page, 'button[aria-label="Open menu"]');
      await expectNoViolations(page);
    });

    test("the menu, open", async ({ page }) => {
      await page.goto("/pk/karachi");
      await waitForIslands(page, 'button[aria-label="Open menu"]');
      await page.getByRole("button", { name: "Open menu" }).click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await expectNoViolations(page, '[role="dialog"]');
    });
  });

  for (const path of ["/login", "/signup", "/provider-portal-login", "/provider-portal-signup"]) {
    test(`the form at ${path}`, async ({ page }) => {
      await page.goto(path);
      await waitForIslands(page, "form");
      await expectNoViolations(page);
    });
  }

  test.describe(() => {
    test.use({ allowConsoleErrors: [/status of 404/] });
    test("the 404 page", async ({ page }) => {
      const res = await page.goto("/no-such-page");
      expect(res?.status()).toBe(404);
      await expectNoViolations(page);
    });
  });
});

test.describe("signed-in screens meet WCAG 2.1 AA", () => {
  test("a customer's favorites", async ({ page, baseURL }) => {
    await signInViaApi(page.request, baseURL!, DEMO.customer.email, DEMO.customer.password);
    await page.goto("/favorites");
    await waitForIslands(page);
    await expect(page.getByRole("heading", { level: 1, name: "Favorites" })).toBeVisible();
    await expect(page.getByText(/saved provider|No favorites/).first()).toBeVisible();
    await expectNoViolations(page);
  });

  test("a customer's requests", async ({ page, baseURL }) => {
    await signInViaApi(page.request, baseURL!, DEMO.customer.email, DEMO.customer.password);
    await page.goto("/my-requests");
    await waitForIslands(page);
    await expect(page.getByRole("heading", { level: 1, name: "My Requests" })).toBeVisible();
    await expect(page.getByText(/requests?, newest first|No requests yet/).first()).toBeVisible();
    await expectNoViolations(page);
  });

  test("the Request a Quote dialog", async ({ page, baseURL }) => {
    // The demo provider's page: a listing with an owner, so it takes requests.
    await signInViaApi(page.request, baseURL!, DEMO.provider.email, DEMO.provider.password);
    const { path } = (await (await page.request.get("/api/my-provider")).json()) as {
      path: string;
    };
    await signInViaApi(page.request, baseURL!, DEMO.customer.email, DEMO.customer.password);
    await page.goto(path);
    await waitForIslands(page);
    await page.getByRole("button", { name: "Request a Quote" }).click();
    await expect(page.getByRole("dialog", { name: "Request a Quote" })).toBeVisible();
    await expectNoViolations(page, '[role="dialog"]');
  });

  test.describe("the provider dashboard", () => {
    test.beforeEach(async ({ page, baseURL }) => {
      await signInViaApi(page.request, baseURL!, DEMO.provider.email, DEMO.provider.password);
      await page.goto("/provider-dashboard");
      await waitForIslands(page);
      await expect(page.getByRole("button", { name: "Update Profile" })).toBeVisible();
    });

    test("the whole page, on the profile tab", async ({ page }) => {
      await expectNoViolations(page);
    });

    for (const tab of ["Services", "Gallery", "Leads"]) {
      test(`the ${tab} tab`, async ({ page }) => {
        await page.getByRole("tab", { name: new RegExp(`^${tab}`) }).click();
        await expect(page.getByRole("tabpanel")).toBeVisible();
        await expectNoViolations(page, ...ACTIVE_TAB);
      });
    }
  });

  test.describe("the admin dashboard", () => {
    test.beforeEach(async ({ page, baseURL }) => {
      await signInViaApi(page.request, baseURL!, DEMO.admin.email, DEMO.admin.password);
      await page.goto("/admin-dashboard");
      await waitForIslands(page);
      await expect(page.getByText("Total Users")).toBeVisible();
    });

    // Suggestions is the tab it opens on.
    test("the whole page, on the Suggestions tab", async ({ page }) => {
      await expect(page.getByRole("tab", { name: "Suggestions" })).toHaveAttribute(
        "aria-selected",
        "true",
      );
      const panel = page.getByRole("tabpanel");
      await expect(panel).toBeVisible();
      await expect(panel.locator("[aria-busy=true]")).toHaveCount(0);
      await expectNoViolations(page);
    });

    for (const tab of ["Categories", "Users", "Providers", "Leads"]) {
      test(`the ${tab} tab`, async ({ page }) => {
        await page.getByRole("tab", { name: tab }).click();
        const panel = page.getByRole("tabpanel");
        await expect(panel).toBeVisible();
        await expect(panel.locator("[aria-busy=true]")).toHaveCount(0);
        await expectNoViolations(page, ...ACTIVE_TAB);
      });
    }
  });
});

test.describe("Urdu pages meet WCAG 2.1 AA", () => {
  // The same screens right to left, in the Urdu font (decision 022): contrast,
  // names and language attributes of the other language's copy.
  test("home", async ({ page }) => {
    await page.goto("/ur");
    await waitForIslands(page);
    await expect(page.getByRole("article").first()).toBeVisible();
    await expectNoViolations(page);
  });

  test("a city × category listing", async ({ page }) => {
    const listing = (await someProvider(page)).path.split("/").slice(0, -1).join("/");
    await page.goto(`/ur${listing}`);
    await waitForIslands(page);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoViolations(page);
  });

  test("a provider page", async ({ page }) => {
    const provider = await someProvider(page);
    await page.goto(`/ur${provider.path}`);
    await waitForIslands(page);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoViolations(page);
  });

  test("the sign-in form", async ({ page }) => {
    await page.goto("/ur/login");
    await waitForIslands(page, "form");
    await expectNoViolations(page);
  });

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 360, height: 740 } });
    test("the menu, open", async ({ page }) => {
      await page.goto("/ur/pk/karachi");
      await waitForIslands(page, "header button[aria-haspopup]");
      await page.locator("header button[aria-haspopup]").click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await expectNoViolations(page, '[role="dialog"]');
    });
  });

  test("the provider dashboard", async ({ page, baseURL }) => {
    await signInViaApi(page.request, baseURL!, DEMO.provider.email, DEMO.provider.password);
    await page.goto("/ur/provider-dashboard");
    await waitForIslands(page);
    await expect(page.locator("form").first()).toBeVisible();
    await expectNoViolations(page);
  });
});
