import { spawn } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AssetLimitError, countFiles } from "../../functions/node/publish.ts";
import { headersFile } from "../../functions/lib/security-headers.ts";

let dir: string;
beforeAll(async () => {
  // Inside the project: a build's server bundle resolves its packages from node_modules.
  await mkdir(".tmp", { recursive: true });
  dir = await mkdtemp(join(resolve(".tmp"), "karkhana-assets-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

function run(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn(process.execPath, args, {
      env: { ...process.env, ...env, ASTRO_TELEMETRY_DISABLED: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => (out += d.toString()));
    child.on("exit", (code) => resolve({ code, out }));
  });
}

describe("the static asset cap", () => {
  it("counts what a host uploads, not its own config files", async () => {
    const site = join(dir, "site");
    await mkdir(join(site, "pk", "lahore"), { recursive: true });
    await writeFile(join(site, "index.html"), "");
    await writeFile(join(site, "pk", "lahore", "index.html"), "");
    await writeFile(join(site, "_headers"), headersFile());
    expect(await countFiles(site)).toBe(2);
  });

  it("says how many files, the limit, and what to do", () => {
    const err = new AssetLimitError(20_416, 20_000);
    expect(err.message).toContain("20,416 files, over the limit of 20,000 (ASSET_FILE_LIMIT)");
    expect(err.message).toContain("100,000 on the paid plan");
    expect(err.message).toContain("docs/deploy.md");
  });

  it(
    "fails `npm run build` clearly when the site would have more files than allowed",
    { timeout: 240_000 },
    async () => {
      const { code, out } = await run(["scripts/build.ts"], {
        DATA_DIR: join(dir, "data"),
        SITE_DIR: join(dir, "dist"),
        ASSET_FILE_LIMIT: "100",
      });
      expect(out).toMatch(/build failed: The build has [\d,]+ files, over the limit of 100/);
      expect(code).toBe(1);
    },
  );

  it("refuses a limit that is not a number", async () => {
    const { code, out } = await run(["scripts/build.ts"], {
      DATA_DIR: join(dir, "data"),
      SITE_DIR: join(dir, "dist2"),
      ASSET_FILE_LIMIT: "lots",
    });
    expect(code).toBe(2);
    expect(out).toContain('ASSET_FILE_LIMIT must be a whole number, not "lots"');
  });
});
