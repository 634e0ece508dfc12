/**
 * `npm run dev` — Astro's dev server for the pages (hot reload) with /api and
 * /media proxied to the Hono app, which runs on PORT+1 from functions/node.ts.
 */
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../", import.meta.url));
const port = Number(process.env.PORT || 4321);
const apiPort = port + 1;

const api = spawn(process.execPath, ["functions/node.ts"], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, PORT: String(apiPort) },
});
const astro = spawn(
  process.execPath,
  [
    "node_modules/astro/bin/astro.mjs",
    "dev",
    "--port",
    String(port),
    "--host",
    process.env.HOST || "127.0.0.1",
  ],
  {
    cwd: root,
    stdio: "inherit",
    env: {
      ...process.env,
      KARKHANA_API_PROXY: `http://127.0.0.1:${apiPort}`,
      ASTRO_TELEMETRY_DISABLED: "1",
    },
  },
);
const stop = () => {
  api.kill("SIGTERM");
  astro.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
api.on("exit", stop);
astro.on("exit", stop);
