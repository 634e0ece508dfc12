import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { envSchema, parseEnv } from "../../functions/config.ts";
import { workerEnvSchema } from "../../functions/worker/env.ts";

/**
 * .env.example lists every environment variable the project reads: the
 * ones the code names (`process.env.X`, `env.X`, `process.env["X"]`),
 * both zod schemas and wrangler.toml's [vars], and nothing that is no longer read.
 */

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const read = (path: string) => readFileSync(join(ROOT, path), "utf8");

/** The code that runs: the runtimes, scripts, database, pages, configs and the browser suites. */
const SOURCES = [
  "functions",
  "scripts",
  "db",
  "src",
  "tests/e2e",
  "tests/worker",
  "tests/fixtures",
  "tests/helpers",
  "astro.config.mjs",
  "drizzle.config.ts",
  "playwright.config.ts",
  "playwright.worker.config.ts",
  "vitest.config.ts",
];

function sourceFiles(path: string): string[] {
  const full = join(ROOT, path);
  if (!statSync(full).isDirectory()) return /\.(ts|tsx|mjs|js|astro)$/.test(path) ? [path] : [];
  return readdirSync(full)
    .filter((name) => name !== "node_modules" && name !== "migrations")
    .flatMap((name) => sourceFiles(join(path, name)));
}

/** `process.env.X`, `env.X` (any env object, not `import.meta.env`), `process.env["X"]`. */
const ENV_READ = /(?<!meta\.)\benv(?:\.([A-Z][A-Z0-9_]*)\b|\[\s*["'`]([A-Z][A-Z0-9_]*)["'`]\s*\])/g;

function namesInCode(): Map<string, string> {
  const names = new Map<string, string>();
  for (const file of SOURCES.flatMap(sourceFiles)) {
    for (const m of read(file).matchAll(ENV_READ)) {
      const name = m[1] ?? m[2];
      if (name && !names.has(name)) names.set(name, file);
    }
  }
  return names;
}

/** Binding names (R2, assets) in wrangler.toml: objects, not variables. */
function bindings(): Set<string> {
  return new Set([...read("wrangler.toml").matchAll(/^binding = "([A-Z_]+)"/gm)].map((m) => m[1]!));
}

/** [vars] of wrangler.toml, commented-out ones included. */
function wranglerVars(): string[] {
  const section = /^\[vars\]\n([\s\S]*?)(?=^\[)/m.exec(read("wrangler.toml"))?.[1] ?? "";
  return [...section.matchAll(/^#?\s*([A-Z][A-Z0-9_]*)\s*=/gm)].map((m) => m[1]!);
}

interface Entry {
  name: string;
  /** Uncommented: its value, the default. Commented out: null. */
  value: string | null;
  /** The comment lines of its paragraph. */
  comment: string;
}

function envExample(): Entry[] {
  const entries: Entry[] = [];
  for (const paragraph of read(".env.example").split(/\n\s*\n/)) {
    const lines = paragraph.split("\n");
    const comment = lines.filter((l) => l.startsWith("#")).join("\n");
    for (const line of lines) {
      const m = /^(#\s*)?([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
      if (m) entries.push({ name: m[2]!, value: m[1] ? null : m[3]!, comment });
    }
  }
  return entries;
}

/** Read by tools the project runs (wrangler), not by its own code. */
const READ_BY_TOOLS = ["CLOUDFLARE_API_TOKEN", "CLOUDFLARE_ACCOUNT_ID"];

describe(".env.example", () => {
  const listed = new Set(envExample().map((e) => e.name));

  it("finds the variables the code reads (the scan itself works)", () => {
    const names = namesInCode();
    for (const name of ["DATA_DIR", "DATABASE_URL", "ASSET_FILE_LIMIT", "PUBLIC_SITE_URL", "CI"])
      expect(names.has(name), name).toBe(true);
    expect(names.has("SITE"), "import.meta.env.SITE is Astro's own").toBe(false);
  });

  it("lists every variable the code reads", () => {
    const skip = bindings();
    const missing = [...namesInCode()]
      .filter(([name]) => !skip.has(name) && !listed.has(name))
      .map(([name, file]) => `${name} (read in ${file})`);
    expect(missing).toEqual([]);
  });

  it("lists every variable of both zod schemas and of wrangler.toml [vars]", () => {
    const names = [
      ...Object.keys(envSchema.shape),
      ...Object.keys(workerEnvSchema.shape),
      ...wranglerVars(),
    ];
    expect(names).toContain("DEPLOY_HOOK_TOKEN");
    expect(names.filter((n) => !listed.has(n))).toEqual([]);
  });

  it("lists nothing that is no longer read", () => {
    const used = new Set([
      ...namesInCode().keys(),
      ...Object.keys(envSchema.shape),
      ...Object.keys(workerEnvSchema.shape),
      ...READ_BY_TOOLS,
    ]);
    expect([...listed].filter((n) => !used.has(n))).toEqual([]);
  });

  it("says for each variable where it applies", () => {
    const untagged = envExample()
      .filter((e) => !/\[(local|worker|both|build|deploy|dev)\]/.test(e.comment))
      .map((e) => e.name);
    expect(untagged).toEqual([]);
  });

  it("gives the defaults for the values it sets, and no secret", () => {
    const set = Object.fromEntries(
      envExample().flatMap((e) => (e.value === null ? [] : [[e.name, e.value]])),
    );
    // Uncommented values are the defaults: copying the file as it is changes nothing.
    expect(parseEnv(set)).toEqual(parseEnv({}));
    expect(set).toMatchObject({ SITE_DIR: "./dist", ASSET_FILE_LIMIT: "20000" });
    for (const name of Object.keys(set)) expect(name).not.toMatch(/SECRET|TOKEN|KEY/);
  });
});
