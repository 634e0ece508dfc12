import type { Page } from "@playwright/test";
import { createAccount, signInViaDb } from "./auth-helpers.ts";
import { expect, test } from "./fixtures.ts";

/**
 * The signed-in header row at the widths people use, in both languages: it
 * never runs off the side, and on a desktop a normal greeting is shown whole
 * (at 1280 px it used to be cut to "W…"). Only a long name gives way, ending
 * in "…" with the whole greeting in its title.
 */

const WIDTHS = [360, 768, 1024, 1280, 1440];

/** How far the row's content is wider than the row (0: it fits). */
async function rowOverflow(page: Page): Promise<number> {
  return page
    .getByRole("banner")
    .locator(":scope > div")
    .evaluate((el) => el.scrollWidth - el.clientWidth);
}

/** The desktop greeting's text, its title, and whether any of it is cut off. */
async function greetingBox(page: Page) {
  const greeting = page.locator("[data-header-greeting]");
  await expect(greeting).toBeVisible();
  return greeting.evaluate((el) => ({
    text: el.textContent,
    title: el.getAttribute("title"),
    clipped: el.scrollWidth > el.clientWidth,
  }));
}

for (const role of ["customer", "provider"] as const) {
  test(`a ${role}'s header fits every width and shows the whole greeting on a desktop, in English and Urdu`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const account = await createAccount(`header-${role}`, { role, firstName: "Farah" });
    await signInViaDb(page.context(), baseURL!, account);
    for (const [lang, greeting] of [
      ["", "Welcome, Farah"],
      ["/ur", "خوش آمدید، Farah"],
    ] as const) {
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(`${lang}/pk/lahore`);
        if (width >= 1024) {
          expect(await greetingBox(page), `${lang || "/en"} at ${width}`).toEqual({
            text: greeting,
            title: greeting,
            clipped: false,
          });
          await expect(
            page.getByRole("banner").getByRole("button", { name: /^(Sign Out|سائن آؤٹ)$/ }),
          ).toBeInViewport();
        } else {
          await expect(
            page.getByRole("banner").getByRole("button", { name: /menu|مینو/i }),
          ).toBeVisible();
        }
        expect(await rowOverflow(page), `${lang || "/en"} at ${width}`).toBe(0);
        if (width === 1280 && lang === "") {
          await page
            .getByRole("banner")
            .screenshot({ path: test.info().outputPath(`header-${role}-1280.png`) });
        }
      }
    }
  });
}

test("a long name ends in … at 1280 px, whole in the title, and the row still fits", async ({
  page,
  baseURL,
}) => {
  const name = "Muhammad-Abdullah-Khan-Niazi-Qureshi";
  const account = await createAccount("header-long", { firstName: name });
  await signInViaDb(page.context(), baseURL!, account);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/pk/lahore");
  expect(await greetingBox(page)).toEqual({
    text: `Welcome, ${name}`,
    title: `Welcome, ${name}`,
    clipped: true,
  });
  await expect(page.getByRole("banner").getByRole("button", { name: "Sign Out" })).toBeInViewport();
  await expect(page.getByRole("banner").getByRole("link", { name: "اردو" })).toBeInViewport();
  expect(await rowOverflow(page)).toBe(0);
});
