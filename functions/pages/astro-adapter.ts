/**
 * The Astro adapter of the Node runtime. It builds the on-demand pages into
 * `server/entry.mjs`, whose only export is Astro's App: the Hono server calls
 * `app.render(request, { locals })` like any other fetch handler, with the
 * page's data already loaded and checked (functions/routes/pages.ts), so the
 * pages themselves never reach a database. @astrojs/node would bring its own
 * HTTP server or a Node req/res middleware; neither can sit behind the Hono
 * app that owns /api, /media, redirects and the page cache (decision 014).
 */
import type { AstroIntegration } from "astro";
import { fileURLToPath } from "node:url";

export function karkhanaNodeAdapter(): AstroIntegration {
  return {
    name: "karkhana-node",
    hooks: {
      "astro:config:done": ({ setAdapter }) => {
        setAdapter({
          name: "karkhana-node",
          entrypointResolution: "auto",
          serverEntrypoint: fileURLToPath(new URL("./astro-entry.ts", import.meta.url)),
          adapterFeatures: { buildOutput: "server" },
          supportedAstroFeatures: {
            hybridOutput: "stable",
            staticOutput: "stable",
            serverOutput: "stable",
          },
        });
      },
    },
  };
}
