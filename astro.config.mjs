// @ts-check
import { defineConfig } from "astro/config";
import react from "@astrojs/react";
import tailwindcss from "@tailwindcss/vite";

// The site is fully pre-rendered; request-time behaviour lives in the Hono app (functions/).
const site = process.env.PUBLIC_SITE_URL || "http://127.0.0.1:4321";

export default defineConfig({
  site,
  output: "static",
  outDir: process.env.ASTRO_OUT_DIR || "./dist",
  trailingSlash: "never",
  build: { format: "directory", concurrency: 2 },
  integrations: [react()],
  vite: {
    plugins: [tailwindcss()],
    // `npm run dev` sends API and media requests to the Hono app (scripts/dev.ts).
    server: {
      // Builds, data and test output change all the time; they are not sources.
      watch: {
        ignored: ["**/.bench/**", "**/.e2e/**", "**/data/**", "**/.dist-*/**", "**/dist/**"],
      },
      ...(process.env.KARKHANA_API_PROXY
        ? {
            proxy: {
              "/api": process.env.KARKHANA_API_PROXY,
              "/media": process.env.KARKHANA_API_PROXY,
            },
          }
        : {}),
    },
  },
  devToolbar: { enabled: false },
});
