import { expect, test, waitForIslands, type ApiProvider } from "./fixtures.ts";

test.describe("listing pages", () => {
  test("a city page lists its providers, readable without JavaScript", async ({
    browser,
    request,
  }) => {
    const api = await request.get("/api/providers?city=lahore&limit=5");
    const expected = (await api.json()) as ApiProvider[];
    const total = Number(api.headers()["x-total-count"]);
    expect(total).toBeGreaterThan(0);

    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/pk/lahore");
    await expect(
      page.getByRole("heading", { level: 1, name: "Providers in Lahore" }),
    ).toBeVisible();
    await expect(page).toHaveTitle(/Providers in Lahore/);
    for (const p of expected) {
      const visit = page.getByRole("link", { name: `Visit ${p.companyName}` });
      await expect(visit).toHaveAttribute("href", new RegExp(`^/providers/.+-${p.id}$`));
    }
    await context.close();
  });

  test("a city×category page is titled '{category} in {city}' with a breadcrumb", async ({
    page,
    request,
  }) => {
    const categories = (await (await request.get("/api/service-categories")).json()) as {
      id: string;
      name: string;
      slug: string;
    }[];
    const category = categories.find((c) => c.name.startsWith("Surgical"))!;
    await page.goto(`/pk/sialkot/${category.slug}`);
    await expect(
      page.getByRole("heading", { level: 1, name: `${category.name} in Sialkot` }),
    ).toBeVisible();
    const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
    await expect(crumbs.getByRole("link", { name: "Sialkot" })).toHaveAttribute(
      "href",
      "/pk/sialkot",
    );
    await page
      .getByRole("link", { name: /^Visit / })
      .first()
      .click();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByText("Sign in to view this provider's contact details.")).toBeVisible();
  });

  test("the provider page never shows contact details in its HTML", async ({ request }) => {
    const [p] = (await (await request.get("/api/providers?limit=1")).json()) as ApiProvider[];
    const html = await (await request.get(p!.path)).text();
    expect(html).toContain(p!.companyName);
    expect(html).not.toMatch(/mailto:|tel:|"telephone"|"email"/);
  });
});

test.describe("not found", () => {
  // The browser logs the document's own 404 as a console error; that is the point here.
  test.use({ allowConsoleErrors: [/status of 404/] });

  test("an unknown page answers 404 with the not-found text", async ({ page }) => {
    const res = await page.goto("/no-such-page");
    expect(res?.status()).toBe(404);
    await expect(page.getByText("404 Page Not Found")).toBeVisible();
    await expect(page.getByText("The page may have moved")).toBeVisible();
    // The original app's router message for developers is no copy for a visitor (decision 027).
    await expect(page.getByText(/router/i)).toHaveCount(0);
  });

  test("an unknown provider id answers 404", async ({ page }) => {
    const res = await page.goto("/providers/ghost-0b7c3f2e-1111-4222-8333-444455556666");
    expect(res?.status()).toBe(404);
    await expect(page.getByText("404 Page Not Found")).toBeVisible();
  });
});

test.describe("the header on a phone", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("the menu opens, lists the links and closes when one is chosen", async ({ page }) => {
    await page.goto("/pk/karachi");
    const toggle = page.getByRole("button", { name: "Open menu" });
    await expect(toggle).toBeVisible();
    await waitForIslands(page, 'button[aria-label="Open menu"]');
    await toggle.click();
    const menu = page.getByRole("dialog");
    await expect(menu.getByRole("link", { name: "Find Services" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "How It Works" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Sign In" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Join as Service Provider" })).toBeVisible();
    await menu.getByRole("link", { name: "Find Services" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });
});
