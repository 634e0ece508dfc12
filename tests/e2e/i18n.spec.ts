import fs from "node:fs";
import type { Page } from "@playwright/test";
import { createAccount, signInViaApi, signUpProvider, uniqueEmail } from "./auth-helpers.ts";
import { expect, test, waitForIslands, type ApiProvider } from "./fixtures.ts";
import { chooseFiles, photo } from "./test-images.ts";

/**
 * The directory in Urdu (decision 022), clicked through in the browser: the
 * switch and back, the page's language and direction, both hreflang twins, the
 * API's and the islands' answers in Urdu, a provider's own Urdu description.
 * Urdu copy is read from the catalog, so a reworded translation needs no test change.
 */

type Catalog = Record<string, string>;
const catalog = (area: string, locale: "en" | "ur"): Catalog =>
  JSON.parse(fs.readFileSync(`messages/${area}/${locale}.json`, "utf8")) as Catalog;
const urdu: Catalog = {
  ...catalog("common", "ur"),
  ...catalog("search", "ur"),
  ...catalog("auth", "ur"),
  ...catalog("dashboard", "ur"),
  ...catalog("errors", "ur"),
};
/** The Urdu text of a catalog key. */
function ur(key: string): string {
  const text = urdu[key];
  if (!text) throw new Error(`no Urdu text for ${key}`);
  return text;
}

async function someProvider(page: Page, city = "karachi"): Promise<ApiProvider> {
  const res = await page.request.get(`/api/providers?city=${city}&limit=1`);
  expect(res.ok()).toBe(true);
  const [provider] = (await res.json()) as ApiProvider[];
  expect(provider).toBeTruthy();
  return provider!;
}

/** The three hreflang links of the page, as absolute URLs by language. */
async function alternates(page: Page): Promise<Record<string, string>> {
  return page
    .locator('head link[rel="alternate"][hreflang]')
    .evaluateAll((links) =>
      Object.fromEntries(
        links.map((l) => [l.getAttribute("hreflang"), (l as HTMLLinkElement).href]),
      ),
    );
}

async function expectLanguage(page: Page, lang: "en" | "ur") {
  await expect(page.locator("html")).toHaveAttribute("lang", lang);
  await expect(page.locator("html")).toHaveAttribute("dir", lang === "ur" ? "rtl" : "ltr");
}

test.describe("a visitor", () => {
  test("switches a provider page to Urdu and back; both name each other", async ({
    page,
    baseURL,
  }) => {
    const provider = await someProvider(page);
    const english = new URL(provider.path, baseURL).href;
    const urdu = new URL(`/ur${provider.path}`, baseURL).href;

    await page.goto(`${provider.path}#services-heading`);
    await expectLanguage(page, "en");
    expect(await alternates(page)).toEqual({
      "en-PK": english,
      "ur-PK": urdu,
      "x-default": english,
    });
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", english);

    await page.getByRole("link", { name: "اردو", exact: true }).click();
    await expect(page).toHaveURL(`${urdu}#services-heading`);
    await expectLanguage(page, "ur");
    expect(await alternates(page)).toEqual({
      "en-PK": english,
      "ur-PK": urdu,
      "x-default": english,
    });
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", urdu);
    await expect(
      page.getByRole("heading", { level: 2, name: ur("search_services") }),
    ).toBeVisible();
    // The header links keep the reader in Urdu.
    await expect(page.locator('header a[href="/ur"]').first()).toBeVisible();

    // The choice is remembered: the English home page sends the reader on to Urdu.
    await page.goto("/");
    await expect(page).toHaveURL(new URL("/ur", baseURL).href);
    await expectLanguage(page, "ur");

    await page.goto(`/ur${provider.path}`);
    await page.getByRole("link", { name: "English", exact: true }).click();
    await expect(page).toHaveURL(english);
    await expectLanguage(page, "en");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(provider.companyName);
    // …and English is remembered too: home stays English.
    await page.goto("/");
    await expect(page).toHaveURL(new URL("/", baseURL).href);
    await expectLanguage(page, "en");
  });

  test("on a phone, switches from the menu", async ({ page, baseURL }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/pk/lahore");
    await waitForIslands(page, 'button[aria-label="Open menu"]');
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("dialog").getByRole("link", { name: "اردو" }).click();
    await expect(page).toHaveURL(new URL("/ur/pk/lahore", baseURL).href);
    await expectLanguage(page, "ur");
    // Nothing is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
  });

  test.describe(() => {
    // The wrong password's answer, logged by the browser.
    test.use({ allowConsoleErrors: [/status of 401/] });
    test("gets Urdu back from the API on an Urdu page", async ({ page }) => {
      await page.goto("/ur/login");
      await waitForIslands(page, "form");
      await page.getByLabel(ur("auth_email"), { exact: true }).fill(uniqueEmail("nobody"));
      await page.getByLabel(ur("auth_password"), { exact: true }).fill("not-the-password-1");
      await page.getByRole("button", { name: ur("auth_sign_in"), exact: true }).click();
      await expect(page.getByText(ur("errors_bad_credentials")).first()).toBeVisible();
    });
  });
});

test.describe("a signed-in customer", () => {
  test("saves a favorite on an Urdu page and is told so in Urdu", async ({ page, baseURL }) => {
    const account = await createAccount("urdu-fav");
    await signInViaApi(page.request, baseURL!, account.email, account.password);
    const provider = await someProvider(page, "lahore");
    await page.goto(`/ur${provider.path}`);
    await waitForIslands(page);
    await page
      .getByRole("button", { name: ur("search_favorite"), exact: true })
      .first()
      .click();
    const toast = page.getByRole("region", { name: /^اطلاعات/ });
    await expect(toast.getByText(ur("search_favorite_added"))).toBeVisible();
  });
});

test.describe("a provider", () => {
  test("writes an Urdu description in the Urdu dashboard; the Urdu page shows it, the English one does not", async ({
    page,
    baseURL,
  }) => {
    await signUpProvider(page.request, baseURL!, "urdu-provider", {
      firstName: "Sadia",
      lastName: "Butt",
    });
    const created = await page.request.post("/api/providers", {
      data: {
        companyName: "Butt Steel Works",
        description: "Steel doors and gates made to measure.",
        location: "Lahore — Badami Bagh",
      },
      headers: { Origin: baseURL! },
    });
    expect(created.status(), await created.text()).toBe(201);

    await page.goto("/ur/provider-dashboard");
    await waitForIslands(page);
    await expectLanguage(page, "ur");
    const urduText = "ناپ کے مطابق فولادی دروازے اور گیٹ۔";
    await page.getByLabel(ur("dashboard_company_name_ur"), { exact: true }).fill("بٹ اسٹیل ورکس");
    await page.getByLabel(ur("dashboard_description_ur"), { exact: true }).fill(urduText);
    await page.getByRole("button", { name: ur("dashboard_update_profile") }).click();
    // The form's own checks speak Urdu too.
    await expect(page.getByText(ur("errors_cover_image_required"))).toBeVisible();
    await expect(page.getByText(ur("errors_logo_required"))).toBeVisible();
    await chooseFiles(
      page,
      ur("dashboard_cover_upload"),
      photo("front.png", 1600, 900, [15, 107, 74]),
    );
    await expect(
      page.getByRole("img", { name: ur("dashboard_cover_alt"), exact: true }),
    ).toBeVisible();
    await chooseFiles(
      page,
      ur("dashboard_logo_upload"),
      photo("logo.png", 400, 400, [217, 119, 6]),
    );
    await expect(
      page.getByRole("img", { name: ur("dashboard_logo_alt"), exact: true }),
    ).toBeVisible();
    await page.getByRole("button", { name: ur("dashboard_update_profile") }).click();
    const toast = page.getByRole("region", { name: /^اطلاعات/ });
    await expect(toast.getByText(ur("dashboard_profile_updated"))).toBeVisible();

    const mine = (await (await page.request.get("/api/my-provider")).json()) as ApiProvider;
    await page.goto(`/ur${mine.path}`);
    await expectLanguage(page, "ur");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("بٹ اسٹیل ورکس");
    await expect(page.getByText(urduText)).toBeVisible();

    await page.goto(mine.path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Butt Steel Works");
    await expect(page.getByText("Steel doors and gates made to measure.")).toBeVisible();
    await expect(page.getByText(urduText)).toHaveCount(0);
  });
});
