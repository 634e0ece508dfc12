/**
 * Client directives that keep React off anonymous directory pages (decision
 * 012). Astro inlines each directive's script where it is first used
 * and lists its hash in the CSP meta, so they need no CSP change.
 *
 * - `client:signedin`: hydrates at once when the signed-in hint cookie is
 *   there, never otherwise (hearts, contact details, the signed-in home hero).
 * - `client:interaction`: hydrates on the first pointer, focus or key event
 *   inside the island, replaying a button press made while React loaded.
 *   Value flags: "signedin" also hydrates at once when hinted signed in,
 *   "query" when the URL carries a query (a search to restore).
 * - `client:toast`: hydrates when a toast is waiting: kept by the previous
 *   page (sessionStorage) or raised by another island on this one.
 * - `client:hash="#x"`: hydrates when the URL's hash is #x, or a link to it is
 *   pointed at, focused or followed.
 */
import { fileURLToPath } from "node:url";
import type { AstroIntegration } from "astro";

const DIRECTIVES = ["signedin", "interaction", "toast", "hash"] as const;

export function islandDirectives(): AstroIntegration {
  return {
    name: "karkhana:island-directives",
    hooks: {
      "astro:config:setup": ({ addClientDirective }) => {
        for (const name of DIRECTIVES) {
          addClientDirective({
            name,
            // A path: Astro hands it to esbuild, which does not resolve file: URLs.
            entrypoint: fileURLToPath(new URL(`./directives/${name}.ts`, import.meta.url)),
          });
        }
      },
    },
  };
}
