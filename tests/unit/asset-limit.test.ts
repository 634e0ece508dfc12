import { spawn } from "node:child_process";
import { access, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dbConfigFromEnv, migrateDb, openDb } from "../../db/client.ts";
import { loadSiteData } from "../../db/queries/site-data.ts";
import { seedCategories, seedProviders } from "../../db/seed/index.ts";
import { AssetLimitError, countFiles, type BuildInfo } from "../../functions/node/publish.ts";
import { RESERVED_FILES } from "../../src/lib/file-budget.ts";
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

  it("stops `npm run build` before rendering anything when not even the fixed part fits", async () => {
    const { code, out } = await run(["scripts/build.ts"], {
      DATA_DIR: join(dir, "data"),
      SITE_DIR: join(dir, "dist-small"),
      ASSET_FILE_LIMIT: "100",
    });
    expect(out).toContain(
      `build failed: ASSET_FILE_LIMIT is 100, but the app pages and assets alone may take ${RESERVED_FILES} files`,
    );
    expect(code).toBe(1);
    // Astro never ran: nothing was rendered.
    await expect(access(join(dir, "dist-small", "client"))).rejects.toThrow();
  });

  it(
    "plans the pages within the limit before rendering, writes each page in both languages, never more files",
    { timeout: 400_000 },
    async () => {
      const dataDir = join(dir, "data-tight");
      await mkdir(dataDir, { recursive: true });
      const db = await openDb(dbConfigFromEnv({ DATA_DIR: dataDir }));
      await migrateDb(db);
      await seedCategories(db);
      await seedProviders(db, 40, 7);
      // Room for the sitemap, every listing and exactly 5 provider pages in both languages.
      const all = await loadSiteData(db, Number.MAX_SAFE_INTEGER);
      db.$client.close();
      const k = all.plan.budget.kinds;
      const limit =
        RESERVED_FILES + k.sitemaps.files + k.cities.files + k.cityCategories.files + 10;
      const site = join(dir, "dist-tight");
      const { code, out } = await run(["scripts/build.ts"], {
        DATA_DIR: dataDir,
        SITE_DIR: site,
        ASSET_FILE_LIMIT: String(limit),
      });
      expect(out).toContain(`limit ${limit.toLocaleString("en-US")})`);
      expect(code).toBe(0);
      const info = JSON.parse(
        await readFile(join(site, "client", "build-info.json"), "utf8"),
      ) as BuildInfo;
      expect(info.files).toBe(await countFiles(join(site, "client")));
      expect(info.files).toBeLessThanOrEqual(limit);
      expect(info.budget!.limit).toBe(limit);
      expect(info.budget!.kinds.providers).toEqual({ written: 5, left: all.total - 5, files: 10 });
      expect(info.budget!.kinds.emptyCities.written).toBe(0);
      // Five provider pages, each with its Urdu twin; the others are left to the server.
      const providerPages = (await readdir(join(site, "client", "pk"), { recursive: true }))
        .map(String)
        .filter((f) => f.split("/").length === 4 && f.endsWith("index.html"));
      expect(providerPages).toHaveLength(5);
      for (const page of providerPages) {
        await expect(access(join(site, "client", "ur", "pk", page))).resolves.toBeUndefined();
      }
      // Every city with providers and every pair is written, in both languages.
      for (const city of all.cities.filter((c) => c.count > 0)) {
        await access(join(site, "client", "pk", city.slug, "index.html"));
        await access(join(site, "client", "ur", "pk", city.slug, "index.html"));
      }
      // A city without providers is not: it comes after the providers that were cut.
      const empty = all.cities.find((c) => c.count === 0)!;
      await expect(access(join(site, "client", "pk", empty.slug, "index.html"))).rejects.toThrow();
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
