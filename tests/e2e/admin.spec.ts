import type { APIRequestContext, Page } from "@playwright/test";
import { DEMO, signInViaApi } from "./auth-helpers.ts";
import { expect, test, waitForIslands } from "./fixtures.ts";

/**
 * The toast viewport. While a modal dialog is open Radix marks everything
 * outside it aria-hidden, so this looks at hidden nodes too.
 */
const toasts = (page: Page) =>
  page.getByRole("region", { name: /^Notification/, includeHidden: true });

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A suggestion card of the Provider Suggestions panel. */
const suggestionCard = (page: Page, name: string) => page.getByRole("article", { name });

/** A row of the Service Categories list, found by its heading. */
const categoryRow = (page: Page, name: string) =>
  page
    .getByRole("region", { name: "Service Categories" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name, exact: true }) });

/** A category some service uses (the demo data has several). */
async function categoryInUse(request: APIRequestContext): Promise<string> {
  const res = await request.get("/api/providers");
  expect(res.ok()).toBe(true);
  const providers = (await res.json()) as { services: { category: { name: string } }[] }[];
  const name = providers.flatMap((p) => p.services.map((s) => s.category.name))[0];
  expect(name, "a category in use in the demo data").toBeTruthy();
  return name!;
}

async function openAsAdmin(page: Page, baseURL: string, hash = "") {
  await signInViaApi(page.request, baseURL, DEMO.admin.email, DEMO.admin.password);
  await page.goto(`/admin-dashboard${hash}`);
  await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Suggestions" })).toBeVisible();
}

test.describe("admin dashboard access (admins only)", () => {
  test("a signed-in customer is told 'Access Denied' and sent home", async ({ page, baseURL }) => {
    await signInViaApi(page.request, baseURL!, DEMO.customer.email, DEMO.customer.password);
    await page.goto("/admin-dashboard");
    await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
    await expect(toasts(page).getByText("Access Denied")).toBeVisible();
    await expect(toasts(page).getByText("Admin access required")).toBeVisible();
    await expect(page).toHaveURL("/");
    // The home page repeats the message for a phone too slow to paint it before leaving.
    await expect(toasts(page).getByText("Access Denied")).toBeVisible();
    await expect(page.getByRole("tab", { name: "Suggestions" })).toHaveCount(0);
  });

  test("a signed-out visitor is told 'Unauthorized' and sent to sign in", async ({ page }) => {
    await page.goto("/admin-dashboard");
    await expect(toasts(page).getByText("Unauthorized")).toBeVisible();
    await expect(toasts(page).getByText("You are logged out. Logging in again...")).toBeVisible();
    await expect(page).toHaveURL(/\/login\?next=%2Fadmin-dashboard$/);
  });

  test("the page is a shell: no admin data in the HTML, and not indexed", async ({ request }) => {
    const res = await request.get("/admin-dashboard");
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html).toContain('content="noindex, nofollow"');
    expect(html).toContain("Admin Dashboard");
    expect(html).not.toContain("Total Users");
  });
});

test.describe("an admin", () => {
  test("approves a visitor's suggestion with an edited phone number", async ({ page, baseURL }) => {
    test.setTimeout(90_000);
    const name = `Sialkot Surgical Works ${unique()}`;

    // A visitor suggests a provider through the dialog.
    await page.goto("/");
    await waitForIslands(page);
    await page.getByRole("link", { name: "Suggest a Provider" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Suggest a Service Provider" });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel("Provider Name").fill(name);
    await dialog.getByLabel("City").selectOption("Sialkot");
    await dialog.getByRole("checkbox").first().click();
    await dialog.getByLabel("Phone / Contact").fill("0300 1234567");
    await dialog.getByLabel("Website (optional)").fill("www.sialkot-surgical.pk");
    await dialog.getByRole("button", { name: "Submit Suggestion" }).click();
    await expect(toasts(page).getByText("Thank you!")).toBeVisible();
    await expect(dialog).toBeHidden();

    // The admin finds it under Pending (the default filter).
    await openAsAdmin(page, baseURL!);
    await expect(page.getByText("Total Users")).toBeVisible();
    await expect(page.getByText("Monthly Growth")).toBeVisible();
    await expect(page.getByRole("radio", { name: "Pending" })).toHaveAttribute(
      "aria-checked",
      "true",
    );
    const card = suggestionCard(page, name);
    await expect(card).toBeVisible();
    await expect(card.getByText("Pending", { exact: true })).toBeVisible();
    await expect(card.getByText("Sialkot", { exact: true })).toBeVisible();
    await expect(card.getByLabel("Website (optional)")).toHaveValue(/sialkot-surgical\.pk/);
    const phone = card.getByLabel("Phone (optional)");
    await expect(phone).toHaveValue("0300 1234567");

    // An invalid phone is caught before anything is sent.
    await phone.fill("call me");
    await card.getByRole("button", { name: "Approve" }).click();
    await expect(card.getByText("Phone may only contain digits")).toBeVisible();
    await expect(phone).toBeFocused();

    await phone.fill("0321 7654321");
    await card.getByRole("button", { name: "Approve" }).click();
    await expect(toasts(page).getByText("Approved", { exact: true })).toBeVisible();
    // Approved suggestions leave the Pending list.
    await expect(card).toHaveCount(0);

    // Under Approved it is listed, with nothing left to do.
    await page.getByRole("radio", { name: "Approved" }).click();
    const approved = suggestionCard(page, name);
    await expect(approved).toBeVisible();
    await expect(approved.getByText("Approved", { exact: true })).toBeVisible();
    await expect(approved.getByRole("button", { name: "Approve" })).toBeDisabled();
    await expect(approved.getByRole("button", { name: "Reject" })).toBeDisabled();

    // The new provider carries the edited phone number.
    const list = await page.request.get(`/api/providers?search=${encodeURIComponent(name)}`);
    expect(list.ok()).toBe(true);
    const [provider] = (await list.json()) as { id: string; companyName: string }[];
    expect(provider?.companyName).toBe(name);
    const detail = await page.request.get(`/api/providers/${provider!.id}`);
    expect(((await detail.json()) as { phone: string | null }).phone).toMatch(/321\s?7654321/);

    // Manage Providers lists it, active, with its page a link away.
    await page.getByRole("tab", { name: "Providers" }).click();
    const manage = page.getByRole("region", { name: "Manage Providers" });
    await manage.getByLabel("Search providers").fill(name);
    const listed = manage.getByRole("article", { name });
    await expect(listed).toBeVisible();
    await expect(listed.getByRole("switch", { name: "Active" })).toBeChecked();
  });

  test.describe("categories", () => {
    // Deleting a category in use answers 409; the browser logs that as a console error.
    test.use({ allowConsoleErrors: [/status of 409/] });

    test("adds a category, edits it in place, deletes it; one in use is refused", async ({
      page,
      baseURL,
      request,
    }) => {
      // Measured 47 s on two busy cores: twice that, rounded.
      test.setTimeout(120_000);
      const name = `Surgical Steel ${unique()}`;
      const renamed = `${name} Instruments`;
      const inUse = await categoryInUse(request);

      await openAsAdmin(page, baseURL!);
      await page.getByRole("tab", { name: "Categories" }).click();
      await expect(page).toHaveURL(/#categories$/);
      await expect(page.getByRole("heading", { name: "Add Service Category" })).toBeVisible();

      // Name is required.
      const form = page.getByRole("region", { name: "Add Service Category" });
      await form.getByRole("button", { name: "Add Category" }).click();
      await expect(form.getByText("Name is required")).toBeVisible();
      await expect(form.getByLabel(/^Name/)).toBeFocused();

      await form.getByLabel(/^Name/).fill(name);
      await form.getByLabel("Icon").fill("icon-stethoscope");
      await form.getByLabel(/^Description/).fill("Scissors, forceps and clamps.");
      // Its Urdu name, shown on Urdu pages (decision 022).
      await form.getByLabel("Urdu name").fill("جراحی کے آلات");
      await form.getByRole("button", { name: "Add Category" }).click();
      await expect(toasts(page).getByText("Success", { exact: true })).toBeVisible();
      await expect(toasts(page).getByText("Service category created successfully")).toBeVisible();
      await expect(form.getByLabel(/^Name/)).toHaveValue("");
      const row = categoryRow(page, name);
      await expect(row).toBeVisible();
      await expect(row.getByText("icon-stethoscope")).toBeVisible();
      await expect(row.getByText("جراحی کے آلات")).toBeVisible();

      // The tab survives a reload (it is in the URL hash).
      await page.reload();
      await expect(page.getByRole("tab", { name: "Categories" })).toHaveAttribute(
        "aria-selected",
        "true",
      );
      await expect(categoryRow(page, name)).toBeVisible();

      // Edit in place; Escape would cancel, Save sends it.
      await page.getByRole("button", { name: `Edit ${name}` }).click();
      const edit = page.getByRole("group", { name: `Edit ${name}` });
      await expect(edit.getByLabel(/^Name/)).toBeFocused();
      await edit.getByLabel(/^Name/).fill(renamed);
      await edit.getByLabel(/^Description/).fill("Scissors, forceps, clamps and retractors.");
      await edit.getByRole("button", { name: "Save" }).click();
      await expect(toasts(page).getByText("Saved", { exact: true })).toBeVisible();
      await expect(edit).toHaveCount(0);
      const renamedRow = categoryRow(page, renamed);
      await expect(renamedRow.getByText("Scissors, forceps, clamps and retractors.")).toBeVisible();
      await expect(page.getByRole("button", { name: `Edit ${renamed}` })).toBeFocused();

      // Delete, after confirming.
      await page.getByRole("button", { name: `Delete ${renamed}` }).click();
      const confirm = page.getByRole("alertdialog", { name: "Delete this category?" });
      await expect(confirm.getByText("Categories in use cannot be deleted.")).toBeVisible();
      await confirm.getByRole("button", { name: "Delete category" }).click();
      await expect(toasts(page).getByText("Deleted", { exact: true })).toBeVisible();
      await expect(confirm).toBeHidden();
      await expect(categoryRow(page, renamed)).toHaveCount(0);
      await expect(page.getByRole("heading", { name: "Service Categories" })).toBeFocused();

      // A category in use cannot go: the server's reason is shown.
      await page.getByRole("button", { name: `Delete ${inUse}` }).click();
      await confirm.getByRole("button", { name: "Delete category" }).click();
      await expect(toasts(page).getByText("Error", { exact: true })).toBeVisible();
      await expect(
        toasts(page).getByText(/^This category is used by \d+ services? and cannot be deleted\.$/),
      ).toBeVisible();
      await expect(confirm).toBeHidden();
      await expect(categoryRow(page, inUse)).toBeVisible();
    });
  });
});

test.describe("on a phone", () => {
  test("every tab fits 360 px without sideways scrolling", async ({ page, baseURL }) => {
    // A pending suggestion, so the panel shows a card.
    const res = await page.request.post("/api/suggestions/providers", {
      data: {
        name: `Gujranwala Fans ${unique()}`,
        city: "Gujranwala",
        categoryIds: [
          (
            (await (await page.request.get("/api/service-categories")).json()) as { id: string }[]
          )[0]!.id,
        ],
        contact: "055 3841234",
        email: "sales@gujranwala-fans.pk",
      },
      headers: { Origin: baseURL! },
    });
    expect(res.ok(), await res.text()).toBe(true);
    await page.setViewportSize({ width: 360, height: 800 });
    await openAsAdmin(page, baseURL!);
    await expect(page.getByText("Total Users")).toBeVisible();
    await expect(page.getByRole("article").first()).toBeVisible();
    const overflows = () =>
      page.evaluate(
        () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
      );
    expect(await overflows()).toBe(false);
    await page.getByRole("tab", { name: "Categories" }).click();
    await expect(page.getByRole("heading", { name: "Service Categories" })).toBeVisible();
    await page.getByRole("button", { name: "Edit Auto Parts" }).click();
    expect(await overflows()).toBe(false);
    await page.keyboard.press("Escape");
    await page.getByRole("tab", { name: "Users" }).click();
    await expect(page.getByRole("heading", { name: "Manage Users" })).toBeVisible();
    expect(await overflows()).toBe(false);
    await page.getByRole("tab", { name: "Providers" }).click();
    await expect(page.getByRole("heading", { name: "Manage Providers" })).toBeVisible();
    expect(await overflows()).toBe(false);
  });
});
