import { createAccount, signInViaDb, signUpProvider, toasts } from "./auth-helpers.ts";
import { expect, test, waitForIslands } from "./fixtures.ts";

/**
 * Decision 026: someone with an account becomes a provider
 * without a second sign-up, and a provider without a profile is led to setup.
 */

/** GET /api/my-provider answers 404 until the profile exists; the setup screen asks it once. */
const NO_PROFILE_YET = /status of 404/;

test.describe("a way in for people who already have an account", () => {
  test.use({ allowConsoleErrors: [NO_PROFILE_YET] });

  test("a signed-in customer reaches setup from 'Become a Provider' and comes out a provider", async ({
    page,
    baseURL,
  }) => {
    const customer = await createAccount("become-provider");
    await signInViaDb(page.context(), baseURL!, customer);
    await page.goto("/");
    await waitForIslands(page, "header");
    const header = page.getByRole("banner");
    await header.getByRole("link", { name: "Become a Provider" }).click();

    await expect(page).toHaveURL("/provider-setup");
    await expect(
      page.getByRole("heading", { level: 1, name: "Complete Your Provider Profile" }),
    ).toBeVisible();
    // Never a form to create the account they already have.
    await expect(page.getByLabel("Confirm password")).toHaveCount(0);

    const company = `Sialkot Leather Goods ${Date.now().toString(36)}`;
    await waitForIslands(page, "form");
    await page.getByLabel("Company Name").fill(company);
    await page.getByLabel("City").selectOption("Sialkot");
    await page.getByRole("button", { name: "Complete Setup" }).click();
    await expect(page).toHaveURL("/provider-dashboard");
    await expect(toasts(page).getByText("Provider profile created successfully")).toBeVisible();
    await expect(page.getByLabel("Company Name")).toHaveValue(company);
    // The account is a provider now: the header offers the dashboard, not 'Become a Provider'.
    await expect(header.getByRole("link", { name: "Provider Dashboard" })).toBeVisible();
    await expect(header.getByRole("link", { name: "Become a Provider" })).toHaveCount(0);
  });

  test("a signed-in customer who opens the provider sign-up is taken to setup instead", async ({
    page,
    baseURL,
  }) => {
    const customer = await createAccount("old-signup-link");
    await signInViaDb(page.context(), baseURL!, customer);
    await page.goto("/provider-portal-signup");
    await expect(page).toHaveURL("/provider-setup");
    await expect(
      page.getByRole("heading", { level: 1, name: "Complete Your Provider Profile" }),
    ).toBeVisible();
  });

  test("a provider without a profile who opens the dashboard is led to setup, unless they skipped it", async ({
    page,
    baseURL,
  }) => {
    await signUpProvider(page.request, baseURL!, "no-profile");
    await page.goto("/provider-dashboard");
    await expect(page).toHaveURL("/provider-setup");
    await expect(
      page.getByRole("heading", { level: 1, name: "Complete Your Provider Profile" }),
    ).toBeVisible();

    // 'Skip for Now' means it: the dashboard's own profile form, not setup again.
    await waitForIslands(page, "form");
    await page.getByRole("button", { name: "Skip for Now" }).click();
    await expect(page).toHaveURL("/provider-dashboard");
    await expect(page.getByRole("button", { name: "Create Profile" })).toBeVisible();
    await page.reload();
    await expect(page.getByRole("button", { name: "Create Profile" })).toBeVisible();
    await expect(page).toHaveURL("/provider-dashboard");
  });
});
