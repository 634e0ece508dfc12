import { expect, test, waitForIslands, type ApiProvider } from "./fixtures.ts";

test.describe("the directory on /", () => {
  test("shows the hero, the filters and real providers before any search", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Manufacturing Directory" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Login / Signup" })).toHaveAttribute(
      "href",
      "/login",
    );
    await expect(page.getByRole("heading", { name: "Service Providers" })).toBeVisible();
    await expect(
      page.getByRole("searchbox", { name: "Search services or providers" }),
    ).toBeVisible();
    await expect(page.getByRole("combobox", { name: "Category" })).toHaveValue("");
    await expect(page.getByRole("combobox", { name: "City" })).toHaveValue("");
    await expect(page.getByRole("link", { name: /^Visit / }).first()).toBeVisible();
  });

  test("searches by text as the person types and keeps it in a shareable URL", async ({
    page,
    request,
  }) => {
    const api = await request.get("/api/providers?search=surgical&limit=100");
    const expected = (await api.json()) as ApiProvider[];
    expect(expected.length).toBeGreaterThan(0);

    await page.goto("/");
    await waitForIslands(page);
    const box = page.getByRole("searchbox", { name: "Search services or providers" });
    await box.fill("surgical");
    await expect(page).toHaveURL(/[?&]q=surgical/);
    await expect(
      page.getByRole("link", { name: `Visit ${expected[0]!.companyName}` }),
    ).toBeVisible();
    const visits = page.getByRole("link", { name: /^Visit / });
    await expect(visits).toHaveCount(Math.min(expected.length, 24));

    await box.fill("zzzzqqqq");
    await expect(page.getByText("No providers found.")).toBeVisible();

    // A shared link opens the same results.
    await page.goto("/?q=surgical");
    await waitForIslands(page);
    await expect(page.getByRole("searchbox", { name: "Search services or providers" })).toHaveValue(
      "surgical",
    );
    await expect(
      page.getByRole("link", { name: `Visit ${expected[0]!.companyName}` }),
    ).toBeVisible();
  });

  test("understands typos and Roman Urdu, and a search that finds nothing offers a way out", async ({
    page,
    request,
  }) => {
    const count = async (query: string) =>
      Number((await request.get(`/api/providers?${query}`)).headers()["x-total-count"]);
    // A town with no shoemaker, while the country has some.
    const towns = ["astore", "chitral", "gwadar", "hunza", "skardu", "ziarat", "zhob", "turbat"];
    let town = "";
    for (const t of towns) if ((await count(`search=joote&city=${t}`)) === 0) town ||= t;
    expect(town).not.toBe("");
    expect(await count("search=joote")).toBeGreaterThan(0);

    await page.goto("/");
    await waitForIslands(page);
    const box = page.getByRole("searchbox", { name: "Search services or providers" });
    const visits = page.getByRole("link", { name: /^Visit / });

    // One letter swapped still finds welders.
    await box.fill("wleding");
    await expect(page).toHaveURL(/[?&]q=wleding/);
    await expect(visits.first()).toBeVisible();

    // Shoes in a town that has none: the same words in all of Pakistan.
    await page.getByRole("combobox", { name: "City" }).selectOption(town);
    await box.fill("joote");
    await expect(page.getByText("No providers found.")).toBeVisible();
    const offers = page.getByRole("list", { name: "Suggestions" });
    await offers.getByRole("button", { name: "“joote” in all of Pakistan" }).click();
    await expect(page).not.toHaveURL(/city=/);
    await expect(page.getByRole("combobox", { name: "City" })).toHaveValue("");
    await expect(visits.first()).toBeVisible();

    // A Roman Urdu word with its letters swapped: the dictionary's spelling is offered.
    expect(await count("search=drazi")).toBe(0);
    await box.fill("drazi");
    await expect(page.getByText("No providers found.")).toBeVisible();
    await offers.getByRole("button", { name: "darzi" }).click();
    await expect(page).toHaveURL(/[?&]q=darzi/);
    await expect(box).toHaveValue("darzi");
    await expect(visits.first()).toBeVisible();
  });

  test("filters by category and city, and Back undoes a filter", async ({ page, request }) => {
    const categories = (await (await request.get("/api/service-categories")).json()) as {
      id: string;
      name: string;
      slug: string;
    }[];
    const category = categories.find((c) => c.name.startsWith("Surgical"))!;
    const api = await request.get(
      `/api/providers?city=sialkot&categoryId=${category.id}&limit=100`,
    );
    const expected = (await api.json()) as ApiProvider[];
    expect(expected.length).toBeGreaterThan(0);

    await page.goto("/");
    await waitForIslands(page);
    await page.getByRole("combobox", { name: "Category" }).selectOption(category.slug);
    await expect(page).toHaveURL(new RegExp(`category=${category.slug}`));
    await page.getByRole("combobox", { name: "City" }).selectOption("sialkot");
    await expect(page).toHaveURL(/city=sialkot/);
    await expect(page.getByRole("link", { name: /^Visit / })).toHaveCount(
      Math.min(expected.length, 24),
    );
    for (const p of expected.slice(0, 5)) {
      await expect(page.getByRole("link", { name: `Visit ${p.companyName}` })).toBeVisible();
    }

    await page.goBack();
    await expect(page).not.toHaveURL(/city=sialkot/);
    await expect(page.getByRole("combobox", { name: "City" })).toHaveValue("");
    await expect(page.getByRole("combobox", { name: "Category" })).toHaveValue(category.slug);
  });

  test("a card opens the provider page with price, badges and the contact placeholder", async ({
    page,
    request,
  }) => {
    const all = (await (await request.get("/api/providers?limit=100")).json()) as ApiProvider[];
    const verified = all.find((p) => p.isVerified && p.services.length > 0)!;

    await page.goto(`/?q=${encodeURIComponent(verified.companyName)}`);
    await waitForIslands(page);
    await page
      .getByRole("link", { name: `Visit ${verified.companyName}` })
      .first()
      .click();
    await expect(page).toHaveURL(verified.path);
    await expect(page.getByRole("heading", { level: 1, name: verified.companyName })).toBeVisible();
    await expect(page).toHaveTitle(`${verified.companyName} – ${verified.location} | Karkhana`);
    const lowest = Math.min(
      ...verified.services.flatMap((s) => (s.pricePkr === null ? [] : [s.pricePkr])),
    );
    const formatted = new Intl.NumberFormat("en-PK").format(lowest);
    await expect(page.getByText(`From PKR ${formatted}`).first()).toBeVisible();
    await expect(page.getByText("Verified").first()).toBeVisible();
    await expect(page.getByText("Sign in to view this provider's contact details.")).toBeVisible();
    // The contact box's Sign In comes back to this page afterwards.
    await expect(
      page.getByRole("region", { name: "Contact" }).getByRole("link", { name: "Sign In" }),
    ).toHaveAttribute("href", `/login?next=${encodeURIComponent(verified.path)}`);
  });
});
