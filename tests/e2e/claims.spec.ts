import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import { claimLink, createAccount, signInViaDb, toasts, uniqueEmail } from "./auth-helpers.ts";
import { expect, test, waitForIslands, type ApiProvider } from "./fixtures.ts";
import { createListing } from "./listings.ts";
import { photo } from "./test-images.ts";

/**
 * 'Claim this business' (decisions 025 and 029) in a real browser: by the link
 * mailed to the listing's address (a stranger who asked first only puts a link
 * the owner can use in the business's mailbox), and by evidence an admin
 * approves in the Claims tab. Each flow counts the clicks from the provider
 * page to the owned listing and prints them.
 */

/** Longest flow measured with both workers on two busy cores, about twice over. */
test.describe.configure({ timeout: 120_000 });

/** An unowned, suggested listing with the given email on file (or none). */
function unclaimedListing(request: APIRequestContext, name: string, email: string | null) {
  return createListing(request, {
    owner: null,
    companyName: name,
    city: "Faisalabad",
    address: "Jhang Road",
    description: "Power looms and textile machine parts.",
    email,
    service: { name: "Loom repair", pricePkr: null },
  });
}

const adminAccount = () =>
  createAccount("claims-admin", { role: "admin", firstName: "Sana", lastName: "Admin" });

async function isClaimed(request: APIRequestContext, id: string): Promise<boolean> {
  return ((await (await request.get(`/api/providers/${id}`)).json()) as ApiProvider).isClaimed;
}

/** WCAG 2.1 AA, as tests/e2e/a11y.spec.ts scans (legacy mode: one page, no iframes), or only `within`. */
async function expectNoViolations(page: Page, ...within: string[]) {
  let axe = new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .setLegacyMode();
  for (const selector of within) axe = axe.include(selector);
  const { violations } = await axe.analyze();
  expect(
    violations.map((v) => ({
      rule: v.id,
      nodes: v.nodes.slice(0, 5).map((n) => n.target.join(" ")),
    })),
  ).toEqual([]);
}

/** The provider page's ownership box, by its links. */
function claimLinkOn(page: Page) {
  return page.getByRole("link", { name: "Claim this business" });
}

test("a claim by the emailed link makes the listing the claimant's, though a stranger asked first", async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  const listingEmail = uniqueEmail("claim-listing");
  const name = `Chenab Loom Works ${Date.now()}`;
  const listing = await unclaimedListing(request, name, listingEmail);

  // A stranger asks for a link first: it goes to the business's mailbox, not to them.
  const stranger = await browser.newContext({ baseURL });
  try {
    await signInViaDb(stranger, baseURL!, await createAccount("claim-stranger"));
    const asked = await stranger.request.post("/api/claims/email", {
      headers: { Origin: baseURL! },
      data: { providerId: listing.id },
    });
    expect(asked.status(), await asked.text()).toBe(202);
  } finally {
    await stranger.close();
  }

  const owner = await createAccount("claim-owner");
  await signInViaDb(page.context(), baseURL!, owner);
  let clicks = 0;

  await page.goto(listing.path);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByText("Suggested", { exact: true })).toBeVisible();
  await claimLinkOn(page).click();
  clicks++;

  await expect(page).toHaveURL(`/claim-listing?provider=${listing.id}`);
  await expect(
    page.getByRole("heading", { name: "Get a link at the business email" }),
  ).toBeVisible();
  await expect(page.getByText(name)).toBeVisible();
  await page.getByRole("button", { name: "Send link" }).click();
  clicks++;
  const check = page.getByRole("heading", { name: /^Check .+•/ });
  await expect(check).toBeVisible();
  // The heading takes the focus, so a keyboard or screen-reader user hears what changed.
  await expect(check).toBeFocused();
  // Nothing new was mailed minutes after the stranger's link: the page says the one there works.
  await expect(toasts(page).getByText("A link is already in that mailbox")).toBeVisible();
  await expect(
    page.getByRole("status").filter({ hasText: "Any link we mailed there" }),
  ).toBeVisible();
  expect(await isClaimed(request, listing.id)).toBe(false);

  // The owner opens the link in the business's mailbox (a click in their mail) and confirms.
  const link = await claimLink(listingEmail);
  await page.goto(link);
  clicks++;
  await expect(page.getByText(`Signed in as ${owner.email}`)).toBeVisible();
  await page.getByRole("button", { name: "Confirm" }).click();
  clicks++;
  await expect(page).toHaveURL("/provider-dashboard");
  await expect(toasts(page).getByText("The listing is yours")).toBeVisible();
  await expect(page.getByText(`Manage ${name}:`)).toBeVisible();
  expect(await isClaimed(request, listing.id)).toBe(true);

  // The page no longer says 'Suggested' nor offers to claim it; edits are still welcome.
  await page.goto(listing.path);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByText("Suggested", { exact: true })).toHaveCount(0);
  await expect(claimLinkOn(page)).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Suggest an edit" })).toBeVisible();
  console.log(
    `claim by emailed link: ${clicks} clicks from the provider page to the owned listing`,
  );
});

test("a claim with evidence, signed out at first, is approved by an admin in the Claims tab", async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  const name = `Ravi Textile Spares ${Date.now()}`;
  const listing = await unclaimedListing(request, name, null);
  const claimant = await createAccount("claim-evidence");
  let clicks = 0;

  // Signed out: the claim page explains, then signing in comes back to it.
  await page.goto(listing.path);
  await claimLinkOn(page).click();
  clicks++;
  await expect(
    page.getByRole("heading", { level: 1, name: "Sign in to claim this business" }),
  ).toBeVisible();
  await page.getByRole("link", { name: "Sign in to continue" }).click();
  clicks++;
  await waitForIslands(page, "form");
  await page.getByLabel("Email").fill(claimant.email);
  await page.getByLabel("Password", { exact: true }).fill(claimant.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  clicks++;
  await expect(page).toHaveURL(`/claim-listing?provider=${listing.id}`);

  // No email on file: the evidence form straight away.
  await expect(page.getByRole("heading", { name: "Send proof to our team" })).toBeVisible();
  await expect(
    page.getByText("This listing has no email on file, so our team checks your claim instead."),
  ).toBeVisible();
  await expectNoViolations(page, "main");
  await page.getByRole("button", { name: "Send to our team" }).click();
  await expect(page.getByText("Phone is required")).toBeVisible();
  await expect(page.getByLabel("Business phone you answer")).toBeFocused();
  await page.getByLabel("Business phone you answer").fill("0300 1234567");
  await page.getByLabel("Anything that helps (optional)").fill("I run the shop with my father.");
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Add a photo" }).click();
  await (await chooser).setFiles(photo("shop-board.png", 800, 600, [40, 120, 200]));
  await expect(page.getByRole("img", { name: "Your proof photo" })).toBeVisible();
  await page.getByRole("button", { name: "Send to our team" }).click();
  clicks++;
  await expect(page.getByRole("heading", { name: "Your request is with our team" })).toBeVisible();
  await expect(toasts(page).getByText("Request sent")).toBeVisible();
  expect(await isClaimed(request, listing.id)).toBe(false);

  // The admin compares the proof with the listing and approves.
  const admin = await browser.newContext();
  try {
    await signInViaDb(admin, baseURL!, await adminAccount());
    const adminPage = await admin.newPage();
    await adminPage.goto("/admin-dashboard#claims");
    await expect(adminPage.getByRole("tab", { name: "Claims", selected: true })).toBeVisible();
    const card = adminPage.getByRole("article").filter({ hasText: name });
    await expect(card).toBeVisible();
    await expect(card).toContainText(claimant.email);
    await expect(card).toContainText("0300 1234567");
    await expect(card).toContainText("I run the shop with my father.");
    await expect(card.getByRole("link", { name: /Open the proof photo/ })).toBeVisible();
    // The proof is private (decision 030): it loads for the admin from /api/media/.
    const proof = card.locator("img");
    await proof.scrollIntoViewIfNeeded();
    await expect
      .poll(() => proof.evaluate((el: HTMLImageElement) => el.naturalWidth))
      .toBeGreaterThan(0);
    expect(await proof.evaluate((el: HTMLImageElement) => new URL(el.currentSrc).pathname)).toMatch(
      /^\/api\/media\/claims\//,
    );
    await expectNoViolations(adminPage, '[role="tabpanel"][data-state="active"]');
    await card.getByRole("button", { name: "Approve" }).click();
    await expect(toasts(adminPage).getByText("Approved")).toBeVisible();
    await expect(card).toHaveCount(0);
  } finally {
    await admin.close();
  }
  expect(await isClaimed(request, listing.id)).toBe(true);

  // The claimant's page says so and leads to the dashboard with the listing.
  await page.reload();
  await expect(page.getByRole("heading", { name: "This listing is yours" })).toBeVisible();
  await page.getByRole("link", { name: "Go to your dashboard" }).click();
  clicks++;
  await expect(page.getByText(`Manage ${name}:`)).toBeVisible();
  console.log(
    `claim with evidence (signed out at first): ${clicks} clicks and one admin approval from the provider page to the owned listing`,
  );
});

test.describe("the claim page on a phone, in Urdu", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("reads right to left, fits 360 px and works by keyboard", async ({
    page,
    baseURL,
    request,
  }) => {
    const name = `Sutlej Gear Cutters ${Date.now()}`;
    const listing = await unclaimedListing(request, name, uniqueEmail("claim-ur"));
    await signInViaDb(page.context(), baseURL!, await createAccount("claim-ur"));

    await page.goto(`/ur${listing.path}`);
    await page.getByRole("link", { name: "اس کاروبار کا دعویٰ کریں" }).click();
    await expect(page).toHaveURL(`/ur/claim-listing?provider=${listing.id}`);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    const send = page.getByRole("button", { name: "لنک بھیجیں" });
    await expect(send).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    await expectNoViolations(page);

    // "No access to that email?" by keyboard: the evidence form, then back to the link.
    await page.getByRole("button", { name: "اس ای میل تک رسائی نہیں؟" }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: "ہماری ٹیم کو ثبوت بھیجیں" })).toBeVisible();
    await page.getByRole("button", { name: "اس کے بجائے ای میل لنک استعمال کریں" }).focus();
    await page.keyboard.press("Enter");
    await send.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: /دیکھیں$/ })).toBeFocused();
  });
});

test("an admin detaches an owner who left, and the listing can be claimed again", async ({
  page,
  baseURL,
  request,
}) => {
  const owner = await createAccount("claim-left");
  const name = `Indus Pump House ${Date.now()}`;
  const { id, path } = await createListing(request, {
    owner,
    companyName: name,
    city: "Hyderabad",
    address: "Latifabad",
    // Put on the listing by its owner (the test factory says so of an owned listing's address).
    email: uniqueEmail("claim-left-desk"),
    description: "Pumps and motors rewound.",
    service: { name: "Pump rewinding", pricePkr: 4500 },
  });

  await signInViaDb(page.context(), baseURL!, await adminAccount());
  await page.goto("/admin-dashboard#providers");
  await page.getByLabel("Search providers").fill(name);
  const card = page.getByRole("article").filter({ hasText: name });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(owner.email);
  await card.getByRole("button", { name: `Detach owner of ${name}` }).click();
  const dialog = page.getByRole("alertdialog", { name: `Detach the owner of ${name}?` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Detach owner" }).click();
  await expect(toasts(page).getByText("Owner detached")).toBeVisible();
  await expect(card).toContainText("Unclaimed");
  await expect(card.getByRole("button", { name: `Detach owner of ${name}` })).toHaveCount(0);
  expect(await isClaimed(request, id)).toBe(false);

  await page.goto(path);
  await expect(claimLinkOn(page)).toBeVisible();

  // The address on the listing is the one the former owner set: it proves no claim, so
  // the claim page offers the evidence path, until an admin confirms the address.
  await page.goto(`/claim-listing?provider=${id}`);
  await expect(page.getByText("was set by a former owner")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Send proof to our team" })).toBeVisible();

  await page.goto("/admin-dashboard#providers");
  await page.getByLabel("Search providers").fill(name);
  await expect(card).toContainText("Set by a former owner: proves no claim");
  await card.getByRole("button", { name: `Confirm the email of ${name}` }).click();
  const vouch = page.getByRole("alertdialog", { name: new RegExp(`^Confirm .+ for ${name}\\?$`) });
  await vouch.getByRole("button", { name: "Confirm email" }).click();
  await expect(toasts(page).getByText("Email confirmed")).toBeVisible();
  await expect(card).not.toContainText("Set by a former owner");

  await page.goto(`/claim-listing?provider=${id}`);
  await expect(
    page.getByRole("heading", { name: "Get a link at the business email" }),
  ).toBeVisible();
});
