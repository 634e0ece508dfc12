import { defineConfig } from "vitest/config";
import { compileMessagesNow } from "./scripts/i18n.ts";

// Tests import the compiled message catalog (decision 022).
compileMessagesNow();

export default defineConfig({
  test: {
    include: [
      "tests/unit/**/*.test.ts",
      "tests/api/**/*.test.ts",
      "tests/search/**/*.test.ts",
      "src/**/*.test.ts",
    ],
    // Each API test file opens its own throwaway libSQL file; two cores, two workers.
    maxWorkers: 2,
    testTimeout: 20_000,
  },
});
