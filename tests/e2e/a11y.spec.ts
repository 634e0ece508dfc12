import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { DEMO, signInViaApi } from "./auth-helpers.ts";
import { expect, test, waitForIslands, type ApiProvider } from "./fixtures.ts";

/**
 * Every screen, scanned by axe against WCAG 2.1 A and AA once its islands
 * have rendered: names, roles, labels, contrast, landmarks. A violation names
 * the rule and the elements, so the report says what to fix.
 */
async function expectNoViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  const found = violations.map((v) => ({
    rule: v.id,
    impact: v.impact,
    help: v.help,
    nodes: v.nodes.slice(0, 5).map((n) => n.target.join(" ")),
  }));
  expect(found).toEqual([]);
}

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

  test("a city and a city × category listing", async ({ page }) => {
    const provider = await someProvider(page);
    // /pk/{city}/{category}/{slug}: its listing and its city are one and two levels up.
    const listing = provider.path.split("/").slice(0, -1).join("/");
    await page.goto(listing);
    await waitForIslands(page);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoViolations(page);

    await page.goto(listing.split("/").slice(0, -1).join("/"));
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

  test("the suggest dialog, open", async ({ page }) => {
    await page.goto("/");
    await waitForIslands(page);
    await page.getByRole("link", { name: "Suggest a Provider" }).first().click();
    await expect(page.getByRole("dialog", { name: "Suggest a Service Provider" })).toBeVisible();
    await expectNoViolations(page);
  });

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 360, height: 740 } });
    test("a listing, and the menu open", async ({ page }) => {
      await page.goto("/pk/karachi");
      await waitForIslands(page, 'button[aria-label="Open menu"]');
      await expectNoViolations(page);
      await page.getByRole("button", { name: "Open menu" }).click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await expectNoViolations(page);
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

  test("the provider dashboard, each tab", async ({ page, baseURL }) => {
    await signInViaApi(page.request, baseURL!, DEMO.provider.email, DEMO.provider.password);
    await page.goto("/provider-dashboard");
    await waitForIslands(page);
    await expect(page.getByRole("button", { name: "Update Profile" })).toBeVisible();
    await expectNoViolations(page);
    for (const tab of ["Services", "Gallery"]) {
      await page.getByRole("tab", { name: new RegExp(`^${tab}`) }).click();
      await expect(page.getByRole("tabpanel")).toBeVisible();
      await expectNoViolations(page);
    }
  });

  test("the admin dashboard, each tab", async ({ page, baseURL }) => {
    await signInViaApi(page.request, baseURL!, DEMO.admin.email, DEMO.admin.password);
    await page.goto("/admin-dashboard");
    await waitForIslands(page);
    await expect(page.getByText("Total Users")).toBeVisible();
    for (const tab of ["Suggestions", "Categories", "Users", "Providers"]) {
      await page.getByRole("tab", { name: tab }).click();
      const panel = page.getByRole("tabpanel");
      await expect(panel).toBeVisible();
      await expect(panel.locator("[aria-busy=true]")).toHaveCount(0);
      await expectNoViolations(page);
    }
  });
});
