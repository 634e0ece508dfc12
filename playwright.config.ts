import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT || 4399);
// A throwaway database and site per run, so tests never touch ./data or ./dist.
const E2E_DIR = process.env.E2E_DIR || ".e2e";

export default defineConfig({
  testDir: "tests/e2e",
  forbidOnly: !!process.env.CI,
  // A retry that rescues a test hides a flaky one: every test passes first time or fails.
  retries: 0,
  workers: 2,
  // Budgets measured in CI mode with both workers on two cores shared with
  // other builds (load 10-20): ordinary tests took up to 27 s, so 60 s; the
  // longer flows (axe scans, publishes, multi-step admin work) set a measured
  // budget of their own, about twice their slowest run.
  timeout: 60_000,
  // A write that also feeds a running publish took over 5 s to answer there.
  expect: { timeout: 10_000 },
  // Per run folder, so concurrent runs on one checkout keep their own results.
  outputDir: `${E2E_DIR}/test-results`,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // Never recorded in a normal run (no retries); `--retries=1` re-runs a failure with a trace.
    trace: "on-first-retry",
    launchOptions: {
      // Debian's Chromium: Playwright's own browser download is not reachable here.
      executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: {
    command: `rm -rf ${E2E_DIR} && node functions/node.ts`,
    url: `http://127.0.0.1:${PORT}/api/health`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: "pipe",
    env: {
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR: `${E2E_DIR}/data`,
      SITE_DIR: `${E2E_DIR}/dist`,
      PUBLISH_DEBOUNCE_MS: "500",
      // Each test sends its own X-Forwarded-For (fixtures.ts), so per-IP caps are per test.
      TRUST_PROXY: "1",
      // The freshness tests publish change after change; production keeps 60 s between builds.
      PUBLISH_MIN_INTERVAL_MS: "0",
    },
  },
});
