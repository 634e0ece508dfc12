import { test as base, expect, type Page } from "@playwright/test";

/**
 * The browser logs every non-OK response as a console error. Asking who is
 * signed in answers 401 to every visitor: that one is expected on every page.
 */
function isExpectedFailure(text: string, url: string): boolean {
  return /status of 401/.test(text) && new URL(url, "http://x").pathname === "/api/auth/user";
}

/**
 * Every page a test opens fails the test on an unexpected console error or an
 * uncaught exception. Tests that provoke an error on purpose list it in
 * `allowConsoleErrors`.
 */
export const test = base.extend<{ allowConsoleErrors: RegExp[] }>({
  allowConsoleErrors: [[], { option: true }],
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
