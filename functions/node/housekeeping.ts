import type { AppDeps } from "../ports/app-env.ts";
import { pruneExpiredRows } from "../lib/housekeeping.ts";
import { describeSweep, sweepOrphanUploads } from "../lib/media-sweep.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The Node runtime's stand-in for the Worker's daily Cron Trigger: sweeps
 * orphaned uploads a few minutes after start (out of the way of startup and
 * the first build) and then every 24 hours. The timer is unref'ed, so it
 * never keeps the process alive, and a failed sweep is logged, never thrown:
 * housekeeping must not take the server down. Answers a function that stops it.
 */
export function startOrphanSweeps(
  deps: Pick<AppDeps, "db" | "blobs" | "clock" | "logError">,
  opts: { firstDelayMs?: number; everyMs?: number; log?: (line: string) => void } = {},
): () => void {
  const { firstDelayMs = 5 * 60 * 1000, everyMs = DAY_MS } = opts;
  const log = opts.log ?? ((line: string) => console.log(`[karkhana] ${line}`));
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(run, ms);
    timer.unref();
  };
  // The next sweep is timed from the end of this one, so two never overlap.
  const run = async () => {
    try {
      const { db, blobs, clock, logError } = deps;
      log(describeSweep(await sweepOrphanUploads({ db, blobs, now: clock(), logError })));
    } catch (err) {
      (deps.logError ?? ((e, ctx) => console.error(`[karkhana] ${ctx}`, e)))(
        err,
        "orphaned upload sweep failed",
      );
    }
    schedule(everyMs);
  };
  schedule(firstDelayMs);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

const HOUR_MS = 60 * 60 * 1000;

/**
 * Everything the Node server does on a timer, the counterpart of the Worker's
 * daily Cron Trigger: expired rows every hour, orphaned uploads daily.
 * Answers a function that stops both.
 */
export function startHousekeeping(deps: Pick<AppDeps, "db" | "blobs" | "clock" | "logError">) {
  const pruning = setInterval(() => {
    pruneExpiredRows(deps.db, deps.clock()).catch((err) =>
      console.error("[karkhana] housekeeping failed", err),
    );
  }, HOUR_MS);
  pruning.unref();
  const stopSweeps = startOrphanSweeps(deps);
  return () => {
    clearInterval(pruning);
    stopSweeps();
  };
}
