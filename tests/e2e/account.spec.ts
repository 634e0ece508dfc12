import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "@playwright/test";
import {
  confirmationLink,
  createAccount,
  E2E_PASSWORD,
  resetLink,
  signInViaDb,
  toasts,
  USER_AGENTS,
  type TestAccount,
  uniqueEmail,
} from "./auth-helpers.ts";
import { expect, test, waitForIslands } from "./fixtures.ts";

/** Account recovery and session control (decision 011), clicked through the real pages. */

const NEW_PASSWORD = "Karkhana-e2e-N3w-pass-phrase";

async function expectNoViolations(page: Page) {
  // The page's own content only: the header and footer are the same on every
  // page and a11y.spec.ts scans them; a whole-page scan costs seconds we lack.
  const { violations } = await new AxeBuilder({ page })
    .include("#main")
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  expect(
    violations.map((v) => ({ rule: v.id, nodes: v.nodes.slice(0, 5).map((n) => n.target) })),
  ).toEqual([]);
}

/** A second browser, signed in to the same account from a phone, as far as the server knows. */
async function otherDevice(browser: Browser, baseURL: string, account: TestAccount) {
  const context = await browser.newContext({ baseURL });
  await signInViaDb(context, baseURL, account, USER_AGENTS.phone);
  return context;
}

test.describe("forgot password", () => {
  test("a reset link from the outbox sets a new password; the old one stops working", async ({
    page,
    request,
    baseURL,
  }) => {
    const { email, password } = await createAccount("forgot");

    // The sign-in form's "Forgot password?" link is checked in auth.spec.ts.
    await page.goto("/forgot-password");
    await waitForIslands(page, "form");
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();

    // The emailed link: its token is in the fragment and leaves the address bar once read.
    await page.goto(await resetLink(email));
    await waitForIslands(page, "form");
    await expect(page).toHaveURL("/reset-password");
    await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel("Confirm new password").fill(`${NEW_PASSWORD}-typo`);
    await page.getByRole("button", { name: "Set new password" }).click();
    await expect(toasts(page).getByText("Password mismatch", { exact: true })).toBeVisible();
    await page.getByLabel("Confirm new password").fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Set new password" }).click();
    await expect(page.getByRole("heading", { name: "Password changed" })).toBeVisible();

    const old = await request.post("/api/auth/signin", {
      data: { email, password },
      headers: { Origin: baseURL! },
    });
    expect(old.status()).toBe(401);

    await expect(
      page.getByRole("main").getByRole("link", { name: "Sign in", exact: true }),
    ).toHaveAttribute("href", "/login");
    const fresh = await request.post("/api/auth/signin", {
      data: { email, password: NEW_PASSWORD },
      headers: { Origin: baseURL! },
    });
    expect(fresh.status()).toBe(200);
  });
});

test.describe("the account page", () => {
  // A wrong current password answers 400 on purpose; the browser logs it.
  test.use({ allowConsoleErrors: [/status of 400/] });

  test("is linked from the header and changes the password", async ({ page, request, baseURL }) => {
    const account = await createAccount("change");
    const { email, password } = account;
    await signInViaDb(page.context(), baseURL!, account);
    await page.goto("/account");
    await waitForIslands(page);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    await expect(
      page.getByRole("banner").getByRole("link", { name: "Account", exact: true }),
    ).toHaveAttribute("aria-current", "page");

    const form = page.getByRole("form", { name: "Change password" });
    await form.getByLabel("Current password").fill("not-my-password");
    await form.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
    await form.getByLabel("Confirm new password").fill(NEW_PASSWORD);
    await form.getByRole("button", { name: "Change password" }).click();
    await expect(toasts(page).getByText("Password not changed", { exact: true })).toBeVisible();

    await form.getByLabel("Current password").fill(password);
    await form.getByRole("button", { name: "Change password" }).click();
    await expect(toasts(page).getByText("Password changed", { exact: true })).toBeVisible();
    await expect(form.getByLabel("Current password")).toHaveValue("");

    const fresh = await request.post("/api/auth/signin", {
      data: { email, password: NEW_PASSWORD },
      headers: { Origin: baseURL! },
    });
    expect(fresh.status()).toBe(200);
  });

  test("lists this device and another; signing the other out ends it", async ({
    page,
    browser,
    baseURL,
  }) => {
    const account = await createAccount("sessions");
    await signInViaDb(page.context(), baseURL!, account);
    const other = await otherDevice(browser, baseURL!, account);

    await page.goto("/account");
    await waitForIslands(page);
    const rows = page.getByRole("region", { name: "Where you're signed in" }).getByRole("listitem");
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: "This device" })).toContainText("Chrome on Windows");
    const phone = rows.filter({ hasNotText: "This device" });
    await expect(phone).toContainText("Chrome on Android");

    await phone.getByRole("button", { name: /^Sign out Chrome on Android/ }).click();
    const confirm = page.getByRole("alertdialog");
    await confirm.getByRole("button", { name: "Sign out" }).click();
    await expect(confirm).toBeHidden();
    await expect(toasts(page).getByText("Signed out", { exact: true })).toBeVisible();
    await expect(rows).toHaveCount(1);

    expect((await other.request.get("/api/auth/user")).status()).toBe(401);
    expect((await page.request.get("/api/auth/user")).status()).toBe(200);
    await other.close();
  });

  test("signs out everywhere, this browser included", async ({ page, browser, baseURL }) => {
    const account = await createAccount("everywhere");
    await signInViaDb(page.context(), baseURL!, account);
    const other = await otherDevice(browser, baseURL!, account);

    await page.goto("/account");
    await waitForIslands(page);
    await page.getByRole("button", { name: "Sign out everywhere" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Sign out everywhere?" });
    await confirm.getByRole("button", { name: "Sign out everywhere" }).click();
    await expect(page).toHaveURL("/login");
    await expect(toasts(page).getByText("Signed out everywhere", { exact: true })).toBeVisible();

    expect((await page.request.get("/api/auth/user")).status()).toBe(401);
    expect((await other.request.get("/api/auth/user")).status()).toBe(401);
    await other.close();
  });

  test("sends a visitor to sign in", async ({ page }) => {
    await page.goto("/account");
    // Hydrating, asking who is signed in, then a short pause: slow on two busy cores.
    await expect(page).toHaveURL("/login?next=%2Faccount", { timeout: 15_000 });
  });
});

test.describe("the account pages meet WCAG 2.1 AA", () => {
  test("/account", async ({ page, baseURL }) => {
    await signInViaDb(page.context(), baseURL!, await createAccount("a11y"));
    await page.goto("/account");
    await waitForIslands(page);
    await expect(page.getByRole("listitem").filter({ hasText: "This device" })).toBeVisible();
    await expectNoViolations(page);
  });

  test("/forgot-password", async ({ page }) => {
    await page.goto("/forgot-password");
    await waitForIslands(page, "form");
    await expectNoViolations(page);
  });

  test("/reset-password", async ({ page }) => {
    await page.goto("/reset-password#token=NOTAREALTOKEN");
    await waitForIslands(page, "form");
    await expectNoViolations(page);
  });
});

test.describe("the confirmation page", () => {
  // A made-up or spent token answers 400 on purpose; the browser logs it.
  test.use({ allowConsoleErrors: [/status of 400/] });

  test("meets WCAG 2.1 AA, explains a bad link, and without a token has no button", async ({
    page,
  }) => {
    await page.goto("/confirm-email#token=NOTAREALTOKEN");
    await waitForIslands(page);
    // The page asks whose sign-up the link is for before offering anything to press.
    const alert = page.getByRole("alert").filter({ hasText: "We could not confirm your email." });
    await expect(alert.getByRole("link", { name: "Go to sign in for a new link" })).toHaveAttribute(
      "href",
      "/login",
    );
    await expect(page.getByRole("button", { name: "Confirm email address" })).toHaveCount(0);
    await expectNoViolations(page);

    await page.goto("/confirm-email");
    await expect(page.getByRole("heading", { name: "This link is incomplete" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Confirm email address" })).toHaveCount(0);
  });

  test("names the account it confirms, and 'This was not me' removes it", async ({
    page,
    request,
    baseURL,
  }) => {
    const email = uniqueEmail("not-me");
    const signup = await request.post("/api/auth/signup", {
      data: {
        email,
        password: E2E_PASSWORD,
        firstName: "Rukhsana",
        lastName: "Baig",
        role: "customer",
      },
      headers: { Origin: baseURL! },
    });
    expect(signup.ok(), await signup.text()).toBe(true);
    const link = await confirmationLink(email);

    await page.goto(link);
    await waitForIslands(page);
    const main = page.locator("#main");
    await expect(main.getByText(email, { exact: true })).toBeVisible();
    await expect(main.getByText("Rukhsana Baig", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Confirm email address" })).toBeVisible();
    await expectNoViolations(page);

    await page.getByRole("button", { name: "This was not me" }).click();
    await expect(page.getByRole("heading", { name: "Sign-up removed" })).toBeVisible();
    await expect(page.getByRole("status")).toContainText(`We removed the account for ${email}.`);
    await expect(page.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
    await expect(page.getByRole("button", { name: "Confirm email address" })).toHaveCount(0);

    // The account is gone: its password opens nothing (401, not "confirm first"), and the
    // link names nobody.
    const signin = await request.post("/api/auth/signin", {
      data: { email, password: E2E_PASSWORD },
      headers: { Origin: baseURL! },
    });
    expect(signin.status()).toBe(401);
    await page.goto("/");
    await page.goto(link);
    await expect(
      page.getByRole("alert").filter({ hasText: "We could not confirm your email." }),
    ).toBeVisible();
  });

  test("in Urdu, names the account and offers the same choice", async ({
    page,
    request,
    baseURL,
  }) => {
    const email = uniqueEmail("not-me-ur");
    const signup = await request.post("/api/auth/signup", {
      data: { email, password: E2E_PASSWORD, firstName: "رخسانہ", lastName: "بیگ" },
      headers: { Origin: baseURL!, "Accept-Language": "ur-PK" },
    });
    expect(signup.ok(), await signup.text()).toBe(true);
    const link = await confirmationLink(email);
    expect(link).toMatch(/^\/ur\/confirm-email#token=/);
    await page.goto(link);
    await waitForIslands(page);
    await expect(page.locator("#main").getByText("رخسانہ بیگ", { exact: true })).toBeVisible();
    await page.getByRole("button", { name: "یہ سائن اپ میں نے نہیں کیا" }).click();
    await expect(page.getByRole("heading", { name: "سائن اپ ختم کر دیا گیا" })).toBeVisible();
  });
});
