// @ts-check
/**
 * The first step of every npm script that runs the project's code: make sure
 * that code can run at all, on a fresh clone as on a working copy.
 *
 * 1. The Node running the script must satisfy package.json's `engines.node`.
 *    `npm run` puts node_modules/.bin first on PATH, where the "node"
 *    devDependency installs Node 24, but only when its install script ran.
 *    After `npm install --ignore-scripts` the binary is missing and `npm start`
 *    runs on the machine's Node (20 here), which fails obscurely: an unknown
 *    ".ts" extension, Astro's own version error, or vitest crashing in its
 *    reporter. This stops at once with one message saying what to do.
 * 2. The generated sources must exist and match their inputs: the message
 *    catalog (src/i18n/paraglide, not committed) is compiled from messages/
 *    when missing or stale. Without it the server, the seed and every script
 *    that imports the API stop on ERR_MODULE_NOT_FOUND; a fresh clone has none.
 *
 * Plain JavaScript on purpose: step 1 has to run, and explain, on that old Node.
 * Step 2 loads TypeScript, so it runs only once step 1 has passed.
 */
import { existsSync, readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

/** @param {string} path relative to the project root */
const inRoot = (path) => new URL(`../${path}`, import.meta.url);

/**
 * @param {string} text "24", "22.12" or "v20.20.2"
 * @returns {[number, number, number]}
 */
function parseVersion(text) {
  const m = /^v?(\d+)(?:\.(\d+))?(?:\.(\d+))?/.exec(text.trim());
  if (!m) throw new Error(`not a version: "${text}"`);
  return [Number(m[1]), Number(m[2] || 0), Number(m[3] || 0)];
}

/**
 * @param {[number, number, number]} a
 * @param {[number, number, number]} b
 */
function compare(a, b) {
  for (let i = 0; i < 3; i++) {
    const d = /** @type {number} */ (a[i]) - /** @type {number} */ (b[i]);
    if (d !== 0) return d;
  }
  return 0;
}

/**
 * Whether `version` is in `range`: the part of npm's range syntax an engines
 * field needs (`>=24`, `^24.1`, `>=22.18 <23 || >=24`). Anything else throws,
 * so a range this cannot read is found by its test, not let through.
 *
 * @param {string} version
 * @param {string} range
 */
export function satisfies(version, range) {
  const v = parseVersion(version);
  return range.split("||").some((alternative) =>
    alternative
      .trim()
      .split(/\s+/)
      .every((comparator) => {
        const m = /^(>=|<=|>|<|=|\^|~)?\s*(v?\d+(?:\.\d+){0,2})$/.exec(comparator);
        if (!m) throw new Error(`unsupported version range "${range}"`);
        const op = m[1] || "=";
        const bound = parseVersion(/** @type {string} */ (m[2]));
        const c = compare(v, bound);
        if (op === ">=") return c >= 0;
        if (op === ">") return c > 0;
        if (op === "<=") return c <= 0;
        if (op === "<") return c < 0;
        // ^24 and ~24 (and a bare 24) mean 24.x; ^24.1.0 means >=24.1.0 <25.
        if (op === "^") return c >= 0 && v[0] === bound[0];
        if (op === "~") return c >= 0 && v[0] === bound[0] && v[1] === bound[1];
        const parts = /** @type {string} */ (m[2]).replace(/^v/, "").split(".").length;
        return v.slice(0, parts).every((n, i) => n === bound[i]);
      }),
  );
}

/**
 * @typedef {object} NodeCheck
 * @property {string} version the running Node's version (process.versions.node)
 * @property {string} execPath where it is
 * @property {string} range package.json `engines.node`
 * @property {string | null} nvmrc .nvmrc's content, if any
 * @property {"installed" | "no-binary" | "not-installed"} projectNode
 *   the "node" devDependency: installed with its binary, installed without it
 *   (its install script did not run), or not installed at all
 */

/**
 * The message for a Node older than the project's, or null when it will do.
 *
 * @param {NodeCheck} check
 * @returns {string | null}
 */
export function nodeVersionProblem(check) {
  if (satisfies(check.version, check.range)) return null;
  const wanted = check.nvmrc ? `Node ${check.nvmrc}` : `a Node ${check.range}`;
  const why = {
    "no-binary":
      `The project brings its own Node (the "node" devDependency, which \`npm run\` puts first on PATH), ` +
      "but its binary is missing: its install script did not run (`npm install --ignore-scripts`).",
    "not-installed":
      'The project brings its own Node (the "node" devDependency), but it is not installed: ' +
      "the dependencies are missing or were installed without devDependencies.",
    installed:
      "The project's own Node is installed in node_modules/.bin, but this command did not run " +
      "through `npm run` (which puts it first on PATH).",
  }[check.projectNode];
  const nvm = check.nvmrc ? " (`nvm install && nvm use` reads .nvmrc)" : "";
  const orInstall = `or install ${wanted}${nvm}.`;
  const fix = {
    "no-binary": `Fix: run \`npm install\` without --ignore-scripts (or \`npm rebuild node\`), ${orInstall}`,
    "not-installed": `Fix: run \`npm install\` (with the devDependencies, without --ignore-scripts), ${orInstall}`,
    installed:
      "Fix: run it as an npm script (`npm start`, `npm test`, `npm run <script>`), " +
      `or put node_modules/.bin first on PATH, ${orInstall}`,
  }[check.projectNode];
  return [
    `karkhana needs Node ${check.range} (package.json "engines"` +
      `${check.nvmrc ? `, .nvmrc: ${check.nvmrc}` : ""}), but this is Node ${check.version} (${check.execPath}).`,
    why,
    fix,
  ].join("\n");
}

/** @returns {NodeCheck} the running Node and this checkout's requirements */
function currentCheck() {
  const pkg = JSON.parse(readFileSync(inRoot("package.json"), "utf8"));
  const nvmrcFile = inRoot(".nvmrc");
  const nodePkg = inRoot("node_modules/node/package.json");
  const nodeBin = inRoot("node_modules/.bin/node");
  return {
    version: process.versions.node,
    execPath: process.execPath,
    range: pkg.engines.node,
    nvmrc: existsSync(nvmrcFile) ? readFileSync(nvmrcFile, "utf8").trim() || null : null,
    projectNode: existsSync(nodeBin)
      ? "installed"
      : existsSync(nodePkg)
        ? "no-binary"
        : "not-installed",
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const problem = nodeVersionProblem(currentCheck());
  if (problem) {
    console.error(`\n${problem}\n`);
    process.exit(1);
  }
  const { compileMessagesNow } = await import("./i18n.ts");
  compileMessagesNow();
}
