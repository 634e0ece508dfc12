import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * Which layer may import which. The graph is read from the source
 * with TypeScript's own import scanner: `import`, `import type`, `export … from`
 * and `import()`, never a string inside a comment.
 */

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const APP = "functions/app.ts";
/** They create the app, so they may import it; nothing else under functions/ does. */
const RUNTIME_ENTRIES = [
  "functions/node.ts",
  "functions/worker.ts",
  "functions/worker-main.ts",
  "functions/pages/astro-entry.ts",
];
const PASSWORD_HASH = "src/lib/password-hash.ts";

const posix = (p: string) => p.split(sep).join("/");

/** Source files under `dir` (repository-relative, forward slashes). */
function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: "utf8" })
    .map((f) => posix(join(dir, f)))
    .filter((f) => /\.(ts|tsx|mts|astro)$/.test(f))
    .sort();
}

/** The TypeScript parts of a file: an .astro file's frontmatter and scripts. */
function codeOf(file: string): string {
  const text = readFileSync(join(ROOT, file), "utf8");
  if (!file.endsWith(".astro")) return text;
  const frontmatter = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1] ?? "";
  const scripts = [...text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
  return [frontmatter, ...scripts].join("\n");
}

/** The repository files `file` imports (relative specifiers; packages are left out). */
function importsOf(file: string): string[] {
  const specs = ts.preProcessFile(codeOf(file), true, true).importedFiles.map((i) => i.fileName);
  return specs
    .filter((s) => s.startsWith("."))
    .map((s) => {
      const base = resolve(ROOT, dirname(file), s);
      const found = [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts")].find((p) =>
        statSync(p, { throwIfNoEntry: false })?.isFile(),
      );
      return posix(relative(ROOT, found ?? base));
    });
}

const graph = new Map(
  ["functions", "db", "src"].flatMap(sourceFiles).map((f) => [f, importsOf(f)] as const),
);
const importersOf = (target: string, files: Iterable<string>) =>
  [...files].filter((f) => graph.get(f)?.includes(target));

describe("import structure", () => {
  it("reads the graph (a route imports the app's types module)", () => {
    expect(graph.get("functions/routes/health.ts")).toContain("functions/ports/app-env.ts");
    expect(graph.get(APP)).toContain("functions/routes/health.ts");
  });

  it("no file under functions/routes, functions/middleware or functions/lib imports functions/app.ts", () => {
    const guarded = ["functions/routes", "functions/middleware", "functions/lib"].flatMap(
      sourceFiles,
    );
    expect(guarded.length).toBeGreaterThan(20);
    expect(importersOf(APP, guarded)).toEqual([]);
  });

  it("only the runtime entries import functions/app.ts", () => {
    const others = sourceFiles("functions").filter((f) => !RUNTIME_ENTRIES.includes(f));
    expect(importersOf(APP, others)).toEqual([]);
  });

  it("no import cycle runs through functions/app.ts", () => {
    // Everything app.ts reaches, directly or not, must not lead back to it.
    const seen = new Set<string>();
    const todo = [...(graph.get(APP) ?? [])];
    while (todo.length) {
      const f = todo.pop()!;
      if (seen.has(f)) continue;
      seen.add(f);
      todo.push(...(graph.get(f) ?? []));
    }
    expect(seen.size).toBeGreaterThan(20);
    expect(seen.has(APP)).toBe(false);
  });

  it("no file under db/ imports anything from functions/", () => {
    const offending = sourceFiles("db").flatMap((f) =>
      (graph.get(f) ?? []).filter((to) => to.startsWith("functions/")).map((to) => `${f} → ${to}`),
    );
    expect(offending).toEqual([]);
  });

  it("the server-only password hash is not imported under src/ (pages, components, islands)", () => {
    const src = sourceFiles("src").filter((f) => f !== PASSWORD_HASH && !f.endsWith(".test.ts"));
    expect(importersOf(PASSWORD_HASH, src)).toEqual([]);
    // Its users are the API and the seed.
    expect(graph.get("db/seed/factories.ts")).toContain(PASSWORD_HASH);
  });
});
