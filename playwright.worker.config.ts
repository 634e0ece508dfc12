import { defineConfig, devices } from "@playwright/test";
import base from "./playwright.config.ts";

/**
 * The Worker smoke suite: the same browser, against `npm run preview:worker`
 * (workerd via `wrangler dev`, static assets, local R2, the database over
 * libSQL's HTTP protocol). Its own port and folder, so it never shares state
 * with the Node suite.
 */
const PORT = Number(process.env.WORKER_E2E_PORT || 4398);
const E2E_DIR = process.env.WORKER_E2E_DIR || ".e2e-worker";
const DATABASE_FAULTS = /[\\/]tests[\\/]worker[\\/]faults\.spec\.ts$/;
const MAIL_QUEUE = /[\\/]tests[\\/]worker[\\/]mail-queue\.spec\.ts$/;
// The shared helpers find the mail outbox under E2E_DIR/data.
process.env.E2E_DIR = E2E_DIR;

export default defineConfig({
  ...base,
  testDir: "tests/worker",
  retries: 0,
  outputDir: `${E2E_DIR}/test-results`,
  use: { ...base.use, baseURL: `http://127.0.0.1:${PORT}` },
  // Every spec shares one Worker. mail-queue.spec.ts fires the Cron Trigger, which also
  // runs the deploy-hook check smoke.spec.ts counts: it runs after the others. faults.spec.ts
  // stops the database and breaks R2: it runs last of all.
  projects: [
    {
      name: "chromium",
      use: { ...devices["Desktop Chrome"] },
      testIgnore: [DATABASE_FAULTS, MAIL_QUEUE],
    },
    {
      name: "mail-queue",
      use: { ...devices["Desktop Chrome"] },
      testMatch: MAIL_QUEUE,
      dependencies: ["chromium"],
    },
    {
      name: "database-faults",
      use: { ...devices["Desktop Chrome"] },
      testMatch: DATABASE_FAULTS,
      dependencies: ["mail-queue"],
    },
  ],
  webServer: {
    command: `rm -rf ${E2E_DIR} && node scripts/preview-worker.ts`,
    url: `http://127.0.0.1:${PORT}/api/health`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: "pipe",
    env: { PORT: String(PORT), HOST: "127.0.0.1", PREVIEW_DIR: `${E2E_DIR}/data` },
  },
});
