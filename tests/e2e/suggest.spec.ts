import type { Page } from "@playwright/test";
import { DEMO, signInViaApi } from "./auth-helpers.ts";
import { expect, test, waitForIslands } from "./fixtures.ts";

/**
 * The toast viewport. While the modal dialog is open Radix marks everything
 * outside it aria-hidden, so the usual `toasts()` helper cannot see it.
 */
const toasts = (page: Page) =>
  page.getByRole("region", { name: /^Notification/, includeHidden: true });

test.describe("Suggest a Service Provider", () => {
  test("a visitor suggests a provider from the hero button", async ({ page }) => {
    await page.goto("/");
    await waitForIslands(page);
    await page.getByRole("link", { name: "Suggest a Provider" }).first().click();

    const dialog = page.getByRole("dialog", { name: "Suggest a Service Provider" });
    await expect(dialog).toBeVisible();
    await expect(
      dialog.getByText(
        "Share a provider's details and we'll review and add them to the directory.",
      ),
    ).toBeVisible();
    await expect(page).toHaveURL(/#suggest$/);

    await dialog.getByLabel("Provider Name").fill("Ravi Test Foundry");
    await dialog.getByLabel("City").selectOption("Sialkot");
    const submit = dialog.getByRole("button", { name: "Submit Suggestion" });

    // No category yet.
    await submit.click();
    await expect(toasts(page).getByText("Select at least one category")).toBeVisible();
    await expect(
      toasts(page).getByText("Please choose one or more service categories."),
    ).toBeVisible();

    // A category, but no contact.
    const firstCategory = dialog.getByRole("checkbox").first();
    await firstCategory.click();
    await expect(firstCategory).toBeChecked();
    await submit.click();
    await expect(toasts(page).getByText("Missing fields")).toBeVisible();
    await expect(toasts(page).getByText("Please complete required fields.")).toBeVisible();

    await dialog.getByLabel("Phone / Contact").fill("0300 1234567");
    await dialog.getByLabel("Website (optional)").fill("www.ravi-test.pk");
    await submit.click();
    await expect(toasts(page).getByText("Thank you!")).toBeVisible();
    await expect(
      toasts(page).getByText("Your provider suggestion has been submitted."),
    ).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page).not.toHaveURL(/#suggest/);

    // Opening again shows an empty form.
    await page.getByRole("link", { name: "Suggest a Provider" }).first().click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Provider Name")).toHaveValue("");
    await expect(dialog.getByRole("checkbox", { checked: true })).toHaveCount(0);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
  });

  test("the home page fetches the dialog's code only when someone reaches for it", async ({
    page,
  }) => {
    const chunks: string[] = [];
    page.on("request", (r) => {
      if (/\/_astro\/SuggestDialogBody\.[^/]+\.js$/.test(r.url())) chunks.push(r.url());
    });
    await page.goto("/");
    await waitForIslands(page);
    await page.waitForLoadState("networkidle");
    expect(chunks).toEqual([]);

    const button = page.getByRole("link", { name: "Suggest a Provider" }).first();
    await button.hover();
    await expect.poll(() => chunks.length).toBe(1);
    await button.click();
    await expect(page.getByRole("dialog", { name: "Suggest a Service Provider" })).toBeVisible();
    expect(chunks).toHaveLength(1);
  });

  test("/#suggest opens the dialog on load", async ({ page }) => {
    await page.goto("/#suggest");
    const dialog = page.getByRole("dialog", { name: "Suggest a Service Provider" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("checkbox").first()).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page).not.toHaveURL(/#suggest/);
  });

  test("the signed-in home's button opens it too", async ({ page, baseURL }) => {
    await signInViaApi(page.request, baseURL!, DEMO.customer.email, DEMO.customer.password);
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Welcome back" })).toBeVisible();
    await waitForIslands(page);
    await page.getByRole("button", { name: "Suggest a Provider" }).click();
    const dialog = page.getByRole("dialog", { name: "Suggest a Service Provider" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(page).not.toHaveURL(/#suggest/);
  });
});
