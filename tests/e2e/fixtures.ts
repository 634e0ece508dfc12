import { test as base, expect, type Page } from "@playwright/test";

/**
 * The browser logs every non-OK response as a console error. Asking who is
 * signed in answers 401 to every visitor: that one is expected on every page.
 */
function isExpectedFailure(text: string, url: string): boolean {
  return /status of 401/.test(text) && new URL(url, "http://x").pathname === "/api/auth/user";
}

/** A private address of its own for each test (and each repeat of it). */
function visitorIp(testId: string, repeat: number): string {
  let h = 2166136261;
  for (const ch of `${testId}#${repeat}`) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  const n = h >>> 8;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

/**
 * Every page a test opens fails the test on an unexpected console error or an
 * uncaught exception. Tests that provoke an error on purpose list it in
 * `allowConsoleErrors`.
 */
export const test = base.extend<{ allowConsoleErrors: RegExp[] }>({
  allowConsoleErrors: [[], { option: true }],
  // Each test is its own visitor. Every request of a run comes from 127.0.0.1,
  // and the per-IP caps (30 sign-ins per 15 min, 120 searches a minute, contact
  // reveals) are sized for one person, not for a whole suite: shared, they ran
  // out part-way through a run. The e2e server trusts X-Forwarded-For
  // (TRUST_PROXY=1 in playwright.config.ts), like a deployment behind a proxy.
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    await use({
      ...extraHTTPHeaders,
      "X-Forwarded-For": visitorIp(testInfo.testId, testInfo.repeatEachIndex),
    });
  },
  page: async ({ page, allowConsoleErrors }, use) => {
    const errors: string[] = [];
    page.on("console", (msg) => {
      if (msg.type() !== "error") return;
      const text = msg.text();
      if (isExpectedFailure(text, msg.location().url)) return;
      if (allowConsoleErrors.some((re) => re.test(text))) return;
      errors.push(text);
    });
    page.on("pageerror", (err) => errors.push(`pageerror: ${err.message}`));
    await use(page);
    expect(errors, "unexpected console errors").toEqual([]);
  },
});

export { expect };

/**
 * Islands ignore clicks until hydrated. Waits until every island that holds
 * `selector` (by default: every island that hydrates at load or idle) is.
 */
export async function waitForIslands(page: Page, selector?: string) {
  await page.waitForFunction((sel) => {
    const islands = [...document.querySelectorAll("astro-island")].filter((el) =>
      sel ? el.querySelector(sel) : el.getAttribute("client") !== "visible",
    );
    return islands.length > 0 && islands.every((el) => !el.hasAttribute("ssr"));
  }, selector);
}

export type { ProviderPublic as ApiProvider } from "../../src/lib/types.ts";
