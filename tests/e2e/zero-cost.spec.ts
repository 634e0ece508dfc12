import { gzipSync } from "node:zlib";
import type { APIRequestContext, Page } from "@playwright/test";
import { createAccount, signInViaApi } from "./auth-helpers.ts";
import { expect, test } from "./fixtures.ts";

/**
 * An anonymous view of a directory page wakes neither the API nor
 * React. Budget per page: no request to /api and at most 50 KB of gzipped
 * JavaScript before the first interaction. The one exception (decision 019):
 * a provider page sends one counting beacon, `POST /api/events` with its
 * view, after load.
 */
const JS_BUDGET_KB = 50;
/** Quiet time after network idle, long enough for requestIdleCallback work to have started. */
const SETTLE_MS = 1500;

interface PageCost {
  /** Every /api request but the counting beacon. */
  apiRequests: string[];
  /** The bodies of the counting beacons (POST /api/events). */
  beacons: string[];
  scripts: { url: string; gzipBytes: number }[];
}

/** Loads `path` as a visitor who does nothing, and records what that cost. */
async function measure(page: Page, path: string): Promise<PageCost> {
  const apiRequests: string[] = [];
  const beacons: string[] = [];
  const bodies: Promise<{ url: string; gzipBytes: number } | null>[] = [];
  page.on("request", (req) => {
    const path = new URL(req.url()).pathname;
    if (req.method() === "POST" && path === "/api/events") beacons.push(req.postData() ?? "");
    else if (path.startsWith("/api/")) apiRequests.push(req.url());
  });
  page.on("response", (res) => {
    if (res.request().resourceType() !== "script") return;
    bodies.push(
      res
        .body()
        .then((b) => ({ url: res.url(), gzipBytes: gzipSync(b).length }))
        .catch(() => null),
    );
  });
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(SETTLE_MS);
  await page.waitForLoadState("networkidle");
  const scripts = (await Promise.all(bodies)).filter((s) => s !== null);
  return { apiRequests, beacons, scripts };
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/** The canonical page of a seeded Karachi provider (the API knows its path). */
async function karachiProvider(request: APIRequestContext): Promise<string> {
  const [p] = (await (await request.get("/api/providers?city=karachi&limit=1")).json()) as {
    path: string;
  }[];
  expect(p?.path).toMatch(/^\/pk\/karachi\/[^/]+\/[^/]+$/);
  return p!.path;
}

/** One real page of each kind, found through the seeded site. */
async function pagesToCheck(
  page: Page,
  request: APIRequestContext,
): Promise<{ kind: string; path: string }[]> {
  await page.goto("/pk/karachi");
  const hrefs = await page
    .locator("main a[href^='/pk/karachi/']")
    .evaluateAll((links) => links.map((a) => a.getAttribute("href")!));
  const category = hrefs.find((h) => /^\/pk\/karachi\/[^/]+$/.test(h));
  expect(category, "a city×category link on /pk/karachi").toBeTruthy();
  const provider = await karachiProvider(request);
  const english = [
    { kind: "home", path: "/" },
    { kind: "all cities", path: "/pk" },
    { kind: "city", path: "/pk/karachi" },
    { kind: "city×category", path: category! },
    { kind: "provider", path: provider },
  ];
  // The Urdu twins cost the same: the language switch is a link, the font is CSS (decision 022).
  const urdu = english.map(({ kind, path }) => ({
    kind: `${kind} (ur)`,
    path: path === "/" ? "/ur" : `/ur${path}`,
  }));
  return [...english, ...urdu];
}

test.describe("an anonymous view", () => {
  test("of every directory page kind makes no API call and stays in the JavaScript budget", async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(150_000);
    const targets = await pagesToCheck(page, request);
    const figures: string[] = [];
    for (const { kind, path } of targets) {
      // A fresh browser profile per page: nothing cached from the page before.
      const context = await browser.newContext();
      const fresh = await context.newPage();
      const errors: string[] = [];
      fresh.on("console", (m) => {
        if (m.type() === "error") errors.push(m.text());
      });
      fresh.on("pageerror", (e) => errors.push(e.message));
      const cost = await measure(fresh, path);
      await context.close();
      const total = cost.scripts.reduce((sum, s) => sum + s.gzipBytes, 0);
      figures.push(
        `${kind.padEnd(19)} ${path}: ${kb(total)} KB gzipped JS in ${cost.scripts.length} files`,
      );
      // Soft, so every page's figure is measured and printed even when one fails.
      expect.soft(cost.apiRequests, `${path} asks the API`).toEqual([]);
      // Only a provider page counts its view, once; no other page sends anything.
      const views = kind.startsWith("provider")
        ? [JSON.stringify({ event: "view", providerId: path.slice(-36) })]
        : [];
      expect.soft(cost.beacons, `${path} sends counting beacons`).toEqual(views);
      expect.soft(errors, `${path} logs errors`).toEqual([]);
      expect
        .soft(kb(total), `${path}: KB of gzipped JS before interaction`)
        .toBeLessThanOrEqual(JS_BUDGET_KB);
    }
    console.log(`JavaScript before interaction, anonymous:\n  ${figures.join("\n  ")}`);
  });

  test("can search from the home page at once: the first keystrokes are kept", async ({ page }) => {
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    const box = page.getByRole("searchbox", { name: "Search services or providers" });
    // Typing starts before React has arrived: the island hydrates on that focus.
    await box.click();
    await box.pressSequentially("textile", { delay: 20 });
    await expect(box).toHaveValue("textile");
    await expect(page).toHaveURL(/[?&]q=textile/);
    await expect(page.getByText(/Showing \d+ of|^\d+ providers?$/).first()).toBeVisible();
  });

  test("without JavaScript, the home search box is a plain GET form", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/");
    const box = page.getByRole("searchbox", { name: "Search services or providers" });
    await box.fill("steel");
    await box.press("Enter");
    await expect(page).toHaveURL(/\/\?q=steel/);
    await context.close();
  });

  test("loads more listing rows with the first click on Load more", async ({ page }) => {
    await page.goto("/pk");
    await page.waitForLoadState("networkidle");
    const visits = page.getByRole("link", { name: /^Visit / });
    const before = await visits.count();
    // The island wakes on this click and presses its button again once live.
    await page.getByRole("button", { name: "Load more" }).click();
    await expect.poll(() => visits.count()).toBeGreaterThan(before);
  });

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 360, height: 740 } });

    test("opens the menu with the first tap, still without asking the API", async ({ page }) => {
      const api: string[] = [];
      page.on("request", (r) => {
        if (new URL(r.url()).pathname.startsWith("/api/")) api.push(r.url());
      });
      await page.goto("/pk/karachi");
      await page.waitForLoadState("networkidle");
      await page.getByRole("button", { name: "Open menu" }).click();
      const menu = page.getByRole("dialog", { name: "Menu" });
      await expect(menu).toBeVisible();
      await expect(menu.getByRole("link", { name: "Sign In" })).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(menu).toBeHidden();
      await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();
      // The menu's island knows from the missing hint cookie that nobody is signed in.
      expect(api).toEqual([]);
    });
  });
});

test.describe("a signed-in view", () => {
  test("of a provider page shows the header, the heart and the contact details without a click", async ({
    page,
    baseURL,
    request,
  }) => {
    const account = await createAccount("zero-cost");
    // Through the real sign-in, so the page reads the hint cookie the server set.
    await signInViaApi(page.request, baseURL!, account.email, account.password);
    await page.goto(await karachiProvider(request));
    const header = page.getByRole("banner");
    await expect(header.getByText("Welcome, Farah")).toBeVisible();
    await expect(page.getByRole("button", { name: "Favorite", exact: true })).toBeVisible();
    const contact = page.getByRole("region", { name: "Contact" });
    await expect(contact.getByText("Sign in to view")).toBeHidden();
    await expect(contact.getByRole("listitem").first()).toBeVisible();
  });
});
