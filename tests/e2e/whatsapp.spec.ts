import type { Browser, Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { migrateDb, openDb, type Db } from "../../db/client.ts";
import { recomputeReplyTimes } from "../../db/queries/reply-times.ts";
import { createProvider, createUser } from "../../db/seed/factories.ts";
import { leads, providers, users } from "../../db/schema.ts";
import { createAccount, signInViaDb, toasts } from "./auth-helpers.ts";
import { expect, test, waitForIslands } from "./fixtures.ts";
import { photoPng } from "./test-images.ts";

// The same database file the e2e server uses (playwright.config.ts).
const dbUrl = `file:${process.env.E2E_DIR || ".e2e"}/data/karkhana.db`;

async function database(): Promise<Db> {
  const db = await openDb({ url: dbUrl });
  await migrateDb(db);
  return db;
}

async function firstCategory(page: Page): Promise<{ id: string; slug: string }> {
  const res = await page.request.get("/api/service-categories");
  return ((await res.json()) as { id: string; slug: string }[])[0]!;
}

/** The made-up cover and logo of these providers load as a picture instead of a 404. */
async function servePictures(page: Page) {
  const png = photoPng(40, 30, [15, 107, 74]);
  await page.route("**/media/**", (route) =>
    route.fulfill({ status: 200, contentType: "image/png", body: png }),
  );
}

/** The page as a crawler gets it: the server's HTML, no JavaScript run. */
async function serverHtml(browser: Browser, path: string): Promise<string> {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const res = await (await context.newPage()).goto(path);
  const html = (await res?.text()) ?? "";
  await context.close();
  return html;
}

test("a provider says its mobile takes WhatsApp, and a signed-in customer gets 'Chat on WhatsApp'", async ({
  page,
  browser,
  baseURL,
}) => {
  const db = await database();
  const owner = await createAccount("wa-owner");
  await db.update(users).set({ role: "provider" }).where(eq(users.id, owner.id));
  const category = await firstCategory(page);
  const name = `Chenab Gate Works ${Date.now()}`;
  const id = await createProvider(db, {
    userId: owner.id,
    companyName: name,
    city: "Lahore",
    address: "Kot Lakhpat",
    phone: "042-35123456",
    coverImageUrl: "/media/providers/e2e/cover_1.png",
    logoUrl: "/media/providers/e2e/logo_1.png",
    services: [{ categoryId: category.id, name: "Steel gates", pricePkr: 85000 }],
  });

  // The provider: a landline is not on WhatsApp; a mobile, ticked, is.
  await servePictures(page);
  await signInViaDb(page.context(), baseURL!, owner);
  await page.goto("/provider-dashboard");
  await waitForIslands(page);
  const phone = page.getByLabel("Phone", { exact: true });
  await expect(phone).toHaveValue("042 35123456");
  const onWhatsapp = page.getByRole("checkbox", { name: "This number is on WhatsApp" });
  await expect(onWhatsapp).not.toBeChecked();
  await phone.fill("0300-1234567");
  await onWhatsapp.check();
  await page.getByRole("button", { name: "Update Profile" }).click();
  await expect(toasts(page).getByText("Provider profile updated successfully")).toBeVisible();
  // Stored in E.164, shown back in the local form.
  await expect(phone).toHaveValue("0300 1234567");
  const [row] = await db
    .select({ phone: providers.phone, onWhatsapp: providers.phoneOnWhatsapp })
    .from(providers)
    .where(eq(providers.id, id));
  expect(row).toEqual({ phone: "+923001234567", onWhatsapp: true });
  db.$client.close();

  const path = ((await (await page.request.get(`/api/providers/${id}`)).json()) as { path: string })
    .path;
  // No contact detail in the page's HTML, in any form.
  const html = await serverHtml(browser, path);
  expect(html).toContain(name);
  expect(html).not.toContain("3001234567");
  expect(html).not.toContain("300 1234567");
  expect(html).not.toContain("wa.me");

  // A signed-in customer: the number in the local form, dialled in E.164, and the chat link.
  const context = await browser.newContext();
  const customerPage = await context.newPage();
  await servePictures(customerPage);
  const customer = await createAccount("wa-customer");
  await signInViaDb(context, baseURL!, customer);
  await customerPage.goto(path);
  const contact = customerPage.getByRole("region", { name: "Contact" });
  await expect(contact.getByRole("link", { name: "0300 1234567" })).toHaveAttribute(
    "href",
    "tel:+923001234567",
  );
  const chat = contact.getByRole("link", { name: "Chat on WhatsApp" });
  const greeting = `Hello ${name}, I found you on Karkhana: ${new URL(path, baseURL).href}`;
  await expect(chat).toHaveAttribute(
    "href",
    `https://wa.me/923001234567?text=${encodeURIComponent(greeting)}`,
  );
  await expect(chat).toHaveAttribute("target", "_blank");
  await context.close();
});

test("a provider page shows the measured reply time and the Fast responder badge", async ({
  page,
}) => {
  const db = await database();
  const buyer = await createAccount("wa-buyer");
  const category = await firstCategory(page);
  const stamp = Date.now();
  const MIN = 60_000;
  // Median first replies of 1 minute, 5, 10 and 20 hours: the first is the fastest quarter.
  const medians = [1, 5 * 60, 10 * 60, 20 * 60];
  const ids: string[] = [];
  for (const [i, minutes] of medians.entries()) {
    // Only an owner's replies are measured (decision 029): each listing has had one throughout.
    const owner = await createUser(db, {
      email: `reply-owner-${i}-${stamp}@example.pk`,
      role: "provider",
    });
    const id = await createProvider(db, {
      companyName: `Reply Works ${i} ${stamp}`,
      city: "Multan",
      userId: owner,
      responseTime: "2-4 days",
      services: [{ categoryId: category.id, name: "Fabrication", pricePkr: 5000 }],
    });
    ids.push(id);
    for (let n = 0; n < 3; n++) {
      const createdAt = new Date(Date.now() - (3 + n) * 24 * 60 * MIN);
      await db.insert(leads).values({
        id: crypto.randomUUID(),
        providerId: id,
        customerId: buyer.id,
        need: "Steel gate, 12 by 8 feet, with a wicket door.",
        city: "Multan",
        needHash: crypto.randomUUID(),
        deliveredAt: createdAt,
        firstReplyAt: new Date(createdAt.getTime() + minutes * MIN),
        lastMessageAt: createdAt,
        createdAt,
        updatedAt: createdAt,
      });
    }
  }
  await recomputeReplyTimes(db, new Date());
  db.$client.close();

  const pathOf = async (id: string) =>
    ((await (await page.request.get(`/api/providers/${id}`)).json()) as { path: string }).path;

  await page.goto(await pathOf(ids[0]!));
  const identity = page.getByRole("region", { name: `Reply Works 0 ${stamp}` });
  await expect(identity.getByText("Usually replies within 1 hour", { exact: true })).toBeVisible();
  await expect(identity.getByText("Fast responder")).toBeVisible();
  // The measured time replaces the self-declared one.
  await expect(identity.getByText("Usually responds in 2-4 days")).toHaveCount(0);

  await page.goto(await pathOf(ids[3]!));
  const slow = page.getByRole("region", { name: `Reply Works 3 ${stamp}` });
  await expect(slow.getByText("Usually replies within 20 hours", { exact: true })).toBeVisible();
  await expect(slow.getByText("Fast responder")).toHaveCount(0);
});
