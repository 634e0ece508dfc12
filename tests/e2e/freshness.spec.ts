import { migrateDb, openDb } from "../../db/client.ts";
import { createProvider } from "../../db/seed/factories.ts";
import { expect, test, waitForIslands } from "./fixtures.ts";

// The same database file the e2e server uses (playwright.config.ts).
const dbUrl = `file:${process.env.E2E_DIR || ".e2e"}/data/karkhana.db`;

test("a provider added after the last publish is reachable at once, and a wrong slug redirects", async ({
  page,
  request,
}) => {
  const db = await openDb({ url: dbUrl });
  await migrateDb(db);
  const categories = (await (await request.get("/api/service-categories")).json()) as {
    id: string;
    name: string;
    slug: string;
  }[];
  const category = categories[0]!;
  const name = `Fresh Fabricators ${Date.now()}`;
  const id = await createProvider(db, {
    companyName: name,
    city: "Multan",
    address: "Industrial Estate Phase 2",
    description: "Steel gates and grills, made to order.",
    services: [{ categoryId: category.id, name: "Steel gate", pricePkr: 85000 }],
  });
  db.$client.close();

  const slug = name.toLowerCase().replace(/ /g, "-");
  const res = await page.goto(`/providers/old-name-${id}`);
  expect(res?.status()).toBe(200);
  await expect(page).toHaveURL(`/providers/${slug}-${id}`);
  await waitForIslands(page);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByText("From PKR 85,000").first()).toBeVisible();
  await expect(page.getByText("Sign in to view this provider's contact details.")).toBeVisible();

  const canonical = `/pk/multan/${category.slug}/${slug}-${id}`;
  const live = await page.goto(canonical);
  expect(live?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();

  // Search on / is live too.
  await page.goto(`/?q=${encodeURIComponent(name)}`);
  await expect(page.getByRole("link", { name: `Visit ${name}` })).toBeVisible();
});
