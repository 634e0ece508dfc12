import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { nodeVersionProblem, satisfies } from "../../scripts/preflight.mjs";

/**
 * An npm script run on a Node older than the project's stops at
 * once with one message naming the version and the fix, instead of failing
 * deep inside Astro, vitest or on a ".ts" extension; on the right Node it
 * compiles what a fresh clone lacks (scripts/preflight.mjs).
 */

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
  engines: { node: string };
  scripts: Record<string, string>;
  devDependencies: Record<string, string>;
};
const range = pkg.engines.node;
const nvmrc = readFileSync(join(ROOT, ".nvmrc"), "utf8").trim();
const CHECK = "node scripts/preflight.mjs && ";

describe("satisfies", () => {
  it.each([
    ["24.0.0", ">=24", true],
    ["24.21.0", ">=24", true],
    ["26.1.0", ">=24", true],
    ["23.11.1", ">=24", false],
    ["20.20.2", ">=24", false],
    ["22.12.0", ">=22.12.0", true],
    ["22.11.9", ">=22.12.0", false],
    ["24.3.0", "^24", true],
    ["25.0.0", "^24", false],
    ["24.0.9", "^24.1.0", false],
    ["22.19.0", ">=22.18 <23 || >=24", true],
    ["23.6.0", ">=22.18 <23 || >=24", false],
    ["v24.1.0", "24", true],
    ["24.1.5", "~24.1", true],
    ["24.2.0", "~24.1", false],
  ])("%s in %s: %s", (version, r, expected) => {
    expect(satisfies(version, r)).toBe(expected);
  });

  it("refuses a range it cannot read rather than letting any Node through", () => {
    expect(() => satisfies("24.0.0", "lts/*")).toThrow(/unsupported version range/);
  });
});

describe("nodeVersionProblem", () => {
  const old = { version: "20.20.2", execPath: "/usr/bin/node", range, nvmrc };

  it("passes the Node this test runs on (the project's own)", () => {
    expect(
      nodeVersionProblem({
        version: process.versions.node,
        execPath: process.execPath,
        range,
        nvmrc,
        projectNode: "installed",
      }),
    ).toBeNull();
  });

  it("names the required version, the running one, and the fix after --ignore-scripts", () => {
    const msg = nodeVersionProblem({ ...old, projectNode: "no-binary" });
    expect(msg).toContain(
      `karkhana needs Node ${range} (package.json "engines", .nvmrc: ${nvmrc})`,
    );
    expect(msg).toContain("but this is Node 20.20.2 (/usr/bin/node)");
    expect(msg).toContain("its install script did not run (`npm install --ignore-scripts`)");
    expect(msg).toContain("run `npm install` without --ignore-scripts (or `npm rebuild node`)");
    expect(msg).toContain(`install Node ${nvmrc}`);
  });

  it("says to install the dependencies when the project's Node is not there at all", () => {
    const msg = nodeVersionProblem({ ...old, projectNode: "not-installed" });
    expect(msg).toContain("it is not installed");
    expect(msg).toContain("run `npm install` (with the devDependencies");
    expect(msg).not.toContain("npm rebuild");
  });

  it("says to go through npm run when the project's Node is installed but not used", () => {
    const msg = nodeVersionProblem({ ...old, projectNode: "installed" });
    expect(msg).toContain("did not run through `npm run`");
    expect(msg).toContain("node_modules/.bin first on PATH");
  });
});

describe("the project's Node requirements agree", () => {
  it(".nvmrc and the node devDependency are inside engines.node", () => {
    expect(satisfies(nvmrc, range)).toBe(true);
    const bundled = pkg.devDependencies.node?.replace(/^[\^~]/, "") ?? "";
    expect(satisfies(bundled, range)).toBe(true);
  });

  it("every npm script that runs the project's code goes through the preflight first", () => {
    // Prettier alone, no project code: works on any Node (format fixes files anywhere). `lint`
    // is checked: ESLint's Astro plugin needs Node 22.22 or 24.16 at least.
    const unchecked = ["format"];
    const missing = Object.entries(pkg.scripts)
      .filter(([name, cmd]) => !unchecked.includes(name) && !cmd.startsWith(CHECK))
      .map(([name]) => name);
    expect(missing).toEqual([]);
    expect(pkg.scripts.start).toBe(`${CHECK}node functions/node.ts`);
  });
});

describe("scripts/preflight.mjs", () => {
  it("exits 0 silently on the project's Node when nothing needs compiling", () => {
    const res = spawnSync(process.execPath, ["scripts/preflight.mjs"], {
      cwd: ROOT,
      encoding: "utf8",
    });
    expect(res.stderr).toBe("");
    expect(res.stdout).toBe("");
    expect(res.status).toBe(0);
  });

  // The machine's own Node (20 here) is what `npm run` falls back to without the project's.
  const systemNode = "/usr/bin/node";
  const systemVersion = existsSync(systemNode)
    ? execFileSync(systemNode, ["-p", "process.versions.node"], { encoding: "utf8" }).trim()
    : null;
  it.skipIf(systemVersion === null || satisfies(systemVersion, range))(
    `stops an older Node (${systemNode}, ${systemVersion}) with the message (exit 1)`,
    () => {
      const res = spawnSync(systemNode, ["scripts/preflight.mjs"], {
        cwd: ROOT,
        encoding: "utf8",
      });
      expect(res.status).toBe(1);
      expect(res.stderr).toContain(`karkhana needs Node ${range}`);
      expect(res.stderr).toContain(`but this is Node ${systemVersion} (${systemNode})`);
      expect(res.stderr).toContain("Fix:");
    },
  );

  it("compiles the message catalog a fresh clone lacks, then leaves it alone", () => {
    // A copy of what the catalog is made from, without its output: the state of a fresh
    // clone after `npm install`. Its own folder, so the catalog the other tests read is
    // never touched.
    const clone = mkdtempSync(join(tmpdir(), "karkhana-preflight-"));
    try {
      for (const path of ["package.json", ".nvmrc", "scripts", "messages", "project.inlang"]) {
        cpSync(join(ROOT, path), join(clone, path), { recursive: true });
      }
      symlinkSync(join(ROOT, "node_modules"), join(clone, "node_modules"), "dir");
      const runtime = join(clone, "src/i18n/paraglide/runtime.js");
      expect(existsSync(runtime)).toBe(false);

      const first = spawnSync(process.execPath, ["scripts/preflight.mjs"], {
        cwd: clone,
        encoding: "utf8",
      });
      expect(first.stderr).toBe("");
      expect(first.status).toBe(0);
      expect(first.stdout).toMatch(/messages compiled in \d+ ms/);
      expect(readFileSync(runtime, "utf8")).toContain("baseLocale");

      const again = spawnSync(process.execPath, ["scripts/preflight.mjs"], {
        cwd: clone,
        encoding: "utf8",
      });
      expect(again.status).toBe(0);
      expect(again.stdout).toBe("");
    } finally {
      rmSync(clone, { recursive: true, force: true });
    }
  }, 60_000);
});
