import type { Page, Response } from "@playwright/test";
import { eq } from "drizzle-orm";
import { leads, listingEdits, providerSuggestions, users } from "../../db/schema.ts";
import {
  confirmationLink,
  createAccount,
  e2eDatabase,
  resetLink,
  signInViaDb,
  toasts,
  uniqueEmail,
  E2E_PASSWORD,
} from "./auth-helpers.ts";
import { expect, test } from "./fixtures.ts";
import { createListing } from "./listings.ts";
import { holdScripts } from "./slow-network.ts";

/**
 * Forms on a slow phone (decision 027): the page's scripts arrive late, and the
 * visitor types and taps before they do. Every script of the site (`/_astro/…`)
 * is held until the test lets it through, so "before the scripts arrive" is a
 * fact of each test, not a race. Each test asserts the real outcome (signed
 * in where they were going, mail in the outbox, the row stored) and that no
 * page of the way answered 404.
 */

/** Every page the browser was sent to, to check that none of them was a 404. */
function documents(page: Page): Response[] {
  const seen: Response[] = [];
  page.on("response", (res) => {
    if (res.request().resourceType() === "document") seen.push(res);
  });
  return seen;
}

function expectNo404(seen: Response[]) {
  expect(seen.length).toBeGreaterThan(0);
  expect(seen.filter((r) => r.status() === 404).map((r) => r.url())).toEqual([]);
}

/** The island around `selector` has not hydrated: its scripts have not arrived. */
async function expectNotHydrated(page: Page, selector: string) {
  await expect(page.locator(`astro-island:has(${selector})`).first()).toHaveAttribute("ssr", "");
}

test.describe("forms sent before their scripts arrive", () => {
  // A refused form comes back with the API's status (401, 400), which the browser logs.
  test.use({ allowConsoleErrors: [/status of 40[01] /] });

  test("sign in: the form posts to the server, which signs in and goes to `next`", async ({
    page,
  }) => {
    const account = await createAccount("slow-signin", { firstName: "Sadia" });
    const seen = documents(page);
    const scripts = await holdScripts(page);
    await page.goto("/login?next=%2Ffavorites");
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password", { exact: true }).fill(account.password);
    await expectNotHydrated(page, "form");
    expect(scripts.waiting()).toBeGreaterThan(0);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();

    await expect(page).toHaveURL("/favorites");
    scripts.release();
    await expect(page.getByText(`Welcome, Sadia`)).toBeVisible();
    await expect(toasts(page).getByText("Signed in")).toBeVisible();
    await expect(page.getByRole("heading", { name: "No Favorites Yet" })).toBeVisible();
    expectNo404(seen);
  });

  test("sign in with a wrong password: the error shows beside the filled form, then the island takes over", async ({
    page,
  }) => {
    const account = await createAccount("slow-wrong");
    const seen = documents(page);
    const scripts = await holdScripts(page);
    await page.goto("/login");
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password", { exact: true }).fill("not-the-password-1");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();

    // The server's answer, rendered: the reason beside the form, the email kept.
    const alert = page.getByRole("alert");
    await expect(alert.getByText("Authentication failed")).toBeVisible();
    await expect(alert.getByText("Invalid email or password")).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue(account.email);
    await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");
    expect(seen.at(-1)?.status()).toBe(401);
    expect(seen.filter((r) => r.status() === 404)).toEqual([]);

    // The scripts arrive; the same screen now signs in through the island.
    scripts.release();
    await expect(page.locator("astro-island:has(form)")).not.toHaveAttribute("ssr");
    await page.getByLabel("Password", { exact: true }).fill(account.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL("/");
    await expect(toasts(page).getByText("Signed in")).toBeVisible();
  });

  test("sign up: the account is made, the link mailed, the sign-in screen waits for it", async ({
    page,
  }) => {
    const email = uniqueEmail("slow-signup");
    const seen = documents(page);
    const scripts = await holdScripts(page);
    await page.goto("/provider-portal-signup");
    await page.getByLabel("First name").fill("Kamran");
    await page.getByLabel("Last name").fill("Akmal");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(E2E_PASSWORD);
    await page.getByLabel("Confirm password").fill(E2E_PASSWORD);
    await expectNotHydrated(page, "form");
    await page.getByRole("button", { name: "Create Account" }).click();

    await expect(page.getByRole("heading", { name: "Sign In", exact: true })).toBeVisible();
    await expect(page.getByText("Confirm your email")).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue(email);
    expect(await confirmationLink(email)).toMatch(/^\/confirm-email#token=/);
    const [row] = await (
      await e2eDatabase()
    )
      .select({ role: users.role, firstName: users.firstName })
      .from(users)
      .where(eq(users.email, email));
    expect(row).toEqual({ role: "provider", firstName: "Kamran" });

    // Once the scripts arrive the address bar names the screen shown, and the toast says what happened.
    scripts.release();
    await expect(page).toHaveURL("/provider-portal-login");
    await expect(toasts(page).getByText("Account created")).toBeVisible();
    expectNo404(seen);
  });

  test("forgot password: the reset link is mailed and the screen says so", async ({ page }) => {
    const account = await createAccount("slow-forgot");
    const seen = documents(page);
    const scripts = await holdScripts(page);
    await page.goto("/forgot-password");
    await page.getByLabel("Email").fill(account.email);
    await expectNotHydrated(page, "form");
    await page.getByRole("button", { name: "Send reset link" }).click();

    await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
    expect(await resetLink(account.email)).toMatch(/^\/reset-password#token=/);
    scripts.release();
    expectNo404(seen);
  });

  test("an Urdu sign-in form answers in Urdu", async ({ page }) => {
    const scripts = await holdScripts(page);
    await page.goto("/ur/login");
    await page.locator('input[name="email"]').fill("not-an-email");
    await page.locator('input[name="password"]').fill("x");
    await page.locator('form button[type="submit"]').first().click();
    await expect(page).toHaveURL("/ur/login");
    const error = page.locator('[id$="-email-error"]');
    await expect(error).toBeVisible();
    await expect(error).toHaveText(/[\u0600-\u06ff]/);
    scripts.release();
  });
});

test.describe("what was typed before the scripts arrived is what the island sends", () => {
  test("typed and autofilled values are adopted when the island hydrates", async ({ page }) => {
    const account = await createAccount("slow-adopt", { firstName: "Nimra" });
    const scripts = await holdScripts(page);
    await page.goto("/login");
    await page.getByLabel("Email").fill(account.email);
    // A password manager fills the field without a keystroke.
    await page
      .getByLabel("Password", { exact: true })
      .evaluate((el, value) => ((el as HTMLInputElement).value = value), account.password);
    scripts.release();
    await expect(page.locator("astro-island:has(form)")).not.toHaveAttribute("ssr");

    // The island sends it (no 'Email is required' beside the filled field).
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL("/");
    await expect(toasts(page).getByText("Signed in")).toBeVisible();
    await expect(page.getByText("Welcome, Nimra")).toBeVisible();
  });

  test("forgot password adopts the typed email too", async ({ page }) => {
    const account = await createAccount("slow-adopt-forgot");
    const scripts = await holdScripts(page);
    await page.goto("/forgot-password");
    await page.getByLabel("Email").fill(account.email);
    scripts.release();
    await expect(page.locator("astro-island:has(form)")).not.toHaveAttribute("ssr");
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
    expect(await resetLink(account.email)).toMatch(/^\/reset-password#token=/);
  });
});

test.describe("the open redirect after sign-in", () => {
  for (const next of ["/ur//evil.example", "/ur/\\evil.example"]) {
    test(`signing in at /login?next=${next} ends on our own origin, with and without scripts`, async ({
      page,
      baseURL,
    }) => {
      const account = await createAccount("slow-next");
      const origin = new URL(baseURL!).origin;
      // Any request to another host would be the redirect working.
      const elsewhere: string[] = [];
      page.on("request", (r) => {
        if (new URL(r.url()).origin !== origin) elsewhere.push(r.url());
      });

      // The island (scripts arrived).
      await page.goto(`/login?next=${encodeURIComponent(next)}`);
      await expect(page.locator("astro-island:has(form)")).not.toHaveAttribute("ssr");
      await page.getByLabel("Email").fill(account.email);
      await page.getByLabel("Password", { exact: true }).fill(account.password);
      await page.getByRole("button", { name: "Sign In", exact: true }).click();
      await expect(page).toHaveURL(`${origin}/`);

      // The form's POST (scripts held).
      await page.context().clearCookies();
      const scripts = await holdScripts(page);
      await page.goto(`/login?next=${encodeURIComponent(next)}`);
      await page.getByLabel("Email").fill(account.email);
      await page.getByLabel("Password", { exact: true }).fill(account.password);
      await page.getByRole("button", { name: "Sign In", exact: true }).click();
      await expect(page).toHaveURL(`${origin}/`);
      scripts.release();
      expect(elsewhere).toEqual([]);
    });
  }
});

test.describe("dialogs and pages that wait for their scripts without losing the tap", () => {
  test("the suggest dialog opens from a tap made before the scripts, and the suggestion is stored", async ({
    page,
  }) => {
    const seen = documents(page);
    const scripts = await holdScripts(page);
    await page.goto("/");
    await page.getByRole("link", { name: "Suggest a Provider" }).first().click();
    await expect(page).toHaveURL(/#suggest$/);
    expect(scripts.waiting()).toBeGreaterThan(0);
    scripts.release();

    const dialog = page.getByRole("dialog", { name: "Suggest a Service Provider" });
    await expect(dialog).toBeVisible();
    const name = `Slow Phone Foundry ${Date.now().toString(36)}`;
    await dialog.getByLabel("Provider Name").fill(name);
    await dialog.getByLabel("City").selectOption("Sialkot");
    await dialog.getByRole("checkbox").first().click();
    await dialog.getByLabel("Phone / Contact").fill("0300 7654321");
    await dialog.getByRole("button", { name: "Submit Suggestion" }).click();
    await expect(dialog).toBeHidden();

    const [row] = await (
      await e2eDatabase()
    )
      .select({ city: providerSuggestions.city, contact: providerSuggestions.contact })
      .from(providerSuggestions)
      .where(eq(providerSuggestions.name, name));
    expect(row).toEqual({ city: "Sialkot", contact: "0300 7654321" });
    expectNo404(seen);
  });

  test("'Request a Quote' tapped before the scripts opens the dialog for a signed-in customer, and the request is stored", async ({
    page,
    baseURL,
  }) => {
    const owner = await createAccount("slow-quote-owner", { role: "provider" });
    const provider = await createListing(page.request, {
      owner,
      companyName: `Slow Quote Works ${Date.now().toString(36)}`,
      city: "Lahore",
      address: "Kot Lakhpat",
      description: "Brackets and enclosures, made to drawing.",
      service: { name: "Sheet metal bending", pricePkr: 4500 },
    });
    const customer = await createAccount("slow-quote-customer");
    await signInViaDb(page.context(), baseURL!, customer);
    const seen = documents(page);
    const scripts = await holdScripts(page);
    // The page's own module script is held too, so it never finishes loading: go on once it shows.
    await page.goto(provider.path, { waitUntil: "commit" });

    // The signed-out HTML's link: held until the island knows who is signed in.
    await page.getByRole("link", { name: "Request a Quote" }).click();
    await expect(page).toHaveURL(provider.path);
    scripts.release();

    const dialog = page.getByRole("dialog", { name: "Request a Quote" });
    await expect(dialog).toBeVisible();
    const need = `Slow phone: 150 zinc-plated brackets, ${Date.now().toString(36)}.`;
    await dialog.getByLabel("What you need").fill(need);
    await dialog.getByLabel("Your city").selectOption("Lahore");
    await dialog.getByRole("button", { name: "Send Request" }).click();
    await expect(dialog).toBeHidden();

    const [row] = await (
      await e2eDatabase()
    )
      .select({ providerId: leads.providerId, customerId: leads.customerId })
      .from(leads)
      .where(eq(leads.need, need));
    expect(row).toEqual({ providerId: provider.id, customerId: customer.id });
    expectNo404(seen);
  });

  test("'Suggest an edit' tapped before the scripts leads to its form, and the edit is stored", async ({
    page,
    baseURL,
  }) => {
    const provider = await createListing(page.request, {
      owner: null,
      companyName: `Slow Edit Works ${Date.now().toString(36)}`,
      city: "Gujranwala",
      address: "GT Road",
      phone: "0300 1112233",
      description: "Steel doors and gates.",
      service: { name: "Steel gate", pricePkr: 65000 },
    });
    const customer = await createAccount("slow-edit");
    await signInViaDb(page.context(), baseURL!, customer);
    const seen = documents(page);
    const scripts = await holdScripts(page);
    await page.goto(provider.path, { waitUntil: "commit" });
    await page.getByRole("link", { name: "Suggest an edit" }).click();
    await expect(page).toHaveURL(`/suggest-edit?provider=${provider.id}`);
    scripts.release();

    await page.getByRole("checkbox", { name: "Phone number" }).click();
    await page.getByLabel(/^Correct phone number/).fill("0301 2223344");
    await page.getByRole("button", { name: "Send suggestion" }).click();
    await expect(
      page.getByRole("heading", { name: "Thank you: your suggestion was sent" }),
    ).toBeVisible();

    const rows = await (
      await e2eDatabase()
    )
      .select({ field: listingEdits.field, value: listingEdits.value })
      .from(listingEdits)
      .where(eq(listingEdits.providerId, provider.id));
    expect(rows).toEqual([{ field: "phone", value: "+923012223344" }]);
    expectNo404(seen);
  });
});
