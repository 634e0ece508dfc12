import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { lstat, mkdir, readdir, readFile, rename, rm, symlink, writeFile } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Db } from "../../db/client.ts";
import { recomputeReplyTimes } from "../../db/queries/reply-times.ts";
import { getDataVersion, getInstanceId } from "../../db/queries/site-meta.ts";
import {
  assetFileLimit,
  BudgetTooSmallError,
  RESERVED_FILES,
  type BudgetPlan,
} from "../../src/lib/file-budget.ts";
import { HOST_CONFIG_FILES, headersFile, redirectsFile } from "../lib/security-headers.ts";
import type { Publisher } from "../ports/types.ts";
import { isCompressedTwin, precompressDir } from "./precompress.ts";
import type { SiteRoot } from "./static-site.ts";

const PROJECT_ROOT = fileURLToPath(new URL("../../", import.meta.url));
const ASTRO_BIN = join(PROJECT_ROOT, "node_modules", "astro", "bin", "astro.mjs");
export const BUILD_INFO = "build-info.json";
/** The build's file plan, beside client/ and server/ (never uploaded). */
const BUILD_PLAN = "build-plan.json";
/**
 * V8's heap for `astro build`. The build holds what every page shares and one
 * page's rows at a time (decision 031): about 1.5 GiB at 1,000,000 providers.
 * The cap keeps the whole build within 4 GiB on any machine: a build that
 * needed more would stop with an out-of-memory error rather than take the
 * machine's memory from the server beside it.
 */
const BUILD_HEAP_MIB = 3072;
/**
 * A build holds `client/` (the files a host serves as they are: pre-rendered
 * pages, scripts, styles, build-info.json, the host's _headers/_redirects) and
 * `server/` (entry.mjs: Astro's App, which renders the rest on demand).
 */
export const CLIENT_DIR = "client";
export const clientDir = (outDir: string) => join(outDir, CLIENT_DIR);
export const serverEntry = (outDir: string) => join(outDir, "server", "entry.mjs");

export interface BuildInfo {
  instanceId: string;
  dataVersion: number;
  /**
   * The PUBLIC_SITE_URL its canonical links and sitemap use (null: none was
   * set, so astro.config's default). Absent in builds from before it was recorded.
   */
  siteUrl: string | null;
  builtAt: string;
  pages: number;
  seconds: number;
  /**
   * The file plan the build rendered by (src/lib/file-budget.ts): the limit,
   * the reserve, what each kind wrote and left to be rendered on demand.
   * Absent in builds from before it was recorded.
   */
  budget?: BudgetPlan;
  /** Files the host uploads (countFiles), at most `budget.limit`. */
  files?: number;
}

export interface BuildOptions {
  outDir: string;
  /** DATA_DIR or DATABASE_URL of the data to render, plus PUBLIC_SITE_URL. */
  env: Record<string, string | undefined>;
  /** Called with the running child so a shutdown can stop it. */
  onChild?: (child: ChildProcess | null) => void;
  quiet?: boolean;
  /**
   * Most files the build may hold (Workers static assets: 20,000 per version on
   * the free plan, 100,000 on paid; default ASSET_FILE_LIMIT or 20,000). The
   * build plans its pages within it before rendering and checks the result.
   */
  maxFiles?: number | undefined;
}

export class AssetLimitError extends Error {
  readonly files: number;
  readonly limit: number;
  constructor(files: number, limit: number) {
    super(
      `The build has ${files.toLocaleString("en-US")} files, over the limit of ` +
        `${limit.toLocaleString("en-US")} (ASSET_FILE_LIMIT). Workers static assets allow ` +
        `20,000 files per version on the free plan and 100,000 on the paid plan: set ` +
        `ASSET_FILE_LIMIT=100000 on a paid account, or see docs/deploy.md "Beyond the asset limit".`,
    );
    this.name = "AssetLimitError";
    this.files = files;
    this.limit = limit;
  }
}

/**
 * The build's fixed part (assets, app pages…) outgrew RESERVED_FILES: the plan
 * can no longer promise to stay within the limit. Raised even when this build
 * happens to fit, so it is fixed before a larger directory fails a deploy.
 */
export class ReserveExceededError extends Error {
  constructor(fixed: number, reserved: number) {
    super(
      `The build's app pages and assets take ${fixed.toLocaleString("en-US")} files, more than the ` +
        `${reserved.toLocaleString("en-US")} its file budget keeps for them (RESERVED_FILES in src/lib/file-budget.ts).`,
    );
    this.name = "ReserveExceededError";
  }
}

/**
 * Every file a host would upload: not its own config files, nor the brotli and
 * gzip twins the Node server sends (.assetsignore keeps them off Cloudflare).
 */
export async function countFiles(dir: string): Promise<number> {
  let n = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && !HOST_CONFIG_FILES.has(`/${entry.name}`) && !isCompressedTwin(entry.name))
      n++;
  }
  return n;
}

async function countPages(dir: string): Promise<number> {
  let n = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name.endsWith(".html")) n++;
  }
  return n;
}

/** Runs `astro build` into `outDir` for the current data and writes build-info.json. */
export async function buildSite(db: Db, opts: BuildOptions): Promise<BuildInfo> {
  const out = resolve(opts.outDir);
  if (!out.startsWith(PROJECT_ROOT)) {
    // The server bundle imports react, astro and the rest from the project's node_modules.
    throw new Error(`a build must go inside the project folder (${PROJECT_ROOT}), not ${out}`);
  }
  const instanceId = await getInstanceId(db);
  // Every publish shows reply times measured now (decision 020); before the
  // data version is read, so the build holds what the recompute changed. A
  // database the build may only read keeps the last daily recompute's times.
  await recomputeReplyTimes(db, new Date()).catch((err: unknown) => {
    console.warn("[publish] reply times not recomputed; building with the stored ones", err);
  });
  const limit = opts.maxFiles ?? assetFileLimit(process.env.ASSET_FILE_LIMIT);
  // Before anything is rendered: no data can make the fixed part smaller.
  if (limit < RESERVED_FILES) throw new BudgetTooSmallError(limit, RESERVED_FILES);
  // Read before building: a change made during the build leaves the site stale.
  const dataVersion = await getDataVersion(db);
  const planFile = join(out, BUILD_PLAN);
  await mkdir(out, { recursive: true });
  await rm(planFile, { force: true });
  const started = performance.now();
  await new Promise<void>((ok, fail) => {
    const child = spawn(
      process.execPath,
      [`--max-old-space-size=${BUILD_HEAP_MIB}`, ASTRO_BIN, "build"],
      {
        cwd: PROJECT_ROOT,
        env: {
          ...process.env,
          ...opts.env,
          // src/data/site.ts plans the pages within it and writes the plan here.
          ASSET_FILE_LIMIT: String(limit),
          KARKHANA_BUILD_PLAN: planFile,
          ASTRO_OUT_DIR: out,
          ASTRO_TELEMETRY_DISABLED: "1",
        },
        stdio: opts.quiet ? ["ignore", "ignore", "pipe"] : ["ignore", "inherit", "inherit"],
      },
    );
    let stderr = "";
    child.stderr?.on("data", (d: Buffer) => {
      stderr = (stderr + d.toString()).slice(-4000);
    });
    opts.onChild?.(child);
    child.on("error", fail);
    child.on("exit", (code, signal) => {
      opts.onChild?.(null);
      if (code === 0) ok();
      else fail(new Error(`astro build failed (${signal ?? `exit ${code}`})\n${stderr}`));
    });
  });
  const siteUrl = opts.env.PUBLIC_SITE_URL ?? process.env.PUBLIC_SITE_URL;
  const client = clientDir(opts.outDir);
  const budget = JSON.parse(await readFile(planFile, "utf8")) as BudgetPlan;
  const info: BuildInfo = {
    instanceId,
    dataVersion,
    siteUrl: siteUrl ? siteUrl.replace(/\/+$/, "") : null,
    builtAt: new Date().toISOString(),
    pages: await countPages(client),
    seconds: Math.round((performance.now() - started) / 100) / 10,
    budget,
  };
  // Counted with build-info.json itself in place.
  await writeFile(join(client, BUILD_INFO), JSON.stringify(info, null, 2));
  info.files = await countFiles(client);
  await writeFile(join(client, BUILD_INFO), JSON.stringify(info, null, 2));
  await writeFile(join(client, "_headers"), headersFile());
  await writeFile(join(client, "_redirects"), redirectsFile());
  // The plan kept the pages within the limit; the reserve for the rest is checked here.
  if (info.files > limit) throw new AssetLimitError(info.files, limit);
  const fixed = info.files - (budget.files - budget.reserved);
  if (fixed > budget.reserved) throw new ReserveExceededError(fixed, budget.reserved);
  // Compressed once here, so the Node server never compresses a static file per request.
  const packed = await precompressDir(client);
  if (!opts.quiet)
    console.log(
      `compressed ${packed.files} files (brotli ${packed.br}, gzip ${packed.gz}) in ${(packed.ms / 1000).toFixed(1)} s`,
    );
  return info;
}

/** The build-info.json of the build in `dir` (its root, holding client/ and server/). */
export async function readBuildInfo(dir: string): Promise<BuildInfo | null> {
  try {
    return JSON.parse(await readFile(join(clientDir(dir), BUILD_INFO), "utf8")) as BuildInfo;
  } catch {
    return null;
  }
}

/**
 * How long the publisher waits before building: the debounce after a change,
 * or longer while the last build's minimum interval has not passed.
 */
export function publishDelay(
  debounceMs: number,
  minIntervalMs: number,
  lastEnd: number | null,
  now: number,
): number {
  const cooldown = lastEnd === null ? 0 : lastEnd + minIntervalMs - now;
  return Math.max(debounceMs, Math.ceil(cooldown), 0);
}

/**
 * Publishes builds for the local server: each build goes into a fresh folder
 * beside `siteDir`; only a complete build is swapped in (the in-memory root
 * first, then the `siteDir` symlink, atomically by rename), so a half-built
 * site is never served. Changes are debounced; changes during a build cause
 * one more build afterwards, and a build never starts sooner than
 * `minIntervalMs` after the last one ended, so a stream of writes cannot keep
 * the machine building without pause.
 */
export class LocalPublisher implements Publisher {
  readonly #db: Db;
  readonly #site: SiteRoot;
  readonly #siteDir: string;
  readonly #buildsDir: string;
  readonly #env: Record<string, string | undefined>;
  readonly #debounceMs: number;
  readonly #minIntervalMs: number;
  /** performance.now() when the last build ended (null before the first). */
  #lastEnd: number | null = null;
  #wake: (() => void) | null = null;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | null = null;
  #again = false;
  #child: ChildProcess | null = null;
  #stopped = false;
  #log: (msg: string) => void;

  constructor(opts: {
    db: Db;
    site: SiteRoot;
    siteDir: string;
    env: Record<string, string | undefined>;
    debounceMs: number;
    /** Least time from the end of one build to the start of the next (0: none). */
    minIntervalMs?: number;
    log?: (msg: string) => void;
  }) {
    this.#db = opts.db;
    this.#site = opts.site;
    this.#siteDir = resolve(opts.siteDir);
    this.#buildsDir = join(dirname(this.#siteDir), `.${basename(this.#siteDir)}-builds`);
    this.#env = opts.env;
    this.#debounceMs = opts.debounceMs;
    this.#minIntervalMs = opts.minIntervalMs ?? 0;
    this.#log = opts.log ?? ((m) => console.log(`[publish] ${m}`));
  }

  markDirty(reason: string): void {
    if (this.#stopped) return;
    const delay = publishDelay(
      this.#debounceMs,
      this.#minIntervalMs,
      this.#lastEnd,
      performance.now(),
    );
    this.#log(`site marked stale (${reason}); republishing in ${delay} ms`);
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => void this.publishNow(), delay);
  }

  /** Builds and swaps in a new site now (or after the running build). */
  async publishNow(): Promise<void> {
    if (this.#running) {
      this.#again = true;
      return this.#running;
    }
    this.#running = (async () => {
      do {
        this.#again = false;
        const wait = publishDelay(0, this.#minIntervalMs, this.#lastEnd, performance.now());
        if (wait > 0) await new Promise<void>((ok) => this.#sleep(ok, wait));
        if (this.#stopped) break;
        try {
          await this.#buildAndSwap();
        } catch (err) {
          if (!this.#stopped)
            console.error("[publish] build failed; the previous site stays live", err);
        } finally {
          // A failed build cost as much as a good one.
          this.#lastEnd = performance.now();
        }
      } while (this.#again && !this.#stopped);
    })();
    try {
      await this.#running;
    } finally {
      this.#running = null;
    }
  }

  async #buildAndSwap(): Promise<void> {
    await mkdir(this.#buildsDir, { recursive: true });
    const out = join(this.#buildsDir, `${Date.now()}-${randomUUID().slice(0, 8)}`);
    const info = await buildSite(this.#db, {
      outDir: out,
      env: this.#env,
      onChild: (c) => (this.#child = c),
      // Astro lists every page it writes; the summary line below is enough.
      quiet: true,
    });
    if (this.#stopped) return;
    const previous = dirname(this.#site.dir);
    this.#site.swap(clientDir(out));
    await this.#pointSiteDirAt(out);
    this.#log(
      `published ${info.pages} pages in ${info.seconds} s (data version ${info.dataVersion})`,
    );
    // Requests already streaming the old files finish before it goes away.
    if (previous !== out && previous.startsWith(this.#buildsDir)) {
      setTimeout(() => void rm(previous, { recursive: true, force: true }), 60_000).unref();
    }
  }

  async #pointSiteDirAt(target: string): Promise<void> {
    let isLink = false;
    try {
      isLink = (await lstat(this.#siteDir)).isSymbolicLink();
    } catch {
      // missing: a plain symlink below
    }
    if (!isLink) {
      try {
        // A real folder from `npm run build`: keep it out of the way, delete later.
        const aside = join(this.#buildsDir, `replaced-${Date.now()}`);
        await rename(this.#siteDir, aside);
        setTimeout(() => void rm(aside, { recursive: true, force: true }), 60_000).unref();
      } catch {
        // nothing there
      }
    }
    const tmp = `${this.#siteDir}.link-${process.pid}`;
    await rm(tmp, { force: true });
    await symlink(target, tmp, "dir");
    await rename(tmp, this.#siteDir);
  }

  #sleep(ok: () => void, ms: number): void {
    const timer = setTimeout(() => {
      this.#wake = null;
      ok();
    }, ms);
    this.#wake = () => {
      clearTimeout(timer);
      this.#wake = null;
      ok();
    };
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    this.#wake?.();
    clearTimeout(this.#timer);
    this.#child?.kill("SIGTERM");
    await this.#running?.catch(() => undefined);
  }
}
