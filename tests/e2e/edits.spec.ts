import type { Page } from "@playwright/test";
import { createAccount, DEMO, signInViaApi, signInViaDb, toasts } from "./auth-helpers.ts";
import { expect, test, waitForIslands, type ApiProvider } from "./fixtures.ts";
import { createListing, signedInPage } from "./listings.ts";

// 'Suggest an edit' (decision 025): proposed by a signed-in visitor, decided
// by the listing's owner in the dashboard or by an admin on the Edits tab.

/** A listing with its own page, owned by a new account or by nobody. */
async function listing(page: Page, owned: boolean) {
  const owner = await createAccount("edit-owner", {
    role: owned ? "provider" : "customer",
    firstName: "Imran",
    lastName: "Butt",
  });
  const provider = await createListing(page.request, {
    owner: owned ? owner : null,
    companyName: `Chenab Steel Works ${Date.now().toString(36)}`,
    city: "Gujranwala",
    address: "GT Road, near Sheikhupura Mor",
    phone: "0300 1112233",
    description: "Steel doors, gates and grills, made to size.",
    service: { name: "Steel gate", pricePkr: 65000 },
  });
  return { owner, provider };
}

async function openSuggestEdit(page: Page, provider: ApiProvider, prefix = "") {
  await page.goto(`${prefix}${provider.path}`);
  await page.getByRole("link", { name: prefix ? "ترمیم تجویز کریں" : "Suggest an edit" }).click();
  await expect(page).toHaveURL(new RegExp(`${prefix}/suggest-edit\\?provider=${provider.id}$`));
  await waitForIslands(page);
}

test("a customer suggests a new address on a phone by keyboard, the owner accepts it, and the page shows it", async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { owner, provider } = await listing(page, true);
  const customer = await createAccount("edit-customer");
  await page.setViewportSize({ width: 360, height: 780 });
  await signInViaDb(context, baseURL!, customer);

  await openSuggestEdit(page, provider);
  await expect(page.getByRole("heading", { level: 1, name: "Suggest an edit" })).toBeVisible();
  await expect(page.getByRole("heading", { name: provider.companyName })).toBeVisible();

  // Nothing ticked: the form says so and keeps the focus on the list.
  const send = page.getByRole("button", { name: "Send suggestion" });
  await send.click();
  await expect(page.getByText("Tick at least one thing to change.")).toBeVisible();
  await expect(page.getByRole("checkbox", { name: "Phone number" })).toBeFocused();

  // By keyboard: Space ticks, Tab reaches the inputs the tick revealed.
  const location = page.getByRole("checkbox", { name: "City and address" });
  await location.focus();
  await page.keyboard.press("Space");
  await expect(location).toBeChecked();
  await expect(page.getByRole("combobox", { name: /^City/ })).toHaveValue("Gujranwala");
  const address = page.getByLabel("Address (optional)");
  await expect(address).toHaveValue("GT Road, near Sheikhupura Mor");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("combobox", { name: /^City/ })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(address).toBeFocused();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("Plot 7, Small Industrial Estate");
  await page.keyboard.press("Tab");
  await page.keyboard.type("They moved last month; the sign is up.");

  // No sideways scrolling at 360 px, with a field open.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await send.click();
  await expect(
    page.getByRole("heading", { name: "Thank you: your suggestion was sent" }),
  ).toBeVisible();
  await expect(
    page.getByText("The business owner reviews it. We will email you the outcome."),
  ).toBeVisible();

  // The owner finds it in the dashboard and accepts it.
  const ownerTab = await signedInPage(browser, baseURL!, owner, "10.251.0.1");
  await ownerTab.page.goto("/provider-dashboard");
  const section = ownerTab.page.getByRole("region", { name: /Suggested changes/ });
  const card = section.getByRole("article", { name: "City and address" });
  await expect(card).toBeVisible();
  await expect(card.getByText("Gujranwala, GT Road, near Sheikhupura Mor")).toBeVisible();
  await expect(card.getByText("Gujranwala, Plot 7, Small Industrial Estate")).toBeVisible();
  await expect(card.getByText("They moved last month; the sign is up.")).toBeVisible();
  await expect(card.getByText(/Suggested by Farah/)).toBeVisible();
  await card.getByRole("button", { name: "Accept" }).click();
  await expect(toasts(ownerTab.page).getByText("Change accepted")).toBeVisible();
  await expect(section.getByText("Nothing is waiting for you.")).toBeVisible();
  await expect(section.getByText("Recently decided (1)")).toBeVisible();
  expect(ownerTab.errors).toEqual([]);
  await ownerTab.context.close();

  // The page shows the new address once refreshed.
  await page.goto(provider.path);
  await expect(page.getByText("Plot 7, Small Industrial Estate").first()).toBeVisible();
});

test.describe(() => {
  // The second, refused suggestion is a 409 the browser logs; the form shows it.
  test.use({ allowConsoleErrors: [/status of 409/] });

  test("an Urdu visitor reports a closed business, an admin accepts it on the Edits tab, and its URL answers 410", async ({
    page,
    context,
    browser,
    baseURL,
    request,
  }) => {
    test.setTimeout(120_000);
    const { provider } = await listing(page, false);
    const customer = await createAccount("edit-closed");
    await signInViaDb(context, baseURL!, customer);

    await openSuggestEdit(page, provider, "/ur");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("heading", { level: 1, name: "ترمیم تجویز کریں" })).toBeVisible();
    await page.getByRole("checkbox", { name: "مستقل طور پر بند" }).click();
    await page.getByLabel("نوٹ (اختیاری)").fill("دکان پر تالا ہے اور بورڈ اتر چکا ہے۔");
    await page.getByRole("button", { name: "تجویز بھیجیں" }).click();
    await expect(
      page.getByText("ہماری ٹیم اس کا جائزہ لے گی۔ فیصلہ ہم آپ کو ای میل کریں گے۔"),
    ).toBeVisible();

    // A second 'closed' for the same listing waits on the first: the API says so.
    await page.reload();
    await waitForIslands(page);
    await page.getByRole("checkbox", { name: "مستقل طور پر بند" }).click();
    await page.getByRole("button", { name: "تجویز بھیجیں" }).click();
    await expect(page.getByRole("alert").getByText("آپ کی تجویز نہیں بھیجی جا سکی")).toBeVisible();

    // An admin accepts it on the Edits tab, after confirming.
    const admin = await browser.newContext({
      baseURL: baseURL!,
      extraHTTPHeaders: { "X-Forwarded-For": "10.252.0.1" },
    });
    const adminPage = await admin.newPage();
    await signInViaApi(adminPage.request, baseURL!, DEMO.admin.email, DEMO.admin.password);
    await adminPage.goto("/admin-dashboard#edits");
    const card = adminPage.getByRole("article", {
      name: `${provider.companyName}: Permanently closed`,
    });
    await expect(card).toBeVisible();
    await expect(card.getByText("Open", { exact: true })).toBeVisible();
    await card.getByRole("button", { name: "Accept" }).click();
    const confirm = adminPage.getByRole("alertdialog", { name: "Mark this business as closed?" });
    await confirm.getByRole("button", { name: "Accept" }).click();
    await expect(toasts(adminPage).getByText("Change accepted")).toBeVisible();
    await expect(card).toBeHidden();
    await admin.close();

    // Its page, in both languages, now answers 410 and says so.
    const english = await request.get(provider.path);
    expect(english.status()).toBe(410);
    expect(await english.text()).toContain("has closed");
    expect((await request.get(`/ur${provider.path}`)).status()).toBe(410);
  });
});
