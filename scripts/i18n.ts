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
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
export const PARAGLIDE_OUTDIR = path.join(root, "src/i18n/paraglide");

/**
 * Compiles in a child process and waits for it (seconds), unless the catalog
 * on disk was made from the sources as they are now (a hash of a few files).
 */
export function compileMessagesNow(): void {
  if (upToDate()) return;
  execFileSync(process.execPath, [fileURLToPath(import.meta.url)], { stdio: "inherit" });
}

/** A digest of everything the output is made from: the settings, every message file, the compiler. */
function hashSources(): string {
  const settings = fs.readFileSync(path.join(root, "project.inlang/settings.json"), "utf8");
  const parsed = JSON.parse(settings) as {
    locales: string[];
    "plugin.inlang.messageFormat": { pathPattern: string[] };
  };
  const hash = createHash("sha256")
    .update(settings)
    .update(fs.readFileSync(fileURLToPath(import.meta.url)))
    .update(fs.readFileSync(path.join(root, "node_modules/@inlang/paraglide-js/package.json")));
  for (const pattern of parsed["plugin.inlang.messageFormat"].pathPattern) {
    for (const locale of parsed.locales) {
      hash.update(fs.readFileSync(path.join(root, pattern.replace("{locale}", locale))));
    }
  }
  return hash.digest("hex");
}

let sourceHash = "";

/** Whether the compiled catalog on disk was made from the sources as they are now. */
function upToDate(): boolean {
  sourceHash = hashSources();
  try {
    return fs.readFileSync(path.join(PARAGLIDE_OUTDIR, ".source-hash"), "utf8") === sourceHash;
  } catch {
    return false;
  }
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
    // Written beside the live folder and swapped in whole: a build or test run
    // reading the catalog meanwhile never sees it half written or missing.
    const fresh = `${PARAGLIDE_OUTDIR}.${process.pid}.tmp`;
    const stale = `${PARAGLIDE_OUTDIR}.${process.pid}.old`;
    await writeOutput({ directory: fresh, output, cleanDirectory: true, fs: fs.promises });
    fs.writeFileSync(path.join(fresh, ".source-hash"), sourceHash);
    try {
      if (fs.existsSync(PARAGLIDE_OUTDIR)) fs.renameSync(PARAGLIDE_OUTDIR, stale);
      fs.renameSync(fresh, PARAGLIDE_OUTDIR);
    } catch (err) {
      // Another compile of the same sources swapped its copy in first: that one serves.
      if (!upToDate()) throw err;
    } finally {
      fs.rmSync(stale, { recursive: true, force: true });
      fs.rmSync(fresh, { recursive: true, force: true });
    }
  } finally {
    await project.close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const started = performance.now();
  if (!upToDate() || process.argv.includes("--force")) {
    await compileMessages();
    console.log(`messages compiled in ${Math.round(performance.now() - started)} ms`);
  }
  process.exit(0);
}
