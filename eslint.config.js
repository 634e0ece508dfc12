// @ts-check
import js from "@eslint/js";
import astro from "eslint-plugin-astro";
// The fork of eslint-plugin-jsx-a11y with the same rules: the original still
// declares ESLint 9 at most as its peer, and eslint-plugin-astro 3 (the one
// that parses Astro 7's files) needs ESLint 10. eslint-plugin-astro takes
// either for its .astro accessibility rules.
import jsxA11y from "eslint-plugin-jsx-a11y-x";
import reactHooks from "eslint-plugin-react-hooks";
import { defineConfig, globalIgnores } from "eslint/config";
import globals from "globals";
import tseslint from "typescript-eslint";

export default defineConfig(
  globalIgnores([
    // Every dot-folder at the root is tool output or somebody's scratch
    // (.astro, .bench*, .e2e*, .kb, .wrangler, .lighthouse, .tmp, ...).
    ".*/",
    "dist/",
    ".dist-*/",
    "data/",
    "test-results/",
    "playwright-report/",
    "coverage/",
    // Generated: drizzle-kit's migrations, the common-password list.
    "db/migrations/",
    "functions/auth/common-passwords.ts",
    // Generated from messages/ by scripts/i18n.ts.
    "src/i18n/paraglide*/",
  ]),
  js.configs.recommended,
  {
    // With type information: it finds promises nobody handles (an async
    // function passed where a void callback is expected), `any` values
    // flowing into typed code, and more that syntax alone cannot see. Building
    // the types is most of the cost (the run takes about 45 s on two cores,
    // 16 s without types), so the whole recommended set costs hardly more
    // than a few chosen type-aware rules would.
    files: ["**/*.{ts,tsx}"],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // An `async` function without `await` is how an implementation keeps a
      // port's promise contract (mailers, blob stores, fakes in tests, the
      // Worker's handlers): a synchronous throw still becomes a rejection the
      // caller handles. Dropping `async` to please this rule would change that.
      "@typescript-eslint/require-await": "off",
      // As tsc's noUnusedLocals: `const { secret: _, ...rest } = row` is how a
      // property is left out of a copy.
      "@typescript-eslint/no-unused-vars": ["error", { ignoreRestSiblings: true }],
    },
  },
  {
    // Tests read API answers with `await res.json()`, which is `any`, and
    // assert on their shape with expect(): that is the check. Casting each
    // body to a type would claim a shape nothing verified, so the rules that
    // flag every use of an `any` stay off here (they stay on everywhere else).
    files: ["tests/**/*.ts", "**/*.test.ts"],
    rules: {
      "@typescript-eslint/no-explicit-any": "off",
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-unsafe-return": "off",
    },
  },
  {
    files: ["**/*.{js,mjs}"],
    languageOptions: { globals: globals.node },
  },
  {
    files: ["**/*.tsx"],
    extends: [reactHooks.configs.flat.recommended, jsxA11y.configs.recommended],
    rules: {
      "react-hooks/exhaustive-deps": "error",
      // The rest of the recommended set comes from the React Compiler and
      // flags real bugs in plain React too (a component declared during
      // render, state set during render or straight from an effect, a ref
      // read during render, impure calls such as Date.now() in render, which
      // also break hydration of pre-rendered islands). These few only say
      // what the compiler itself could not optimise or how to configure it;
      // this project does not run the compiler, so they would be noise.
      "react-hooks/preserve-manual-memoization": "off",
      "react-hooks/incompatible-library": "off",
      "react-hooks/unsupported-syntax": "off",
      "react-hooks/config": "off",
      "react-hooks/gating": "off",
    },
  },
  astro.configs["flat/recommended"],
  astro.configs["flat/jsx-a11y-recommended"],
);
