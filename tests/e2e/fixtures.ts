import { test as base, expect, type Page } from "@playwright/test";

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
 * `selector` (by default: every island) and hydrates on its own is. Which ones
 * do depends on the directive (src/integrations/island-directives.ts):
 * load and idle always; signedin, and interaction="signedin", only with the
 * signed-in hint cookie; interaction="query" when the URL has a query. The
 * rest (interaction, toast, hash, visible) wait for a person, and their HTML
 * works until then.
 */
export async function waitForIslands(page: Page, selector?: string) {
  await page.waitForFunction((sel) => {
    const hinted = /(?:^|;\s*)(?:__Host-)?karkhana_signed_in=1(?:;|$)/.test(document.cookie);
    const wakesAlone = (el: Element) => {
      const client = el.getAttribute("client");
      let flags: string[] = [];
      try {
        const value = (JSON.parse(el.getAttribute("opts") ?? "{}") as { value?: unknown }).value;
        if (typeof value === "string") flags = value.split(/\s+/);
      } catch {
        // No options: no flags.
      }
      if (client === "load" || client === "idle" || client === "only") return true;
      if (client === "signedin") return hinted;
      if (client === "interaction") {
        return (
          (hinted && flags.includes("signedin")) ||
          (flags.includes("query") && location.search.length > 1)
        );
      }
      return false;
    };
    return [...document.querySelectorAll("astro-island")]
      .filter((el) => (sel ? el.querySelector(sel) : true) && wakesAlone(el))
      .every((el) => !el.hasAttribute("ssr"));
  }, selector);
}

export type { ProviderPublic as ApiProvider } from "../../src/lib/types.ts";
