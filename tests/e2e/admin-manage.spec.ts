import type { APIRequestContext, Page } from "@playwright/test";
import { DEMO, E2E_PASSWORD, signInViaApi, uniqueEmail } from "./auth-helpers.ts";
import { expect, test, waitForIslands } from "./fixtures.ts";

/**
 * The toast viewport. While a modal dialog is open Radix marks everything
 * outside it aria-hidden, so this looks at hidden nodes too.
 */
const toasts = (page: Page) =>
  page.getByRole("region", { name: /^Notification/, includeHidden: true });

/** A toast with this title and description (titles repeat: 'Saved' after each change). */
async function expectToast(page: Page, title: string, description?: string | RegExp) {
  const region = toasts(page);
  await expect(region.getByText(title, { exact: true })).toBeVisible();
  if (description !== undefined) await expect(region.getByText(description)).toBeVisible();
}

async function openAsAdmin(page: Page, baseURL: string, hash: string) {
  await signInViaApi(page.request, baseURL, DEMO.admin.email, DEMO.admin.password);
  await page.goto(`/admin-dashboard${hash}`);
  await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
  await waitForIslands(page);
}

/** A new customer account (sign-up over the API), so each run changes a fresh user. */
async function newCustomer(request: APIRequestContext, baseURL: string): Promise<string> {
  const email = uniqueEmail("admin-users");
  const res = await request.post("/api/auth/signup", {
    data: { email, password: E2E_PASSWORD, firstName: "Imran", lastName: "Baig", role: "customer" },
    headers: { Origin: baseURL },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return email;
}

async function categoryNames(request: APIRequestContext): Promise<string[]> {
  const res = await request.get("/api/service-categories");
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { name: string }[]).map((c) => c.name);
}

test.describe("Manage Users", () => {
  test("finds a user by search, changes the role, and the change survives a reload", async ({
    page,
    baseURL,
  }) => {
    const email = await newCustomer(page.request, baseURL!);
    await openAsAdmin(page, baseURL!, "#users");

    const users = page.getByRole("region", { name: "Manage Users" });
    await expect(users.getByText(/^Showing 1–\d+ of [\d,]+/)).toBeVisible();

    // Searching by part of the email narrows the list to that one account.
    await users.getByLabel("Search users").fill(email.slice(0, -8));
    const role = users.getByLabel(`Role for ${email}`);
    await expect(role).toHaveValue("customer");
    await expect(users.getByText("Showing 1–1 of 1")).toBeVisible();
    await expect(users.getByText("Imran Baig")).toBeVisible();

    await role.selectOption("provider");
    await expectToast(page, "Updated", "User role updated");
    await expect(role).toHaveValue("provider");

    await page.reload();
    await waitForIslands(page);
    await users.getByLabel("Search users").fill(email);
    await expect(users.getByLabel(`Role for ${email}`)).toHaveValue("provider");

    // The signed-in admin cannot change their own role.
    await users.getByLabel("Search users").fill(DEMO.admin.email);
    const own = users.getByLabel(`Role for ${DEMO.admin.email}`);
    await expect(own).toBeDisabled();
    await expect(own).toHaveAccessibleDescription("Ask another admin to change your own role.");
  });
});

test.describe("Manage Users paging", () => {
  test("pages through the users with Prev and Next; a search starts again at page 1", async ({
    page,
    baseURL,
  }) => {
    await openAsAdmin(page, baseURL!, "#users");
    const users = page.getByRole("region", { name: "Manage Users" });
    const pager = users.getByRole("navigation", { name: "Users pages" });
    const showing = pager.getByText(/^Showing /);
    const prev = pager.getByRole("button", { name: "Prev" });
    const next = pager.getByRole("button", { name: "Next" });
    // Oldest first, so accounts that other tests create join the end, never these pages.
    const emails = async () => {
      await expect(users.locator("[aria-busy=true]")).toHaveCount(0);
      const texts = await users.getByRole("listitem").allInnerTexts();
      return texts.map((t) => /\S+@\S+/.exec(t)?.[0]).filter(Boolean);
    };

    // The demo data has 36 sample customers besides the demo accounts.
    await expect(showing).toHaveText(/^Showing 1–20 of \d+ · page 1 of \d+$/);
    await expect(prev).toHaveAttribute("aria-disabled", "true");
    const first = await emails();
    expect(first).toHaveLength(20);

    await next.click();
    await expect(showing).toHaveText(/^Showing 21–40 of \d+ · page 2 of \d+$/);
    const second = await emails();
    expect(second).toHaveLength(20);
    expect(second.filter((e) => first.includes(e))).toEqual([]);

    await prev.click();
    await expect(showing).toHaveText(/^Showing 1–20 of /);
    expect(await emails()).toEqual(first);

    await next.click();
    await expect(showing).toHaveText(/^Showing 21–/);
    await users.getByLabel("Search users").fill(DEMO.admin.email);
    await expect(showing).toHaveText("Showing 1–1 of 1");
    await expect(users.getByLabel(`Role for ${DEMO.admin.email}`)).toBeDisabled();
  });
});

test.describe("Add Provider and Manage Providers", () => {
  test("adds a provider, verifies and edits it, changes its categories, then deletes it", async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const company = `Sialkot Surgical Steel ${Date.now().toString(36)}`;
    const [firstCategory, secondCategory] = await categoryNames(page.request);
    expect(secondCategory, "two categories in the demo data").toBeTruthy();

    await openAsAdmin(page, baseURL!, "#providers");
    await expect(page.getByRole("tab", { name: "Providers" })).toHaveAttribute(
      "aria-selected",
      "true",
    );

    // Add Provider: an empty form sends nothing and names what is missing.
    await page.getByRole("button", { name: /^Add Provider \(Admin\)/ }).click();
    const form = page.getByRole("form", { name: "Add Provider (Admin)" });
    await form.getByRole("button", { name: "Add Provider", exact: true }).click();
    await expectToast(page, "Missing fields", "Company name and location are required");
    await expect(form.getByLabel("Company Name")).toBeFocused();

    await form.getByLabel("Company Name").fill(company);
    await form.getByLabel("City").selectOption("Sialkot");
    await form.getByLabel("Address (optional)").fill("Kashmir Road");
    await form.getByLabel("Phone").fill("0300 1234567");
    await form.getByLabel("Email", { exact: true }).fill("sales@sss.example");
    await form.getByRole("checkbox", { name: firstCategory! }).check();
    await form.getByRole("button", { name: "Add Provider", exact: true }).click();
    await expectToast(page, "Created", `${company} was added to the directory.`);
    // The form is empty again for the next one.
    await expect(form.getByLabel("Company Name")).toHaveValue("");

    // Manage Providers: find it by search.
    const manage = page.getByRole("region", { name: "Manage Providers" });
    await manage.getByLabel("Search providers").fill(company);
    const card = manage.getByRole("article", { name: company });
    await expect(card).toBeVisible();
    await expect(manage.getByText("Showing 1–1 of 1").first()).toBeVisible();
    await expect(card.getByText("Sialkot — Kashmir Road")).toBeVisible();
    await expect(card.getByText("Unclaimed")).toBeVisible();
    await expect(card.getByRole("switch", { name: "Active" })).toBeChecked();

    // Verify it.
    const verified = card.getByRole("switch", { name: "Verified" });
    await expect(verified).not.toBeChecked();
    await verified.click();
    await expectToast(page, "Saved", `${company} is verified.`);
    await expect(verified).toBeChecked();
    await expect(card.getByText("Verified", { exact: true }).first()).toBeVisible();

    // Edit a detail.
    await card.getByRole("button", { name: `Edit details of ${company}` }).click();
    const dialog = page.getByRole("dialog", { name: "Edit details" });
    await expect(dialog.getByLabel("City")).toHaveValue("Sialkot");
    await expect(dialog.getByLabel("Address (optional)")).toHaveValue("Kashmir Road");
    await dialog.getByLabel("Email").fill("not an email");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(dialog.getByText("Email must be a valid email address")).toBeVisible();
    await dialog.getByLabel("Email").fill("orders@sss.example");
    await dialog.getByLabel("Price from (PKR)").fill("4500");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expectToast(page, "Saved", `${company} was updated.`);
    await expect(dialog).toHaveCount(0);
    await expect(card.getByText("orders@sss.example")).toBeVisible();
    await expect(card.getByText("From PKR 4,500")).toBeVisible();

    // Add a service category, then remove it again.
    await expect(card.getByRole("button", { name: `Remove ${firstCategory}` })).toBeVisible();
    await card.getByLabel("Add category").selectOption({ label: secondCategory! });
    await card.getByRole("button", { name: "Add", exact: true }).click();
    await expectToast(page, "Added", `${secondCategory} was added.`);
    const remove = card.getByRole("button", { name: `Remove ${secondCategory}` });
    await expect(remove).toBeVisible();
    await remove.click();
    await expectToast(page, "Removed", `${secondCategory} was removed.`);
    await expect(remove).toHaveCount(0);
    await expect(card.getByRole("button", { name: `Remove ${firstCategory}` })).toBeVisible();

    // Delete, after the confirmation.
    await card.getByRole("button", { name: `Delete ${company}` }).click();
    const confirm = page.getByRole("alertdialog");
    await expect(
      confirm.getByText(
        "Permanently delete this provider and all related data? This cannot be undone.",
      ),
    ).toBeVisible();
    await confirm.getByRole("button", { name: "Delete provider" }).click();
    await expectToast(page, "Deleted", `${company} was deleted.`);
    await expect(card).toHaveCount(0);
    await expect(manage.getByText("No providers match.")).toBeVisible();

    // Clearing the filters brings the whole list back.
    await manage.getByRole("button", { name: "Clear filters" }).click();
    await expect(manage.getByLabel("Search providers")).toHaveValue("");
    await expect(manage.getByRole("article").first()).toBeVisible();
  });
});

test.describe("Manage Providers paging", () => {
  test("pages a search's results with Prev and Next; a new search starts at page 1", async ({
    page,
    baseURL,
  }) => {
    // Three pages and two searches: 36 s and more on two busy cores (default budget 60 s).
    test.setTimeout(90_000);
    await openAsAdmin(page, baseURL!, "#providers");
    const manage = page.getByRole("region", { name: "Manage Providers" });
    const pager = manage.getByRole("navigation", { name: "Providers pages" });
    const showing = pager.getByText(/^Showing /);
    const cards = manage.getByRole("list", { name: "Providers" }).getByRole("article");
    // The pager shows the new page at once; the cards follow when the list is no longer busy.
    const names = async () => {
      await expect(manage.locator("[aria-busy=true]")).toHaveCount(0);
      return (await cards.getByRole("heading", { level: 3 }).allInnerTexts()).map((t) => t.trim());
    };
    const cardTexts = async () => {
      await expect(manage.locator("[aria-busy=true]")).toHaveCount(0);
      return cards.allInnerTexts();
    };

    // More than two pages of demo providers have "Industries" in their name, and no test adds one.
    await manage.getByLabel("Search providers").fill("Industries");
    await expect(showing).toHaveText(/^Showing 1–20 of \d+ · page 1 of [3-9]$/);
    const total = Number(/of (\d+)/.exec(await showing.innerText())![1]);
    const prev = pager.getByRole("button", { name: "Prev" });
    const next = pager.getByRole("button", { name: "Next" });
    await expect(prev).toHaveAttribute("aria-disabled", "true");
    await expect(cards).toHaveCount(20);
    const first = await names();
    // The search matches company, location or email; every card shows where it matched.
    expect((await cardTexts()).every((t) => /industries/i.test(t))).toBe(true);

    await next.click();
    await expect(showing).toHaveText(
      `Showing 21–40 of ${total} · page 2 of ${Math.ceil(total / 20)}`,
    );
    await expect(cards).toHaveCount(20);
    const second = await names();
    expect(second.filter((n) => first.includes(n))).toEqual([]);
    await expect(prev).not.toHaveAttribute("aria-disabled");

    // The last page holds the rest, and Next stops there.
    const pages = Math.ceil(total / 20);
    for (let n = 3; n <= pages; n++) {
      await next.click();
      await expect(showing).toHaveText(new RegExp(` · page ${n} of ${pages}$`));
    }
    await expect(showing).toHaveText(new RegExp(`^Showing \\d+–${total} of ${total} · `));
    await expect(cards).toHaveCount(total % 20 || 20);
    await expect(next).toHaveAttribute("aria-disabled", "true");

    await prev.click();
    await expect(showing).toHaveText(new RegExp(`^Showing ${total - (total % 20 || 20) - 19}–`));

    // A different search shows its own first page.
    await manage.getByLabel("Search providers").fill("Brothers");
    await expect(showing).toHaveText(/^Showing 1–20 of \d+ · page 1 of \d+$/);
    expect((await cardTexts()).every((t) => /brothers/i.test(t))).toBe(true);
  });
});
