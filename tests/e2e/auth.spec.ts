import { toLocalPhone } from "../../src/lib/phone.ts";
import {
  confirmationLink,
  confirmEmailInPage,
  DEMO,
  E2E_PASSWORD,
  signInViaApi,
  toasts,
  uniqueEmail,
} from "./auth-helpers.ts";
import { expect, test, waitForIslands, type ApiProvider } from "./fixtures.ts";

type ProviderWithContact = ApiProvider & {
  email: string | null;
  phone: string | null;
  website: string | null;
};

test.describe("a customer's first visit", () => {
  // Signing in before confirming answers 403 on purpose; the browser logs it.
  test.use({ allowConsoleErrors: [/status of 403/] });

  test("signs up, confirms, signs in, saves favorites, sees contact details, signs out", async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const email = uniqueEmail("customer");
    const firstName = "Zainab";

    // Sign up in the customer portal.
    await page.goto("/signup");
    await waitForIslands(page, "form");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome to Karkhana");
    await expect(page.getByText("Discover and connect with providers")).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute(
      "content",
      "noindex, nofollow",
    );
    await expect(page.getByRole("button", { name: "Sign up with Google" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");

    await page.getByLabel("First name").fill(firstName);
    await page.getByLabel("Last name").fill("Siddiqui");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(E2E_PASSWORD);
    await page.getByLabel("Confirm password").fill(`${E2E_PASSWORD}-typo`);
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(toasts(page).getByText("Password mismatch")).toBeVisible();
    await expect(toasts(page).getByText("Please confirm your password")).toBeVisible();

    await page.getByLabel("Confirm password").fill(E2E_PASSWORD);
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(toasts(page).getByText("Account created")).toBeVisible();
    // Unconfirmed: on to the customer sign-in screen, the address already filled in.
    await expect(page).toHaveURL("/login");
    await expect(page.getByRole("heading", { name: "Sign In", exact: true })).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue(email);

    // Signing in before confirming explains why and offers a new link.
    await page.getByLabel("Password", { exact: true }).fill(E2E_PASSWORD);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(toasts(page).getByText("Authentication failed")).toBeVisible();
    const firstLink = await confirmationLink(email);
    await page.getByRole("button", { name: "Resend confirmation email" }).click();
    await expect(toasts(page).getByText("Confirmation email sent")).toBeVisible();
    // The new link is mailed after the answer (decision 028), and voids the first.
    await expect.poll(() => confirmationLink(email)).not.toBe(firstLink);

    // The emailed link opens a page whose button confirms (a bare GET confirms nothing),
    // then comes back to the sign-in screen.
    await confirmEmailInPage(page, email);
    await expect(page).toHaveURL("/login");
    await expect(toasts(page).getByText("Email confirmed")).toBeVisible();

    await waitForIslands(page, "form");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(E2E_PASSWORD);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByText(`Welcome, ${firstName}`)).toBeVisible();
    await expect(toasts(page).getByText("Signed in")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Welcome back" })).toBeVisible();
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: "Favorites" })).toBeVisible();
    await expect(header.getByRole("link", { name: "Become a Provider" })).toBeVisible();
    await expect(header.getByRole("link", { name: "Sign In" })).toHaveCount(0);

    // Favorite the first provider of the directory.
    const firstRow = page.getByRole("article").first();
    const firstName1 = (await firstRow.getByRole("heading").innerText()).trim();
    await firstRow.getByRole("button", { name: "Favorite", exact: true }).click();
    await expect(toasts(page).getByText("Added to Favorites")).toBeVisible();
    await expect(firstRow.getByRole("button", { name: "Unfavorite" })).toBeVisible();

    // And a provider of another category from its own page.
    const all = (await (await request.get("/api/providers?limit=100")).json()) as ApiProvider[];
    const first = all.find((p) => p.companyName === firstName1)!;
    const firstCategories = new Set(first.services.map((s) => s.category.id));
    const other = all.find(
      (p) => p.services.length > 0 && p.services.every((s) => !firstCategories.has(s.category.id)),
    )!;
    await page.goto(other.path);
    await waitForIslands(page);
    await page.getByRole("button", { name: "Favorite", exact: true }).click();
    await expect(toasts(page).getByText("Added to Favorites")).toBeVisible();

    // Its contact details are there now that someone is signed in.
    const detail = (await (
      await page.request.get(`/api/providers/${other.id}`)
    ).json()) as ProviderWithContact;
    const contact = page.getByRole("region", { name: "Contact" });
    if (detail.phone) {
      await expect(contact.getByRole("link", { name: toLocalPhone(detail.phone) })).toHaveAttribute(
        "href",
        /^tel:\+/,
      );
    }
    if (detail.email) {
      await expect(contact.getByRole("link", { name: detail.email })).toHaveAttribute(
        "href",
        `mailto:${detail.email}`,
      );
    }
    expect(detail.phone || detail.email).toBeTruthy();
    await expect(page.getByText("Sign in to view this provider's contact details.")).toHaveCount(0);

    // Both are on /favorites, with tabs per category and a grid/list toggle.
    await page.goto("/favorites");
    await expect(page.getByRole("heading", { level: 1, name: "Favorites" })).toBeVisible();
    await expect(page.getByText("2 saved providers")).toBeVisible();
    await expect(page.getByRole("heading", { name: first.companyName })).toBeVisible();
    await expect(page.getByRole("heading", { name: other.companyName })).toBeVisible();
    await expect(page.getByRole("tab", { name: /^All/ })).toHaveAttribute("aria-selected", "true");

    const otherCategory = other.services[0]!.category.name;
    const categoryTab = page.getByRole("tab", {
      name: new RegExp(`^${escapeRegExp(otherCategory)}`),
    });
    await categoryTab.click();
    await expect(page.getByRole("heading", { name: other.companyName })).toBeVisible();
    await expect(page.getByRole("heading", { name: first.companyName })).toHaveCount(0);
    // A click selects the tab without the keyboard focus ring; the arrow keys still move it.
    await expect(categoryTab).toBeFocused();
    expect(await categoryTab.evaluate((el) => el.matches(":focus-visible"))).toBe(false);
    await page.keyboard.press("Home");
    const allTab = page.getByRole("tab", { name: /^All/ });
    await expect(allTab).toBeFocused();
    await expect(allTab).toHaveAttribute("aria-selected", "true");
    expect(await allTab.evaluate((el) => el.matches(":focus-visible"))).toBe(true);
    await categoryTab.click();
    await expect(categoryTab).toHaveAttribute("aria-selected", "true");

    const grid = page.getByRole("radio", { name: "Grid view" });
    const list = page.getByRole("radio", { name: "List view" });
    await expect(grid).toBeChecked();
    await list.click();
    await expect(list).toBeChecked();
    await expect(grid).not.toBeChecked();

    await page.getByRole("tab", { name: /^All/ }).click();
    await expect(page.getByRole("link", { name: /^Visit Profile/ })).toHaveCount(2);

    // Un-favoriting removes the card.
    const firstCard = page.getByRole("article").filter({ hasText: first.companyName });
    await firstCard.getByRole("button", { name: "Unfavorite" }).click();
    await expect(toasts(page).getByText("Removed from Favorites")).toBeVisible();
    await expect(page.getByRole("heading", { name: first.companyName })).toHaveCount(0);
    await expect(page.getByText("1 saved provider", { exact: true })).toBeVisible();

    // Open the remaining one from its card.
    await page.getByRole("link", { name: `Visit Profile of ${other.companyName}` }).click();
    await expect(page).toHaveURL(other.path);
    await expect(page.getByRole("heading", { level: 1, name: other.companyName })).toBeVisible();
    await expect(page.getByRole("button", { name: "Unfavorite" })).toBeVisible();

    // Signing out lands on / with the signed-out header.
    await page.getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL("/");
    await expect(header.getByRole("link", { name: "Sign In" })).toBeVisible();
    await expect(page.getByText(`Welcome, ${firstName}`)).toHaveCount(0);
    await expect(
      page.getByRole("heading", { level: 1, name: "Manufacturing Directory" }),
    ).toBeVisible();
  });
});

test.describe("the provider portal", () => {
  // A new provider has no profile yet: the dashboard's GET /api/my-provider answers 404.
  test.use({ allowConsoleErrors: [/status of 404/] });

  test("signs up, lands on the portal sign-in, and once confirmed signs in and lands on setup", async ({
    page,
  }) => {
    const email = uniqueEmail("provider");
    await page.goto("/provider-portal-signup");
    await waitForIslands(page, "form");
    await expect(
      page.getByRole("heading", { level: 1, name: "Service Provider Portal" }),
    ).toBeVisible();
    await expect(page.getByText("Manage your manufacturing services")).toBeVisible();

    await page.getByLabel("First name").fill("Kamran");
    await page.getByLabel("Last name").fill("Butt");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(E2E_PASSWORD);
    await page.getByLabel("Confirm password").fill(E2E_PASSWORD);
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(toasts(page).getByText("Account created")).toBeVisible();
    await expect(page).toHaveURL("/provider-portal-login");
    await expect(page.getByRole("button", { name: "Continue with Google" })).toBeVisible();

    await confirmEmailInPage(page, email);
    // The notice is read and dropped from the address; the way on to setup stays.
    await expect(page).toHaveURL("/provider-portal-login?next=%2Fprovider-setup");
    await expect(toasts(page).getByText("Email confirmed")).toBeVisible();

    await waitForIslands(page, "form");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(E2E_PASSWORD);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    // A new provider has no profile yet: sign-in continues to setup (decision 026).
    await expect(page).toHaveURL("/provider-setup");
    await expect(
      page.getByRole("heading", { level: 1, name: "Complete Your Provider Profile" }),
    ).toBeVisible();
    const header = page.getByRole("banner");
    await expect(header.getByText("Welcome, Kamran")).toBeVisible();
    await expect(header.getByRole("link", { name: "Provider Dashboard" })).toBeVisible();
    await expect(header.getByRole("link", { name: "Become a Provider" })).toHaveCount(0);
  });
});

test.describe("auth screens", () => {
  test("Sign In and Create Account switch in place and keep ?next=", async ({ page }) => {
    await page.goto("/login?next=%2Ffavorites");
    await waitForIslands(page, "form");
    await expect(page).toHaveTitle("Sign In | Karkhana");
    await expect(page.getByRole("button", { name: "Continue with Google" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Forgot password?" })).toHaveAttribute(
      "href",
      "/forgot-password",
    );
    await page.getByRole("link", { name: "Create Account" }).click();
    await expect(page).toHaveURL("/signup?next=%2Ffavorites");
    await expect(page.getByRole("link", { name: "Forgot password?" })).toHaveCount(0);
    await expect(page).toHaveTitle("Create Account | Karkhana");
    await expect(page.getByLabel("Confirm password")).toBeVisible();
    await expect(page.getByRole("button", { name: "Sign up with Google" })).toBeVisible();
    await page.getByRole("link", { name: "Sign In", exact: true }).last().click();
    await expect(page).toHaveURL("/login?next=%2Ffavorites");
    await expect(page.getByLabel("Confirm password")).toHaveCount(0);
  });

  test("validates with the API's schema before sending anything", async ({ page }) => {
    let posted = false;
    page.on("request", (r) => {
      if (r.method() === "POST" && r.url().includes("/api/auth/")) posted = true;
    });
    await page.goto("/signup");
    await waitForIslands(page, "form");
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByLabel("Password", { exact: true }).fill("short");
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByText("First name is required")).toBeVisible();
    await expect(page.getByText("Enter a valid email address")).toBeVisible();
    await expect(page.getByText("Password must be at least 8 characters")).toBeVisible();
    await expect(page.getByLabel("First name")).toBeFocused();
    await expect(page.getByLabel("First name")).toHaveAttribute("aria-invalid", "true");
    expect(posted).toBe(false);
  });

  test.describe("failures", () => {
    test.use({ allowConsoleErrors: [/status of (401|503)/] });

    test("a wrong password says so", async ({ page }) => {
      await page.goto("/login");
      await waitForIslands(page, "form");
      await page.getByLabel("Email").fill(DEMO.customer.email);
      await page.getByLabel("Password", { exact: true }).fill("not-the-password");
      await page.getByRole("button", { name: "Sign In", exact: true }).click();
      await expect(toasts(page).getByText("Authentication failed")).toBeVisible();
      await expect(toasts(page).getByText("Invalid email or password")).toBeVisible();
      await expect(page).toHaveURL("/login");
    });

    test("Google sign-in reports that it is not configured here", async ({ page }) => {
      await page.goto("/login");
      await waitForIslands(page, "form");
      await page.getByRole("button", { name: "Continue with Google" }).click();
      await expect(toasts(page).getByText("Google Auth failed")).toBeVisible();
      await expect(toasts(page).getByText(/not configured/)).toBeVisible();
    });
  });

  test("messages from the confirmation link and Google show once", async ({ page }) => {
    await page.goto("/login?confirmed=0");
    await expect(toasts(page).getByText("Link expired or already used")).toBeVisible();
    await expect(page).toHaveURL("/login");
    await page.goto("/provider-portal-login?error=google");
    await expect(toasts(page).getByText("Google Auth failed")).toBeVisible();
    await expect(page).toHaveURL("/provider-portal-login");
  });
});

test.describe("signed out", () => {
  test("no hearts, and /favorites sends you to sign in", async ({ page }) => {
    await page.goto("/");
    await waitForIslands(page);
    await expect(page.getByRole("link", { name: /^Visit / }).first()).toBeVisible();
    await expect(page.getByRole("button", { name: /^(Favorite|Unfavorite)$/ })).toHaveCount(0);

    await page.goto("/favorites");
    await expect(page).toHaveURL("/login?next=%2Ffavorites");
  });
});

test.describe("signed in as the demo provider", () => {
  test("the header and the listing rows show the signed-in state", async ({ page, baseURL }) => {
    await signInViaApi(page.request, baseURL!, DEMO.provider.email, DEMO.provider.password);
    await page.goto("/pk/lahore");
    const header = page.getByRole("banner");
    await expect(header.getByText(`Welcome, ${DEMO.provider.firstName}`)).toBeVisible();
    await expect(header.getByRole("link", { name: "Provider Dashboard" })).toBeVisible();
    await expect(header.getByRole("link", { name: "Favorites" })).toBeVisible();
    await expect(header.getByRole("link", { name: "Account" })).toHaveAttribute("href", "/account");
    // Pre-rendered rows get a heart each once the session is known.
    await expect(page.getByRole("button", { name: "Favorite", exact: true }).first()).toBeVisible();
  });
});

test.describe("the signed-in phone menu", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("lists the member links and signs out", async ({ page, baseURL }) => {
    await signInViaApi(page.request, baseURL!, DEMO.admin.email, DEMO.admin.password);
    await page.goto("/pk/karachi");
    await waitForIslands(page, 'button[aria-label="Open menu"]');
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog");
    await expect(menu.getByText(`Welcome, ${DEMO.admin.firstName}`)).toBeVisible();
    for (const name of [
      "Find Services",
      "How It Works",
      "Favorites",
      "Provider Dashboard",
      "Admin",
      "Account",
    ]) {
      await expect(menu.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await expect(menu.getByRole("link", { name: "Become a Provider" })).toHaveCount(0);
    await menu.getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });
});

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
