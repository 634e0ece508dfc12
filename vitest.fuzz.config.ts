import { defineConfig } from "vitest/config";
import { compileMessagesNow } from "./scripts/i18n.ts";

// Tests import the compiled message catalog (decision 022).
compileMessagesNow();

/**
 * `npm run test:fuzz`: property-based requests generated from the app's
 * OpenAPI document, and malformed transport (tests/fuzz). Kept out of
 * vitest.config.ts so `npm run test:unit` does not run them twice.
 */
export default defineConfig({
  test: {
    include: ["tests/fuzz/**/*.test.ts"],
    // Two cores: the property and transport files side by side.
    maxWorkers: 2,
    testTimeout: 110_000,
  },
});
