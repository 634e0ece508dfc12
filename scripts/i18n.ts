/**
 * Compiles the message catalog (messages/{area}/{locale}.json, listed in
 * project.inlang/settings.json) into src/i18n/paraglide with Paraglide JS:
 * one module per message, so an island bundles only the strings it uses
 * (decision 022). The message-format plugin comes from node_modules
 * (`providePlugins`), never from a CDN: builds run without the internet.
 *
 * It runs as its own process (`npm run i18n`, or compileMessagesNow() from the
 * Astro config and vitest's global setup) because the inlang SDK leaves timers
 * behind that would hold a build open for half a minute.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
export const PARAGLIDE_OUTDIR = path.join(root, "src/i18n/paraglide");

/** Compiles in a child process and waits for it (about 2 s). */
export function compileMessagesNow(): void {
  execFileSync(process.execPath, [fileURLToPath(import.meta.url)], { stdio: "inherit" });
}

async function compileMessages(): Promise<void> {
  const { compileProject, writeOutput } = await import("@inlang/paraglide-js");
  const { default: messageFormat } = await import("@inlang/plugin-message-format");
  const { loadProjectFromDirectory } = await import("@inlang/sdk");
  const project = await loadProjectFromDirectory({
    path: path.join(root, "project.inlang"),
    fs,
    providePlugins: [messageFormat],
  });
  try {
    const errors = await project.errors.get();
    if (errors.length > 0) throw new Error(`message catalog: ${errors.map(String).join("; ")}`);
    const output = await compileProject({
      project,
      compilerOptions: {
        // The language comes from the page (src/i18n/index.ts overrides getLocale).
        strategy: ["baseLocale"],
        outputStructure: "message-modules",
        emitTsDeclarations: true,
        includeEslintDisableComment: true,
      },
    });
    await writeOutput({
      directory: PARAGLIDE_OUTDIR,
      output,
      cleanDirectory: true,
      fs: fs.promises,
    });
  } finally {
    await project.close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const started = performance.now();
  await compileMessages();
  console.log(`messages compiled in ${Math.round(performance.now() - started)} ms`);
  process.exit(0);
}
