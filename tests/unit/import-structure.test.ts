import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * Which layer may import which. The graph is read from the source with
 * TypeScript's own parser: `import`, `import type`, `export … from` and
 * `import()`, never a string inside a comment. An edge is type-only when
 * nothing of it survives compilation (`import type`, or every name marked
 * `type`): such an edge makes no runtime cycle and puts no code in a bundle.
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
/** The islands' typed API client: the one browser module that names the app's route types. */
const API_CLIENT = "src/lib/api-client.ts";

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

interface Edge {
  to: string;
  typeOnly: boolean;
}

/** Every module specifier of a file, and whether it is used for types only. */
function specifiersOf(file: string): { spec: string; typeOnly: boolean }[] {
  const source = ts.createSourceFile(file, codeOf(file), ts.ScriptTarget.Latest, true);
  const out: { spec: string; typeOnly: boolean }[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const named = clause?.namedBindings;
      const typeOnly =
        !!clause &&
        (clause.phaseModifier === ts.SyntaxKind.TypeKeyword ||
          (!clause.name &&
            !!named &&
            ts.isNamedImports(named) &&
            named.elements.length > 0 &&
            named.elements.every((e) => e.isTypeOnly)));
      out.push({ spec: node.moduleSpecifier.text, typeOnly });
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      const named = node.exportClause;
      const typeOnly =
        node.isTypeOnly ||
        (!!named &&
          ts.isNamedExports(named) &&
          named.elements.length > 0 &&
          named.elements.every((e) => e.isTypeOnly));
      out.push({ spec: node.moduleSpecifier.text, typeOnly });
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      out.push({ spec: node.arguments[0].text, typeOnly: false });
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      out.push({ spec: node.argument.literal.text, typeOnly: true });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

/** The repository files `file` imports (relative specifiers; packages are left out). */
function importsOf(file: string): Edge[] {
  return specifiersOf(file)
    .filter(({ spec }) => spec.startsWith("."))
    .map(({ spec, typeOnly }) => {
      const base = resolve(ROOT, dirname(file), spec);
      const found = [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts")].find((p) =>
        statSync(p, { throwIfNoEntry: false })?.isFile(),
      );
      return { to: posix(relative(ROOT, found ?? base)), typeOnly };
    });
}

const edges = new Map(
  ["functions", "db", "src"].flatMap(sourceFiles).map((f) => [f, importsOf(f)] as const),
);
/** Every import, type-only ones included. */
const graph = new Map([...edges].map(([f, list]) => [f, list.map((e) => e.to)] as const));
/** Imports that remain at run time. */
const runtimeGraph = new Map(
  [...edges].map(([f, list]) => [f, list.filter((e) => !e.typeOnly).map((e) => e.to)] as const),
);
const importersOf = (target: string, files: Iterable<string>) =>
  [...files].filter((f) => graph.get(f)?.includes(target));

describe("import structure", () => {
  it("reads the graph (a route imports the app's types module, type-only)", () => {
    expect(graph.get("functions/routes/health.ts")).toContain("functions/ports/app-env.ts");
    expect(runtimeGraph.get("functions/routes/health.ts")).not.toContain(
      "functions/ports/app-env.ts",
    );
    expect(runtimeGraph.get(APP)).toContain("functions/routes/health.ts");
  });

  it("no file under functions/routes, functions/middleware or functions/lib imports functions/app.ts", () => {
    const guarded = ["functions/routes", "functions/middleware", "functions/lib"].flatMap(
      sourceFiles,
    );
    expect(guarded.length).toBeGreaterThan(20);
    expect(importersOf(APP, guarded)).toEqual([]);
  });

  it("only the runtime entries import functions/app.ts, and the API client its types", () => {
    const others = sourceFiles("functions").filter((f) => !RUNTIME_ENTRIES.includes(f));
    expect(importersOf(APP, others)).toEqual([]);
    const fromSrc = sourceFiles("src").filter((f) => !f.endsWith(".test.ts"));
    expect(importersOf(APP, fromSrc)).toEqual([API_CLIENT]);
    expect(edges.get(API_CLIENT)?.find((e) => e.to === APP)?.typeOnly).toBe(true);
  });

  it("no import cycle runs through functions/app.ts at run time", () => {
    // Everything app.ts reaches, directly or not, must not lead back to it.
    // (The pages app.ts renders hold islands that name its types: no code, no cycle.)
    const seen = new Set<string>();
    const todo = [...(runtimeGraph.get(APP) ?? [])];
    while (todo.length) {
      const f = todo.pop()!;
      if (seen.has(f)) continue;
      seen.add(f);
      todo.push(...(runtimeGraph.get(f) ?? []));
    }
    expect(seen.size).toBeGreaterThan(20);
    expect(seen.has(APP)).toBe(false);
  });

  it("islands (src/features, src/components, src/lib) take only types from functions/ and db/", () => {
    // Build-time helpers that run on the server only, never in an island.
    const SERVER_ONLY = ["src/lib/on-demand-page.ts"];
    const islands = ["src/features", "src/components", "src/lib"]
      .flatMap(sourceFiles)
      .filter((f) => !f.endsWith(".test.ts") && !f.endsWith(".astro") && !SERVER_ONLY.includes(f));
    const offending = islands.flatMap((f) =>
      (edges.get(f) ?? [])
        .filter((e) => !e.typeOnly && /^(functions|db)\//.test(e.to))
        .map((e) => `${f} → ${e.to}`),
    );
    expect(islands.length).toBeGreaterThan(50);
    expect(offending).toEqual([]);
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
