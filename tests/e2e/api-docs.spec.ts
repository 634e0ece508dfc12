import { expect, test } from "./fixtures.ts";

/**
 * The API reference at /api/docs renders the generated document with Scalar's
 * bundle served by the site itself, under its own CSP, and asks nothing of any
 * other origin (no CDN, no web fonts, no telemetry).
 */
test("GET /api/docs renders the operations and requests nothing from another origin", async ({
  page,
  baseURL,
}) => {
  const origin = new URL(baseURL!).origin;
  const outside: string[] = [];
  const violations: string[] = [];
  const failed: string[] = [];
  page.on("response", (res) => {
    if (res.status() >= 400) failed.push(`${res.status()} ${res.url()}`);
  });
  page.on("request", (req) => {
    const url = req.url();
    if (!url.startsWith(origin) && !/^(data|blob|about):/.test(url)) outside.push(url);
  });
  page.on("console", (msg) => {
    if (/Content Security Policy/i.test(msg.text())) violations.push(msg.text());
  });

  const res = await page.goto("/api/docs");
  expect(res?.status()).toBe(200);
  expect(res?.headers()["content-security-policy"]).toContain("script-src 'self'");
  expect(res?.headers()["content-security-policy"]).not.toMatch(/script-src[^;]*unsafe/);

  // Operations from the document, by their summaries, and a tag of ours.
  await expect(page.getByText("Search and list providers").first()).toBeVisible({
    timeout: 30_000,
  });
  // Every tag of the document is a group in the sidebar.
  const sidebar = page.getByRole("complementary", { name: /Karkhana API/ });
  for (const tag of ["Directory", "Accounts", "Favorites", "Provider self-service", "Admin"]) {
    await expect(sidebar.getByRole("link", { name: tag, exact: true })).toBeVisible();
  }
  await page.waitForLoadState("networkidle");

  expect(outside, "requests to other origins").toEqual([]);
  expect(violations, "CSP violations").toEqual([]);
  expect(failed, "failed requests").toEqual([]);
});
