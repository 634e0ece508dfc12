import { readdir, readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { leads } from "../../db/schema.ts";
import {
  createAccount,
  DEMO,
  e2eDatabase,
  signInViaApi,
  signInViaDb,
  toasts,
  type TestAccount,
} from "./auth-helpers.ts";
import { expect, test, waitForIslands, type ApiProvider } from "./fixtures.ts";
import { createListing, signedInPage } from "./listings.ts";
import { photoPng } from "./test-images.ts";

/**
 * Quote requests in real Chromium, through the real pages: a customer asks a
 * provider for a quote from its page, the provider answers with a price on
 * the dashboard's Leads tab, the customer answers from My Requests, the
 * provider marks it Won; each side is emailed (the local outbox). A report
 * of spam reaches the admins.
 */

/**
 * The photo has loaded from the private path (decision 030) for whoever is
 * looking, and that path gives nothing to a page with no session.
 */
async function expectPrivatePhoto(page: Page, photo: ReturnType<Page["getByRole"]>) {
  await photo.scrollIntoViewIfNeeded();
  await expect
    .poll(() => photo.evaluate((el: HTMLImageElement) => el.naturalWidth))
    .toBeGreaterThan(0);
  const src = await photo.evaluate((el: HTMLImageElement) => new URL(el.currentSrc).pathname);
  expect(src).toMatch(/^\/api\/media\/leads\//);
  const anonymous = await page.context().browser()!.newContext();
  try {
    expect((await anonymous.request.get(new URL(src, page.url()).href)).status()).toBe(401);
    const old = new URL(src.replace(/^\/api/, ""), page.url()).href;
    expect((await anonymous.request.get(old)).status()).toBe(404);
  } finally {
    await anonymous.close();
  }
}

const E2E_DIR = process.env.E2E_DIR || ".e2e";
const OUTBOX = join(resolve(E2E_DIR, "data"), "outbox");

interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Every message in the outbox to `email`, oldest first. */
async function mailsTo(email: string): Promise<Mail[]> {
  let files: string[];
  try {
    files = (await readdir(OUTBOX)).filter((f) => f.endsWith(".json")).sort();
  } catch {
    return [];
  }
  const out: Mail[] = [];
  for (const name of files) {
    try {
      const m = JSON.parse(await readFile(join(OUTBOX, name), "utf8")) as Mail;
      if (m.to.toLowerCase() === email.toLowerCase()) out.push(m);
    } catch {
      // Still being written: read on the next poll.
    }
  }
  return out;
}

/** The path of the link in the newest mail to `email` whose subject matches (waits for it). */
async function mailedPath(email: string, subject: RegExp, path: RegExp): Promise<string> {
  let link: string | null = null;
  await expect
    .poll(
      async () => {
        const mail = (await mailsTo(email)).reverse().find((m) => subject.test(m.subject));
        const urls = mail?.text.match(/https?:\/\/[^\s"'<>]+/g) ?? [];
        link = urls.find((u) => path.test(u)) ?? null;
        return link;
      },
      { message: `a mail to ${email} with the subject ${String(subject)}` },
    )
    .toMatch(path);
  const url = new URL(link!);
  return `${url.pathname}${url.search}`;
}

/** axe's WCAG 2.1 AA findings within `selector` (the thread, which a11y.spec cannot reach without a lead). */
async function violations(page: Page, selector: string) {
  const { violations: found } = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .setLegacyMode()
    .include(selector)
    .analyze();
  return found.map((v) => ({ rule: v.id, nodes: v.nodes.slice(0, 3).map((n) => n.target) }));
}

interface Listing {
  owner: TestAccount;
  provider: ApiProvider;
}

/** A provider owned by a new account (or by nobody: the account exists but owns nothing). */
async function ownedListing(page: Page, owned = true): Promise<Listing> {
  const owner = await createAccount("owner", {
    role: "provider",
    firstName: "Bilal",
    lastName: "Qureshi",
  });
  const provider = await createListing(page.request, {
    owner: owned ? owner : null,
    companyName: `Ravi Metal Works ${Date.now().toString(36)}`,
    city: "Lahore",
    address: "Kot Lakhpat",
    description: "Sheet metal, brackets and enclosures, made to drawing.",
    service: { name: "Sheet metal bending", pricePkr: 4500 },
  });
  return { owner, provider };
}

const NEED = "200 mild steel wall brackets, 3 mm, powder coated black, drawing attached.";

test("a customer requests a quote, the provider quotes, the customer answers, the provider marks it Won", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { owner, provider } = await ownedListing(page);
  const customer = await createAccount("lead-customer");
  await signInViaDb(page.context(), baseURL!, customer);

  // The customer, on the provider's page.
  await page.goto(provider.path);
  await waitForIslands(page);
  await page.getByRole("button", { name: "Request a Quote" }).click();
  const dialog = page.getByRole("dialog", { name: "Request a Quote" });
  await expect(dialog).toBeVisible();

  // Too short first: checked in the browser, nothing sent.
  await dialog.getByLabel("What you need").fill("Brackets");
  await dialog.getByRole("button", { name: "Send Request" }).click();
  await expect(dialog.getByText("Describe what you need in at least 20 characters")).toBeVisible();

  await dialog.getByLabel("What you need").fill(NEED);
  await expect(dialog.getByText(`${NEED.length} / 2,000`)).toBeVisible();
  await dialog.getByLabel("Quantity (optional)").fill("200 pieces");
  const budget = dialog.getByLabel("Budget in PKR (optional)");
  await budget.pressSequentially("150000");
  await expect(budget).toHaveValue("150,000");
  await dialog.getByLabel("Your city").selectOption("Lahore");
  await dialog.getByLabel("Needed by (optional)").fill("2099-01-15");
  await dialog.locator("input[type=file]").setInputFiles({
    name: "bracket drawing.png",
    mimeType: "image/png",
    buffer: photoPng(640, 480, [40, 90, 160]),
  });
  await expect(dialog.getByRole("img", { name: "Added: bracket drawing.png" })).toBeVisible();
  await dialog.getByRole("button", { name: "Send Request" }).click();

  await expect(dialog).toBeHidden();
  await expect(toasts(page).getByText("Quote request sent")).toBeVisible();
  await page.getByRole("link", { name: "Follow it in My Requests" }).click();

  // My Requests opens on it.
  await expect(page).toHaveURL(/\/my-requests\?lead=/);
  const leadId = new URL(page.url()).searchParams.get("lead")!;
  const thread = page.getByRole("article", { name: /^Request to Ravi Metal Works/ });
  await expect(thread.getByText(NEED)).toBeVisible();
  await expect(thread.getByText("PKR 150,000")).toBeVisible();
  await expect(thread.getByText("15 Jan 2099")).toBeVisible();
  await expectPrivatePhoto(page, thread.getByRole("img", { name: /^Attachment 1 of 1/ }));
  await expect(
    page.getByRole("list", { name: "Your requests" }).getByText("New", { exact: true }),
  ).toBeVisible();

  // The provider is emailed a link that opens the lead on the dashboard.
  const dashboardLink = await mailedPath(
    owner.email,
    /^New quote request for Ravi Metal Works/,
    /\/provider-dashboard\?lead=/,
  );
  expect(dashboardLink).toBe(`/provider-dashboard?lead=${leadId}`);

  // The provider: the unread count on the Leads tab, then the thread.
  const seller = await signedInPage(browser, baseURL!, owner, "10.250.0.1");
  await seller.page.goto("/provider-dashboard");
  const leadsTab = seller.page.getByRole("tab", { name: /^Leads/ });
  await expect(leadsTab).toHaveAccessibleName(/^Leads\s*1 unread$/);
  await leadsTab.click();
  const inbox = seller.page.getByRole("list", { name: "Your leads" });
  await inbox.getByRole("button", { name: /Unread: Farah M/ }).click();
  const sellerThread = seller.page.getByRole("article", { name: /^Request from Farah/ });
  await expect(sellerThread.getByText(NEED)).toBeVisible();
  await expect(sellerThread.getByRole("link", { name: customer.email })).toBeVisible();
  await expectPrivatePhoto(
    seller.page,
    sellerThread.getByRole("img", { name: /^Attachment 1 of 1/ }),
  );
  await expect(leadsTab).toHaveAccessibleName("Leads");

  await sellerThread.getByLabel(/^Reply to Farah/).fill("We can make these in ten days.");
  const quote = sellerThread.getByLabel("Quote amount (optional)");
  await quote.pressSequentially("145000");
  await expect(quote).toHaveValue("145,000");
  await sellerThread.getByLabel("Valid until (optional)").fill("2099-02-01");
  await sellerThread.getByRole("button", { name: "Send Quote" }).click();
  await expect(toasts(seller.page).getByText("Quote sent")).toBeVisible();
  const sent = sellerThread.getByRole("list", { name: "Messages" }).getByRole("listitem");
  await expect(sent).toHaveCount(1);
  await expect(sent.first()).toContainText("Quote: PKR 145,000, valid until 1 Feb 2099");
  await expect(sellerThread.getByLabel("Status")).toHaveValue("quoted");
  expect(await violations(seller.page, '[role="tabpanel"]')).toEqual([]);

  // The customer is emailed; My Requests marks the reply unread until it is opened.
  const customerLink = await mailedPath(
    customer.email,
    /sent you a quote$/,
    /\/my-requests\?lead=/,
  );
  expect(customerLink).toBe(`/my-requests?lead=${leadId}`);
  await page.goto("/my-requests");
  const row = page.getByRole("list", { name: "Your requests" }).getByRole("button");
  await expect(row).toContainText("Unread:");
  await expect(row).toContainText("Quoted");
  await page.goto(customerLink);
  await expect(thread.getByText("Quote: PKR 145,000, valid until 1 Feb 2099")).toBeVisible();
  await expect(row).not.toContainText("Unread:");
  await thread.getByLabel(/^Reply to Ravi Metal Works/).fill("Sounds good, please go ahead.");
  await thread.getByRole("button", { name: "Send", exact: true }).click();
  await expect(toasts(page).getByText("Message sent")).toBeVisible();
  await expect(thread.getByText("Sounds good, please go ahead.")).toBeVisible();
  expect(await violations(page, "main")).toEqual([]);

  // The provider opens the mailed link, reads the answer and marks the lead Won.
  await seller.page.goto(dashboardLink);
  await expect(seller.page.getByRole("tab", { name: /^Leads/ })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  await expect(sellerThread.getByText("Sounds good, please go ahead.")).toBeVisible();
  await sellerThread.getByLabel("Status").selectOption("won");
  await expect(toasts(seller.page).getByText("Status updated")).toBeVisible();
  await expect(sellerThread.getByLabel("Status")).toHaveValue("won");

  // The header's link (an icon beside Account on a desktop).
  await page.getByRole("banner").getByRole("link", { name: "My Requests" }).click();
  await expect(page).toHaveURL(/\/my-requests$/);
  await expect(
    page.getByRole("list", { name: "Your requests" }).getByText("Won", { exact: true }),
  ).toBeVisible();

  expect(seller.errors, "console errors on the provider's pages").toEqual([]);
  await seller.context.close();
});

test("signed out, Request a Quote leads to sign in and back to the page with the dialog open", async ({
  page,
}) => {
  const { provider } = await ownedListing(page);
  const customer = await createAccount("lead-signin");
  await page.goto(provider.path);
  await page.getByRole("link", { name: "Request a Quote" }).click();
  await expect(page).toHaveURL(/\/login\?next=/);
  await waitForIslands(page);
  await page.getByLabel("Email").fill(customer.email);
  await page.getByLabel("Password", { exact: true }).fill(customer.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${provider.path}(#request-quote)?$`));
  await expect(page.getByRole("dialog", { name: "Request a Quote" })).toBeVisible();
});

test("a listing nobody owns says it takes no quote requests", async ({ page }) => {
  const { provider } = await ownedListing(page, false);
  await page.goto(provider.path);
  await expect(
    page.getByText(
      "This business has not claimed its listing yet, so it cannot receive quote requests.",
    ),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Request a Quote" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Request a Quote" })).toHaveCount(0);
});

test("My Requests sends a signed-out visitor to sign in and back", async ({ page }) => {
  await page.goto("/my-requests");
  await expect(page).toHaveURL(/\/login\?next=%2Fmy-requests/);
});

test("a provider reports a request as spam and an admin dismisses the report", async ({
  page,
  browser,
  baseURL,
}) => {
  const { owner, provider } = await ownedListing(page);
  const customer = await createAccount("lead-spam");
  await signInViaDb(page.context(), baseURL!, customer);
  const sent = await page.request.post("/api/leads", {
    headers: { Origin: baseURL! },
    data: { providerId: provider.id, need: NEED, city: "Lahore" },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const { id } = (await sent.json()) as { id: string };

  const seller = await signedInPage(browser, baseURL!, owner, "10.250.0.1");
  await seller.page.goto(`/provider-dashboard?lead=${id}`);
  const sellerThread = seller.page.getByRole("article", { name: /^Request from Farah/ });
  await sellerThread.getByRole("button", { name: "Report as spam" }).click();
  const confirm = seller.page.getByRole("alertdialog", { name: "Report this request as spam?" });
  await confirm.getByRole("button", { name: "Report as spam" }).click();
  await expect(toasts(seller.page).getByText("Reported", { exact: true })).toBeVisible();
  await expect(sellerThread.getByText("Reported as spam")).toBeVisible();
  expect(seller.errors).toEqual([]);
  await seller.context.close();

  const admin = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { "X-Forwarded-For": "10.250.0.2" },
  });
  await signInViaApi(admin.request, baseURL!, DEMO.admin.email, DEMO.admin.password);
  const adminPage = await admin.newPage();
  await adminPage.goto("/admin-dashboard#leads");
  const card = adminPage.getByRole("article", { name: new RegExp(provider.companyName) });
  await expect(card.getByText("Reported", { exact: true })).toBeVisible();
  await expect(card.getByText(customer.email)).toBeVisible();
  await card.getByRole("button", { name: "Dismiss report" }).click();
  await expect(toasts(adminPage).getByText("Report dismissed")).toBeVisible();
  await expect(card).toHaveCount(0);
  await admin.close();
});

test("the inbox and My Requests show 20 requests, and 'Load more' brings the rest, in both languages", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const { owner, provider } = await ownedListing(page);
  const customer = await createAccount("lead-paging");
  // 23 requests, one a minute: the newest is "Request 23", the oldest "Request 1".
  const db = await e2eDatabase();
  const start = Date.now() - 60 * 60_000;
  for (let n = 1; n <= 23; n++) {
    const at = new Date(start + n * 60_000);
    const id = crypto.randomUUID();
    await db.insert(leads).values({
      id,
      providerId: provider.id,
      customerId: customer.id,
      need: `Request ${n}: forty steel brackets, galvanised, to drawing`,
      city: "Lahore",
      needHash: id,
      lastMessageAt: at,
      createdAt: at,
      deliveredAt: at,
    });
  }

  // The provider's Leads tab: the unread count covers all 23, the list the newest 20.
  const seller = await signedInPage(browser, baseURL!, owner, "10.250.0.3");
  await seller.page.goto("/provider-dashboard");
  const leadsTab = seller.page.getByRole("tab", { name: /^Leads/ });
  await expect(leadsTab).toHaveAccessibleName(/^Leads\s*23 unread$/);
  await leadsTab.click();
  const inbox = seller.page.getByRole("list", { name: "Your leads" });
  await expect(inbox.getByRole("listitem")).toHaveCount(20);
  await expect(inbox.getByText(/^Request 23:/)).toBeVisible();
  await expect(inbox.getByText(/^Request 3:/)).toHaveCount(0);
  await seller.page.getByRole("button", { name: "Load more" }).click();
  await expect(inbox.getByRole("listitem")).toHaveCount(23);
  await expect(inbox.getByText(/^Request 1:/)).toBeVisible();
  await expect(seller.page.getByRole("button", { name: "Load more" })).toHaveCount(0);
  expect(seller.errors).toEqual([]);
  await seller.context.close();

  // The customer's My Requests in Urdu: the count of all 23, 20 shown, then the rest.
  await signInViaDb(page.context(), baseURL!, customer);
  await page.goto("/ur/my-requests");
  await expect(page.getByText("23 درخواستیں، نئی سب سے پہلے۔")).toBeVisible();
  const mine = page.getByRole("list", { name: "آپ کی درخواستیں" });
  await expect(mine.getByRole("listitem")).toHaveCount(20);
  await page.getByRole("button", { name: "مزید دیکھیں" }).click();
  await expect(mine.getByRole("listitem")).toHaveCount(23);
  await expect(mine.getByText(/^Request 1:/)).toBeVisible();
  await expect(page.getByRole("button", { name: "مزید دیکھیں" })).toHaveCount(0);
});
