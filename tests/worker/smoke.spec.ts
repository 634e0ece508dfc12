import { readdir, readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import {
  confirmEmailInPage,
  DEMO,
  E2E_PASSWORD,
  signInViaApi,
  signUpProvider,
  toasts,
  uniqueEmail,
} from "../e2e/auth-helpers.ts";
import { expect, test, waitForIslands, type ApiProvider } from "../e2e/fixtures.ts";
import { holdScripts } from "../e2e/slow-network.ts";
import { chooseFiles, photo, photoPng } from "../e2e/test-images.ts";

/**
 * The product on Cloudflare's runtime: pre-rendered pages from Workers static
 * assets, everything else from the Worker in workerd, the database over HTTP
 * and images in (locally simulated) R2. A few journeys that cross every port.
 */

test("pages come from the assets with the security headers; unknown paths get the 404 page", async ({
  request,
}) => {
  const home = await request.get("/");
  expect(home.status()).toBe(200);
  expect(home.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(home.headers()["x-content-type-options"]).toBe("nosniff");
  expect(home.headers()["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  const html = await home.text();
  expect(html).toMatch(
    /<meta http-equiv="content-security-policy" content="[^"]*script-src 'self' 'sha256-/,
  );

  expect(home.headers()["cache-control"]).toBe("public, max-age=0, must-revalidate");
  const asset = /\/_astro\/[^"]+\.js/.exec(html)![0];
  const js = await request.get(asset);
  expect(js.status()).toBe(200);
  expect(js.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  // The build's host config is applied, never served.
  expect((await request.get("/_headers")).status()).toBe(404);
  expect((await request.get("/_redirects")).status()).toBe(404);
  // A trailing slash is dropped with a permanent redirect, as on the Node server.
  const slash = await request.get("/pk/karachi/?view=list", { maxRedirects: 0 });
  expect(slash.status()).toBe(301);
  expect(new URL(slash.headers()["location"]!, "http://x").pathname).toBe("/pk/karachi");
  expect(new URL(slash.headers()["location"]!, "http://x").search).toBe("?view=list");

  const missing = await request.get("/no-such-page");
  expect(missing.status()).toBe(404);
  expect(missing.headers()["content-type"]).toContain("text/html");
  expect(missing.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(await missing.text()).toContain("404");

  const api = await request.get("/api/nope");
  expect(api.status()).toBe(404);
  expect(await api.json()).toEqual({ error: "Not found" });
  // The preview is plain http on a loopback host: no HSTS from the assets or the Worker.
  for (const res of [home, missing, api]) {
    expect(res.headers()["strict-transport-security"]).toBeUndefined();
  }
  // A malformed escape is a missing image, not a server error.
  expect((await request.get("/media/%C0")).status()).toBe(404);
  // The live shells are only for the fallbacks.
  expect((await request.get("/_live/provider")).status()).toBe(404);
});

test("a visitor searches and opens a provider page", async ({ page, request }) => {
  const expected = (await (
    await request.get("/api/providers?search=surgical&limit=100")
  ).json()) as ApiProvider[];
  expect(expected.length).toBeGreaterThan(0);

  await page.goto("/");
  await waitForIslands(page);
  await page.getByRole("searchbox", { name: "Search services or providers" }).fill("surgical");
  await expect(page).toHaveURL(/[?&]q=surgical/);
  const first = expected[0]!;
  await page.getByRole("link", { name: `Visit ${first.companyName}` }).click();
  await expect(page).toHaveURL(first.path);
  await expect(page.getByRole("heading", { level: 1, name: first.companyName })).toBeVisible();
  // Contact details are for signed-in people only.
  const html = await (await request.get(first.path)).text();
  expect(html).not.toMatch(/mailto:|tel:/);
});

test("search on the Worker reads typos, Roman Urdu and Urdu, and offers a way out of nothing", async ({
  page,
  request,
}) => {
  const found = async (search: string) =>
    (
      (await (
        await request.get(`/api/providers?search=${encodeURIComponent(search)}&limit=100`)
      ).json()) as ApiProvider[]
    ).map((p) => p.companyName);
  const surgical = await found("surgical");
  expect(surgical.length).toBeGreaterThan(0);
  // One letter missing: the surgical providers (and any other close spelling), from the
  // vocabulary kept in Turso.
  const typo = await found("surgicl");
  expect(typo.slice(0, 5)).toContain(surgical[0]);
  expect(typo).toEqual(expect.arrayContaining(surgical));
  expect((await found("darzi")).length).toBeGreaterThan(0);
  expect((await found("جوتے")).length).toBeGreaterThan(0);
  const help = await request.get("/api/search/suggestions?search=drazi");
  expect(((await help.json()) as { spelling: { search: string } }).spelling.search).toBe("darzi");

  await page.goto("/");
  await waitForIslands(page);
  await page.getByRole("searchbox", { name: "Search services or providers" }).fill("wleding");
  await expect(page).toHaveURL(/[?&]q=wleding/);
  await expect(page.getByRole("link", { name: /^Visit / }).first()).toBeVisible();
});

test("a customer signs up, confirms by email, signs in and saves a favorite", async ({ page }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail("worker-customer");
  await page.goto("/signup");
  await waitForIslands(page, "form");
  await page.getByLabel("First name").fill("Hina");
  await page.getByLabel("Last name").fill("Baig");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(E2E_PASSWORD);
  await page.getByLabel("Confirm password").fill(E2E_PASSWORD);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL("/login");

  await confirmEmailInPage(page, email);
  await expect(toasts(page).getByText("Email confirmed")).toBeVisible();
  await waitForIslands(page, "form");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(E2E_PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL("/");
  await expect(page.getByText("Welcome, Hina")).toBeVisible();

  const row = page.getByRole("article").first();
  const name = (await row.getByRole("heading").innerText()).trim();
  await row.getByRole("button", { name: "Favorite", exact: true }).click();
  await expect(toasts(page).getByText("Added to Favorites")).toBeVisible();
  await page.goto("/favorites");
  await expect(page.getByRole("heading", { name })).toBeVisible();
});

test.describe("the sign-in form sent before its scripts arrive", () => {
  // The refused form comes back with its 401, which the browser logs.
  test.use({ allowConsoleErrors: [/status of 401 /] });

  test("is answered by the Worker: the refusal rendered beside the form, then signed in and on to `next`", async ({
    page,
  }) => {
    const scripts = await holdScripts(page);
    await page.goto("/login?next=%2Ffavorites");
    await page.getByLabel("Email").fill(DEMO.customer.email);
    await page.getByLabel("Password", { exact: true }).fill("not-the-password-1");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page.getByRole("alert").getByText("Invalid email or password")).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue(DEMO.customer.email);

    await page.getByLabel("Password", { exact: true }).fill(DEMO.customer.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL("/favorites");
    scripts.release();
    await expect(page.getByText(`Welcome, ${DEMO.customer.firstName}`)).toBeVisible();
  });
});

test.describe("a provider", () => {
  // A provider without a profile yet gets 404 from GET /api/my-provider.
  test.use({ allowConsoleErrors: [/status of 404/] });

  test("uploads a cover and a logo that are served from R2 under /media", async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    await signUpProvider(page.request, baseURL!, "worker-provider", {
      firstName: "Omar",
      lastName: "Butt",
    });

    await page.goto("/provider-setup");
    await waitForIslands(page, "form");
    await page.getByLabel("Company Name").fill(`Edge Looms ${Date.now().toString(36)}`);
    await page.getByLabel("City").selectOption("Faisalabad");
    await page.getByRole("button", { name: "Complete Setup" }).click();
    await expect(page).toHaveURL("/provider-dashboard");

    await waitForIslands(page, "form");
    await chooseFiles(page, "Upload cover image", photo("cover.png", 1600, 900, [15, 107, 74]));
    await chooseFiles(page, "Upload logo", photo("logo.png", 500, 500, [217, 119, 6]));
    await page.getByRole("button", { name: "Update Profile" }).click();
    await expect(toasts(page).getByText("Provider profile updated successfully")).toBeVisible();

    // Not in the build: the Worker renders its page; the short URL redirects to it.
    const mine = (await (await page.request.get("/api/my-provider")).json()) as {
      id: string;
      path: string;
      companyName: string;
    };
    const live = await page.request.get(mine.path);
    expect(live.status()).toBe(200);
    const moved = await page.request.get(`/providers/old-name-${mine.id}`, { maxRedirects: 0 });
    expect(moved.status()).toBe(301);
    expect(moved.headers()["location"]).toBe(mine.path);
    expect(mine.path).toMatch(new RegExp(`^/pk/[a-z-]+/[a-z-]+/edge-looms-[a-z0-9]+-${mine.id}$`));

    const cover = page.getByRole("img", { name: "Your cover image", exact: true });
    const src = await cover.getAttribute("src");
    expect(src).toMatch(/^\/media\/providers\/.+\.jpg$/);
    const media = await page.request.get(src!);
    expect(media.status()).toBe(200);
    expect(media.headers()["content-type"]).toBe("image/jpeg");
    expect(media.headers()["cache-control"]).toContain("immutable");
    const bytes = await media.body();
    expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);

    // The Worker made the WebP copies with the WebAssembly codecs (decision 013).
    const webp = cover.locator("xpath=../source[@type='image/webp']");
    const candidates = (await webp.getAttribute("srcset"))!.split(", ");
    expect(candidates.map((c) => c.split(" ")[1])).toEqual(["160w", "320w", "640w", "800w"]);
    const smallest = await page.request.get(candidates[0]!.split(" ")[0]!);
    expect(smallest.status()).toBe(200);
    expect(smallest.headers()["content-type"]).toBe("image/webp");
    expect((await smallest.body()).subarray(8, 12).toString("latin1")).toBe("WEBP");
  });
});

test("a quote request's photo is stored in R2 and served only with a session, never cached", async ({
  page,
  playwright,
  baseURL,
}) => {
  await signInViaApi(page.request, baseURL!, DEMO.customer.email, DEMO.customer.password);
  const me = (await (await page.request.get("/api/auth/user")).json()) as { id: string };
  const key = `leads/${me.id}/${Date.now()}_edge.jpg`;
  const uploaded = await page.request.post(`/api/uploads/file?key=${encodeURIComponent(key)}`, {
    data: photoPng(640, 480, [40, 90, 160]),
    headers: { Origin: baseURL!, "Content-Type": "application/octet-stream" },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(200);
  const { publicUrl } = (await uploaded.json()) as { publicUrl: string };
  expect(publicUrl).toMatch(new RegExp(`^/api/media/leads/${me.id}/`));

  // Decision 030: for the uploader, private and never stored; for nobody without a session.
  const mine = await page.request.get(publicUrl);
  expect(mine.status()).toBe(200);
  expect(mine.headers()["content-type"]).toBe("image/png");
  expect(mine.headers()["cache-control"]).toBe("private, no-store");
  expect(mine.headers()["vary"]).toContain("Cookie");
  const anonymous = await playwright.request.newContext({ baseURL: baseURL! });
  try {
    expect((await anonymous.get(publicUrl)).status()).toBe(401);
    expect((await anonymous.get(publicUrl.replace(/^\/api/, ""))).status()).toBe(404);
  } finally {
    await anonymous.dispose();
  }
  expect((await page.request.get(publicUrl.replace(/^\/api/, ""))).status()).toBe(404);
});

test("the admin approves a suggestion in the dashboard and the new provider goes live", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const name = `Edge Surgical Works ${Date.now().toString(36)}`;
  const categories = (await (await page.request.get("/api/service-categories")).json()) as {
    id: string;
  }[];
  const suggested = await page.request.post("/api/suggestions/providers", {
    data: { name, city: "Sialkot", categoryIds: [categories[0]!.id], contact: "052 3561234" },
    headers: { Origin: baseURL! },
  });
  expect(suggested.ok(), await suggested.text()).toBe(true);

  await signInViaApi(page.request, baseURL!, DEMO.admin.email, DEMO.admin.password);
  await page.goto("/admin-dashboard");
  await expect(page.getByText("Total Users")).toBeVisible();
  const card = page.getByRole("article", { name });
  await expect(card).toBeVisible();
  await card.getByRole("button", { name: "Approve" }).click();
  await expect(toasts(page).getByText("Approved", { exact: true })).toBeVisible();
  await expect(card).toHaveCount(0);

  // Approved after the build: searchable at once, and its page comes from the Worker's fallback.
  const found = (await (
    await page.request.get(`/api/providers?search=${encodeURIComponent(name)}`)
  ).json()) as ApiProvider[];
  expect(found.map((p) => p.companyName)).toEqual([name]);
  await page.goto(found[0]!.path);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();

  // The Cron Trigger finds data newer than the deployed pages and asks CI for a rebuild.
  const hooks = resolve(process.env.E2E_DIR!, "data", "deploy-hooks");
  const before = (await readdir(hooks)).length;
  expect((await page.request.get("/cdn-cgi/local/scheduled")).ok()).toBe(true);
  await expect.poll(async () => (await readdir(hooks)).length).toBe(before + 1);
  const newest = (await readdir(hooks)).sort().at(-1)!;
  const dispatch = JSON.parse(await readFile(join(hooks, newest), "utf8")) as {
    event_type: string;
    client_payload: { dataVersion: number; deployedVersion: number };
  };
  expect(dispatch.event_type).toBe("karkhana-publish");
  expect(dispatch.client_payload.dataVersion).toBeGreaterThan(
    dispatch.client_payload.deployedVersion,
  );
});

test("a provider renamed a moment ago is complete server HTML at its new URL, rendered by the Worker", async ({
  browser,
  request,
  baseURL,
}) => {
  const [p] = (await (
    await request.get("/api/providers?city=peshawar&limit=1")
  ).json()) as ApiProvider[];
  await signInViaApi(request, baseURL!, DEMO.admin.email, DEMO.admin.password);
  const name = `Worker Renamed ${Date.now()}`;
  const res = await request.patch(`/api/admin/providers/${p!.id}/details`, {
    headers: { Origin: baseURL! },
    data: {
      companyName: name,
      location: p!.location,
      email: "",
      phone: "",
      website: "",
      description: p!.description,
      pricePkr: p!.pricePkr,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  const renamed = (await (await request.get(`/api/providers/${p!.id}`)).json()) as ApiProvider;
  expect(renamed.path).not.toBe(p!.path);

  // As a crawler sees it: no JavaScript.
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const view = await page.goto(renamed.path);
  expect(view?.status()).toBe(200);
  const html = await page.content();
  await context.close();
  expect(html).toContain(`<title>${name}`);
  expect(html).toContain(`${renamed.path}"`);
  expect(html).toContain('type="application/ld+json"');
  expect(html).not.toMatch(/noindex/);
  expect(html).not.toMatch(/mailto:|tel:/);

  // Its Urdu twin, rendered by the same Worker in Urdu (the language held per
  // render, decision 022), and the old Urdu URL sends to the new one.
  const urdu = await request.get(`/ur${renamed.path}`);
  expect(urdu.status()).toBe(200);
  const urduHtml = await urdu.text();
  expect(urduHtml).toContain('<html lang="ur" dir="rtl">');
  expect(urduHtml).toContain(`hreflang="en-PK" href="${new URL(renamed.path, baseURL).href}"`);
  expect(urduHtml).toContain(`<title>${name}`);
  const old = await request.get(`/ur${p!.path}`, { maxRedirects: 0 });
  expect(old.status()).toBe(301);
  expect(new URL(old.headers()["location"]!, baseURL).pathname).toBe(`/ur${renamed.path}`);
});

test("on the Worker a page view is counted by its beacon and a quote request reaches the provider", async ({
  page,
  playwright,
  baseURL,
}) => {
  // The provider and the customer each get their own cookie jar; the page stays anonymous.
  const provider = await playwright.request.newContext({ baseURL });
  const customer = await playwright.request.newContext({ baseURL });
  try {
    await signInViaApi(provider, baseURL!, DEMO.provider.email, DEMO.provider.password);
    await signInViaApi(customer, baseURL!, DEMO.customer.email, DEMO.customer.password);
    const mine = (await (await provider.get("/api/my-provider")).json()) as {
      id: string;
      path: string;
    };
    const views = async () => {
      const res = await provider.get("/api/my-provider/insights?days=30");
      expect(res.status(), await res.text()).toBe(200);
      return ((await res.json()) as { totals: { views: number } }).totals.views;
    };
    const before = await views();

    // The pre-rendered page from the assets sends its one beacon, which the Worker writes
    // after answering (executionCtx.waitUntil, decision 019).
    const beacon = page.waitForRequest(
      (r) => r.url().endsWith("/api/events") && r.method() === "POST",
    );
    await page.goto(mine.path);
    expect((await beacon).postDataJSON()).toEqual({ event: "view", providerId: mine.id });
    await expect.poll(views).toBe(before + 1);

    const sent = await customer.post("/api/leads", {
      data: {
        providerId: mine.id,
        need: "200 cotton tote bags with our logo printed on one side.",
        city: "Lahore",
      },
      headers: { Origin: baseURL! },
    });
    expect(sent.status(), await sent.text()).toBe(201);
    const { id } = (await sent.json()) as { id: string };
    const inbox = (await (await provider.get("/api/my-provider/leads")).json()) as {
      leads: { id: string; unread: boolean }[];
    };
    expect(inbox.leads.find((l) => l.id === id)).toMatchObject({ unread: true });
  } finally {
    await provider.dispose();
    await customer.dispose();
  }
});

test("on the Worker a business accepted as closed answers 410 with its city's providers, and a duplicate 301s to the kept listing", async ({
  request,
  baseURL,
}) => {
  const listed = (await (
    await request.get("/api/providers?city=multan&limit=3")
  ).json()) as ApiProvider[];
  expect(listed.length).toBe(3);
  const [closed, kept, duplicate] = listed as [ApiProvider, ApiProvider, ApiProvider];
  // Each was pre-rendered at the build: the Worker must not serve that file any more. (Not
  // fetched first here: the edge would keep that 200 for its minute, by design.)

  await signInViaApi(request, baseURL!, DEMO.customer.email, DEMO.customer.password);
  for (const [p, proposal] of [
    [closed, { field: "closed", note: "The shop board is gone." }],
    [duplicate, { field: "duplicate", value: kept.id }],
  ] as const) {
    const res = await request.post("/api/edits", {
      headers: { Origin: baseURL! },
      data: { providerId: p.id, proposals: [proposal] },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  // Admins may decide any listing's proposals, claimed or not.
  await signInViaApi(request, baseURL!, DEMO.admin.email, DEMO.admin.password);
  const pending = (await (await request.get("/api/admin/edits?status=pending")).json()) as {
    id: string;
    provider: { id: string };
  }[];
  for (const p of [closed, duplicate]) {
    const edit = pending.find((e) => e.provider.id === p.id);
    expect(edit, `a pending proposal for ${p.companyName}`).toBeDefined();
    const res = await request.post(`/api/admin/edits/${edit!.id}/accept`, {
      headers: { Origin: baseURL! },
    });
    expect(res.status(), await res.text()).toBe(200);
  }

  for (const prefix of ["", "/ur"]) {
    const gone = await request.get(`${prefix}${closed.path}`);
    expect(gone.status()).toBe(410);
    const html = await gone.text();
    expect(html).toContain(prefix ? '<html lang="ur" dir="rtl">' : '<html lang="en"');
    expect(html).toContain(`href="${prefix}${kept.path}"`);
    expect(html).toMatch(/noindex/);

    const moved = await request.get(`${prefix}${duplicate.path}`, { maxRedirects: 0 });
    expect(moved.status()).toBe(301);
    expect(new URL(moved.headers()["location"]!, baseURL).pathname).toBe(`${prefix}${kept.path}`);
  }
});
