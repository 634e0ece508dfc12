import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT || 4399);
// A throwaway database and site per run, so tests never touch ./data or ./dist.
const E2E_DIR = process.env.E2E_DIR || ".e2e";

export default defineConfig({
  testDir: "tests/e2e",
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  timeout: 30_000,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
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
      // The freshness tests publish change after change; production keeps 60 s between builds.
      PUBLISH_MIN_INTERVAL_MS: "0",
    },
  },
});
