/**
 * `npm run deploy` — production deploy (docs/deploy.md): migrate the Turso
 * database, pre-render the site from it (failing over ASSET_FILE_LIMIT), then
 * `wrangler deploy` the Worker with the new assets. The Cron Trigger's deploy
 * hook runs this same command in CI to publish data changes.
 */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../", import.meta.url));
const required = ["DATABASE_URL", "DATABASE_AUTH_TOKEN", "PUBLIC_SITE_URL"] as const;
const missing = required.filter((k) => !process.env[k]);
if (missing.length > 0) {
  console.error(`deploy: set ${missing.join(", ")} (docs/deploy.md, "Deploy")`);
  process.exit(2);
}
if (!/^libsql:\/\/|^https:\/\//.test(process.env.DATABASE_URL!)) {
  console.error("deploy: DATABASE_URL must be the Turso database's libsql:// URL");
  process.exit(2);
}

function run(args: string[]) {
  console.log(`\n$ ${args.join(" ")}`);
  const r = spawnSync(process.execPath, args, { cwd: root, stdio: "inherit", env: process.env });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

run(["scripts/migrate.ts"]);
run(["scripts/build.ts"]);
run([
  "node_modules/wrangler/bin/wrangler.js",
  "deploy",
  // Per-deployment values; secrets (tokens, keys) are set once with `wrangler secret put`.
  "--var",
  `DATABASE_URL:${process.env.DATABASE_URL}`,
  "--var",
  `PUBLIC_SITE_URL:${process.env.PUBLIC_SITE_URL}`,
  ...process.argv.slice(2),
]);
