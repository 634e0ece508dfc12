/**
 * The Worker's entry (wrangler.toml `main`): the runtime of functions/worker.ts
 * with the build's Astro App, so directory pages missing from the assets or
 * overtaken by the data are rendered on demand from the same components the
 * build used. `karkhana:pages` is the build's server/entry.mjs (wrangler's
 * `alias`; scripts/preview-worker.ts points it at its own build).
 */
import { app } from "karkhana:pages";
import { makeWorker } from "./worker.ts";

export default makeWorker(app);
