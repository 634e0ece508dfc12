import type { APIRequestContext, Page } from "@playwright/test";
import {
  confirmEmailInPage,
  E2E_PASSWORD,
  signUpProvider,
  toasts,
  uniqueEmail,
} from "./auth-helpers.ts";
import { expect, test, waitForIslands } from "./fixtures.ts";
import { chooseFiles, photo } from "./test-images.ts";

/**
 * A provider without a profile yet gets 404 from GET /api/my-provider (the API
 * contract); the browser logs that as a console error.
 */
const NO_PROFILE_YET = /status of 404/;

/** A confirmed provider account, signed in in this page's browser context. */
function signedInProvider(page: Page, baseURL: string, tag: string): Promise<string> {
  return signUpProvider(page.request, baseURL, tag);
}

/** The natural size of an image on the page, once it has loaded. */
/**
 * The size of the upload behind an image, and the copy the browser shows:
 * the page offers WebP and JPEG copies in several widths (decision 013), so
 * the stored upload is fetched from the copy's name to measure it.
 */
async function uploadedSize(page: Page, name: string) {
  const img = page.getByRole("img", { name, exact: true });
  await expect(img).toBeVisible();
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth))
    .toBeGreaterThan(0);
  return img.evaluate(async (el: HTMLImageElement) => {
    const upload = new URL(el.currentSrc).pathname.replace(/\.w\d+\.(webp|jpg)$/, "");
    const bitmap = await createImageBitmap(await (await fetch(upload)).blob());
    return { size: [bitmap.width, bitmap.height], shown: new URL(el.currentSrc).pathname };
  });
}

async function categoryNames(request: APIRequestContext): Promise<string[]> {
  const res = await request.get("/api/service-categories");
  return ((await res.json()) as { name: string }[]).map((c) => c.name);
}

test.describe("a new provider", () => {
  test.use({ allowConsoleErrors: [NO_PROFILE_YET] });

  test("signs up, sets up, fills the dashboard and is listed after the next publish", async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const email = uniqueEmail("dashboard");
    const company = `Wazirabad Cutlery Works ${Date.now().toString(36)}`;

    // Sign up in the provider portal and confirm through the emailed link.
    await page.goto("/provider-portal-signup");
    await waitForIslands(page, "form");
    await page.getByLabel("First name").fill("Nadia");
    await page.getByLabel("Last name").fill("Qureshi");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(E2E_PASSWORD);
    await page.getByLabel("Confirm password").fill(E2E_PASSWORD);
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page).toHaveURL("/provider-portal-login");
    await confirmEmailInPage(page, email);
    await expect(toasts(page).getByText("Email confirmed")).toBeVisible();
    await waitForIslands(page, "form");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(E2E_PASSWORD);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();

    // Provider setup: where a newly confirmed provider lands after signing in.
    await expect(page).toHaveURL("/provider-setup");
    await expect(
      page.getByRole("heading", { level: 1, name: "Complete Your Provider Profile" }),
    ).toBeVisible();
    await expect(page.getByRole("heading", { name: "Next Steps" })).toBeVisible();
    await page.getByRole("button", { name: "Complete Setup" }).click();
    await expect(page.getByText("Company name is required")).toBeVisible();
    await expect(page.getByLabel("Company Name")).toBeFocused();

    await page.getByLabel("Company Name").fill(company);
    await page
      .getByLabel("Business Description")
      .fill("Table knives, scissors and kitchen tools, forged and polished in Wazirabad.");
    await page.getByLabel("City").selectOption("Wazirabad");
    await page.getByLabel("Address").fill("GT Road, Cutlery Bazaar");
    await page.getByLabel("Phone").fill("0300 7654321");
    await page.getByRole("button", { name: "Complete Setup" }).click();
    await expect(page).toHaveURL("/provider-dashboard");
    await expect(toasts(page).getByText("Provider profile created successfully")).toBeVisible();

    // Company Profile: what setup saved, split back into city and address.
    await expect(page.getByRole("heading", { level: 1, name: "Provider Dashboard" })).toBeVisible();
    await expect(page.getByLabel("Company Name")).toHaveValue(company);
    await expect(page.getByLabel("City")).toHaveValue("Wazirabad");
    await expect(page.getByLabel("Address (optional)")).toHaveValue("GT Road, Cutlery Bazaar");
    await expect(page.getByLabel("Phone")).toHaveValue(/300\s?765\s?4321/);

    // Cover and logo are required before saving.
    await page.getByRole("button", { name: "Update Profile" }).click();
    await expect(page.getByText("Cover image is required")).toBeVisible();
    await expect(page.getByText("Logo is required")).toBeVisible();

    // Only images are accepted.
    await chooseFiles(page, "Upload cover image", {
      name: "price-list.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("%PDF-1.4\n"),
    });
    await expect(toasts(page).getByText("Not an image", { exact: true })).toBeVisible();

    // A wide photo becomes an 800×600 cover, a tall one a 400×400 logo.
    await chooseFiles(
      page,
      "Upload cover image",
      photo("shop front.png", 1600, 900, [15, 107, 74]),
    );
    const cover = await uploadedSize(page, "Your cover image");
    expect(cover.size).toEqual([800, 600]);
    // Shown from a WebP copy the server made, not the upload itself.
    expect(cover.shown).toMatch(/\/cover_\d+\.r800x600\.jpg\.w\d+\.webp$/);
    await chooseFiles(page, "Upload logo", photo("logo.png", 300, 500, [217, 119, 6]));
    expect((await uploadedSize(page, "Your logo")).size).toEqual([400, 400]);

    await page.getByLabel("Response Time").fill("2-4 hours");
    await page.getByRole("button", { name: "Update Profile" }).click();
    await expect(toasts(page).getByText("Provider profile updated successfully")).toBeVisible();
    await expect(page.getByRole("button", { name: "Update Profile" })).toBeVisible();

    // Services: add two, edit one, delete the other.
    const [category, otherCategory] = await categoryNames(request);
    await page.getByRole("tab", { name: /^Services/ }).click();
    await expect(
      page.getByText("No services added yet. Add your first service above."),
    ).toBeVisible();

    await page.getByRole("button", { name: "Add Service" }).click();
    await expect(page.getByText("Category is required")).toBeVisible();

    await page.getByLabel("Category").selectOption({ label: category! });
    await page.getByLabel("Service Name").fill("Steel table knives");
    await page.getByLabel("Price (PKR)").fill("1200");
    await page.getByLabel("Description").fill("Per dozen, stainless steel.");
    await page.getByRole("button", { name: "Add Service" }).click();
    await expect(toasts(page).getByText("Service added successfully")).toBeVisible();
    const list = page.getByRole("region", { name: "Your Services" });
    await expect(list.getByRole("heading", { name: "Steel table knives" })).toBeVisible();
    // The form is empty again for the next one.
    await expect(page.getByLabel("Service Name")).toHaveValue("");

    await page.getByLabel("Category").selectOption({ label: otherCategory! });
    // No price: the service is listed as 'Price on request' (decision 023).
    await page.getByLabel("Service Name").fill("Scissor sharpening");
    await page.getByRole("button", { name: "Add Service" }).click();
    await expect(list.getByRole("heading", { name: "Scissor sharpening" })).toBeVisible();
    await expect(list.getByText("Price on request")).toBeVisible();

    await list.getByRole("button", { name: "Edit Steel table knives" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit service" });
    await expect(dialog.getByLabel("Service Name")).toHaveValue("Steel table knives");
    await dialog.getByLabel("Service Name").fill("Steel table knives, dozen");
    await dialog.getByLabel("Price (PKR)").fill("1450");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(toasts(page).getByText("Service updated successfully")).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(list.getByRole("heading", { name: "Steel table knives, dozen" })).toBeVisible();
    await expect(list.getByText("PKR 1,450")).toBeVisible();

    await list.getByRole("button", { name: "Delete Scissor sharpening" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete this service?" });
    await confirm.getByRole("button", { name: "Delete service" }).click();
    await expect(toasts(page).getByText("Service deleted successfully")).toBeVisible();
    await expect(list.getByRole("heading", { name: "Scissor sharpening" })).toHaveCount(0);
    await expect(list.getByRole("listitem")).toHaveCount(1);

    // Gallery: three at once, then delete one.
    await page.getByRole("tab", { name: "Gallery" }).click();
    await expect(page.getByText("No images uploaded yet.")).toBeVisible();
    await chooseFiles(page, "Upload Images", [
      photo("forge floor 1.png", 2000, 1500, [120, 53, 15]),
      photo("polishing (2).png", 900, 1600, [30, 64, 175]),
      photo("packed.png", 640, 480, [21, 128, 61]),
    ]);
    await expect(toasts(page).getByText("3 images added.")).toBeVisible();
    const gallery = page.getByRole("list", { name: "Gallery images" });
    await expect(gallery.getByRole("listitem")).toHaveCount(3);
    // Resized to fit 1200×900 at 4:3, never enlarged.
    expect((await uploadedSize(page, `${company}, photo 1 of 3`)).size).toEqual([1200, 900]);
    expect((await uploadedSize(page, `${company}, photo 3 of 3`)).size).toEqual([640, 480]);

    await gallery.getByRole("button", { name: "Delete photo 2 of 3" }).click();
    await page
      .getByRole("alertdialog", { name: "Delete this photo?" })
      .getByRole("button", { name: "Delete photo" })
      .click();
    await expect(gallery.getByRole("listitem")).toHaveCount(2);

    // The public page shows it all at once.
    const path = await page.getByRole("link", { name: /View public page/ }).getAttribute("href");
    expect(path).toMatch(/^\/pk\/wazirabad\/.+-[0-9a-f-]{36}$/);
    await page.goto(path!);
    await expect(page.getByRole("heading", { level: 1, name: company })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Steel table knives, dozen" })).toBeVisible();
    await expect(page.getByText("From PKR 1,450").first()).toBeVisible();
    // The logo is the page's main image: fetched first, never lazy, its box reserved.
    const logo = page.getByRole("img", { name: `${company} logo` });
    await expect(logo).toBeVisible();
    await expect(logo).toHaveAttribute("fetchpriority", "high");
    await expect(page.locator('link[rel="preload"][as="image"]')).toHaveCount(1);
    await expect(logo).toHaveAttribute("loading", "eager");
    await expect(logo).toHaveAttribute("width", "96");
    // A WebP copy in the logo's size, the one the head preloaded: fetched once.
    await expect(page.locator('link[rel="preload"][as="image"]')).toHaveAttribute(
      "imagesrcset",
      /\.w160\.webp 160w/,
    );
    await expect
      .poll(() => logo.evaluate((el: HTMLImageElement) => el.currentSrc))
      .toMatch(/\/logo_\d+\.r400x400\.jpg\.w160\.webp$/);
    const logoFetches = await page.evaluate(() =>
      performance
        .getEntriesByType("resource")
        .map((e) => e.name)
        .filter((url) => /\/logo_\d+\./.test(url)),
    );
    expect(logoFetches).toHaveLength(1);
    // When the copies cannot load, the logo falls back to the cover, then to the placeholder.
    const offline = await page.context().newPage();
    await offline.route("**/media/**", (route) => route.abort());
    await offline.goto(path!);
    const brokenLogo = offline.getByRole("img", { name: `${company} logo` });
    await expect(brokenLogo).toHaveAttribute("src", "/placeholder-person.svg");
    await expect(brokenLogo).not.toHaveAttribute("srcset");
    await expect(offline.locator("picture:has(img[alt$=' logo']) source")).toHaveCount(0);
    await offline.close();
    await expect(page.getByRole("img", { name: /photo \d of 2$/ })).toHaveCount(2);
    await expect(page.getByText("Scissor sharpening")).toHaveCount(0);

    // The pre-rendered city page lists it after the next publish.
    await expect
      .poll(async () => (await (await request.get("/pk/wazirabad")).text()).includes(company), {
        message: "the next publish lists the provider on /pk/wazirabad",
        timeout: 90_000,
        intervals: [1000],
      })
      .toBe(true);
    await page.goto("/pk/wazirabad");
    await expect(page.getByRole("link", { name: `Visit ${company}` })).toBeVisible();

    // A change after that publish is in the page's server HTML within seconds:
    // the page is rendered fresh, not patched in the browser (decision 014).
    await page.goto("/provider-dashboard");
    await page.getByLabel("Description").fill("Now also hunting knives and surgical scissors.");
    await page.getByRole("button", { name: "Update Profile" }).click();
    await expect(toasts(page).getByText("Provider profile updated successfully")).toBeVisible();
    await expect
      .poll(
        async () =>
          (await (await request.get(path!)).text()).includes(
            "Now also hunting knives and surgical scissors.",
          ),
        { message: "the provider page's HTML shows the change", timeout: 30_000, intervals: [500] },
      )
      .toBe(true);
    await page.goto(path!);
    await expect(page.getByText("Now also hunting knives and surgical scissors.")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: company })).toHaveCount(1);
  });
});

test.describe("provider setup", () => {
  test.use({ allowConsoleErrors: [NO_PROFILE_YET] });

  test("Skip for Now goes to the dashboard, where Services and Gallery wait for a profile", async ({
    page,
    baseURL,
  }) => {
    await signedInProvider(page, baseURL!, "skip");
    await page.goto("/provider-setup");
    await page.getByRole("button", { name: "Skip for Now" }).click();
    await expect(page).toHaveURL("/provider-dashboard");
    await expect(toasts(page).getByText("Setup Skipped")).toBeVisible();
    await expect(
      toasts(page).getByText(
        "You can complete your provider profile anytime from the Provider Dashboard.",
      ),
    ).toBeVisible();
    await expect(page.getByRole("tab", { name: "Company Profile" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    await expect(page.getByRole("tab", { name: "Services" })).toBeDisabled();
    await expect(page.getByRole("tab", { name: "Gallery" })).toBeDisabled();

    await page.getByRole("button", { name: "Create Profile" }).click();
    await expect(page.getByText("Company name is required")).toBeVisible();
    await expect(page.getByText("City is required")).toBeVisible();
    await expect(page.getByText("Cover image is required")).toBeVisible();
    await expect(page.getByText("Logo is required")).toBeVisible();
  });

  test("a visitor is asked to sign in before the profile is sent", async ({ page }) => {
    let posted = false;
    page.on("request", (r) => {
      if (r.method() === "POST" && new URL(r.url()).pathname === "/api/providers") posted = true;
    });
    await page.goto("/provider-setup");
    await page.getByLabel("Company Name").fill("Visitor Textiles");
    await page.getByRole("button", { name: "Complete Setup" }).click();
    await expect(toasts(page).getByText("Authentication Required")).toBeVisible();
    await expect(toasts(page).getByText("Please sign in to continue")).toBeVisible();
    await expect(page).toHaveURL(/^[^?]*\/login\?next=%2Fprovider-setup$/);
    expect(posted).toBe(false);
  });

  test("someone who already has a profile is sent on to the dashboard", async ({
    page,
    baseURL,
  }) => {
    await signedInProvider(page, baseURL!, "twice");
    const res = await page.request.post("/api/providers", {
      data: { companyName: "Already Here Engineering" },
      headers: { Origin: baseURL! },
    });
    expect(res.status()).toBe(201);
    await page.goto("/provider-setup");
    await expect(page).toHaveURL("/provider-dashboard");
    await expect(page.getByLabel("Company Name")).toHaveValue("Already Here Engineering");
  });
});

test.describe("the dashboard signed out", () => {
  test("says so and goes to the sign-in page", async ({ page }) => {
    await page.goto("/provider-dashboard");
    await expect(toasts(page).getByText("Unauthorized")).toBeVisible();
    await expect(toasts(page).getByText("You are logged out. Logging in again...")).toBeVisible();
    await expect(page).toHaveURL("/login?next=%2Fprovider-dashboard");
  });
});
